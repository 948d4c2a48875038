"""The levels of the Level 8 family, as data, and their words.

A level is a tuple of requirements; a requirement is a (kind, size) pair: a RUN of at
least `size` consecutive numbers, a SET of at least `size` cards of one number, or at
least `size` cards of one COLOUR. Here are the card games' levels, which their table
reads; every printed side by game (the board game's too) is sides.py. More sides or
games are more rows, never more code.
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

_N_LEVELS = const(8)
