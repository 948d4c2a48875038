"""Board profiles (boards/), their checks and wiring tables, and hw.device building a handheld
from each profile over the `machine` stand-in."""

import ast
import importlib
import sys
import types
from pathlib import Path

import pytest

import boards
from tools import micropython as mpy

BOARDS_DIR = Path(boards.__file__).parent
NAMES = boards.names()


def fake_profile(**changes):
    """A copy of the Pico Display profile as a plain module, with `changes` applied
    (a value of None given as DELETE removes the attribute)."""
    src = boards.load("pico_display")
    m = types.ModuleType("boards.pico_display")
    for k in dir(src):
        if k.isupper():
            v = getattr(src, k)
            setattr(m, k, dict(v) if isinstance(v, dict) else v)
    for k, v in changes.items():
        if v is DELETE:
            delattr(m, k)
        else:
            setattr(m, k, v)
    return m


DELETE = object()


# -- loading ---------------------------------------------------------------------------


def test_names_are_the_modules_in_the_package():
    files = sorted(p.stem for p in BOARDS_DIR.glob("*.py") if not p.stem.startswith("_"))
    assert files == NAMES
    assert {"pico_display", "pico_lcd_114", "oled_128x64"} <= set(NAMES)


def test_unknown_board_lists_the_known_ones():
    with pytest.raises(boards.UnknownBoard) as e:
        boards.load("gameboy")
    assert isinstance(e.value, ValueError)
    assert str(e.value) == "unknown board 'gameboy'; known boards: " + ", ".join(NAMES)
    for name in ("__init__", "os", "", "pico_display.py"):
        with pytest.raises(boards.UnknownBoard):
            boards.load(name)


@pytest.mark.parametrize("name", NAMES)
def test_profile_passes_check(name):
    profile = boards.load(name)
    assert name == profile.NAME
    assert boards.check(profile) == []


@pytest.mark.parametrize("name", NAMES)
def test_profile_is_plain_data(name):
    # Deploy copies the module onto the Pico as board.py: no imports, only literals.
    tree = ast.parse((BOARDS_DIR / (name + ".py")).read_text())
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        assert isinstance(node, ast.Assign), ast.dump(node)
        assert all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets)
        ast.literal_eval(node.value)


def test_profiles_read_the_same_under_micropython():
    # MicroPython's dicts keep no order: compare their sorted items.
    program = "def show(v):\n    return repr(sorted(v.items()) if isinstance(v, dict) else v)\n"
    for name in NAMES:
        src = (BOARDS_DIR / (name + ".py")).read_text()
        program += "ns = {}\nexec(%r, ns)\n" % src
        program += "print(sorted((k, show(v)) for k, v in ns.items() if k.isupper()))\n"
    assert mpy.run(program) == mpy.run_cpython(program)


# -- the researched pinouts ------------------------------------------------------------


def test_pico_display_pinout():
    p = boards.load("pico_display")
    d = p.DISPLAY
    assert (d["driver"], d["bus"], d["spi"], d["sck"], d["mosi"], d["cs"], d["dc"], d["rst"]) == (
        "st7789", "spi", 0, 18, 19, 17, 16, None)
    assert (d["width"], d["height"], d["x_offset"], d["y_offset"], d["madctl"], d["invert"]) == (
        240, 135, 40, 53, 0x70, True)
    assert p.BACKLIGHT == 20 and p.LED == (6, 7, 8)
    assert dict(p.BUTTONS) == {"A": 12, "B": 13, "X": 14, "Y": 15}
    assert p.KEYS == {"A": "ok", "B": "back", "X": "up", "Y": "down"}
    assert p.MACHINE_FREQ == (125_000_000, 125_000_000)


def test_pico_lcd_114_pinout():
    p = boards.load("pico_lcd_114")
    d = p.DISPLAY
    assert (d["driver"], d["bus"], d["spi"], d["sck"], d["mosi"], d["cs"], d["dc"], d["rst"]) == (
        "st7789", "spi", 1, 10, 11, 9, 8, 12)
    assert (d["width"], d["height"], d["x_offset"], d["y_offset"], d["madctl"], d["invert"]) == (
        240, 135, 40, 53, 0x70, True)
    assert p.BACKLIGHT == 13 and p.LED is None
    assert dict(p.BUTTONS) == {"UP": 2, "DOWN": 18, "LEFT": 16, "RIGHT": 20, "PRESS": 3, "A": 15, "B": 17}
    assert p.KEYS == {"UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right",
                      "PRESS": "ok", "A": "ok", "B": "back"}


def test_oled_board_has_six_buttons_and_i2c0():
    p = boards.load("oled_128x64")
    assert sorted(p.KEYS.values()) == sorted(boards.LOGICAL_KEYS)
    assert p.DISPLAY["bus"] == "i2c" and p.DISPLAY["i2c"] == 0
    assert (p.DISPLAY["width"], p.DISPLAY["height"], p.DISPLAY["addr"]) == (128, 64, 0x3C)
    assert p.BUTTON_ACTIVE_LOW is True and p.BACKLIGHT is None and p.LED is None


# -- check() finds what is wrong -------------------------------------------------------


def problems(**changes):
    return boards.check(fake_profile(**changes))


def test_check_accepts_the_copy():
    assert problems() == []


def test_check_missing_attributes():
    assert problems(KEYS=DELETE, LED=DELETE) == ["missing LED", "missing KEYS"]


def test_check_duplicate_pins():
    p = problems(BUTTONS=(("A", 12), ("B", 13), ("X", 14), ("Y", 16)))
    assert p == ["GPIO 16 is used twice: display DC and button Y (down), other leg to GND"]


def test_check_unknown_logical_key_and_unmapped_names():
    p = problems(KEYS={"A": "ok", "B": "back", "X": "up", "Y": "jump", "Z": "down"})
    assert "KEYS maps 'Y' to 'jump', not a logical key (up, down, left, right, ok, back)" in p
    assert "KEYS maps 'Z', which is not in BUTTONS" in p
    q = problems(KEYS={"A": "ok", "B": "back", "X": "up"})
    assert "button 'Y' has no logical key in KEYS" in q


def test_check_four_button_minimum():
    p = problems(BUTTONS=(("A", 12), ("B", 13), ("X", 14)), KEYS={"A": "ok", "B": "back", "X": "up"})
    assert p == ["no button for 'down' (every board needs up, down, ok and back)"]
    q = problems(KEYS={"A": "ok", "B": "ok", "X": "up", "Y": "down"})
    assert q == ["no button for 'back' (every board needs up, down, ok and back)"]


def test_check_display_driver_and_bus():
    d = dict(boards.load("pico_display").DISPLAY, driver="ili9341")
    assert problems(DISPLAY=d) == ["unknown display driver 'ili9341' (known: ssd1306, st7789)"]
    d = dict(boards.load("pico_display").DISPLAY, bus="i2c")
    assert problems(DISPLAY=d) == ["display driver st7789 talks spi, not 'i2c'"]
    d = dict(boards.load("pico_display").DISPLAY)
    del d["madctl"]
    assert problems(DISPLAY=d) == ["DISPLAY has no 'madctl'"]


def test_check_bus_pins_against_the_rp2040_function_table():
    d = dict(boards.load("pico_display").DISPLAY, spi=1)
    assert problems(DISPLAY=d) == ["GPIO 18 cannot be SPI1 SCK", "GPIO 19 cannot be SPI1 MOSI"]
    d = dict(boards.load("pico_display").DISPLAY, sck=19, mosi=18)
    assert problems(DISPLAY=d) == ["GPIO 19 cannot be SPI0 SCK", "GPIO 18 cannot be SPI0 MOSI"]
    oled = boards.load("oled_128x64")
    bad = types.ModuleType("boards.oled_128x64")
    for k in dir(oled):
        if k.isupper():
            setattr(bad, k, getattr(oled, k))
    bad.DISPLAY = dict(oled.DISPLAY, sda=5, scl=4)
    assert boards.check(bad) == ["GPIO 5 cannot be I2C0 SDA", "GPIO 4 cannot be I2C0 SCL"]
    bad.DISPLAY = dict(oled.DISPLAY, i2c=1, sda=2, scl=3)
    assert boards.check(bad) == []


def test_check_gpio_must_be_on_the_header():
    assert problems(BACKLIGHT=25) == ["backlight (PWM): 25 is not a GPIO on the Pico's header"]
    assert problems(BACKLIGHT=30) == ["backlight (PWM): 30 is not a GPIO on the Pico's header"]


def test_check_pwm_channels_do_not_collide():
    # PWM slice = (gpio >> 1) & 7, channel = gpio & 1: GP6 and GP22 are both slice 3 A,
    # so they could only ever show the same duty.
    assert problems(LED=(6, 7, 22)) == ["GPIO 6 and 22 share PWM channel 3A"]
    assert problems(BACKLIGHT=22) == ["GPIO 22 and 6 share PWM channel 3A"]
    assert problems(BACKLIGHT=4) == []  # slice 2 A, like GP20 which it replaces
    assert problems(LED=(22, 7, 8)) == []  # 3A, 3B, 4A


def test_check_name_and_power_pins():
    m = fake_profile(NAME="other")
    assert boards.check(m) == ["NAME 'other' differs from the module name 'pico_display'"]
    assert problems(POWER=((36, "VCC"), (12, "oops"))) == [
        "POWER: Pico pin 12 (oops) is not a power or ground pin"]


# -- wiring tables ---------------------------------------------------------------------


def test_pico_header_table():
    assert len(boards.PICO_PIN) == 26
    pins = set(boards.PICO_PIN.values())
    assert len(pins) == 26 and not pins & set(boards.POWER_PINS)
    assert pins | set(boards.POWER_PINS) == set(range(1, 41))
    assert (boards.PICO_PIN[0], boards.PICO_PIN[4], boards.PICO_PIN[15], boards.PICO_PIN[16],
            boards.PICO_PIN[22], boards.PICO_PIN[28]) == (1, 6, 20, 21, 29, 34)


def test_oled_wiring_table():
    lines = boards.wiring_table(boards.load("oled_128x64"))
    assert lines[:2] == ["| GPIO | Pico pin | connects to |", "|---|---|---|"]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
    assert rows[0] == ["GP4", "6", "OLED SDA (I2C0)"]
    assert rows[1] == ["GP5", "7", "OLED SCL (I2C0)"]
    assert ["3V3(OUT)", "36", "OLED VCC"] in rows and ["GND", "38", "OLED GND"] in rows
    gpios = {r[0] for r in rows}
    for _name, gpio in boards.load("oled_128x64").BUTTONS:
        assert "GP%d" % gpio in gpios
    assert [int(r[1]) for r in rows] == sorted(int(r[1]) for r in rows)


@pytest.mark.parametrize("name", NAMES)
def test_every_used_gpio_is_in_the_wiring_table(name):
    p = boards.load(name)
    text = "\n".join(boards.wiring_table(p))
    for gpio, what in boards.used_pins(p):
        assert "| GP%d | %d | %s |" % (gpio, boards.PICO_PIN[gpio], what) in text


def test_boards_table_lists_every_board():
    lines = boards.boards_table()
    assert len(lines) == 2 + len(NAMES)
    for name, line in zip(NAMES, lines[2:]):
        assert line.startswith("| `%s` | %s |" % (name, boards.load(name).TITLE))


# -- hw.device over the machine stand-in -----------------------------------------------


class I2CSink:
    """Acknowledges every I2C transaction (the stand-in raises OSError when nobody does)."""

    def __init__(self):
        self.data = bytearray()

    def i2c_start(self):
        pass

    def i2c_write(self, buf):
        self.data += buf

    def i2c_stop(self):
        pass


DRIVERS = ("hw.device", "hw.st7789", "hw.ssd1306")


@pytest.fixture
def device():
    """(hw.device, machine) with host_sim.machine as `machine` (and host_sim.framebuf as
    `framebuf`, CPython having none) and an I2C sink at every board's OLED address; the
    stand-in's tables are reset around each test."""
    from host_sim import framebuf, machine

    saved = {k: sys.modules.get(k) for k in ("machine", "framebuf")}
    sys.modules["machine"] = machine
    sys.modules["framebuf"] = framebuf
    for mod in DRIVERS:
        sys.modules.pop(mod, None)
    machine.reset_all()
    for name in NAMES:
        d = boards.load(name).DISPLAY
        if d["bus"] == "i2c":
            machine.attach_i2c(d["i2c"], d["addr"], I2CSink())
    try:
        yield importlib.import_module("hw.device"), machine
    finally:
        for mod in DRIVERS:
            sys.modules.pop(mod, None)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
        machine.reset_all()


@pytest.mark.parametrize("name", NAMES)
def test_device_opens_every_board(device, name):
    hw_device, machine = device
    profile = boards.load(name)
    dev = hw_device.open(profile)
    d = profile.DISPLAY
    assert dev.name == name and dev.title == profile.TITLE and dev.keys == profile.KEYS
    assert (dev.display.width, dev.display.height) == (d["width"], d["height"])
    assert dev.display.mono == (d["driver"] == "ssd1306")
    assert dev.display.bytes_sent > 0  # initialised and cleared before the backlight came on
    assert dev.clock.ticks_diff(dev.clock.ticks_add(5, 10), 5) == 10
    dev.backlight(50)
    dev.backlight(150)
    dev.led(255, 0, 128)
    dev.power(False)
    dev.power(True)


@pytest.mark.parametrize("name", NAMES)
def test_device_buttons_follow_the_pins(device, name):
    hw_device, machine = device
    profile = boards.load(name)
    dev = hw_device.open(profile)
    idle = 1 if profile.BUTTON_ACTIVE_LOW else 0
    for _n, gpio in profile.BUTTONS:
        machine.drive(gpio, idle)
    dev.buttons.poll(0)
    for i, (physical, gpio) in enumerate(profile.BUTTONS):
        t = 1000 * (i + 1)
        machine.drive(gpio, 1 - idle)
        assert list(dev.buttons.poll(t)) == []
        assert list(dev.buttons.poll(t + 25)) == [physical]
        assert dev.keys[physical] in boards.LOGICAL_KEYS
        machine.drive(gpio, idle)
        dev.buttons.poll(t + 100)
        dev.buttons.poll(t + 200)
        assert not dev.buttons.pressed(physical)


def test_device_navigation_keys_repeat_and_ok_back_do_not(device):
    hw_device, machine = device
    profile = boards.load("pico_display")
    dev = hw_device.open(profile)
    for gpio in (12, 13, 14, 15):
        machine.drive(gpio, 1)
    dev.buttons.poll(0)
    for gpio in (12, 13, 14):  # A (ok), B (back), X (up) held for 2 s
        machine.drive(gpio, 0)
    events = [n for t in range(10, 2000, 10) for n in dev.buttons.poll(t)]
    assert events.count("A") == 1 and events.count("B") == 1 and events.count("X") > 5


def test_device_backlight_and_led_pwm(device):
    hw_device, machine = device
    dev = hw_device.open(boards.load("pico_display"))
    bl = dev._bl
    dev.backlight(100)
    assert bl.duty_u16() == 65535
    dev.backlight(50)
    assert bl.duty_u16() == 65535 // 4
    dev.backlight(0)
    assert bl.duty_u16() == 0
    dev.led(255, 0, 16)
    r, g, b = (p.duty_u16() for p in dev._leds)
    assert (r, g) == (0, 65535) and 65535 - 300 < b < 65535  # active low, squared
    dev.backlight(80)
    dev.power(False)
    assert bl.duty_u16() == 0
    dev.power(True)
    assert bl.duty_u16() == 80 * 80 * 65535 // 10000


def test_device_spi_runs_at_the_asked_rate(device):
    hw_device, machine = device
    # The stand-in models the rp2 port: SPI divides the peripheral clock, 48 MHz unless
    # raised, which would cap 62.5 MHz at 24 MHz.
    dev = hw_device.open(boards.load("pico_display"))
    assert dev.display.spi.baudrate == 62_500_000
    assert machine.freq() == 125_000_000


def test_device_raises_the_peripheral_clock_for_spi_boards(device, monkeypatch):
    hw_device, machine = device
    calls = []
    monkeypatch.setattr(machine, "freq", lambda *a: calls.append(a))
    hw_device.open(boards.load("pico_display"))
    assert calls == [(125_000_000, 125_000_000)]
    calls.clear()
    hw_device.open(boards.load("oled_128x64"))
    assert calls == []

    def refuse(*a):
        raise ValueError("freq not supported")

    monkeypatch.setattr(machine, "freq", refuse)
    hw_device.open(boards.load("pico_lcd_114"))  # a port that refuses still boots


def test_device_unknown_display_driver(device):
    hw_device, machine = device
    p = fake_profile(DISPLAY=dict(boards.load("pico_display").DISPLAY, driver="ili9341"))
    with pytest.raises(ValueError, match="no driver for display 'ili9341' on bus 'spi'"):
        hw_device.open(p)
    p = fake_profile(DISPLAY=dict(boards.load("pico_display").DISPLAY, bus="i2c"))
    with pytest.raises(ValueError, match="known: st7789 on spi, ssd1306 on i2c"):
        hw_device.open(p)


# The same power-up and button presses under the real MicroPython (real framebuf, the
# machine stand-in from host_sim) and under CPython: same bus traffic, same events.
DEVICE_PROGRAM = r"""
import machine
from hw import device

class Sink:
    def __init__(self):
        self.n = 0
    def i2c_start(self):
        pass
    def i2c_write(self, buf):
        self.n += len(buf)
    def i2c_stop(self):
        pass

class Profile:
    pass

def load(src):
    ns = {}
    exec(src, ns)
    p = Profile()
    for k in ns:
        if k.isupper():
            setattr(p, k, ns[k])
    return p

for src in SOURCES:
    machine.reset_all()
    p = load(src)
    d = p.DISPLAY
    if d['bus'] == 'i2c':
        machine.attach_i2c(d['i2c'], d['addr'], Sink())
    dev = device.open(p)
    idle = 1 if p.BUTTON_ACTIVE_LOW else 0
    events = []
    t = (1 << 30) - 700
    for step in range(300):
        for k in range(len(p.BUTTONS)):
            gpio = p.BUTTONS[k][1]
            machine.drive(gpio, 1 - idle if (step // 7 + k) % 9 == 0 or step > 250 else idle)
        for name in dev.buttons.poll(t):
            events.append('%d:%s' % (step, name))
        t = (t + 10) & ((1 << 30) - 1)
    dev.backlight(40)
    dev.led(10, 200, 255)
    print(p.NAME, dev.display.width, dev.display.height, dev.display.bytes_sent,
          machine.spi_bytes(d.get('spi', 0)), machine.i2c_bytes(d.get('i2c', 0)), machine.freq())
    print(' '.join(events))
"""


def test_device_alike_under_micropython():
    sources = [(BOARDS_DIR / (n + ".py")).read_text() for n in NAMES]
    program = "SOURCES = %r\n" % sources + DEVICE_PROGRAM
    got = mpy.run(program, lib_dirs=[mpy.HOST_SIM / "machine.py"])
    want = mpy.run_cpython(program, lib_dirs=[mpy.HOST_SIM])
    assert got == want
    assert got.count("\n") == 2 * len(NAMES)
    assert "pico_display 240 135" in got and "oled_128x64 128 64" in got


def test_readme_tables_are_the_profiles():
    """The README's board table and OLED wiring table are generated from the profiles;
    this keeps them true when a profile changes."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "\n".join(boards.boards_table()) in readme
    assert "\n".join(boards.wiring_table(boards.load("oled_128x64"))) in readme
