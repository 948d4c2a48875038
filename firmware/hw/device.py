"""The handheld as the app sees it: display, buttons, backlight, LED, clock.

open(board) reads the profile's plain data (see boards/) and returns a Device, built by
hw/boot.py. Only hw/ (boot, the drivers, buttons) touches `machine`; nothing above it does.
"""


from hw import clock


class Device:
    """.display (a FrameBuffer with show()), .buttons (hw.buttons.Buttons), .keys (physical
    name -> logical key), .clock (hw.clock), .name, .title; backlight(), led(), power()."""

    def __init__(self, profile, display, buttons, backlight_pwm, led_pwms):
        self.name = profile.NAME
        self.title = profile.TITLE
        self.display = display
        self.buttons = buttons
        self.keys = profile.KEYS
        self.clock = clock
        self._bl = backlight_pwm
        self._leds = led_pwms
        self._level = 100

    def backlight(self, percent):
        """Screen brightness 0..100 (PWM backlight; contrast on an OLED)."""
        percent = 0 if percent < 0 else 100 if percent > 100 else int(percent)
        self._level = percent
        if self._bl is not None:
            # Squared, so equal steps look like equal steps to the eye.
            self._bl.duty_u16(percent * percent * 65535 // 10000)
        elif hasattr(self.display, "contrast"):
            self.display.contrast(percent * 255 // 100)

    def led(self, r, g, b):
        """RGB LED colour, 0..255 each (no-op on boards without one)."""
        if self._leds is not None:
            pwms = self._leds
            for i, v in ((0, r), (1, g), (2, b)):
                v = 0 if v < 0 else 255 if v > 255 else int(v)
                # Active low: full duty is dark. Squared like the backlight.
                pwms[i].duty_u16(65535 - v * v * 257 // 255)

    def power(self, on):
        """Panel and backlight off (sleep) or back on at the last brightness."""
        if on:
            self.display.power(True)
            self.backlight(self._level)
        else:
            level = self._level
            self.backlight(0)
            self._level = level
            self.led(0, 0, 0)
            self.display.power(False)

    def restart(self):
        """Start the firmware again with the power on: MicroPython's soft reset frees the
        whole heap, the interned names too, and runs main.py anew (it raises SystemExit,
        which no `except Exception` stops)."""
        import machine

        machine.soft_reset()


def open(profile):
    """Set up the clocks, display, backlight, LED and buttons of `profile`; a Device.

    The setting-up code (hw/boot.py) runs once at power-up, so it is unloaded right after:
    its bytecode would otherwise sit in the heap for the whole session."""
    from hw import boot

    try:
        display, buttons, bl, leds = boot.open_parts(profile)
    finally:
        import sys

        del sys.modules["hw.boot"]
        import hw

        if hasattr(hw, "boot"):
            delattr(hw, "boot")
    dev = Device(profile, display, buttons, bl, leds)
    # The backlight comes on only now: the drivers have cleared the panel's RAM, so the
    # first thing seen is black, not whatever the RAM held at power-up.
    dev.backlight(100)
    return dev
