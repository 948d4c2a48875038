"""The desktop side of the firmware: runs `firmware/` under CPython.

Importing this package puts `firmware/` on sys.path, exactly where the Pico
has it (the root of its flash), so firmware modules import the same way here,
and makes the stand-ins importable as `machine` and `framebuf` (this package's
machine.py and framebuf.py), the seam where the Pico's hardware would be.
"""

import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def one_line(text):
    """`text` as one line of an error message: each character that is not printable (a line
    break of any kind, a tab, a control code) written as its Python escape, so that a bad
    argument or record token echoed in the message cannot split it or hide in it."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def install():
    """Make the stand-ins importable as `machine` and `framebuf` (a real one wins)."""
    for name in ("machine", "framebuf"):
        if name in sys.modules:
            continue
        try:
            __import__(name)
        except ImportError:
            __import__("host_sim." + name)
            sys.modules[name] = sys.modules["host_sim." + name]


def _print_exception(e, file=None):
    import traceback

    traceback.print_exception(e, file=file)


install()
if not hasattr(sys, "print_exception"):  # MicroPython's way to write a traceback to a file
    sys.print_exception = _print_exception
