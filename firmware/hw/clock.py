"""The app's clock: ticks_ms, ticks_diff, ticks_add, sleep_ms (pass this module as `clock`).

On MicroPython these are time's own. Under CPython (simulator, tests) the same arithmetic
runs over the monotonic clock, wrapping at 2**30 ms like MicroPython's ticks, so code that
is wrong across the wrap (about every 12.4 days on a Pico) is wrong on the desktop too.
Always compare ticks with ticks_diff, never with < or -.
"""

try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython
    import time as _time

    from compat import TICKS_HALF, TICKS_MAX
    from compat import ticks_add as _add
    from compat import ticks_diff as _ticks_diff

    # monotonic_ns is CPython's; MicroPython's time has no such name (it never gets here).
    _ns = getattr(_time, "monotonic_ns", _time.time_ns)

    def _ticks_ms():
        return (_ns() // 1_000_000) & TICKS_MAX

    def _ticks_add(ticks, delta):
        # MicroPython refuses a delta that ticks_diff could not measure back.
        if not -TICKS_HALF < delta < TICKS_HALF:
            raise OverflowError("ticks interval overflow")
        return _add(ticks, delta)

    def _sleep_ms(ms):
        if ms > 0:
            _time.sleep(ms / 1000)

    ticks_ms = _ticks_ms
    ticks_diff = _ticks_diff
    ticks_add = _ticks_add
    sleep_ms = _sleep_ms
