"""The game in progress as bytes for the store: its deal and its moves, not its position.

Resuming replays the moves through Game.apply, which rebuilds the position and the Undo
history alike and checks every move on the way: a save that decodes is a game the rules
allow, and anything else (foreign, damaged, from another version) is a ValueError with
a short reason for the player.

    0..1  magic b"LG"        2  format version (1)
    3  players (1..5)        4  pauses (0..3)        5  starting seat (0-based)
    6  flags: bit 0 ASSISTED (Undo was used), bit 1 HINTED (a hint was shown),
       bit 2 the deal is a deck (otherwise a seed); the other bits are 0
    7  moves played (0..50)
    8  the deal: the seed (4 bytes, little-endian) or the deck (40 + pauses cards, top first)
    then the moves, 2 bytes each, little-endian (see level10.moves)

From a seed a save is 12 + 2 per move bytes (112 at most), from a deck 48 to 51 + 2 per move.
"""

from compat import const
from level10 import rules

ASSISTED = const(1)
HINTED = const(2)
DECK = const(4)  # flag: the deal is a deck, not a seed
VERSION = const(1)
MAGIC = b"LG"


def encode(game, flags=0):
    """The save of `game` (a Game played from a seed or a deck) with `flags`
    (ASSISTED, HINTED)."""
    s = game.state
    n = game.played
    if game.seed is not None:
        seed = game.seed
        if not 0 <= seed <= 0xFFFFFFFF:
            raise ValueError("the seed does not fit a save")
        deal = 4
    elif game.deck is not None:
        deal = len(game.deck)
    else:
        raise ValueError("this game has no deal to save")
    out = bytearray(8 + deal + 2 * n)
    out[0:2] = MAGIC
    out[2] = VERSION
    out[3] = rules.players(s)
    out[4] = rules.pauses(s)
    out[5] = rules.start_seat(s)
    out[6] = (flags & (ASSISTED | HINTED)) | (0 if deal == 4 else DECK)
    out[7] = n
    if deal == 4:
        for i in range(4):
            out[8 + i] = (seed >> (8 * i)) & 0xFF
    else:
        out[8 : 8 + deal] = game.deck
    at = 8 + deal
    h = game.history
    for i in range(n):
        out[at] = h[i] & 0xFF
        out[at + 1] = h[i] >> 8
        at += 2
    return bytes(out)


def decode(data):
    """(Game, flags) from a save, every move replayed and checked; ValueError with a
    short reason when the bytes are not a game this firmware can resume. (The code is in
    app/restore.py: only power-up and Continue need it, not the table.)"""
    from app import restore

    return restore.decode(data)
