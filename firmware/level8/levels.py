"""Every printed level of the Level 8 family, as data.

A level is a tuple of requirements; a requirement is a (kind, size) pair: a RUN of at
least `size` consecutive numbers, a SET of at least `size` cards of one number, or at
least `size` cards of one COLOUR. More sides or games are more rows, never more code.
"""

from compat import const

RUN = const(0)
SET = const(1)
COLOUR = const(2)
KIND_NAMES = ("run", "set", "colour")

# LEVEL 8 and Level Up, one-star side (ruling L8-2). Their two-star side is not in our
# rulebooks, so there is deliberately no table for it.
CARD_ONE_STAR = (
    ((RUN, 3), (RUN, 3)),
    ((SET, 2), (SET, 2), (SET, 2), (SET, 2)),
    ((RUN, 3), (COLOUR, 4)),
    ((RUN, 6), (SET, 2)),
    ((RUN, 7),),
    ((SET, 2), (SET, 3), (SET, 3)),
    ((SET, 3), (COLOUR, 5)),
    ((SET, 2), (SET, 3), (SET, 4)),
)

# The board game's level cards (ruling LB-5). A "three-card colour run" (Dreierfarbfolge)
# is three cards of one colour, as the rulebook defines it.
BOARD_ONE_STAR = (
    ((SET, 3), (RUN, 3)),
    ((SET, 2), (SET, 2), (SET, 3)),
    ((RUN, 4), (COLOUR, 4)),
    ((RUN, 8),),
    ((SET, 3), (COLOUR, 5)),
    ((RUN, 9),),
    ((SET, 4), (COLOUR, 5)),
    ((SET, 4), (SET, 4)),
)
BOARD_TWO_STAR = (
    ((SET, 3), (RUN, 5)),
    ((SET, 2), (SET, 3), (SET, 3)),
    ((SET, 3), (COLOUR, 5)),
    ((RUN, 9),),
    ((SET, 3), (COLOUR, 3)),
    ((SET, 2), (COLOUR, 3), (COLOUR, 3)),
    ((SET, 3), (SET, 5)),
    ((SET, 4), (SET, 5)),
)

# Indexed by game (cards.LEVEL8, LEVELUP, BOARD), then by side - 1; None: not printed.
SIDES = (
    (CARD_ONE_STAR, None),
    (CARD_ONE_STAR, None),
    (BOARD_ONE_STAR, BOARD_TWO_STAR),
)
N_LEVELS = const(8)


def table(game, side):
    """The game's levels on side 1 (one star) or 2 (two stars); ValueError when that side
    is not in our rulebooks."""
    if not 0 <= game < len(SIDES) or side not in (1, 2):
        raise ValueError("no such game or side")
    t = SIDES[game][side - 1]
    if t is None:
        raise ValueError("the card games' two-star side is not in our rulebooks: only side 1")
    return t


def level(game, side, n):
    """The requirements of level `n` (1..8); ValueError for a level or side that does not exist."""
    t = table(game, side)
    if not 1 <= n <= len(t):
        raise ValueError("levels run from 1 to " + str(len(t)))
    return t[n - 1]


_SET_WORDS = ("", "", "a pair", "a triple", "a quadruple")


def describe(req):
    """A requirement in a player's words: `a run of 3`, `a pair`, `a set of 5`, `4 cards of one colour`."""
    kind, size = req
    if kind == RUN:
        return "a run of " + str(size)
    if kind == SET:
        return _SET_WORDS[size] if size < len(_SET_WORDS) else "a set of " + str(size)
    return str(size) + " cards of one colour"


def describe_level(reqs):
    """`a run of 3 + 4 cards of one colour`."""
    return " + ".join([describe(r) for r in reqs])
