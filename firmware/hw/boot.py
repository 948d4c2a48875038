"""Power-up: the parts of the handheld built from its board profile (see hw.device.open,
which runs this once, makes the Device of them and then unloads this module)."""

import machine

from compat import const
from hw.buttons import Buttons

_NAV = const(("up", "down", "left", "right"))  # logical keys that auto-repeat when held
_PWM_HZ = const(1000)  # backlight/LED PWM; flicker-free, and what the vendor demos use


def _pwm(gpio, duty):
    pwm = machine.PWM(machine.Pin(gpio))
    pwm.freq(_PWM_HZ)
    pwm.duty_u16(duty)
    return pwm


def _display(profile):
    d = profile.DISPLAY
    driver = d.get("driver")
    bus = d.get("bus")
    Pin = machine.Pin
    if driver == "st7789" and bus == "spi":
        from hw.st7789 import ST7789

        # miso=None leaves MISO unused on MicroPython 1.25+; older rp2 ports took the
        # default MISO instead, GP16 on SPI0, which is the Pico Display's DC line.
        spi = machine.SPI(d["spi"], baudrate=d["baudrate"], polarity=0, phase=0,
                          sck=Pin(d["sck"]), mosi=Pin(d["mosi"]), miso=None)
        # Claim CS/DC/RST after the SPI, so they end up as plain outputs whatever the SPI took.
        cs = Pin(d["cs"], Pin.OUT, value=1)
        dc = Pin(d["dc"], Pin.OUT, value=0)
        rst = None if d.get("rst") is None else Pin(d["rst"], Pin.OUT, value=1)
        return ST7789(spi, cs, dc, rst=rst, width=d["width"], height=d["height"],
                      x_offset=d["x_offset"], y_offset=d["y_offset"], madctl=d["madctl"],
                      invert=d["invert"])
    if driver == "ssd1306" and bus == "i2c":
        from hw.ssd1306 import SSD1306

        i2c = machine.I2C(d["i2c"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=d["freq"])
        return SSD1306(i2c, addr=d["addr"], width=d["width"], height=d["height"])
    raise ValueError("board %s: no driver for display %r on bus %r (known: st7789 on spi, ssd1306 on i2c)"
                     % (profile.NAME, driver, bus))


def open_parts(profile):
    """Set up the clocks, display, backlight, LED and buttons of `profile`; (display,
    buttons, backlight PWM or None, LED PWMs or None), the backlight still off."""
    freq = getattr(profile, "MACHINE_FREQ", None)
    if freq:
        try:
            machine.freq(*freq)
        except Exception:  # another port, or a MicroPython without the peripheral argument
            pass
    bl = None if profile.BACKLIGHT is None else _pwm(profile.BACKLIGHT, 0)
    leds = None if not profile.LED else tuple(_pwm(g, 65535) for g in profile.LED)
    display = _display(profile)
    pull = machine.Pin.PULL_UP if profile.BUTTON_ACTIVE_LOW else machine.Pin.PULL_DOWN
    pins = [(name, machine.Pin(gpio, machine.Pin.IN, pull)) for name, gpio in profile.BUTTONS]
    repeat = tuple(name for name, _ in profile.BUTTONS if profile.KEYS.get(name) in _NAV)
    buttons = Buttons(pins, active_low=profile.BUTTON_ACTIVE_LOW, repeat=repeat)
    return display, buttons, bl, leds
