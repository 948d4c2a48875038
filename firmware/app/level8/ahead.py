"""The best layout looked for before Lay out: once the frame of a draw is on the screen,
while the player looks at a hand that may lay out, so that the layouts' chooser opens at
once (lay.py takes it). Only the finder is loaded for it, none of the chooser's code.
The card games only: the board game's table has no room for the finder beside it, and
it looks at Lay out."""

from level8 import cards, layout

from app.level8 import drop


def after(t):
    """What follows the frame of a move of table `t` (App.later): its save, then `look`."""

    def later(app):
        t.save(app)
        look(t)

    return later


def look(t):
    """On table `t`, where its person plays (the draw made), keep as `t.ahead` the finder's best
    layout of the level from the hand shown, with that hand and whether there may be more:
    (hand, layout, capped), the layout packed as the chooser keeps it (lay._pack; empty:
    none); None once the turn moves on or the level is laid out."""
    s = t.state
    me = t.me
    a = getattr(t, "ahead", None)  # a table gets the field only once it is used
    hand = None
    if t.mine() and layout.phase(s) == layout.PLAY and not layout.laid(s, me):
        hand = bytes([c for c in layout.hand(s, me) if c != cards.SKIP])
        if a and a[0] == hand:
            return
    if a:
        t.ahead = None
    if hand is None or len(hand) > 14:
        return  # the turn has moved on, or the level is laid out
    from level8 import meld

    found, capped = meld.layouts(hand, layout.reqs(s, me), 1)
    # the finder goes, and the levels the requirements were read from, as the save left them
    drop("level8.meld", "level8.combos", "level8.sides", "level8.levels")
    out = bytearray()
    for g in found[0] if found else ():
        out.append(len(g))
        out.extend(bytes(g))
    t.ahead = (hand, bytes(out), capped)
