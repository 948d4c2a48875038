"""A game of LEVEL 8, Level Up or the board game in progress as bytes for the store (each
game its own file): who plays which seat and the position itself (the state holds its own
shuffling generator, and the board game's its dice, so the position is the whole game:
level8/game.py).

    0..1  magic b"L8"   2  format version (1)
    3  flags: bit 0 HINTED (a hint was shown: the game counts as assisted),
       bits 1..6 BY_COLOUR << seat (that seat's hand is sorted by colour: each person
       in pass and play sorts their own), bit 7 0
    4  people: seats 1..people are people sharing the handheld, the rest bots (1..players)
    5  the bots' strength (0..2)
    6..  the state (level8/layout.py), as Game.encode() gives it

It is written after every move a person makes and every step of a bot's turn, once the
table showing it is on the screen (app/level8/turn.py), so a power cut loses at most the
step being saved. Resuming checks the position
(level8.game.state_problem: the card games' referee, or the board game's); anything else
is a ValueError with a short reason.
"""

from app.level8 import BY_COLOUR, HINTED  # noqa: F401  (re-exported: the flags saved)
from compat import const

_MAGIC = const(b"L8")
_VERSION = const(1)
_HEAD = const(6)


def encode(state, flags, people, strength):
    out = bytearray(_HEAD)
    out[0:2] = _MAGIC
    out[2] = _VERSION
    out[3] = flags & 127
    out[4] = people
    out[5] = strength
    return bytes(out) + bytes(state)


def write(app, t):
    """Keep the game of table `t` (app/level8/play.py) in its file."""
    from level8.layout import game

    from app.level8 import GAME, file

    flags = (HINTED if t.hinted else 0) | t.by_colour * BY_COLOUR
    app.store.write(file(game(t.state), GAME), encode(t.state, flags, t.people, t.strength))


def decode(data, game_id):
    """(Game, flags, people, strength) from a save of game `game_id`; ValueError with a
    short reason when it is not one this firmware can resume."""
    if len(data) < _HEAD or data[0:2] != _MAGIC:
        raise ValueError("not a saved game")
    if data[2] != _VERSION:
        raise ValueError("saved by another version")
    from level8 import layout
    from level8.game import Game

    try:
        g = Game.decode(data[_HEAD:])
    except (ValueError, IndexError):
        raise ValueError("saved game damaged")
    s = g.state
    if data[3] > 127 or not 1 <= data[4] <= layout.players(s) or data[5] > 2 or layout.game(s) != game_id:
        raise ValueError("saved game damaged")
    return g, data[3], data[4], data[5]
