"""The board game's choosers, loaded only while one is open: the action a star chooses,
the pile a card is taken from (+2: the second after seeing the first), the cards of a
swap, what to ask for and which way, the card given when asked, the cards shown for a
Steal, the shown card taken, the second discard (LB-6).

Every menu is built from the position's legal moves (Game.list_moves), so nothing illegal
is offered. Its items are [label, action, what it chooses] as act.py's: a move, or for
the asked value the two moves of its two directions.
"""

from level8 import cards, layout, track

from app.screen import Menu
from ui.level8 import tokens

# level8.board's phases and offsets
STAR = 7
PICK = 8
SWAP = 9
ASK = 10
GIVE = 11
SHOW = 12
STEAL = 13
_POS = 192
_ACTION = 208
_COUNT = 209
_ACTOR = 211
_ASKED = 212
_SHOWN = 214
COLOUR_ASK = 16


def _moves(t):
    g = t.game
    return list(g.buf[: g.list_moves()])


def open(app, t, ph, go):
    """The chooser of board step `ph` for the person `t` (a Seat) acts as; `go(app, t, m)`
    plays the move chosen (roll.go)."""
    from app.level8.bstep import asked_words

    def _item(t, label, m):
        return [label, _play(go, t, m), m]

    s = t.state
    mono = app.p.mono
    ms = _moves(t)
    t.rest()
    items = []
    info = ()  # type: tuple
    if ph == STAR:
        title = "Any action"
        for m in ms:
            items.append(_item(t, track.ACTION_NAMES[track.kind(layout.target(m))], m))
    elif ph == PICK:
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
            items.append(_item(t, label, m))
    elif ph == SWAP:
        n = s[_COUNT]
        title = "Swap: discard 1-3" if not n else "Discarded %d" % n
        for m in ms:
            if layout.kind(m) == layout.K_KEPT:
                items.append(_item(t, "Done: draw %d" % (n + 1), m))
            else:
                items.append(_item(t, "Discard " + _card(layout.card(m), mono), m))
    elif ph == ASK:
        title = "Ask for"
        for v in range(1, COLOUR_ASK + cards.N_COLOURS):
            two = [m for m in ms if layout.card(m) == v]
            if two:
                items.append([_asked(v, mono), _ways(t, v, two, go), tuple(two)])
    elif ph == GIVE:
        title = "Give %s %s" % (_short(t, s[5]) if mono else t.name(s[5]), asked_words(s[_ASKED]))
        for m in ms:
            items.append(_item(t, "Give " + _card(layout.card(m), mono), m))
    elif ph == SHOW:
        me = s[_ACTOR]
        shown = [c for c in s[_SHOWN + 3 * me : _SHOWN + 3 * me + 3] if c != 255]
        title = "Show for a Steal" if not shown else "Shown: " + tokens(shown)
        for m in ms:
            items.append(_item(t, "Show " + _card(layout.card(m), mono), m))
    elif ph == STEAL:
        title = "Steal a card"
        for m in ms:
            p = layout.target(m)
            who = _short(t, p) if mono else t.name(p)
            items.append(_item(t, "%s from %s" % (_card(layout.card(m), mono), who), m))
    else:  # SECOND (LB-6)
        title = "Discard a 2nd card"
        for m in ms:
            items.append(_item(t, "Discard " + _card(layout.card(m), mono), m))
    app.go(Menu(title, items, back=t.close, info=info))


def _short(t, p):
    """A seat's name in two characters (the OLED's), as the card play's choosers write it."""
    return ("P%d" if t.people > 1 else "B%d") % (p + 1)


def _play(go, t, m):
    return lambda app: go(app, t, m)


def _card(c, mono):
    return tokens([c]) if mono else cards.name(c)


def _asked(v, mono):
    if v < COLOUR_ASK:
        return "Number %d" % v
    return "Colour " + cards.COLOUR_NAMES[v - COLOUR_ASK]


def _ways(t, v, two, go):
    """The second question of an Ask: which way round the table it goes."""

    def ask(app):
        from app.level8.bstep import asked_words

        mono = app.p.mono
        s = t.state
        n = layout.players(s)
        q = s[5]
        items = []
        for m in two:
            way = layout.target(m)
            first = (q + (1 if way == 0 else n - 1)) % n
            label = "Clockwise" if way == 0 else "Anticlockwise"
            if not mono:
                label += ": %s first" % t.name(first)
            items.append([label, _play(go, t, m), m])
        app.go(Menu("Ask for " + asked_words(v), items, back=lambda a: open(a, t, ASK, go)))

    return ask
