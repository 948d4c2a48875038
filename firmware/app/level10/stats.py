"""Statistics per difficulty: games played and won, best score, current and best streak.

A difficulty is the number of pauses in the deck (NAMES[pauses]): 3 Beginner,
2 Standard, 1 Pro, 0 Master. Each has a row of six counts, `stats.rows[pauses][FIELD]`.

Only unassisted games make records. A game in which Undo was used is counted in its own
tally, ASSISTED, and leaves played, won, the best score and the best streak alone: a
taken-back move makes those numbers say less than they seem to. Nor can Undo help a
streak: an assisted win leaves the current streak as it was, while an assisted loss
ends it like any loss (otherwise using Undo once would shield a streak from a lost game).
Counts stop at 65535. The win rate is rounded down, so 100 % means every game won.
Only solo games are counted: a game with teammates (bots or pass and play) scores for its
team and is left out.

Stored as b"LT", version 1, then for pauses 0..3: played, won (2 bytes each), best
score (1), streak, best streak, assisted (2 each), little-endian: 47 bytes.
"""

from app.level10 import NAMES  # noqa: F401 - by pauses; tools name difficulties from here
from compat import const

FILE = "stats"  # the store's name for them

# The row's fields: public only those other modules read (a public name is interned for good)
_PLAYED = const(0)
WON = const(1)
_BEST = const(2)
_STREAK = const(3)
_BEST_STREAK = const(4)
ASSISTED = const(5)

NEW_BEST = const(1)  # record() flags: this game set the best score
_NEW_STREAK = const(2)  # ... or the best streak

_MAGIC = const(b"LT")
_VERSION = const(1)
_SIZE = const(47)
_CAP = const(0xFFFF)


class Stats:
    """The four rows of counts, indexed by pauses."""

    def __init__(self):
        self.rows = [[0, 0, 0, 0, 0, 0] for _ in range(4)]


def load(app):
    """The statistics, read from flash (not kept: only the end of a game and the
    statistics screen need them, and they leave with their code)."""
    return app.load(FILE, decode, Stats)


def save(app, stats):
    app.store.write(FILE, encode(stats))


def record(stats, pauses, won, score, assisted=False):
    """Count a finished game; NEW_BEST | _NEW_STREAK for the records it set."""
    if not 0 <= pauses <= 3:
        raise ValueError("pauses must be 0 to 3")
    r = stats.rows[pauses]
    if assisted:
        r[ASSISTED] = min(r[ASSISTED] + 1, _CAP)
        if not won:
            r[_STREAK] = 0
        return 0
    new = 0
    r[_PLAYED] = min(r[_PLAYED] + 1, _CAP)
    score = min(max(score, 0), 100)
    if score > r[_BEST]:
        r[_BEST] = score
        new = NEW_BEST
    if won:
        r[WON] = min(r[WON] + 1, _CAP)
        r[_STREAK] = min(r[_STREAK] + 1, _CAP)
        if r[_STREAK] > r[_BEST_STREAK]:
            r[_BEST_STREAK] = r[_STREAK]
            new |= _NEW_STREAK
    else:
        r[_STREAK] = 0
    return new


def win_rate(stats, pauses):
    """Unassisted games won, as a whole percent rounded down (0 before any game)."""
    r = stats.rows[pauses]
    return r[WON] * 100 // r[_PLAYED] if r[_PLAYED] else 0


def encode(stats):
    out = bytearray(_SIZE)
    out[0:2] = _MAGIC
    out[2] = _VERSION
    at = 3
    for r in stats.rows:
        for f in (_PLAYED, WON, _BEST, _STREAK, _BEST_STREAK, ASSISTED):
            out[at] = r[f] & 0xFF
            if f == _BEST:
                at += 1
                continue
            out[at + 1] = r[f] >> 8
            at += 2
    return bytes(out)


def decode(data):
    """Stats from encode()'s bytes; ValueError when they are not statistics that add up."""
    if len(data) != _SIZE or data[0:2] != _MAGIC or data[2] != _VERSION:
        raise ValueError("not statistics")
    stats = Stats()
    at = 3
    for r in stats.rows:
        for f in (_PLAYED, WON, _BEST, _STREAK, _BEST_STREAK, ASSISTED):
            if f == _BEST:
                r[f] = data[at]
                at += 1
            else:
                r[f] = data[at] | data[at + 1] << 8
                at += 2
        if (
            r[WON] > r[_PLAYED]
            or r[_BEST] > 100
            or (r[_BEST] and not r[_PLAYED])
            or r[_STREAK] > r[_BEST_STREAK]
            or r[_BEST_STREAK] > r[WON]
        ):
            raise ValueError("statistics damaged")
    return stats
