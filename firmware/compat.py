"""Small bridges so firmware code runs unchanged on MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython: const() is only a hint to MicroPython's compiler
    const = lambda x: x
