"""The app's clock: ticks_ms, ticks_diff, ticks_add, sleep_ms (pass this module as `clock`).

On MicroPython these are time's own. Under CPython (simulator, tests) hw/hostclock.py runs
the same arithmetic over the monotonic clock, wrapping at 2**30 ms like MicroPython's
ticks, so code that is wrong across the wrap (about every 12.4 days on a Pico) is wrong on
the desktop too. Always compare ticks with ticks_diff, never with < or -.
"""

try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython: its own module, whose names a Pico never interns
    from hw.hostclock import sleep_ms, ticks_add, ticks_diff, ticks_ms  # type: ignore[no-redef]  # noqa: F401
