"""Small bridges so firmware code runs unchanged on MicroPython and CPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x
