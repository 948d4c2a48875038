"""One program for the tests that run the firmware's own main loop (app.run.main) under
the real MicroPython or CPython: the board's display on a sink, the buttons driven by a
virtual clock, then WAIT ms with no key. The caller sets NAMES (button names to press in
turn, 60 ms each, 150 ms apart), WAIT and ROOT (the flash folder) before it and prints
what it needs after it from `apps[-1]` (the App)."""


def program(names, tail, wait=0, root="/"):
    """The code to run: the settings, the loop, then `tail`."""
    return "NAMES = %r\nWAIT = %d\nROOT = %r\n" % (names, wait, root) + LOOP + tail


LOOP = r"""
import machine
import board
from app import run
from compat import ticks_diff as _ticks_diff

D = board.DISPLAY
if D["bus"] == "spi":
    machine.attach_spi(D["spi"], machine.Sink(), dc=D["dc"], cs=D["cs"])
else:
    machine.attach_i2c(D["i2c"], D["addr"], machine.Sink())
PINS = dict(board.BUTTONS)
PRESSES = NAMES.split()
for gpio in PINS.values():
    machine.drive(gpio, 1)


class Clock:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return _ticks_diff(a, b)

    def sleep_ms(self, ms):
        self.t += ms
        i, phase = divmod(self.t - 300, 150)
        if 0 <= i < len(PRESSES):
            machine.drive(PINS[PRESSES[i]], 0 if phase < 60 else 1)
        elif self.t > 300 + 150 * len(PRESSES) + WAIT:
            raise SystemExit  # not an Exception: the loop's safety net lets it through


apps = []
try:
    run.main(board, clock=Clock(), root=ROOT, on_start=apps.append)
except SystemExit:
    pass
"""
