"""app.level10.stats and app.settings: counting games, round trips, junk rejected, values clamped,
and the same bytes under MicroPython."""

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from app import settings as cfg
from app.level10 import stats
from app.level10.stats import _BEST as BEST
from app.level10.stats import _BEST_STREAK as BEST_STREAK
from app.level10.stats import _NEW_STREAK as NEW_STREAK
from app.level10.stats import _PLAYED as PLAYED
from app.level10.stats import _STREAK as STREAK
from app.level10.stats import ASSISTED, NEW_BEST, WON, Stats
from tools import micropython as mpy

# -- stats ----------------------------------------------------------------------------


def test_names_by_pauses():
    assert [stats.NAMES[p] for p in (3, 2, 1, 0)] == ["Beginner", "Standard", "Pro", "Master"]


def test_counting_and_streaks():
    s = Stats()
    assert stats.win_rate(s, 2) == 0
    assert stats.record(s, 2, False, 37, False) == NEW_BEST
    assert stats.record(s, 2, True, 80, False) == NEW_BEST | NEW_STREAK
    assert stats.record(s, 2, True, 60, False) == NEW_STREAK
    assert stats.record(s, 2, False, 20, False) == 0
    assert stats.record(s, 2, True, 80, False) == 0  # ties the best score, streak 1 < 2
    assert s.rows[2] == [5, 3, 80, 1, 2, 0]
    assert stats.win_rate(s, 2) == 60
    assert s.rows[0] == s.rows[1] == s.rows[3] == [0] * 6


def test_assisted_games_make_no_records():
    s = Stats()
    stats.record(s, 1, True, 50, False)
    stats.record(s, 1, True, 55, False)
    assert stats.record(s, 1, True, 100, True) == 0  # assisted win: counted apart
    r = s.rows[1]
    assert (r[PLAYED], r[WON], r[BEST], r[STREAK], r[BEST_STREAK], r[ASSISTED]) == (2, 2, 55, 2, 2, 1)
    stats.record(s, 1, True, 70, False)
    assert r[STREAK] == 3  # the assisted win neither broke nor extended the streak
    stats.record(s, 1, False, 10, True)  # an assisted loss ends the streak all the same
    assert (r[PLAYED], r[STREAK], r[BEST_STREAK], r[ASSISTED]) == (3, 0, 3, 2)
    assert stats.win_rate(s, 1) == 100


def test_win_rate_rounds_down():
    s = Stats()
    for won in (True, True, False):
        stats.record(s, 0, won, 10, False)
    assert stats.win_rate(s, 0) == 66
    for _ in range(197):
        stats.record(s, 0, True, 10, False)
    assert stats.win_rate(s, 0) == 99  # 199 of 200: not 100


def test_counts_stop_at_65535():
    s = Stats()
    s.rows[3] = [65535, 65535, 90, 65535, 65535, 65535]
    stats.record(s, 3, True, 95, False)
    stats.record(s, 3, True, 95, True)
    assert s.rows[3] == [65535, 65535, 95, 65535, 65535, 65535]
    assert stats.decode(stats.encode(s)).rows == s.rows


def test_score_is_clamped_and_pauses_checked():
    s = Stats()
    stats.record(s, 2, False, 250, False)
    assert s.rows[2][BEST] == 100
    for bad in (-1, 4):
        with pytest.raises(ValueError):
            stats.record(s, bad, True, 10, False)


def played_stats(seed):
    rng = random.Random(seed)
    s = Stats()
    for _ in range(rng.randrange(300)):
        stats.record(s, rng.randrange(4), rng.random() < 0.4, rng.randrange(101), rng.random() < 0.2)
    return s


def test_stats_round_trip():
    for seed in range(40):
        s = played_stats(seed)
        data = stats.encode(s)
        assert len(data) == 47
        assert stats.decode(data).rows == s.rows
    assert stats.decode(stats.encode(Stats())).rows == Stats().rows


def test_stats_reject_junk():
    s = Stats()
    s.rows[0] = [10, 4, 70, 1, 3, 2]  # bytes 3..13: played, won, best, streak, best streak, assisted
    good = bytearray(stats.encode(s))
    assert stats.decode(good).rows == s.rows
    bad = [b"", good[:-1], good + b"\x00", b"LS" + good[2:], good[:2] + b"\x02" + good[3:], bytes(47)]
    # a row that does not add up: won > played, best > 100, streak > best streak > won
    for at, v in ((5, 0xFF), (6, 0x01), (7, 101), (8, 0x05), (10, 0x05)):
        d = bytearray(good)
        d[at] = v
        bad.append(bytes(d))
    fresh = bytearray(stats.encode(Stats()))
    fresh[7] = 5  # a best score with no game played
    bad.append(bytes(fresh))
    for d in bad:
        with pytest.raises(ValueError) as e:
            stats.decode(d)
        assert type(e.value) is ValueError and str(e.value) in ("not statistics", "statistics damaged")


def damaged(seed, changes):
    """The bytes of a played history with some bytes changed."""
    data = bytearray(stats.encode(played_stats(seed)))
    for at, v in changes:
        data[at] = v
    return bytes(data)


# Random bytes are almost never statistics (47 bytes after b"LT\x01"), so most examples
# start from real statistics and change a few bytes; some have the header and random rows.
STATS_BYTES = st.one_of(
    st.builds(damaged, st.integers(0, 10**6), st.lists(st.tuples(st.integers(3, 46), st.integers(0, 255)), max_size=3)),
    st.binary(min_size=44, max_size=44).map(lambda rows: b"LT\x01" + rows),
    st.binary(max_size=60),
)


def rows_if_they_add_up(data):
    """The four rows as the layout in app/level10/stats.py describes them, or None when the bytes
    are not statistics or a row says something impossible: more wins than games, a best
    score above 100 or without a game, a streak longer than the best one or than the wins."""
    if len(data) != 47 or data[:3] != b"LT\x01":
        return None
    rows = []
    for at in range(3, 47, 11):
        played, won = int.from_bytes(data[at : at + 2], "little"), int.from_bytes(data[at + 2 : at + 4], "little")
        best = data[at + 4]
        streak, best_streak, assisted = (int.from_bytes(data[i : i + 2], "little") for i in (at + 5, at + 7, at + 9))
        if won > played or best > 100 or (best and not played) or not streak <= best_streak <= won:
            return None
        rows.append([played, won, best, streak, best_streak, assisted])
    return rows


@settings(max_examples=400, deadline=None)
@given(STATS_BYTES)
def test_stats_decode_accepts_exactly_the_statistics_that_add_up(data):
    rows = rows_if_they_add_up(data)
    event("statistics" if rows else "not statistics")
    try:
        s = stats.decode(data)
    except ValueError:
        assert rows is None, "refused: %r" % rows
        return
    assert s.rows == rows
    assert stats.encode(s) == data


# -- settings ---------------------------------------------------------------------------


def test_settings_defaults_round_trip():
    s = cfg.Settings()
    data = cfg.encode(s)
    assert data == b"LC\x02\x50\x05\x01" and len(data) == 6
    back = cfg.decode(data)
    assert vars(back) == vars(s) == {"brightness": 80, "sleep_after": 5, "reasons": True}


def test_settings_of_version_1_keep_their_own_values_and_are_written_anew():
    # brightness 50, sleep 10, then Level 10's pauses 1 and players 4, reasons and pass and play
    old = b"LC\x01\x32\x0a\x01\x04\x03"
    s = cfg.decode(old)
    assert vars(s) == {"brightness": 50, "sleep_after": 10, "reasons": True}
    assert cfg.encode(s) == b"LC\x02\x32\x0a\x01"
    assert not cfg.decode(old[:7] + b"\x02").reasons  # pass and play alone: no reasons


def test_settings_round_trip_every_choice():
    for b in range(10, 101, 10):
        for m in cfg.SLEEP_CHOICES:
            for reasons in (False, True):
                s = cfg.Settings()
                s.brightness, s.sleep_after, s.reasons = b, m, reasons
                assert vars(cfg.decode(cfg.encode(s))) == vars(s)


def test_settings_clamped():
    d = bytearray(cfg.encode(cfg.Settings()))
    d[3:5] = bytes((0, 3))
    s = cfg.decode(bytes(d))
    assert (s.brightness, s.sleep_after) == (10, 5)
    d[3:5] = bytes((255, 200))
    s = cfg.decode(bytes(d))
    assert (s.brightness, s.sleep_after) == (100, 0)
    s = cfg.decode(b"LC\x01\x00\x03\x09\x00\x00")  # version 1 too
    assert (s.brightness, s.sleep_after) == (10, 5)
    assert [cfg.brightness(v) for v in (0, 14, 15, 44, 99, 100, 1000)] == [10, 10, 20, 40, 100, 100, 100]
    assert [cfg.sleep_after(m) for m in (0, 1, 2, 3, 5, 6, 10, 11)] == [0, 1, 2, 5, 5, 10, 10, 0]


def test_settings_steps_and_labels():
    m, seen = 1, []
    for _ in range(5):
        seen.append(m)
        m = cfg.next_sleep(m)
    assert seen == [1, 2, 5, 10, 0] and m == 1
    assert cfg.next_sleep(1, -1) == 0
    assert [cfg.sleep_label(m) for m in (1, 10, 0)] == ["1 min", "10 min", "never"]


def test_settings_reject_junk():
    good = cfg.encode(cfg.Settings())
    old = b"LC\x01\x50\x05\x02\x01\x01"
    for d in (
        b"",
        b"LC",
        good[:-1],
        good + b"\x00",
        b"LT" + good[2:],
        good[:2] + b"\x09" + good[3:],
        good[:2] + b"\x01" + good[3:],  # version 1 is 8 bytes
        good[:5] + b"\x02",  # version 2 has no bit 1
        old[:2] + b"\x02" + old[3:],  # nor 8 bytes
        old[:7] + b"\x04",
        old[:-1],
    ):
        with pytest.raises(ValueError) as e:
            cfg.decode(d)
        assert str(e.value) == "not settings"


def settings_meant(data):
    """(brightness, sleep_after, reasons) that settings bytes (version 2, or version 1 of
    before games were plug-ins) stand for, each pulled into range as app/settings.py
    describes, or None when the bytes are not settings."""
    if len(data) == 6 and data[:3] == b"LC\x02" and data[5] <= 1:
        flags = data[5]
    elif len(data) == 8 and data[:3] == b"LC\x01" and data[7] <= 3:
        flags = data[7]
    else:
        return None
    light = min(100, max(10, (data[3] + 5) // 10 * 10))
    sleep = 0 if data[4] == 0 or data[4] > 10 else next(c for c in (1, 2, 5, 10) if data[4] <= c)
    return light, sleep, flags & 1 == 1


# as with statistics: the header and random values, mostly (random bytes are not settings)
SETTINGS_BYTES = st.one_of(
    st.binary(min_size=3, max_size=3).map(lambda values: b"LC\x02" + values),
    st.tuples(st.binary(min_size=2, max_size=2), st.integers(0, 1)).map(lambda v: b"LC\x02" + v[0] + bytes([v[1]])),
    st.binary(min_size=5, max_size=5).map(lambda values: b"LC\x01" + values),
    st.tuples(st.binary(min_size=4, max_size=4), st.integers(0, 3)).map(lambda v: b"LC\x01" + v[0] + bytes([v[1]])),
    st.binary(max_size=12),
)


@settings(max_examples=400, deadline=None)
@given(SETTINGS_BYTES)
def test_settings_decode_pulls_every_value_into_range(data):
    meant = settings_meant(data)
    event("settings" if meant else "not settings")
    try:
        s = cfg.decode(data)
    except ValueError:
        assert meant is None
        return
    assert (s.brightness, s.sleep_after, s.reasons) == meant
    assert 10 <= s.brightness <= 100 and s.sleep_after in cfg.SLEEP_CHOICES
    assert cfg.decode(cfg.encode(s)).__dict__ == s.__dict__


# -- MicroPython ------------------------------------------------------------------------

PARITY = r"""
from app import settings
from app.level10 import stats
from prng import Prng

def hx(b):
    return "".join("%02x" % c for c in b)

rng = Prng(11)
s = stats.Stats()
for i in range(200):
    new = stats.record(s, rng.below(4), rng.below(5) < 2, rng.below(101), rng.below(5) == 0)
    if i % 20 == 0:
        print(new, hx(stats.encode(s)), [stats.win_rate(s, p) for p in range(4)])
print(stats.decode(stats.encode(s)).rows == s.rows)
c = settings.Settings()
print(hx(settings.encode(c)))
for raw in (b"LC\x01\x00\x03\x09\x00\x00", b"LC\x01\xff\xc8\xff\xc8\x01", b"LC\x01\x2d\x0a\x01\x03\x02",
            b"LC\x02\x00\x03\x00", b"LC\x02\xff\xc8\x01"):
    t = settings.decode(raw)
    print(t.brightness, t.sleep_after, t.reasons, hx(settings.encode(t)))
for bad in (b"", b"LC\x02\x50\x05\x02\x01\x01", b"LC\x01\x50\x05\x02\x01\x07", b"LC\x02\x50\x05\x02"):
    try:
        settings.decode(bad)
    except ValueError as e:
        print("bad:", e)
print([settings.next_sleep(m) for m in settings.SLEEP_CHOICES], settings.sleep_label(0))
"""


def test_same_under_micropython():
    cp = mpy.run_cpython(PARITY)
    assert "True" in cp and cp.count("bad: not settings") == 4
    assert mpy.run(PARITY) == cp
