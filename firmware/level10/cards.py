"""Cards as small ints, and their names.

Level cards are 0..39: world * 8 + (number - 1), worlds in row order
Sky, Forest, Swamp, Volcano, Desert (ruling L10-1). Every pause is 40.
Resets never leave their world's supply except onto the grid, so they need
no card number.
"""

from compat import const

WORLDS = "SFWVD"
WORLD_NAMES = ("Sky", "Forest", "Swamp", "Volcano", "Desert")
PAUSE = const(40)


def world(card):
    return card >> 3


def number(card):
    return (card & 7) + 1


def token(card):
    """`S1` .. `D8`, or `P`."""
    if card == PAUSE:
        return "P"
    return WORLDS[card >> 3] + str((card & 7) + 1)


def name(card):
    """A player's name for a card: `Sky 5`, `a pause`."""
    if card == PAUSE:
        return "a pause"
    return WORLD_NAMES[card >> 3] + " " + str((card & 7) + 1)


def world_of_letter(letter):
    """0..4 for S F W V D, -1 for anything else."""
    if len(letter) != 1:
        return -1
    return WORLDS.find(letter)


def parse(tok):
    """Card code for `S1` .. `D8` or `P`; raise ValueError with a reason otherwise."""
    if tok == "P":
        return PAUSE
    if len(tok) == 2:
        w = world_of_letter(tok[0])
        if w >= 0 and "1" <= tok[1] <= "8":
            return w * 8 + ord(tok[1]) - 49
        if w >= 0 and "0" <= tok[1] <= "9":
            raise ValueError("no card " + tok + ": numbers run from 1 to 8")
    raise ValueError("no card " + tok)


def deck_problem(deck, pauses):
    """None when `deck` holds each level card once and `pauses` pauses, else why not."""
    seen = bytearray(41)
    for c in deck:
        if c > PAUSE:
            return "the deck holds something that is not a card"
        seen[c] += 1
    for c in range(PAUSE):
        if seen[c] != 1:
            return name(c) + (" is missing from the deck" if seen[c] == 0 else " is in the deck twice")
    if seen[PAUSE] != pauses:
        return "the deck holds " + str(seen[PAUSE]) + " pauses, not " + str(pauses)
    return None
