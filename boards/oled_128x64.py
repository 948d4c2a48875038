"""A bare Pico with an SSD1306 128x64 I2C OLED and six push buttons, wired by hand.

The OLED (the common 4-pin module: GND VCC SCL SDA, address 0x3C) goes on I2C0 at GP4/GP5
and is powered from 3V3(OUT). The buttons sit in a row on GP10-GP15 (Pico pins 14-20), each
from its GPIO to GND; pin 18 is a GND right in that row, so one short ground rail serves
all six. The internal pull-ups are used: no resistors needed.
"""

NAME = "oled_128x64"
TITLE = "Pico + SSD1306 128x64 I2C OLED + 6 buttons"
DISPLAY = {
    "driver": "ssd1306",
    "width": 128,
    "height": 64,
    "bus": "i2c",
    "i2c": 0,
    "sda": 4,
    "scl": 5,
    "addr": 0x3C,
    "freq": 400_000,
}
MACHINE_FREQ = None
BACKLIGHT = None
LED = None
BUTTONS = (
    ("UP", 10),
    ("DOWN", 11),
    ("LEFT", 12),
    ("RIGHT", 13),
    ("OK", 14),
    ("BACK", 15),
)
BUTTON_ACTIVE_LOW = True
KEYS = {"UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right", "OK": "ok", "BACK": "back"}
# Connections that are not GPIOs, for the wiring table: (Pico pin number, what goes there).
POWER = (
    (36, "OLED VCC"),
    (38, "OLED GND"),
    (18, "the other leg of every button"),
)
