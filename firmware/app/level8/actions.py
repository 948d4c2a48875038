"""The board game's choosers over the table, built here for app/level8/step.py, which lets
this module go once one is up: the action a star chooses, the pile a card is taken from
(+2: the second after seeing the first), the cards of a swap, what to ask for and which
way, the card given when asked, the cards shown for a Steal, the shown card taken, the
second discard (LB-6). Every item's action is step.py's `pick`, which plays the move.

Every menu is built from the position's legal moves (Game.list_moves), so nothing illegal
is offered. Its items are [label, action, what it chooses] as act.py's: a move, or for
the asked value the two moves of its two directions.
"""

from level8 import cards, layout, track

from app.screen import Menu
from compat import const
from ui.level8 import tokens

# level8.board's phases and offsets
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


def _moves(t):
    g = t.game
    return list(g.buf[: g.list_moves()])


def open(app, t, ph, pick):
    """The chooser of board step `ph` for the person `t` (a Seat) acts as, `pick` every
    item's action (step.py's)."""
    s = t.state
    mono = app.p.mono
    ms = _moves(t)
    t.rest()
    if ph in (_SWAP, _GIVE, _SHOW) or ph > _STEAL:  # cards of the hand: as the table shows it
        h = layout.hand(s, t.me)
        order = [h[i] for i in t.order]
        ms.sort(key=lambda m: order.index(layout.card(m)) if layout.card(m) in order else -1)
    items = []
    info = ()  # type: tuple
    if ph == _STAR:
        title = "Any action"
        for m in ms:
            items.append([track.ACTION_NAMES[track.kind(layout.target(m))], pick, m])
    elif ph == _PICK:
        title = "Take a card"
        if s[_ACTION] == track.TWO and s[_COUNT] == 1:  # +2's second, the first card seen
            title = "Take a 2nd card"
            m = t.message  # the first card said ("You took red 3"); not a resumed game's words
            info = (m,) if m and m.startswith("You took") else ()
        elif s[_ACTION] == track.ASK:  # why a pile's card: the Ask's answer, or a joker
            info = ("Nobody had one",)
        elif s[_ACTION] == track.JOKER:
            info = ("No joker left",)
        for m in ms:
            if layout.kind(m) == layout.K_DRAW:
                label = "Draw pile (%d left)" % layout.draw_count(s)
            else:
                p = layout.target(m)
                c = layout.pile_top(s, p)
                if mono:
                    label = "%s: %s pile" % (tokens([c]), "your" if p == t.me else _short(t, p) + "'s")
                else:
                    label = "%s from %s pile" % (cards.name(c, cards.BOARD), "your" if p == t.me else t.name(p) + "'s")
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
        who = _short(t, s[5]) if mono else t.name(s[5])
        title = "Show 3 for %s" % who if not shown else "Shown: " + tokens(shown)
        for m in ms:
            items.append(["Show " + _card(layout.card(m), mono), pick, m])
    elif ph == _STEAL:
        title = "Steal a card"
        for m in ms:
            p = layout.target(m)
            who = _short(t, p) if mono else t.name(p)
            label = "%s from %s" % (_card(layout.card(m), mono), who)
            items.append([label[0].upper() + label[1:], pick, m])  # "Red 3 from Bot 2", as the piles
    else:  # SECOND (LB-6)
        title = "Discard a 2nd card"
        for m in ms:
            items.append(["Discard " + _card(layout.card(m), mono), pick, m])
    app.go(Menu(title, items, back=t.close, info=info))


def _short(t, p):
    """A seat's name on the OLED: a person's in pass and play in two characters ("P2"), a
    bot's whole ("Bot 3": "B3" would read as blue 3, as a card is written)."""
    n = t.name(p)
    return "P%d" % (p + 1) if n[0] == "P" else n


def _card(c, mono):
    return tokens([c]) if mono else cards.name(c, cards.BOARD)


def _asked(v, mono):
    if v < _COLOUR_ASK:
        return "Number %d" % v
    return "Colour " + cards.COLOUR_NAMES[v - _COLOUR_ASK]


def asked_words(v):
    """An asked value in words: `7s` or `red` (bstep's too, which a chooser does not load)."""
    return "%ds" % v if v < _COLOUR_ASK else cards.COLOUR_NAMES[v - _COLOUR_ASK]


def ways(app, t, ms, pick, back):
    """The second question of an Ask, its two moves `ms`: which way round the table it
    goes; `pick` and `back` as step.py makes them."""
    mono = app.p.mono
    s = t.state
    n = layout.players(s)
    q = s[5]
    items = []
    for m in ms:
        way = layout.target(m)
        first = (q + (1 if way == 0 else n - 1)) % n
        label = "Clockwise" if way == 0 else "Anticlockwise"
        # who is asked first: on the OLED without "first", within its 21 columns
        label += ": " + _short(t, first) if mono else ": %s first" % t.name(first)
        items.append([label, pick, m])
    app.go(Menu("Ask for " + asked_words(layout.card(ms[0])), items, back=back))
