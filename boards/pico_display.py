"""Pimoroni Pico Display Pack (1.14"): ST7789 240x135 IPS on SPI0, buttons A B X Y, RGB LED.

Pins, offsets and MADCTL from Pimoroni's own driver (github.com/pimoroni/pimoroni-pico):
libraries/pico_display (buttons GP12-15, LED GP6-8 driven inverted, i.e. active low),
common/pimoroni_common.hpp (SPI0: SCK GP18, MOSI GP19, DC GP16, CS GP17 and the PWM
backlight GP20 of the front Breakout Garden slot, which the pack uses), and
drivers/st7789/st7789.cpp for 240x135 landscape: columns 40-279, rows 53-187, MADCTL
0x70 (MX | MV | ML), inversion on. The pack has no reset line (software reset only).
"""

NAME = "pico_display"
TITLE = 'Pimoroni Pico Display Pack 1.14"'
DISPLAY = {
    "driver": "st7789",
    "width": 240,
    "height": 135,
    "bus": "spi",
    "spi": 0,
    "sck": 18,
    "mosi": 19,
    "cs": 17,
    "dc": 16,
    "rst": None,
    "baudrate": 62_500_000,
    "x_offset": 40,
    "y_offset": 53,
    "madctl": 0x70,
    "invert": True,
}
# (cpu Hz, peripheral Hz) for machine.freq before the bus is built: MicroPython clocks SPI
# from a 48 MHz peripheral clock otherwise, which caps the bus at 24 MHz.
MACHINE_FREQ = (125_000_000, 125_000_000)
BACKLIGHT = 20
LED = (6, 7, 8)
BUTTONS = (("A", 12), ("B", 13), ("X", 14), ("Y", 15))
BUTTON_ACTIVE_LOW = True
KEYS = {"A": "ok", "B": "back", "X": "up", "Y": "down"}
