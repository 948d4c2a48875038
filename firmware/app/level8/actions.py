"""The board game's screens over the table (app/level8/roll.py opens them), loaded only
while one is open: the track screen (app/level8/track.py) and the choosers: the action a
star chooses, the pile a card is taken from (+2: the second after seeing the first), the
cards of a swap, what to ask for and which way, the card given when asked, the cards shown
for a Steal, the shown card taken, the second discard (LB-6). The move chosen is played
here (`go`), and the person's next step of the turn opens by itself (`follow`): an open
screen holds this module, not the table's roll.py.

Every menu is built from the position's legal moves (Game.list_moves), so nothing illegal
is offered. Its items are [label, action, what it chooses] as act.py's: a move, or for
the asked value the two moves of its two directions.
"""

from level8 import cards, layout, track

from app.level8 import forget
from app.level8.seat import Seat
from app.screen import Menu
from compat import const
from ui.level8 import tokens

# level8.board's phases and offsets
_ROLL = const(5)
_GO = const(6)
_STAR = const(7)
_PICK = const(8)
_SWAP = const(9)
_ASK = const(10)
_GIVE = const(11)
_SHOW = const(12)
_STEAL = const(13)
_ACTION = const(208)
_COUNT = const(209)
_ACTOR = const(211)
_ASKED = const(212)
_SHOWN = const(214)
_COLOUR_ASK = const(16)


def go(app, t, m):
    """Play move `m` chosen over the table (a Seat `t`): the table again, the move played,
    said (in pass and play the next person reads it) and saved; then this person's next
    choice of the turn, if any, opens by itself."""
    from app.level8 import bstep

    said = bstep.said(t, m)
    tb = t.close(app)
    s = tb.state
    me = tb.me
    before = layout.hand(s, me) if layout.phase(s) == _PICK else None
    tb.commit(app, [m], said)
    if before is not None and tb.me == me and not tb.hidden:
        new = list(layout.hand(s, me))
        for c in before:
            new.remove(c)
        if len(new) == 1:
            tb.message = "You took " + cards.name(new[0])
    follow(tb, app)
    import sys

    if app.screen is tb and sys.implementation.name == "micropython":
        # the table is back and no screen holds this module's code: let go emptied, as
        # app.level8.drop lets go what nothing runs again (the copy loaded, if any, too)
        forget(__name__)
        globals().clear()


def follow(t, app):
    """After a person's own step: their next choice of this turn opens by itself."""
    if app.screen is t and t.mine() and layout.phase(t.state) > _ROLL:
        open_step(t, app, layout.phase(t.state))


def open_step(t, app, ph):
    """The screen of step `ph` over the table `t` (the track for GO; -1: the track to look at)."""
    seat = Seat(t, app)
    if ph == _GO or ph < _ROLL:
        from app.level8.track import Track

        app.go(Track(seat, ph == _GO, go))
    else:
        open(app, seat, ph)
        # the chooser holds its moves and words: the rules it listed them by, and the
        # bot steps' words it named them in, come back for the move chosen
        forget("level8.board", "level8.board_referee", "app.level8.bstep")
    t.covered(app)


def _moves(t):
    g = t.game
    return list(g.buf[: g.list_moves()])


def open(app, t, ph):
    """The chooser of board step `ph` for the person `t` (a Seat) acts as."""

    s = t.state
    mono = app.p.mono
    ms = _moves(t)
    t.rest()
    items = []
    pick = _pick(t)
    info = ()  # type: tuple
    if ph == _STAR:
        title = "Any action"
        for m in ms:
            items.append([track.ACTION_NAMES[track.kind(layout.target(m))], pick, m])
    elif ph == _PICK:
        title = "Take a card"
        if s[_ACTION] == track.TWO and s[_COUNT] == 1:  # +2's second, the first card seen
            title = "Take a 2nd card"
            info = (t.message,) if t.message else ()
        for m in ms:
            if layout.kind(m) == layout.K_DRAW:
                label = "Draw pile (%d left)" % layout.draw_count(s)
            else:
                p = layout.target(m)
                c = layout.pile_top(s, p)
                if mono:
                    label = "%s: %s pile" % (tokens([c]), "your" if p == t.me else _short(t, p))
                else:
                    label = "%s from %s pile" % (cards.name(c), "your" if p == t.me else t.name(p) + "'s")
                    label = label[0].upper() + label[1:]
            items.append([label, pick, m])
    elif ph == _SWAP:
        n = s[_COUNT]
        title = "Swap: discard 1-3" if not n else "Discarded %d" % n
        for m in ms:
            if layout.kind(m) == layout.K_KEPT:
                items.append(["Done: draw %d" % (n + 1), pick, m])
            else:
                items.append(["Discard " + _card(layout.card(m), mono), pick, m])
    elif ph == _ASK:
        title = "Ask for"
        for v in range(1, _COLOUR_ASK + cards.N_COLOURS):
            two = [m for m in ms if layout.card(m) == v]
            if two:
                items.append([_asked(v, mono), pick, tuple(two)])
    elif ph == _GIVE:
        title = "Give %s %s" % (_short(t, s[5]) if mono else t.name(s[5]), asked_words(s[_ASKED]))
        for m in ms:
            items.append(["Give " + _card(layout.card(m), mono), pick, m])
    elif ph == _SHOW:
        me = s[_ACTOR]
        shown = [c for c in s[_SHOWN + 3 * me : _SHOWN + 3 * me + 3] if c != 255]
        title = "Show for a Steal" if not shown else "Shown: " + tokens(shown)
        for m in ms:
            items.append(["Show " + _card(layout.card(m), mono), pick, m])
    elif ph == _STEAL:
        title = "Steal a card"
        for m in ms:
            p = layout.target(m)
            who = _short(t, p) if mono else t.name(p)
            items.append(["%s from %s" % (_card(layout.card(m), mono), who), pick, m])
    else:  # SECOND (LB-6)
        title = "Discard a 2nd card"
        for m in ms:
            items.append(["Discard " + _card(layout.card(m), mono), pick, m])
    app.go(Menu(title, items, back=t.close, info=info))


def _short(t, p):
    """A seat's name in two characters (the OLED's), as the card play's choosers write it."""
    return ("P%d" if t.people > 1 else "B%d") % (p + 1)


def _pick(t):
    """The action of every item of a chooser over `t`: the one under the focus, played (a
    move) or asked which way (an Ask's two moves). One function for all of them, not one
    each: a chooser's closures were its largest part."""
    return lambda app: _picked(app, t)


def _picked(app, t):
    m = app.screen
    what = m.items[m.focus][2]
    if type(what) is tuple:
        _ways(app, t, what)
    else:
        go(app, t, what)


def _card(c, mono):
    return tokens([c]) if mono else cards.name(c)


def _asked(v, mono):
    if v < _COLOUR_ASK:
        return "Number %d" % v
    return "Colour " + cards.COLOUR_NAMES[v - _COLOUR_ASK]


def asked_words(v):
    """An asked value in words: `7s` or `red` (bstep's too, which a chooser does not load)."""
    return "%ds" % v if v < _COLOUR_ASK else cards.COLOUR_NAMES[v - _COLOUR_ASK]


def _ways(app, t, ms):
    """The second question of an Ask: which way round the table it goes."""
    mono = app.p.mono
    s = t.state
    n = layout.players(s)
    q = s[5]
    items = []
    pick = _pick(t)
    for m in ms:
        way = layout.target(m)
        first = (q + (1 if way == 0 else n - 1)) % n
        label = "Clockwise" if way == 0 else "Anticlockwise"
        if not mono:
            label += ": %s first" % t.name(first)
        items.append([label, pick, m])
    app.go(Menu("Ask for " + asked_words(layout.card(ms[0])), items, back=lambda a: open(a, t, _ASK)))
