"""Layouts for a hand past the meld finder's size (app/level8/lay.py): only the board
game's hands grow past 14 cards besides Skips. The bots' own way of laying a level out
(level8.need's aims, level8.bot's layout from them) works on any hand, so the chooser
offers what it finds, best first; loaded for that only.
"""

from level8 import bot, need


def layouts(hand, reqs):
    """Each way need finds to lay level `reqs` out of `hand` (wild values set), as lists of
    groups, one per requirement; none when the hand cannot."""
    out = []
    w = need.load(hand)
    if need.short(reqs, True) <= w:
        for j in range(need.found[0]):
            lay = bot._layout(hand, reqs, j)
            if lay is not None and lay not in out:
                out.append(lay)
    return out
