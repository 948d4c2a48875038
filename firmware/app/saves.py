"""The game in progress as bytes for the store: its deal and its moves, not its position.

Resuming replays the moves through Game.apply, which rebuilds the position and the Undo
history alike and checks every move on the way: a save that decodes is a game the rules
allow, and anything else (foreign, damaged, from another version) is a ValueError with
a short reason for the player.

    0..1  magic b"LG"        2  format version (1)
    3  players (1..5)        4  pauses (0..3)        5  starting seat (0-based)
    6  flags: bit 0 ASSISTED (Undo was used), bit 1 HINTED (reserved for hints),
       bit 2 the deal is a deck (otherwise a seed); the other bits are 0
    7  moves played (0..50)
    8  the deal: the seed (4 bytes, little-endian) or the deck (40 + pauses cards, top first)
    then the moves, 2 bytes each, little-endian (see level10.moves)

From a seed a save is 12 + 2 per move bytes (112 at most), from a deck 48 to 51 + 2 per move.
"""

from compat import const
from level10 import rules
from level10.game import Game

ASSISTED = const(1)
HINTED = const(2)
_DECK = const(4)
_VERSION = const(1)
_MAGIC = b"LG"


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
    out[0:2] = _MAGIC
    out[2] = _VERSION
    out[3] = rules.players(s)
    out[4] = rules.pauses(s)
    out[5] = rules.start_seat(s)
    out[6] = (flags & (ASSISTED | HINTED)) | (0 if deal == 4 else _DECK)
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
    short reason when the bytes are not a game this firmware can resume."""
    size = len(data)
    if size < 8 or data[0:2] != _MAGIC:
        raise ValueError("not a saved game")
    if data[2] != _VERSION:
        raise ValueError("saved by another version")
    players = data[3]
    pauses = data[4]
    start = data[5]
    flags = data[6]
    played = data[7]
    if not 1 <= players <= 5 or pauses > 3 or start >= players or flags > 7 or played > rules.SLOTS:
        raise ValueError("saved game damaged")
    deal = 40 + pauses if flags & _DECK else 4
    want = 8 + deal + 2 * played
    if size != want:
        raise ValueError("saved game cut short" if size < want else "saved game damaged")
    if flags & _DECK:
        deck = bytes(data[8 : 8 + deal])
        if rules.deck_problem(deck, pauses):
            raise ValueError("saved game has a bad deal")
        g = Game(players, pauses, deck=deck, start=start)
    else:
        seed = data[8] | data[9] << 8 | data[10] << 16 | data[11] << 24
        g = Game(players, pauses, seed=seed, start=start)
    at = 8 + deal
    for i in range(played):
        try:
            g.apply(data[at] | data[at + 1] << 8)
        except ValueError:
            raise ValueError("move " + str(i + 1) + " of the save is illegal")
        at += 2
    return g, flags & (ASSISTED | HINTED)
