"""The board game's track of 28 action spaces, as data (ruling LB-3).

The rulebook shows the board but does not print the order of its spaces, so this order is
the project's own: the action kinds and their counts are the table below, three Joker
spaces among them, and space 0 is the big start space with seven stars, where every
player's tower of two pieces begins. A different track is a different TRACK string of
the same kinds, nothing else.

Spaces are numbered 0..27 clockwise, the way the pieces move.
"""

from compat import const

# action kinds
STAR = const(0)  # choose any other action (the start space is one)
ONE = const(1)  # +1 card: the top of any pile
TWO = const(2)  # +2 cards: a pile, then (having seen the first card) a pile again
AGAIN = const(3)  # take a card, and after this turn take another one
SWAP = const(4)  # discard 1 to 3 cards, then draw one more than that from the draw pile
ALL = const(5)  # +1 card from the draw pile for you, then for everyone else
JOKER = const(6)  # a joker from the stack (when none is left: the top of any pile)
ASK = const(7)  # ask for a number or a colour, clockwise or counter-clockwise
STEAL = const(8)  # everyone else shows up to three cards; take one of them
N_KINDS = const(9)

# One letter a kind, in the order above: the track is written with them.
LETTERS = "*12ASEJQT"
ACTION_NAMES = (
    "Any action",
    "+1 card",
    "+2 cards",
    "Card and again",
    "Swap 1-3",
    "All draw",
    "Joker",
    "Ask",
    "Steal",
)

START = const(0)  # the big start space: room for every tower, never counted as taken
N_SPACES = const(28)

# Space 0 first, clockwise. Kinds by count: any action 2 (the start among them), +1 card
# 5, +2 cards 4, card and again 2, swap 3, all draw 3, joker 3, ask 3, steal 3; no kind
# twice in a row, so one roll's two spaces are seldom the same action.
TRACK = "*1Q2JS1TE2A1QJ*S1T2EQJ1SAT2E"


def kind(space):
    """The action kind of a space 0..27."""
    return LETTERS.index(TRACK[space])
