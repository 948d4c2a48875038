"""Level cards as players read them: the sides each game prints (ruling L8-2 for the card
games, LB-5 for the board game), by game and side, and a level in words. For the
combination checker, the referee and the colour table; the OLED's tables read
CARD_ONE_STAR from levels.py and the board game's levels from boardsides.py, and never
load this.
"""

from compat import const
from level8.levels import CARD_ONE_STAR, RUN, SET

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
    from level8 import boardsides  # the board game's levels, as its table reads them

    return boardsides.side(side)


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
