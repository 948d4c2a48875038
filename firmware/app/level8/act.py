"""The table's choosers, loaded only to build one: where to draw from (only the legal
piles), what a card may do (discard it, add it to a combination it fits, give a Skip to a
player without one). Laying out (lay.py) and browsing every seat's laid combinations
(browse.py) are modules of their own, which the table loads without this one.

Every choice is made from the position's legal moves (Game.list_moves), so nothing
illegal is offered; the moves chosen go back to the table (`Table.commit`), which plays,
says and saves them.
"""

from level8 import cards, layout

from app.level8 import forget
from app.screen import Menu
from ui.level8 import DRAW, tokens


def open(app, t, it):
    if it == DRAW:
        draw(app, t)
        forget("app.level8.words")  # the labels are written: the chooser holds no words' code
    else:
        card(app, t, it)
        forget("app.level8.words")
    t.rest()  # the moves are listed: the rules' code can go while a chooser is up


def _moves(t, only=-1):
    g = t.game
    return list(g.buf[: g.list_moves(only)])


# drawing


def draw(app, t):
    s = t.state
    me = t.me
    ms = _moves(t)
    if len(ms) == 1:
        m = ms[0]
        if layout.kind(m) == layout.K_SKIPPED:
            # in pass and play the words go to the next person's pass screen: name whom
            who = t.name(me)  # whole phrases: a short one would be interned for good
            said = "You were skipped" if who == "You" else who + " was skipped"
            t.chosen(app, ms, said if app.p.mono else said + ": the Skip goes under the draw pile")
        else:
            t.chosen(app, ms)
        return
    from app.level8 import words

    items = []
    for m in ms:
        if layout.kind(m) == layout.K_DRAW:
            items.append(["Draw pile (%d left)" % layout.draw_count(s), t.pick, m])
        elif layout.kind(m) == layout.K_TAKE:
            p = layout.target(m)
            c = layout.pile_top(s, p)
            w = words.whose(p, me, t.name)
            w = "your" if w == "their own" else w
            if app.p.mono:
                label = "%s: %s pile" % (tokens([c]), w)  # "G15: Player 2's pile", 20 columns
            else:
                label = "%s from %s pile" % (cards.name(c, layout.game(s)), w)
                label = label[0].upper() + label[1:]
            items.append([label, t.pick, m])
    app.go(Menu("Draw from", items, back=t.close))


# A chooser's menu items are [label, action, what it chooses] (a move, or a group of cards):
# the menu shows the label; tests and the autoplayer read the third. Every item's action
# is the Seat's `pick`, not a function of this module, so that once a chooser is up
# nothing holds this module's code (the table lets it go: turn.choose).


# what a card does


def card(app, t, i):
    s = t.state
    me = t.me
    c = layout.hand(s, me)[i]
    wild = c == cards.WILD
    from app.level8 import words

    items = []
    for m in _moves(t, c):  # only this card's
        k = layout.kind(m)
        x = layout.card(m)
        if k == layout.K_ADD and (x == c or (wild and cards.is_wild(x))):
            slot = layout.target(m)
            owner = slot // layout.GROUPS_PER_SEAT
            w = words.whose(owner, me, t.name)
            w = "your" if w == "their own" else w
            g = words.short(s, slot)
            if app.p.mono:  # "+W7 Bot 3's R3..R6": 21 columns, a person's name shortened
                label = "+%s%s %s" % (tokens([x]) + " " if wild else "", w, g)
                if len(label) > 21:
                    label = label.replace("Player ", "P")
            elif wild:
                label = "Add as %s to %s %s %s" % (tokens([x])[1:], w, words.group_name(s, slot), g)
            else:
                label = "Add to %s %s %s" % (w, words.group_name(s, slot), g)
            items.append([label, t.pick, m])
        elif k == layout.K_DISCARD and x == c:
            label = "Discard " + (cards.name(c, layout.game(s)) if not app.p.mono else tokens([c]))
            items.insert(0, [label + ", 1 of 2" if layout.target(m) else label, t.pick, m])  # LB-6
        elif k == layout.K_GIVE and c == cards.SKIP:
            items.append(["Skip " + t.name(layout.target(m)), t.pick, m])
    if not items:
        t.message = "Lay out or cancel first"
        t.close(app)
        return
    title = cards.name(c, layout.game(s))
    if title[:2] == "a ":  # "Joker", "Skip", as "Orange 14": a title, not a sentence
        title = title[2:]
    title = title[0].upper() + title[1:]
    app.go(Menu(title, items, back=t.close))


