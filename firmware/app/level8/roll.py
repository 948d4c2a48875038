"""The board game's turn at the LEVEL 8 table (play.py), loaded for the board game only:
the items the table offers at each step of a turn and what OK does on them. The screens
over the table are opened by app/level8/step.py: the track screen (app/level8/track.py)
and the action's choosers (app/level8/actions.py), and the chooser of a person's next step
opening by itself after their own step.

A turn: Roll (focused when the turn begins), then the track screen (the track with every
seat's tower, the dice and the two spaces reached: `strip` on the OLED, `oval` on colour;
left and right choose, OK goes, Back goes to the table to look at the hand, where Track
opens it again), then the action's chooser (Choose opens it again), then the card game's
step 2 and 3 at the table as in LEVEL 8. Track shows the board at every step but step 2
and 3 before the seat has laid out (Lay out is there instead) and keeping cards. OK on a card
does what the step allows with it (discard it in a swap, give it, show it) or says in
words why not (level8.board_referee).
"""

from level8 import layout
from level8.layout import KEEP, PLAY

from app.level8 import drop, forget
from compat import const
from ui import level8 as T
from ui.level8 import DONE, LAY, MENU, SORT, TABLE

# the board game's items of the table's ring, after ui.level8's (`items` adds their words)
ROLL = const(107)  # roll the dice
TRACK = const(108)  # the track (the two spaces reached, to choose from)
ACT = const(109)  # the action's chooser
BHINT = const(110)

_BOARD_RULES = const(("level8.board", "level8.board_referee"))
# let go at each survey (`items`); the first three emptied too (app.level8.drop): nothing
# runs their code past a survey, nor holds them by import
_STEP_CODE = const(
    (
        "app.level8.bstep",
        "ui.level8.oval",
        "ui.level8.track",
        "app.level8.step",
        "app.level8.actions",
        "app.level8.track",
        "level8.track",
        "level8.boardsides",
        "level8.sides",
        "app.screen",
        "app.level8.roll",
    )
)

# level8.board's phases and move kinds
_P_ROLL = const(5)
_P_GO = const(6)
_K_ROLL = const(12)
_K_SHOW = const(15)


def items(t, ph):
    """The table's items for this step (turn.survey)."""
    s = t.state
    # the code of the screens and steps of the move just played, loaded again for the next
    # (a chooser, a bot's step, the track's drawing), and this module's, which a table at
    # rest between keys does not run (turn.py imports it for a survey or a key). The board
    # game's rules stay for Seat.rest, which follows a move's survey and empties them: let
    # go here unemptied, a stale word in the heap could keep all of their code
    drop(*_STEP_CODE[:3])
    forget(*_STEP_CODE[3:])
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
    elif ph == _P_ROLL:
        t.items = [ROLL, TRACK, TABLE, MENU]
        t.focus = t.hn  # Roll, also for the turn an action gave again
    elif ph == _P_GO:
        t.items = [TRACK, TABLE, BHINT, MENU]
    elif ph == PLAY:
        t.items = [TRACK if layout.laid(s, t.me) else LAY, TABLE, BHINT, SORT, MENU]
    elif ph == KEEP:
        t.items = [DONE, TABLE, SORT, MENU]
    else:
        t.items = [ACT, TRACK, TABLE, BHINT, MENU]


def choose(t, app, it):
    """OK on the board game's item `it`, or on a card (a hand index) in a board step.
    Nothing holds this module's code once the key is done (the screens over the table
    hold step.py's): it goes, emptied on MicroPython (app.level8.drop)."""
    import sys

    me = sys.modules[__name__]
    _choose(t, app, it)
    sys.modules[__name__] = me  # this one, not a copy a survey during the key loaded
    drop(__name__)


def _choose(t, app, it):
    ph = layout.phase(t.state)
    if it == ROLL:
        t.commit(app, [_K_ROLL << 12], "")
        from app.level8 import step

        step.follow(t, app)
    elif it in (TRACK, ACT):
        from app.level8 import step

        step.open_step(t, app, ph if it == ACT or ph == _P_GO and t.mine() else -1)
    elif it == BHINT:
        from app.level8 import bots, bstep

        bstep.hint(t, app, bots.steps)
        # no move, so no survey to let them go (`items`): they go now, bstep emptied as there
        drop("app.level8.bstep")
        forget("app.level8.bots", "level8.track")
    else:
        card(t, app, it)


# a refusal in the OLED's two lines, by the step (level8.board's phase less _P_ROLL)
_SHORT = const(
    (
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
)


def card(t, app, i):
    c = t.card(i)
    g = t.game
    for m in g.legal_moves():
        if layout.card(m) == c and layout.kind(m) in (layout.K_DISCARD, layout.K_GIVE, _K_SHOW):
            from app.level8 import bstep

            t.commit(app, [m], bstep.said(t, m, app.p.mono))
            from app.level8 import step

            step.follow(t, app)
            return
    why = g.check(layout.move(layout.K_DISCARD, 0, c)) or "not now"
    t.rest()
    drop("level8.combos", "level8.sides")  # the referees', loaded for their words only
    forget("level8.track")
    if app.p.mono and len(why) > 42:  # the OLED's two lines: the step's own short words
        why = _SHORT[layout.phase(t.state) - _P_ROLL]
    t.message = why[0].upper() + why[1:]
