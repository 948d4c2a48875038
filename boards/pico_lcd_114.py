"""Waveshare Pico-LCD-1.14: ST7789V 240x135 IPS on SPI1, a 5-way joystick and keys A, B.

Pins from Waveshare's wiki (waveshare.com/wiki/Pico-LCD-1.14) and its MicroPython demo:
SPI1 with CLK GP10, DIN GP11, CS GP9, DC GP8, RST GP12, backlight GP13; key A GP15, key B
GP17; joystick up GP2, down GP18, left GP16, right GP20, press (CTRL) GP3, all to GND.
The demo sets MADCTL 0x70 with inversion on and writes columns 40-279, rows 53-187,
the same window as Pimoroni's driver uses for this 1.14" panel.
"""

NAME = "pico_lcd_114"
TITLE = "Waveshare Pico-LCD-1.14"
DISPLAY = {
    "driver": "st7789",
    "width": 240,
    "height": 135,
    "bus": "spi",
    "spi": 1,
    "sck": 10,
    "mosi": 11,
    "cs": 9,
    "dc": 8,
    "rst": 12,
    "baudrate": 62_500_000,
    "x_offset": 40,
    "y_offset": 53,
    "madctl": 0x70,
    "invert": True,
}
# (cpu Hz, peripheral Hz) for machine.freq before the bus is built: MicroPython clocks SPI
# from a 48 MHz peripheral clock otherwise, which caps the bus at 24 MHz.
MACHINE_FREQ = (125_000_000, 125_000_000)
BACKLIGHT = 13
LED = None
BUTTONS = (
    ("UP", 2),
    ("DOWN", 18),
    ("LEFT", 16),
    ("RIGHT", 20),
    ("PRESS", 3),
    ("A", 15),
    ("B", 17),
)
BUTTON_ACTIVE_LOW = True
KEYS = {"UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right", "PRESS": "ok", "A": "ok", "B": "back"}
