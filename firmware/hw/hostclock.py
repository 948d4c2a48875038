"""hw.clock's functions under CPython (the simulator, the tests): MicroPython's ticks
arithmetic over the monotonic clock, wrapping at 2**30 ms as a Pico's does. Never loaded
on a Pico, so its names are never interned there."""

import time

from compat import TICKS_HALF, TICKS_MAX
from compat import ticks_add as _add
from compat import ticks_diff as ticks_diff  # noqa: PLC0414  # re-exported for hw.clock

# monotonic_ns is CPython's; MicroPython's time has no such name (it never gets here).
_ns = getattr(time, "monotonic_ns", time.time_ns)


def ticks_ms():
    return (_ns() // 1_000_000) & TICKS_MAX


def ticks_add(ticks, delta):
    # MicroPython refuses a delta that ticks_diff could not measure back.
    if not -TICKS_HALF < delta < TICKS_HALF:
        raise OverflowError("ticks interval overflow")
    return _add(ticks, delta)


def sleep_ms(ms):
    if ms > 0:
        time.sleep(ms / 1000)
