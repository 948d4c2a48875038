"""Board profiles: one plain-data module per supported handheld (host side only).

load(name) imports boards/NAME.py; names() lists the profiles found in this package, so a
new board is just a new module. check(profile) lists what is wrong with a profile (the
tests and deploy refuse a profile with problems), and wiring_table(profile) gives the
markdown table of what connects to which Pico pin. Deploy copies the chosen profile onto
the Pico as board.py, so profiles import nothing and hold only literals.
"""

import importlib
import pkgutil

LOGICAL_KEYS = ("up", "down", "left", "right", "ok", "back")
REQUIRED_KEYS = ("up", "down", "ok", "back")  # the whole app must work with these four
DRIVERS = {"st7789": "spi", "ssd1306": "i2c"}  # display driver -> bus it talks on
_DISPLAY_FIELDS = {
    "st7789": ("width", "height", "spi", "sck", "mosi", "cs", "dc", "rst", "baudrate",
               "x_offset", "y_offset", "madctl", "invert"),
    "ssd1306": ("width", "height", "i2c", "sda", "scl", "addr", "freq"),
}
_ATTRIBUTES = ("NAME", "TITLE", "DISPLAY", "BACKLIGHT", "LED", "BUTTONS", "BUTTON_ACTIVE_LOW", "KEYS")

# Raspberry Pi Pico header: GPIO -> pin number, and the pins that are not GPIOs.
PICO_PIN = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
    13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29,
    26: 31, 27: 32, 28: 34,
}
POWER_PINS = {
    3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 33: "AGND", 38: "GND",
    30: "RUN", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 39: "VSYS", 40: "VBUS",
}


class UnknownBoard(ValueError):
    """No profile of that name."""


def names():
    """Names of every profile module in this package, sorted."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def load(name):
    """The profile module boards/NAME.py; UnknownBoard (listing the known ones) otherwise."""
    known = names()
    if name not in known:
        raise UnknownBoard("unknown board %r; known boards: %s" % (name, ", ".join(known)))
    return importlib.import_module(__name__ + "." + name)


def _spi_role(gpio, bus):
    # RP2040 function table: GPIOs come in blocks of 8 alternating SPI0/SPI1; within a block
    # of 4 the third is SCK and the fourth TX (MOSI).
    if (gpio >> 3) & 1 != bus:
        return None
    return {2: "sck", 3: "mosi"}.get(gpio & 3)


def _i2c_role(gpio, bus):
    # RP2040 function table: GPIO n is I2C((n >> 1) & 1), SDA when even, SCL when odd.
    if (gpio >> 1) & 1 != bus:
        return None
    return "scl" if gpio & 1 else "sda"


def used_pins(profile):
    """[(gpio, what)] for every GPIO the profile uses, in profile order."""
    out = []
    d = getattr(profile, "DISPLAY", None) or {}
    driver = d.get("driver", "?")
    if driver == "st7789":
        out += [(d.get("sck"), "display SPI%s SCK" % d.get("spi")),
                (d.get("mosi"), "display SPI%s MOSI" % d.get("spi")),
                (d.get("cs"), "display CS"), (d.get("dc"), "display DC")]
        if d.get("rst") is not None:
            out.append((d.get("rst"), "display reset"))
    elif driver == "ssd1306":
        out += [(d.get("sda"), "OLED SDA (I2C%s)" % d.get("i2c")),
                (d.get("scl"), "OLED SCL (I2C%s)" % d.get("i2c"))]
    if getattr(profile, "BACKLIGHT", None) is not None:
        out.append((profile.BACKLIGHT, "backlight (PWM)"))
    led = getattr(profile, "LED", None)
    if led:
        out += [(gpio, "LED %s (active low)" % c) for gpio, c in zip(led, ("red", "green", "blue"))]
    keys = getattr(profile, "KEYS", None) or {}
    for name, gpio in getattr(profile, "BUTTONS", ()) or ():
        out.append((gpio, "button %s (%s), other leg to GND" % (name, keys.get(name, "unmapped"))))
    return out


def check(profile):
    """Problems with a profile, as sentences; an empty list when it is fine."""
    problems = []
    for attr in _ATTRIBUTES:
        if not hasattr(profile, attr):
            problems.append("missing %s" % attr)
    if problems:
        return problems
    module = getattr(profile, "__name__", "").rpartition(".")[2]
    if module and module != "board" and module != profile.NAME:
        problems.append("NAME %r differs from the module name %r" % (profile.NAME, module))

    d = profile.DISPLAY
    driver = d.get("driver")
    if driver not in DRIVERS:
        problems.append("unknown display driver %r (known: %s)" % (driver, ", ".join(sorted(DRIVERS))))
    else:
        if d.get("bus") != DRIVERS[driver]:
            problems.append("display driver %s talks %s, not %r" % (driver, DRIVERS[driver], d.get("bus")))
        for field in _DISPLAY_FIELDS[driver]:
            if field not in d:
                problems.append("DISPLAY has no %r" % field)
        if not problems:
            if driver == "st7789":
                for role in ("sck", "mosi"):
                    if _spi_role(d[role], d["spi"]) != role:
                        problems.append("GPIO %s cannot be SPI%s %s" % (d[role], d["spi"], role.upper()))
            else:
                for role in ("sda", "scl"):
                    if _i2c_role(d[role], d["i2c"]) != role:
                        problems.append("GPIO %s cannot be I2C%s %s" % (d[role], d["i2c"], role.upper()))

    led = profile.LED
    if led is not None and (not isinstance(led, tuple) or len(led) != 3):
        problems.append("LED must be None or an (r, g, b) tuple of GPIOs")
    if not isinstance(profile.BUTTON_ACTIVE_LOW, bool):
        problems.append("BUTTON_ACTIVE_LOW must be True or False")
    clocks = getattr(profile, "MACHINE_FREQ", None)
    if clocks is not None and (not isinstance(clocks, tuple) or not 1 <= len(clocks) <= 2):
        problems.append("MACHINE_FREQ must be None or (cpu Hz, peripheral Hz)")

    seen = {}
    for gpio, what in used_pins(profile):
        if not isinstance(gpio, int) or gpio not in PICO_PIN:
            problems.append("%s: %r is not a GPIO on the Pico's header" % (what, gpio))
        elif gpio in seen:
            problems.append("GPIO %d is used twice: %s and %s" % (gpio, seen[gpio], what))
        else:
            seen[gpio] = what
    pwm = [profile.BACKLIGHT] if profile.BACKLIGHT is not None else []
    pwm += list(led or ())
    slices = {}
    for gpio in pwm:
        if isinstance(gpio, int):
            # A PWM slice channel drives one duty: two outputs on it would share a level.
            channel = ((gpio >> 1) & 7, gpio & 1)
            if channel in slices and slices[channel] != gpio:
                problems.append("GPIO %d and %d share PWM channel %d%s"
                                % (slices[channel], gpio, channel[0], "AB"[channel[1]]))
            slices[channel] = gpio

    buttons = [name for name, _ in profile.BUTTONS]
    if len(set(buttons)) != len(buttons):
        problems.append("button names repeat: %s" % ", ".join(buttons))
    for name, key in profile.KEYS.items():
        if name not in buttons:
            problems.append("KEYS maps %r, which is not in BUTTONS" % name)
        if key not in LOGICAL_KEYS:
            problems.append("KEYS maps %r to %r, not a logical key (%s)" % (name, key, ", ".join(LOGICAL_KEYS)))
    for name in buttons:
        if name not in profile.KEYS:
            problems.append("button %r has no logical key in KEYS" % name)
    have = set(profile.KEYS.values())
    for key in REQUIRED_KEYS:
        if key not in have:
            problems.append("no button for %r (every board needs up, down, ok and back)" % key)

    for pin, what in getattr(profile, "POWER", ()):
        if pin not in POWER_PINS:
            problems.append("POWER: Pico pin %r (%s) is not a power or ground pin" % (pin, what))
    return problems


def wiring_table(profile):
    """Markdown lines (header, rule, rows by Pico pin number) of what connects where."""
    rows = [(PICO_PIN.get(gpio, 0), "GP%s" % gpio, what) for gpio, what in used_pins(profile)]
    rows += [(pin, POWER_PINS.get(pin, "?"), what) for pin, what in getattr(profile, "POWER", ())]
    rows.sort()
    lines = ["| GPIO | Pico pin | connects to |", "|---|---|---|"]
    lines += ["| %s | %d | %s |" % (label, pin, what) for pin, label, what in rows]
    return lines


def boards_table():
    """Markdown lines of every supported board: name, title, display, buttons."""
    lines = ["| `--board` | handheld | display | buttons (physical = logical) |", "|---|---|---|---|"]
    for name in names():
        p = load(name)
        d = p.DISPLAY
        keys = ", ".join("%s = %s" % (b, p.KEYS.get(b, "-")) for b, _ in p.BUTTONS)
        display = "%s %dx%d, %s%s" % (d["driver"].upper(), d["width"], d["height"], d["bus"].upper(),
                                      d.get("spi", d.get("i2c")))
        lines.append("| `%s` | %s | %s | %s |" % (name, p.TITLE, display, keys))
    return lines
