"""Statistics of LEVEL 8, of Level Up or of the board game (each game its own file): games
against bots.

    played, won          games finished with one person at the table (the others bots)
    streak, best streak  wins in a row
    fewest               fewest rounds in a won game (0: no win yet)
    assisted             games where a hint was shown: counted apart, and they set no
                         records (an assisted loss still ends the streak)

Pass-and-play games are not counted: the handheld cannot tell who "you" are there.
Counts stop at 65535. Stored as b"LS", version 1, then played, won, streak, best streak,
assisted (2 bytes each, little-endian) and fewest (1 byte): 14 bytes.
"""

from compat import const

_MAGIC = const(b"LS")
_VERSION = const(1)
_SIZE = const(14)
_CAP = const(0xFFFF)


class Stats:
    def __init__(self):
        self.played = 0
        self.won = 0
        self.streak = 0
        self.best_streak = 0
        self.assisted = 0
        self.fewest = 0


def _more(n):
    return n + 1 if n < _CAP else n


def record(st, won, rounds, assisted=False):
    """Count a finished game; True when it set a record (a best streak or fewest rounds)."""
    if assisted:
        st.assisted = _more(st.assisted)
        if not won:
            st.streak = 0
        return False
    st.played = _more(st.played)
    if not won:
        st.streak = 0
        return False
    new = False
    st.won = _more(st.won)
    st.streak = _more(st.streak)
    if st.streak > st.best_streak:
        st.best_streak = st.streak
        new = st.streak > 1
    rounds = min(rounds, 255)
    if not st.fewest or rounds < st.fewest:
        new = True
        st.fewest = rounds
    return new


def encode(st):
    out = bytearray(_SIZE)
    out[0:2] = _MAGIC
    out[2] = _VERSION
    at = 3
    for v in (st.played, st.won, st.streak, st.best_streak, st.assisted):
        out[at] = v & 0xFF
        out[at + 1] = v >> 8
        at += 2
    out[at] = st.fewest
    return bytes(out)


def decode(data):
    if len(data) != _SIZE or data[0:2] != _MAGIC or data[2] != _VERSION:
        raise ValueError("not statistics")
    st = Stats()
    v = [data[3 + 2 * i] | data[4 + 2 * i] << 8 for i in range(5)]
    st.played, st.won, st.streak, st.best_streak, st.assisted = v
    st.fewest = data[13]
    if (
        st.won > st.played
        or st.streak > st.best_streak
        or st.best_streak > st.won
        or (st.fewest == 0) != (st.won == 0)
    ):
        raise ValueError("statistics damaged")
    return st


def load(app, game):
    from app.level8 import STATS, file

    return app.load(file(game, STATS), decode, Stats)


def save(app, game, st):
    from app.level8 import STATS, file

    app.store.write(file(game, STATS), encode(st))
