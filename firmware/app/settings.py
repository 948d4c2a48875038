"""The player's settings, kept between sessions.

    brightness   10..100 percent in steps of 10 (never 0: a dark screen looks broken)
    sleep_after  minutes without a key before the screen sleeps: 1, 2, 5, 10, or 0 = never
    pauses       difficulty of the last game started (pauses in the deck, 0..3)
    players      players in the last game started (1..5)
    pass_play    its teammates were people passing the handheld (True) or bots (False)
    reasons      say why an illegal move is refused (True), or just refuse it

Stored as b"LC", version 1, brightness, sleep_after, pauses, players, flags (bit 0
reasons, bit 1 pass_play): 8 bytes. decode() rejects bytes that are not settings
(ValueError) and pulls each value into range, so an odd value never reaches the hardware.
Settings written before pass_play existed have bit 1 clear: bots, as New game offered
first.
"""

from compat import const

SLEEP_CHOICES = (1, 2, 5, 10, 0)  # minutes, in menu order; 0 = never
STEP = const(10)  # brightness step, percent

_MAGIC = b"LC"
_VERSION = const(1)
_SIZE = const(8)


class Settings:
    def __init__(self):
        self.brightness = 80
        self.sleep_after = 5
        self.pauses = 2  # Standard
        self.players = 1
        self.pass_play = False
        self.reasons = True


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
    s.pauses = _clamp(s.pauses, 0, 3)
    s.players = _clamp(s.players, 1, 5)
    s.pass_play = bool(s.pass_play)
    s.reasons = bool(s.reasons)
    return s


def encode(s):
    clamp(s)
    return bytes(
        (
            _MAGIC[0],
            _MAGIC[1],
            _VERSION,
            s.brightness,
            s.sleep_after,
            s.pauses,
            s.players,
            int(s.reasons) | int(s.pass_play) << 1,
        )
    )


def decode(data):
    """Settings from encode()'s bytes, values clamped; ValueError when they are not settings."""
    if len(data) != _SIZE or data[0:2] != _MAGIC or data[2] != _VERSION or data[7] > 3:
        raise ValueError("not settings")
    s = Settings()
    s.brightness = data[3]
    s.sleep_after = data[4]
    s.pauses = data[5]
    s.players = data[6]
    s.reasons = data[7] & 1 == 1
    s.pass_play = data[7] & 2 == 2
    return clamp(s)
