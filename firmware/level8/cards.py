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
SKIPS = (3, 3, 0)


def game_of_name(text):
    """LEVEL8, LEVELUP or BOARD for their names, -1 for anything else."""
    for i in range(len(GAME_NAMES)):
        if GAME_NAMES[i] == text:
            return i
    return -1


def is_number_card(card):
    return card < N_NUMBER_CARDS


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


def number_card(colour_index, num):
    return colour_index * N_NUMBERS + num - 1


def wild_as_number(num):
    return WILD_NUMBER + num - 1


def wild_as_colour(colour_index):
    return WILD_COLOUR + colour_index


def deck(game):
    """The cards a game deals from, as a bytearray: every number card, then the wilds and
    Skips that are shuffled in (none for the board game, whose jokers are never dealt)."""
    extra = 0 if game == BOARD else WILDS[game] + SKIPS[game]
    out = bytearray(N_NUMBER_CARDS + extra)
    for c in range(N_NUMBER_CARDS):
        out[c] = c
    if extra:
        for i in range(WILDS[game]):
            out[N_NUMBER_CARDS + i] = WILD
        for i in range(SKIPS[game]):
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


def name(card):
    """A player's name for a card: `red 7`, `a wild`, `a wild as 7`, `a wild as red`, `a Skip`."""
    if card < N_NUMBER_CARDS:
        return COLOUR_NAMES[card // N_NUMBERS] + " " + str(card % N_NUMBERS + 1)
    if card == WILD:
        return "a wild"
    if card == SKIP:
        return "a Skip"
    if card < WILD_COLOUR:
        return "a wild as " + str(card - WILD_NUMBER + 1)
    return "a wild as " + COLOUR_NAMES[card - WILD_COLOUR]


def _number_text(text):
    """1..15 for `1` .. `15` (no sign, no leading zero), 0 for anything else."""
    if not 1 <= len(text) <= 2 or text[0] == "0":
        return 0
    for ch in text:
        if not "0" <= ch <= "9":
            return 0
    n = int(text)
    return n if n <= N_NUMBERS else 0


def parse(tok):
    """Card code for a token (case-insensitive); raise ValueError with a reason otherwise."""
    t = tok.upper()
    if t == "W":
        return WILD
    if t == "S":
        return SKIP
    if t[:2] == "W=":
        v = t[2:]
        if len(v) == 1 and COLOURS.find(v) >= 0:
            return WILD_COLOUR + COLOURS.find(v)
        n = _number_text(v)
        if n:
            return WILD_NUMBER + n - 1
        raise ValueError("no wild value " + tok[2:] + " in " + tok +
                         ": a wild stands for a number 1 to 15 or a colour R O Y G B V")
    if len(t) >= 2 and COLOURS.find(t[0]) >= 0:
        n = _number_text(t[1:])
        if n:
            return COLOURS.find(t[0]) * N_NUMBERS + n - 1
        raise ValueError("no card " + tok + ": numbers run from 1 to 15")
    raise ValueError("no card " + tok + ": a card is a colour R O Y G B V and a number, W, W=7, W=R or S")
