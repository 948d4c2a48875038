"""What the player chose for the last New game of Level 10, offered again the next time:

    pauses     its difficulty (pauses in the deck, 0..3)
    players    its players (1..5)
    pass_play  its teammates were people passing the handheld (True) or bots (False)

Stored under FILE as b"LN", version 1, pauses, players, flags (bit 0 pass_play): 6 bytes.
decode() rejects bytes that are not such choices (ValueError) and pulls each value into
range. Only the New game menu and Watch a game read them, and neither keeps them, nor
this module: each loads it to read or write them and lets it go at once.

Until FILE is first written, the choices come from the settings file of before games were
plug-ins (app/settings.py, _OLD, version 1), which held them: pauses in byte 5, players in
byte 6, pass_play in bit 1 of byte 7. Settings of before pass_play existed have bit 1
clear: bots, as New game offered first. Another game keeps its choices the same way,
under a name of its own.
"""

from compat import const

FILE = "l10new"  # the store's name for them
_OLD = const("settings")  # app.settings._OLD, not imported: its code is not needed here

_MAGIC = const(b"LN")
_VERSION = const(1)
_SIZE = const(6)


class Choices:
    def __init__(self, pauses=2, players=1, pass_play=False):  # Standard, solo, bots
        self.pauses = pauses
        self.players = players
        self.pass_play = pass_play


def _clamp(v, low, high):
    return low if v < low else high if v > high else v


def clamp(c):
    """Pull every value of `c` into range (in place); returns `c`."""
    c.pauses = _clamp(c.pauses, 0, 3)
    c.players = _clamp(c.players, 1, 5)
    c.pass_play = bool(c.pass_play)
    return c


def encode(c):
    clamp(c)
    return bytes((_MAGIC[0], _MAGIC[1], _VERSION, c.pauses, c.players, int(c.pass_play)))


def decode(data):
    """Choices from encode()'s bytes, values clamped; ValueError when they are not choices."""
    if len(data) != _SIZE or data[0:2] != _MAGIC or data[2] != _VERSION or data[5] > 1:
        raise ValueError("not new game choices")
    return clamp(Choices(data[3], data[4], data[5] == 1))


def from_old(data):
    """The choices held by old settings (`data`, the bytes stored under _OLD); the defaults
    when those bytes are not version 1 settings."""
    if data is None or len(data) != 8 or data[0:3] != b"LC\x01" or data[7] > 3:
        return Choices()
    return clamp(Choices(data[5], data[6], data[7] & 2 == 2))


def _from_old_file(store):
    try:
        return from_old(store.read(_OLD))
    except ValueError:  # damaged: app/settings.py's load tells the player, if it reads it
        return Choices()


def load(app):
    """The last choices, read from flash (a damaged file is removed and the player told)."""
    return app.load(FILE, decode, lambda: _from_old_file(app.store))


def save(app, c):
    app.store.write(FILE, encode(c))
