"""Cards of the Level 8 family as small ints, their tokens and the three decks.

Number cards are 0..89: colour * 15 + (number - 1), colours in the project's order
R O Y G B V (the rulebooks do not name them). A wild (LEVEL 8) and a joker (Level Up,
the board game) follow the same rules, so both are WILD. Once a player says what a wild
stands for it becomes a wild with a value: WILD_NUMBER + number - 1 or
WILD_COLOUR + colour. Every code fits a byte.
"""

from compat import const

COLOURS = "ROYGBV"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "violet")
N_COLOURS = const(6)
N_NUMBERS = const(15)
N_NUMBER_CARDS = const(90)
WILD = const(90)
SKIP = const(91)
WILD_NUMBER = const(92)  # W=1 .. W=15 are 92..106
WILD_COLOUR = const(107)  # W=R .. W=V are 107..112
N_CODES = const(113)

# The games, in the order of GAME_NAMES.
LEVEL8 = const(0)
LEVELUP = const(1)
BOARD = const(2)
GAME_NAMES = ("level8", "levelup", "board")
# Wilds and Skips in each game's deck (rulings L8-1 and LB-1); the board game has no Skip,
# and its jokers wait in their own stack instead of being dealt.
WILDS = (6, 5, 8)
_SKIPS = const((3, 3, 0))


def is_wild(card):
    """Any wild: free or with a value."""
    return card == WILD or card >= WILD_NUMBER


def colour(card):
    """0..5 for a number card or a wild standing for a colour, -1 otherwise."""
    if card < N_NUMBER_CARDS:
        return card // N_NUMBERS
    if card >= WILD_COLOUR:
        return card - WILD_COLOUR
    return -1


def number(card):
    """1..15 for a number card or a wild standing for a number, 0 otherwise."""
    if card < N_NUMBER_CARDS:
        return card % N_NUMBERS + 1
    if WILD_NUMBER <= card < WILD_COLOUR:
        return card - WILD_NUMBER + 1
    return 0


def wild_as_number(num):
    return WILD_NUMBER + num - 1


def wild_as_colour(colour):
    return WILD_COLOUR + colour


def deck(game):
    """The cards a game deals from, as a bytearray: every number card, then the wilds and
    Skips that are shuffled in (none for the board game, whose jokers are never dealt)."""
    extra = 0 if game == BOARD else WILDS[game] + _SKIPS[game]
    out = bytearray(N_NUMBER_CARDS + extra)
    for c in range(N_NUMBER_CARDS):
        out[c] = c
    if extra:
        for i in range(WILDS[game]):
            out[N_NUMBER_CARDS + i] = WILD
        for i in range(_SKIPS[game]):
            out[N_NUMBER_CARDS + WILDS[game] + i] = SKIP
    return out


def token(card):
    """`R7`, `W`, `W=7`, `W=R` or `S`."""
    if card < N_NUMBER_CARDS:
        return COLOURS[card // N_NUMBERS] + str(card % N_NUMBERS + 1)
    if card == WILD:
        return "W"
    if card == SKIP:
        return "S"
    if card < WILD_COLOUR:
        return "W=" + str(card - WILD_NUMBER + 1)
    return "W=" + COLOURS[card - WILD_COLOUR]


def name(card, game=LEVEL8):
    """A player's name for a card in `game`: `red 7`, `a wild`, `a wild as 7`, `a wild as
    red`, `a Skip`. Level Up's and the board game's rulebooks say joker: `a joker as 7`
    (records and the checker write W and say wild for all three)."""
    if card < N_NUMBER_CARDS:
        return COLOUR_NAMES[card // N_NUMBERS] + " " + str(card % N_NUMBERS + 1)
    if card == SKIP:
        return "a Skip"
    w = "a joker" if game else "a wild"
    if card == WILD:
        return w
    if card < WILD_COLOUR:
        return "%s as %d" % (w, card - WILD_NUMBER + 1)
    return "%s as %s" % (w, COLOUR_NAMES[card - WILD_COLOUR])
