"""The board game's turn at the LEVEL 8 table (play.py), loaded for the board game only:
the items the table offers at each step of a turn, what OK does on them, the chooser of
a person's next step opening by itself after their own step, and the track screen.

A turn: Roll (focused when the turn begins), then the track screen (the track with every
seat's tower, the dice and the two spaces reached: `strip` on the OLED, `oval` on colour;
left and right choose, OK goes, Back goes to the table to look at the hand, where Track
opens it again), then the action's chooser (app/level8/actions.py; Choose opens it
again), then the card game's step 2 and 3 at the table as in LEVEL 8. Track shows the
board at any time. OK on a card does what the step allows with it (discard it in a swap,
give it, show it) or says in words why not (level8.board_referee).

The engine's board module goes with the rules between moves (app/level8/seat.py), so
this module reads the state's board block by its offsets, not through it.
"""

from level8 import layout
from level8.layout import KEEP, PLAY

from app.app import forget
from app.level8.seat import Seat
from app.screen import Screen
from compat import const
from ui import level8 as T
from ui.level8 import DONE, LAY, MENU, SORT, TABLE

# the board game's items of the table's ring, after ui.level8's (`items` adds their words)
ROLL = const(107)  # roll the dice
TRACK = const(108)  # the track (the two spaces reached, to choose from)
ACT = const(109)  # the action's chooser
BHINT = const(110)

_BOARD_RULES = ("level8.board", "level8.board_referee")
# let go at each survey (`items`)
_STEP_CODE = (
    "level8.board",
    "level8.board_referee",
    "app.level8.actions",
    "app.level8.bstep",
    "ui.level8.track",
    "ui.level8.oval",
    "level8.track",
    "level8.sides",
    "app.screen",
    "app.level8.roll",
)

# level8.board's phases and offsets (AT_BOARD + B_*)
P_ROLL = const(5)
P_GO = const(6)
P_PICK = const(8)
K_ROLL = const(12)
K_GO = const(13)
K_SHOW = const(15)
_POS = const(192)
_DICE = const(204)
_REACH = const(206)


def items(t, ph):
    """The table's items for this step (turn.survey)."""
    s = t.state
    # the board game's rules, not needed again before the rules' code goes (Seat.rest):
    # let go with it (a Game that holds them keeps them while it lives); the code of the
    # screens and steps of the move just played, loaded again for the next (a chooser, a
    # bot's step, the track's drawing); and this module's, which a table at rest between
    # keys does not run (turn.py imports it for a survey or a key, the track screen holds it)
    forget(*_STEP_CODE)
    # the board game's rules go with the card games' between moves (Seat.rest, emptied on
    # MicroPython as theirs are): named there only while a board game is played, since
    # the card games' table never loads them (a chooser's listing would keep them)
    from app.level8 import seat

    if _BOARD_RULES[0] not in seat._RULES:
        seat._RULES += _BOARD_RULES
    if len(T.WORDS) <= ROLL - T.DRAW:  # their words, which the card games' table never holds
        T.WORDS += ("Roll", "Track", "Choose", "Hint")
        T.SHORT += ("Roll", "Trk", "Act", "?")
    if not t.mine():
        t.items = [TRACK, TABLE, SORT, MENU]
    elif ph == P_ROLL:
        t.items = [ROLL, TRACK, TABLE, MENU]
        t.focus = t.hn  # Roll, also for the turn an action gave again
    elif ph == P_GO:
        t.items = [TRACK, TABLE, BHINT, MENU]
    elif ph == PLAY:
        t.items = [TRACK if layout.laid(s, t.me) else LAY, TABLE, BHINT, SORT, MENU]
    elif ph == KEEP:
        t.items = [DONE, TABLE, SORT, MENU]
    else:
        t.items = [ACT, TRACK, TABLE, BHINT, MENU]


def choose(t, app, it):
    """OK on the board game's item `it`, or on a card (a hand index) in a board step."""
    _choose(t, app, it)
    forget("app.level8.roll")


def _choose(t, app, it):
    ph = layout.phase(t.state)
    if it == ROLL:
        t.commit(app, [K_ROLL << 12], "")
        follow(t, app)
    elif it == TRACK:
        open_step(t, app, ph if ph == P_GO and t.mine() else -1)
    elif it == ACT:
        open_step(t, app, ph)
    elif it == BHINT:
        from app.level8 import bots, bstep

        bstep.hint(t, app, bots.steps)
    else:
        card(t, app, it)


def card(t, app, i):
    c = t.card(i)
    g = t.game
    for m in g.legal_moves():
        if layout.card(m) == c and layout.kind(m) in (layout.K_DISCARD, layout.K_GIVE, K_SHOW):
            from app.level8 import bstep

            t.commit(app, [m], bstep.said(t, m))
            follow(t, app)
            return
    why = g.check(layout.move(layout.K_DISCARD, 0, c)) or "not now"
    t.rest()
    if app.p.mono and len(why) > 42:  # the OLED's two lines: the step's own short words
        why = _SHORT[layout.phase(t.state) - P_ROLL]
    t.message = why[0].upper() + why[1:]


def go(app, t, m):
    """Play move `m` chosen over the table (a Seat `t`): the table again, the move played,
    said (in pass and play the next person reads it) and saved; then this person's next
    choice of the turn, if any, opens by itself."""
    from app.level8 import bstep

    said = bstep.said(t, m)
    tb = t.close(app)
    s = tb.state
    me = tb.me
    before = layout.hand(s, me) if layout.phase(s) == P_PICK else None
    tb.commit(app, [m], said)
    if before is not None and tb.me == me and not tb.hidden:
        new = list(layout.hand(s, me))
        for c in before:
            new.remove(c)
        if len(new) == 1:
            from level8 import cards

            tb.message = "You took " + cards.name(new[0])
    follow(tb, app)


_SHORT = (
    "roll first",
    "choose a space first",
    "choose an action first",
    "take a card first",
    "swap first",
    "ask first",
    "give a card asked for",
    "show a card",
    "steal a card first",
    "discard a 2nd card",
)


def follow(t, app):
    """After a person's own step: their next choice of this turn opens by itself."""
    if app.screen is t and t.mine() and layout.phase(t.state) > P_ROLL:
        open_step(t, app, layout.phase(t.state))


def open_step(t, app, ph):
    """The chooser of step `ph` over the table (the track for GO; -1: the track to look at)."""
    seat = Seat(t, app)
    if ph == P_GO or ph < P_ROLL:
        app.go(Track(seat, ph == P_GO))
    else:
        from app.level8 import actions

        actions.open(app, seat, ph, go)
        # the chooser holds its moves and words: the rules it listed them by, and the
        # bot steps' words it named them in, come back for the move chosen
        forget("level8.board", "level8.board_referee", "app.level8.bstep")
    t.covered(app)


class Track(Screen):
    """The track, every seat's tower, the dice; when `choosing`, the two spaces reached,
    one under the cursor, OK moving the tower there."""

    def __init__(self, t, choosing):
        self.t = t  # a Seat keeping the table
        self.choosing = choosing
        self.chosen = 0
        self.title = "Track"  # for the tests and the autoplayer, as a Menu's

    def reach(self):
        s = self.t.state
        if not self.choosing:
            return b""
        a, b = s[_REACH], s[_REACH + 1]
        return bytes((a,)) if a == b else bytes((a, b))

    def key(self, app, k):
        t = self.t
        if k == "ok" and self.choosing:
            go(app, t, layout.move(K_GO, self.reach()[self.chosen]))
        elif k == "ok" or k == "back":
            t.close(app)
        elif self.choosing:
            self.chosen = (self.chosen + 1) % len(self.reach())

    def draw(self, app, full):
        p = app.p
        s = self.t.state
        n = layout.players(s)
        towers = bytes(s[_POS : _POS + n])
        reach = self.reach()
        d1, d2 = s[_DICE], s[_DICE + 1]
        dice = bytes((d1, d2)) if d1 and (self.choosing or layout.phase(s) != P_ROLL) else b""
        steps = bytes((d1, d1 + d1)) if reach and d1 == d2 else None
        me = layout.turn(s)
        chosen = self.chosen if self.choosing else -1
        if p.mono:
            from ui import theme
            from ui.level8.track import strip

            strip(p.d, 0, 0, p.w, 56, towers, me, reach, chosen, dice, steps)
            p.mark(0, 0, p.w, 56)
            p.fill(0, 56, p.w, 8, theme.BG)
            if self.choosing:
                keys = "%s:go %s:hand" % (app.button("ok"), app.button("back"))
            else:
                keys = "%s: back" % app.button("back")
            p.text(keys, 0, 56, theme.DIM)
        else:
            from ui.level8.oval import oval

            oval(p.d, 0, 0, p.w, p.h, towers, me, reach, chosen, dice, steps)
            p.mark(0, 0, p.w, p.h)
