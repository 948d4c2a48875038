"""The player's settings, kept between sessions; they belong to no game.

    brightness   10..100 percent in steps of 10 (never 0: a dark screen looks broken)
    sleep_after  minutes without a key before the screen sleeps: 1, 2, 5, 10, or 0 = never
    reasons      say why an illegal move is refused (True), or just refuse it

Stored under FILE as b"LC", version 2, brightness, sleep_after, flags (bit 0 reasons):
6 bytes. decode() rejects bytes that are not settings (ValueError) and pulls each value
into range, so an odd value never reaches the hardware.

Before games were plug-ins the settings were stored under "settings" as version 1, 8 bytes:
b"LC", 1, brightness, sleep_after, then the only game's last New game choices (two
bytes and bit 1 of the flags byte, which is last). decode() still reads it, taking only
its own values, and load() reads it until FILE is first written. Nothing writes it
again: that game (Level 10, app/level10/choices.py) reads its part from it too until it
has a file of its own, so both parts survive whichever is saved first.
"""

from app.prefs import Settings  # noqa: F401 - the App's object; defaults there
from compat import const

FILE = "options"  # the store's name for the settings
_OLD = const("settings")  # the name version 1 was stored under

SLEEP_CHOICES = (1, 2, 5, 10, 0)  # minutes, in menu order; 0 = never
STEP = const(10)  # brightness step, percent

_MAGIC = const(b"LC")
_VERSION = const(2)
_SIZE = const(6)
_OLD_SIZE = const(8)


def _clamp(v, low, high):
    return low if v < low else high if v > high else v


def brightness(v):
    """`v` percent to the nearest step from 10 to 100."""
    return _clamp((v + STEP // 2) // STEP * STEP, STEP, 100)


def sleep_after(m):
    """`m` minutes as a choice of SLEEP_CHOICES: the next longer one (0 stays never)."""
    if m == 0:
        return 0
    for c in SLEEP_CHOICES:
        if c and m <= c:
            return c
    return 0


def next_sleep(m, step=1):
    """The choice after (step 1) or before (step -1) `m`, round and round."""
    i = SLEEP_CHOICES.index(sleep_after(m))
    return SLEEP_CHOICES[(i + step) % len(SLEEP_CHOICES)]


def sleep_label(m):
    return "never" if m == 0 else str(m) + " min"


def clamp(s):
    """Pull every value of `s` into range (in place); returns `s`."""
    s.brightness = brightness(s.brightness)
    s.sleep_after = sleep_after(s.sleep_after)
    s.reasons = bool(s.reasons)
    return s


def encode(s):
    clamp(s)
    return bytes((_MAGIC[0], _MAGIC[1], _VERSION, s.brightness, s.sleep_after, int(s.reasons)))


def decode(data):
    """Settings from encode()'s bytes or version 1's, values clamped; ValueError when they
    are not settings."""
    n = len(data)
    known = n == _SIZE and data[2] == _VERSION or n == _OLD_SIZE and data[2] == 1
    if not known or data[0:2] != _MAGIC or data[n - 1] > (1 if n == _SIZE else 3):
        raise ValueError("not settings")
    s = Settings()
    s.brightness = data[3]
    s.sleep_after = data[4]
    s.reasons = data[n - 1] & 1 == 1
    return clamp(s)


def load(store):
    """(the settings, a note for the player or None): from FILE, else from _OLD, else the
    defaults. A damaged file is removed and the note says why; the next one is tried, as
    App.load tries its fallback."""
    note = None
    for name in (FILE, _OLD):
        try:
            data = store.read(name)
            if data is not None:
                return decode(data), note
        except ValueError as e:  # the store's Damaged too
            store.clear_damaged(name)
            note = note or str(e)
    return Settings(), note
