"""hw.buttons and hw.clock: debounce, auto-repeat, several buttons, the ticks wrap, and the
same events (and no allocation) under the real MicroPython."""

import time

import pytest

from hw import clock
from hw.buttons import Buttons
from tools import micropython as mpy

WRAP = 1 << 30  # MicroPython's ticks period


class FakePin:
    """A button wired to GND: value() is 0 while pressed (active low)."""

    def __init__(self, pressed=False, active_low=True):
        self.pressed = pressed
        self.active_low = active_low

    def value(self):
        return int(self.pressed) ^ int(self.active_low)


def simulate(script, until, start=0, step=1, names=("A", "B", "C"), **kw):
    """Poll every `step` ms from `start` for `until` ms; script maps a name to the
    (from, to) intervals, relative to start, during which it reads pressed. Returns
    [(ms since start, name)] for every event."""
    pins = {n: FakePin() for n in names}
    b = Buttons([(n, pins[n]) for n in names], **kw)
    out = []
    for t in range(0, until, step):
        for n in names:
            pins[n].pressed = any(a <= t < z for a, z in script.get(n, ()))
        for name in b.poll((start + t) % WRAP):
            out.append((t, name))
    return out


# -- debounce --------------------------------------------------------------------------


def test_clean_press_counts_once_after_debounce():
    assert simulate({"A": [(100, 200)]}, 1000, debounce_ms=20) == [(120, "A")]


def test_bounces_shorter_than_debounce_are_ignored():
    glitches = [(100, 105), (110, 129), (140, 141), (150, 160)]
    assert simulate({"A": glitches}, 1000, debounce_ms=20) == []


def test_contact_bounce_then_stable_press_counts_once():
    chatter = [(100, 102), (104, 107), (109, 300)]  # stable from 109
    assert simulate({"A": chatter}, 1000, debounce_ms=20) == [(129, "A")]


def test_release_bounce_does_not_press_again():
    press = [(100, 300), (302, 305), (309, 311)]  # releases at 300 with chatter
    assert simulate({"A": press}, 1000, debounce_ms=20) == [(120, "A")]


def test_short_release_inside_a_hold_is_not_a_new_press():
    hold = [(100, 300), (310, 600)]  # a 10 ms dropout, shorter than debounce
    assert simulate({"A": hold}, 1000, debounce_ms=20, repeat=()) == [(120, "A")]


def test_zero_debounce_counts_at_the_first_reading():
    assert simulate({"A": [(100, 101), (105, 106)]}, 200, debounce_ms=0) == [(100, "A"), (105, "A")]


def test_pressed_is_the_debounced_level():
    pin = FakePin()
    b = Buttons([("A", pin)], debounce_ms=20)
    b.poll(0)
    pin.pressed = True
    b.poll(1)
    assert not b.pressed("A")  # still bouncing, for all we know
    b.poll(21)
    assert b.pressed("A")
    pin.pressed = False
    b.poll(22)
    assert b.pressed("A")
    b.poll(42)
    assert not b.pressed("A")
    assert not b.pressed("nonesuch")


def test_button_held_at_power_up_is_pressed_but_not_an_event():
    pin = FakePin(pressed=True)
    b = Buttons([("A", pin)], debounce_ms=20, delay_ms=100, repeat_ms=50)
    assert b.pressed("A")
    assert [list(b.poll(t)) for t in range(0, 500, 10)] == [[]] * 50  # nor any repeat
    pin.pressed = False
    for t in range(500, 600, 10):
        b.poll(t)
    pin.pressed = True
    assert [n for t in range(600, 640, 10) for n in b.poll(t)] == ["A"]


def test_active_high_buttons():
    pin = FakePin(active_low=False)
    b = Buttons([("A", pin)], active_low=False, debounce_ms=5)
    events = []
    for t in range(100):
        pin.pressed = 20 <= t < 60
        events += [(t, n) for n in b.poll(t)]
    assert events == [(25, "A")]


# -- auto-repeat -----------------------------------------------------------------------


def test_auto_repeat_timing():
    ev = simulate({"A": [(0, 1000)]}, 2000, debounce_ms=20, delay_ms=400, repeat_ms=120)
    assert ev == [(20, "A"), (420, "A"), (540, "A"), (660, "A"), (780, "A"), (900, "A")]


def test_auto_repeat_keeps_its_rhythm_with_coarse_polling():
    # Polling every 16 ms (a 60 Hz loop): each repeat comes at the first poll at or after
    # its due time, and the schedule does not drift by the poll jitter.
    ev = simulate({"A": [(0, 1500)]}, 2000, step=16, debounce_ms=20, delay_ms=400, repeat_ms=120)
    times = [t for t, _ in ev]
    assert times[0] == 32  # first poll with 20 ms of stable reading
    due = [32 + 400 + 120 * k for k in range(9)]
    expected = [d + (-d) % 16 for d in due if d + (-d) % 16 < 1500]
    assert times[1:] == expected


def test_a_stall_gives_one_repeat_not_a_burst():
    pin = FakePin()
    b = Buttons([("A", pin)], debounce_ms=0, delay_ms=400, repeat_ms=100)
    pin.pressed = True
    assert list(b.poll(0)) == ["A"]
    assert list(b.poll(2000)) == ["A"]  # the loop was busy for 2 s: one repeat
    assert list(b.poll(2001)) == []
    assert list(b.poll(2099)) == []
    assert list(b.poll(2100)) == ["A"]


def test_repeat_only_for_the_held_button():
    ev = simulate({"A": [(0, 1000)], "B": [(100, 150), (600, 650)]}, 1100,
                  debounce_ms=10, delay_ms=300, repeat_ms=200)
    assert ev == [(10, "A"), (110, "B"), (310, "A"), (510, "A"), (610, "B"), (710, "A"), (910, "A")]


def test_repeat_can_be_limited_to_some_buttons_or_turned_off():
    script = {"A": [(0, 1000)], "B": [(0, 1000)]}
    ev = simulate(script, 1000, debounce_ms=10, delay_ms=300, repeat_ms=200, repeat=("B",))
    assert ev == [(10, "A"), (10, "B"), (310, "B"), (510, "B"), (710, "B"), (910, "B")]
    assert simulate(script, 1000, debounce_ms=10, repeat_ms=0) == [(10, "A"), (10, "B")]


def test_release_stops_repeats_and_a_new_press_restarts_the_delay():
    ev = simulate({"A": [(0, 500), (600, 1100)]}, 1200, debounce_ms=10, delay_ms=300, repeat_ms=100)
    assert ev == [(10, "A"), (310, "A"), (410, "A"), (610, "A"), (910, "A"), (1010, "A")]


# -- several buttons -------------------------------------------------------------------


def test_simultaneous_presses_come_in_one_poll_in_pin_order():
    pins = [FakePin() for _ in range(3)]
    b = Buttons(list(zip("XYZ", pins)), debounce_ms=0)
    b.poll(0)
    pins[2].pressed = pins[0].pressed = True
    assert list(b.poll(1)) == ["X", "Z"]
    assert list(b.poll(2)) == []
    assert b.pressed("X") and not b.pressed("Y") and b.pressed("Z")


def test_more_than_four_at_once_spill_into_the_next_poll():
    # The list keeps MicroPython's initial room of four, so it never reallocates.
    pins = [FakePin() for _ in range(6)]
    b = Buttons(list(zip("UDLRAB", pins)), debounce_ms=0, delay_ms=5, repeat_ms=5)
    b.poll(0)
    for p in pins:
        p.pressed = True
    assert list(b.poll(1)) == ["U", "D", "L", "R"]
    assert not b.pressed("A")
    assert list(b.poll(2)) == ["A", "B"]
    assert b.pressed("A")
    assert list(b.poll(6)) == ["U", "D", "L", "R"]  # repeats due together, four at a time
    assert list(b.poll(7)) == ["A", "B"]


def test_chord_and_overlap():
    ev = simulate({"A": [(0, 300)], "B": [(100, 200)], "C": [(250, 400)]}, 500,
                  debounce_ms=20, delay_ms=1000)
    assert ev == [(20, "A"), (120, "B"), (270, "C")]


def test_poll_reuses_its_list():
    pin = FakePin()
    b = Buttons([("A", pin)], debounce_ms=0)
    first = b.poll(0)
    pin.pressed = True
    second = b.poll(1)
    assert second is first and second == ["A"]
    assert b.poll(2) is first and first == []


# -- the ticks wrap --------------------------------------------------------------------


@pytest.mark.parametrize("start", [WRAP - 10, WRAP - 25, WRAP - 450, WRAP - 1, 0])
def test_debounce_and_repeat_across_the_ticks_wrap(start):
    script = {"A": [(0, 1000)], "B": [(5, 8), (12, 30)]}
    plain = simulate(script, 1200, debounce_ms=20, delay_ms=400, repeat_ms=120)
    assert simulate(script, 1200, start=start, debounce_ms=20, delay_ms=400, repeat_ms=120) == plain


def test_clock_fallback_matches_micropython_arithmetic():
    assert clock.ticks_diff(5, WRAP - 5) == 10
    assert clock.ticks_diff(WRAP - 5, 5) == -10
    assert clock.ticks_add(WRAP - 1, 1) == 0
    assert clock.ticks_add(0, -1) == WRAP - 1
    assert clock.ticks_diff(1 << 29, 0) == -(1 << 29)  # half a period away reads as behind
    assert clock.ticks_diff((1 << 29) - 1, 0) == (1 << 29) - 1
    with pytest.raises(OverflowError):
        clock.ticks_add(0, 1 << 29)


def test_clock_ticks_and_sleep():
    a = clock.ticks_ms()
    assert 0 <= a < WRAP
    t0 = time.monotonic()
    clock.sleep_ms(30)
    clock.sleep_ms(0)
    clock.sleep_ms(-5)
    assert time.monotonic() - t0 >= 0.029
    assert 25 <= clock.ticks_diff(clock.ticks_ms(), a) < 1000


# -- the real MicroPython --------------------------------------------------------------

PAIRS = [(0, 0), (5, WRAP - 5), (WRAP - 5, 5), (1 << 29, 0), ((1 << 29) - 1, 0), (0, 1 << 29),
         (WRAP - 1, 0), (0, WRAP - 1), (123456, 654321), (WRAP - 1, WRAP - 1), (1, (1 << 29) + 1)]
ADDS = [(WRAP - 1, 1), (0, -1), (5, 400), (WRAP - 100, 400), (12, (1 << 29) - 1), (12, 1 - (1 << 29)),
        (0, -(1 << 29)), (0, 1 << 29)]  # the last two overflow

CLOCK_PROGRAM = """
from hw import clock
for a, b in %r:
    print('diff', a, b, clock.ticks_diff(a, b))
for t, d in %r:
    try:
        print('add', t, d, clock.ticks_add(t, d))
    except OverflowError as e:
        print('add', t, d, 'OverflowError', e)
t = clock.ticks_ms()
print('range', 0 <= t < (1 << 30))
""" % (PAIRS, ADDS)

# Scripted pin levels, with polls at 1 ms and at 16 ms, some of them across the wrap.
SCENARIO_PROGRAM = r"""
from hw.buttons import Buttons

class P:
    def __init__(self):
        self.level = 1
    def value(self):
        return self.level

SCRIPT = {'A': [(0, 1000)], 'B': [(5, 8), (12, 30), (300, 302), (304, 700)],
          'C': [(100, 110), (250, 900)], 'D': [(0, 3), (7, 9), (400, 401)]}

def run(start, step, debounce, delay, every, repeat):
    pins = [(n, P()) for n in 'ABCD']
    b = Buttons(pins, debounce_ms=debounce, delay_ms=delay, repeat_ms=every, repeat=repeat)
    out = []
    for t in range(0, 1200, step):
        for n, p in pins:
            p.level = 0 if any(a <= t < z for a, z in SCRIPT[n]) else 1
        ev = b.poll((start + t) & ((1 << 30) - 1))
        if ev:
            out.append('%d:%s' % (t, ','.join(ev)))
    return ' '.join(out)

for start in (0, (1 << 30) - 10, (1 << 30) - 500):
    for step in (1, 16):
        print(start, step, run(start, step, 20, 400, 120, None))
        print(start, step, run(start, step, 5, 150, 60, ('A', 'C')))
"""

ALLOC_PROGRAM = r"""
import gc
from hw.buttons import Buttons

class P:
    def __init__(self):
        self.level = 1
    def value(self):
        return self.level

pins = [(n, P()) for n in ('UP', 'DOWN', 'LEFT', 'RIGHT', 'PRESS', 'A', 'B')]
b = Buttons(pins, debounce_ms=10, delay_ms=100, repeat_ms=30)
b.poll(0)
ev = before = junk = None  # globals exist before measuring (a new one grows the dict)
gc.collect()
gc.disable()
allocated = 0
events = 0
t = (1 << 30) - 2000  # crosses the wrap on the way
for i in range(4000):
    for k in range(len(pins)):
        # Each button held for a while, released, pressed again; up to four at once.
        pins[k][1].level = 0 if (i + 300 * k) % 1500 < 700 else 1
    before = gc.mem_alloc()
    ev = b.poll(t)
    allocated += gc.mem_alloc() - before
    events += len(ev)
    t = (t + 1) & ((1 << 30) - 1)
    if i % 500 == 0:
        junk = bytearray(48)  # other allocations between polls must not matter
gc.enable()
print(events, allocated)
"""


def test_clock_fallback_equals_micropython_ticks():
    got = mpy.run(CLOCK_PROGRAM).split("\n")
    want = mpy.run_cpython(CLOCK_PROGRAM).split("\n")
    assert got == want
    assert "range True" in got
    assert sum("OverflowError" in line for line in got) == 2


def test_buttons_give_the_same_events_under_micropython():
    got = mpy.run(SCENARIO_PROGRAM)
    want = mpy.run_cpython(SCENARIO_PROGRAM)
    assert got == want
    assert got.count("\n") == 12 and "A" in got and "C" in got


def test_poll_allocates_nothing_under_micropython():
    out = mpy.run(ALLOC_PROGRAM).split()
    events, allocated = int(out[0]), int(out[1])
    assert events > 100
    assert allocated == 0, "poll() allocated %d bytes over 4000 polls" % allocated
