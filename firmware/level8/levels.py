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

# The board game's level cards (ruling LB-5), one-star side then two-star side, in words
# (levels apart by " / "). A "three-card colour run" (Dreierfarbfolge) is three cards of
# one colour, as the rulebook defines it. Read into tuples like CARD_ONE_STAR when asked
# for (`table`): the card games' table has no use for them.
BOARD_SIDES = (
    "set3 run3 / set2 set2 set3 / run4 colour4 / run8 / set3 colour5 / run9 / set4 colour5 / set4 set4",
    "set3 run5 / set2 set3 set3 / set3 colour5 / run9 / set3 colour3 / set2 colour3 colour3 / set3 set5 / set4 set5",
)
SIDES = (1, 1, 2)  # the sides printed for each game (cards.LEVEL8, LEVELUP, BOARD)
N_LEVELS = const(8)


def table(game, side):
    """The game's levels on side 1 (one star) or 2 (two stars); ValueError when that side
    is not in our rulebooks."""
    if not 0 <= game < len(SIDES) or side not in (1, 2):
        raise ValueError("no such game or side")
    if side > SIDES[game]:
        raise ValueError("the card games' two-star side is not in our rulebooks: only side 1")
    if SIDES[game] == 1:
        return CARD_ONE_STAR
    out = []
    for words in BOARD_SIDES[side - 1].split(" / "):
        out.append(tuple([(KIND_NAMES.index(w[:-1]), int(w[-1])) for w in words.split()]))
    return tuple(out)


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
