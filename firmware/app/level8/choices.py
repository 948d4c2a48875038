"""What the player chose for the last New game of LEVEL 8, of Level Up or of the board game
(each game has its own), offered again the next time:

    players   seats at the table, 2..6
    people    how many of them are people sharing the handheld (1..players): seats 1..people;
              the other seats are bots
    strength  the bots' strength, 0..2 (level8.bot's strengths, weakest first)
    keep      Level Up's keep-four option (L8-9); always off for LEVEL 8
    colour    the hand is sorted by colour (True) or by number (False); the table changes it
    sides     the board game's level sides (LB-5), a bit each, set for two stars: bit q for
              the person at seat q+1 (0..5), bit 6 for every bot; 0 for the card games

Stored under the game's NEW file as b"LE", version 1, players, people, strength, flags
(bit 0 keep, bit 1 colour): 7 bytes; the board game's adds the sides: 8 bytes. decode()
rejects bytes that are not such choices (ValueError) and pulls each value into range.
Loaded to read or write them, then let go.
"""

from compat import const

_MAGIC = const(b"LE")
_VERSION = const(1)
_SIZE = const(7)
_BOARD = const(2)  # level8.cards.BOARD


class Choices:
    def __init__(self):
        self.players = 4
        self.people = 1
        self.strength = 1
        self.keep = False
        self.colour = False
        self.sides = 0


def _clamp(v, low, high):
    return low if v < low else high if v > high else v


def clamp(c):
    c.players = _clamp(c.players, 2, 6)
    c.people = _clamp(c.people, 1, c.players)
    c.strength = _clamp(c.strength, 0, 2)
    c.keep = bool(c.keep)
    c.colour = bool(c.colour)
    c.sides = c.sides & 0x7F
    return c


def encode(c, board=False):
    """The bytes of `c`; `board`: the board game's, with the sides."""
    clamp(c)
    flags = (1 if c.keep else 0) | (2 if c.colour else 0)
    out = bytes((_MAGIC[0], _MAGIC[1], _VERSION, c.players, c.people, c.strength, flags))
    return out + bytes((c.sides,)) if board else out


def decode(data, board=False):
    size = _SIZE + 1 if board else _SIZE
    if (
        len(data) != size
        or data[0:2] != _MAGIC
        or data[2] != _VERSION
        or data[6] > 3
        or (board and data[7] > 0x7F)
    ):
        raise ValueError("not new game choices")
    c = Choices()
    c.players = data[3]
    c.people = data[4]
    c.strength = data[5]
    c.keep = data[6] & 1 == 1
    c.colour = data[6] & 2 == 2
    if board:
        c.sides = data[7]
    return clamp(c)


def load(app, game):
    from app.level8 import NEW, file

    return app.load(file(game, NEW), decode if game != _BOARD else lambda data: decode(data, True), Choices)


def save(app, game, c):
    from app.level8 import NEW, file

    app.store.write(file(game, NEW), encode(c, game == _BOARD))
