"""SSD1306 monochrome OLED over I2C, drawn as a MONO_VLSB FrameBuffer (0 = off, 1 = lit).

In horizontal addressing mode the controller's RAM is laid out like MONO_VLSB: one byte is
a column of 8 pixels, a page is a band of 8 rows. show() sends only the pages covering the
rectangle, whole, as one I2C write of a 0x40 (data) control byte and their bytes: the
controller moves to the next page at the end of each, as the buffer holds them. The slice
sent is made per call (a few bytes of garbage) rather than kept per page, which would hold
a memoryview a page in the heap all the time. At 400 kHz a full 128x64 frame takes about
23 ms, a page about 3 ms.

Commands follow the Solomon Systech SSD1306 datasheet (rev 1.1) and its charge pump note.
"""

import framebuf

from compat import const

_WRAP = const(0x3FFFFFFF)  # bytes_sent stays a small int on the Pico


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.mono = True
        self.bytes_sent = 0
        self.pages = (height + 7) >> 3
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._mv = memoryview(self.buffer)
        # control byte "commands follow", column address 0..width-1, page address p0..p1
        self._window = bytearray((0x00, 0x21, 0, width - 1, 0x22, 0, 0))
        self._init()

    def _init(self):
        h = self.height
        self._commands(bytes((
            0xAE,  # display off while setting up
            0xD5, 0x80,  # display clock: divide ratio 1, oscillator default
            0xA8, h - 1,  # multiplex ratio: one COM line per row
            0xD3, 0x00,  # no display offset
            0x40,  # RAM row 0 shows on the first line
            0x8D, 0x14,  # internal charge pump on (no external VCC on these modules)
            0x20, 0x00,  # horizontal addressing: column by column, page after page
            0xA1,  # column 127 on SEG0 ...
            0xC8,  # ... and COM scan from the top: the picture upright on common modules
            0xDA, 0x12 if h > 32 else 0x02,  # COM pins: alternative for 64 rows
            0x81, 0x7F,  # contrast, mid-way
            0xD9, 0xF1,  # pre-charge periods for the internal charge pump
            0xDB, 0x30,  # VCOMH deselect level 0.83 x VCC
            0xA4,  # show the RAM (not all pixels on)
            0xA6,  # normal: a 1 bit is a lit pixel
            0x2E,  # no scrolling
        )))
        self.fill(0)
        self.show()  # clear the RAM before the display comes on
        self._commands(b"\xaf")

    def show(self, x=0, y=0, w=None, h=None):
        """Send the pages covering the rectangle (clipped; the whole screen by default)."""
        height = self.height
        if w is None:
            w = self.width - x
        if h is None:
            h = height - y
        if y < 0:
            h += y
            y = 0
        if h > height - y:
            h = height - y
        if w <= 0 or h <= 0 or x >= self.width or x + w <= 0:
            return
        p0 = y >> 3
        p1 = (y + h - 1) >> 3
        win = self._window
        win[5] = p0
        win[6] = p1
        self.i2c.writeto(self.addr, win)
        # the pages follow one another in the buffer as the controller fills them: one write
        w = self.width
        self.i2c.writevto(self.addr, (b"\x40", self._mv[p0 * w : (p1 + 1) * w]))
        self.bytes_sent = (self.bytes_sent + len(win) + 1 + (p1 - p0 + 1) * w) & _WRAP

    def contrast(self, v):
        """Contrast (brightness) 0-255."""
        self._commands(bytes((0x81, v & 0xFF)))

    def invert(self, on):
        """Inverse video: 0 bits lit, 1 bits dark."""
        self._commands(b"\xa7" if on else b"\xa6")

    def power(self, on):
        """Display on (charge pump on first) or off (the controller's sleep mode)."""
        self._commands(b"\x8d\x14\xaf" if on else b"\xae")

    def _commands(self, buf):
        # one I2C write: control byte 0x00 ("commands follow"), then the commands
        self.i2c.writevto(self.addr, (b"\x00", buf))
        self.bytes_sent = (self.bytes_sent + 1 + len(buf)) & _WRAP
