"""Small bridges so firmware code runs unchanged on MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython: const() is only a hint to MicroPython's compiler
    const = lambda x: x

TICKS_MAX = const(0x3FFFFFFF)  # MicroPython's ticks wrap at 2**30 ms
TICKS_HALF = const(0x20000000)


def ticks_diff(end, start):
    """Signed ms from `start` to `end` in [-2**29, 2**29), across the wrap, as MicroPython's
    time.ticks_diff: the run loop hands the app plain ms ints, the simulator and tests too."""
    return ((end - start + TICKS_HALF) & TICKS_MAX) - TICKS_HALF


def ticks_add(ticks, delta):
    """`ticks` plus `delta` ms, wrapped as MicroPython's time.ticks_add."""
    return (ticks + delta) & TICKS_MAX
