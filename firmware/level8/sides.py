"""Level cards as players read them: the sides each game prints (ruling L8-2 for the card
games, LB-5 for the board game), by game and side, and a level in words. For the
combination checker, the referee, the board game and the colour table; the OLED table
reads CARD_ONE_STAR from levels.py and never loads this.
"""

from compat import const
from level8.levels import CARD_ONE_STAR, KIND_NAMES, RUN, SET

# The board game's level cards (ruling LB-5), one-star side then two-star side, in words
# (levels apart by " / "). A "three-card colour run" (Dreierfarbfolge) is three cards of
# one colour, as the rulebook defines it. Read into tuples like CARD_ONE_STAR when asked
# for (`table`): the card games' table has no use for them.
_BOARD_SIDES = const(
    (
        "set3 run3 / set2 set2 set3 / run4 colour4 / run8 / set3 colour5 / run9 / set4 colour5 / set4 set4",
        "set3 run5 / set2 set3 set3 / set3 colour5 / run9 / set3 colour3 / set2 colour3 colour3 / set3 set5 / set4 set5",
    )
)
_SIDES = const((1, 1, 2))  # the sides printed for each game (cards.LEVEL8, LEVELUP, BOARD)


def table(game, side):
    """The game's levels on side 1 (one star) or 2 (two stars); ValueError when that side
    is not in our rulebooks."""
    if not 0 <= game < len(_SIDES) or side not in (1, 2):
        raise ValueError("no such game or side")
    if side > _SIDES[game]:
        raise ValueError("the card games' two-star side is not in our rulebooks: only side 1")
    if _SIDES[game] == 1:
        return CARD_ONE_STAR
    out = []
    for words in _BOARD_SIDES[side - 1].split(" / "):
        out.append(tuple([(KIND_NAMES.index(w[:-1]), int(w[-1])) for w in words.split()]))
    return tuple(out)


def level(game, side, n):
    """The requirements of level `n` (1..8); ValueError for a level or side that does not exist."""
    t = table(game, side)
    if not 1 <= n <= len(t):
        raise ValueError("levels run from 1 to " + str(len(t)))
    return t[n - 1]


def describe(req):
    """A requirement in a player's words: `a run of 3`, `a pair`, `a set of 5`, `4 cards of one colour`."""
    kind, size = req
    if kind == RUN:
        return "a run of %d" % size
    if kind == SET:
        return ("", "", "a pair", "a triple", "a quadruple")[size] if size < 5 else "a set of %d" % size
    return str(size) + " cards of one colour"


def describe_level(reqs):
    """`a run of 3 + 4 cards of one colour`."""
    return " + ".join([describe(r) for r in reqs])
