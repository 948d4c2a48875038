"""ST7789 colour TFT over SPI, drawn as a 16-colour FrameBuffer.

The frame is GS4_HMSB (4 bits a pixel, 16,200 bytes for 240x135) holding colour indices,
and palette(i, r, g, b) says what each index looks like. show() expands the frame through
the palette a band of rows at a time (FrameBuffer.blit with a palette) into a small RGB565
strip and streams that to the panel, so a 64,800-byte colour frame never sits in RAM.

show() allocates nothing: the strip FrameBuffers and memoryviews it needs are made here,
one per rectangle width rounded up to 16 pixels (a rectangle's rows must lie back to back
in the strip, and cutting a memoryview per call would allocate; 15 sizes cost ~0.8 KB).
So show() may push up to 15 columns and strip_rows - 1 rows more than asked: always the
frame's own pixels, never garbage. x needs no alignment: blit reads GS4 pixel by pixel.

Bus speed: MicroPython on the RP2040 clocks SPI from a 48 MHz peripheral clock, so asking
for 62.5 MHz gives 24 MHz (a full frame takes ~22 ms on the wire) until the peripheral
clock is raised with machine.freq(125_000_000, 125_000_000) (~8 ms). That is the caller's
choice (hw/device.py), not this driver's.

Commands and delays follow the Sitronix ST7789V datasheet (v1.4).
"""

import framebuf

from compat import const
from hw.clock import sleep_ms

_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVOFF = const(0x20)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_STEP = const(16)  # rectangle widths are rounded up to a multiple of this
_WRAP = const(0x3FFFFFFF)  # bytes_sent stays a small int on the Pico


class ST7789(framebuf.FrameBuffer):
    def __init__(self, spi, cs, dc, rst=None, width=240, height=135, x_offset=40, y_offset=53,
                 madctl=0x70, invert=True, strip_rows=8):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.width = width
        self.height = height
        self.mono = False
        self.x_offset = x_offset
        self.y_offset = y_offset
        self.madctl = madctl
        self.invert = invert
        self.bytes_sent = 0
        self.buffer = bytearray(((width + 1) >> 1) * height)
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB)
        self._pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
        for i in range(16):
            self.palette(i, i * 17, i * 17, i * 17)
        self._cmd = bytearray(1)
        self._args = bytearray(4)
        rows = min(strip_rows, height)
        self._rows = rows
        strip = bytearray(width * rows * 2)
        mv = memoryview(strip)
        self._strips = []
        self._views = []
        self._widths = []
        for k in range((width + _STEP - 1) // _STEP):
            w = min(width, (k + 1) * _STEP)
            self._strips.append(framebuf.FrameBuffer(strip, w, rows, framebuf.RGB565))
            self._views.append(mv[: w * rows * 2])
            self._widths.append(w)
        self._init()

    def palette(self, i, r, g, b):
        """Colour index i (0-15) shows as r, g, b (0-255, kept to RGB565's 5-6-5 bits)."""
        c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
        # The strip holds native (little-endian) uint16; the panel wants big-endian, so
        # the palette stores each colour byte-swapped.
        self._pal.pixel(i, 0, ((c & 0xFF) << 8) | (c >> 8))

    def show(self, x=0, y=0, w=None, h=None):
        """Push the rectangle (clipped to the screen; all of it by default) to the panel."""
        width = self.width
        height = self.height
        if w is None:
            w = width - x
        if h is None:
            h = height - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if w > width - x:
            w = width - x
        if h > height - y:
            h = height - y
        if w <= 0 or h <= 0:
            return
        k = (w - 1) // _STEP
        strip = self._strips[k]
        data = self._views[k]
        w = self._widths[k]
        if x > width - w:
            x = width - w
        rows = self._rows
        end = y + h
        pal = self._pal
        self._select(0)
        self._window(_CASET, x + self.x_offset, w)
        while y < end:
            if y > height - rows:
                y = height - rows  # the last band ends at the bottom edge: resend rows, not garbage
            strip.blit(self, -x, -y, -1, pal)
            self._window(_RASET, y + self.y_offset, rows)
            self._command(_RAMWR)
            self._data(data)
            y += rows
        self._select(1)

    def power(self, on):
        """Panel on (sleep out, display on) or off (display off, sleep in)."""
        self._select(0)
        if on:
            self._command(_SLPOUT)
            sleep_ms(10)  # the datasheet asks 5 ms before the next command
            self._command(_DISPON)
        else:
            self._command(_DISPOFF)
            self._command(_SLPIN)
            sleep_ms(10)
        self._select(1)

    def _init(self):
        if self.rst is not None:
            self.rst(1)
            sleep_ms(1)
            self.rst(0)
            sleep_ms(1)
            self.rst(1)
            sleep_ms(120)
        self._select(0)
        self._command(_SWRESET)
        sleep_ms(150)  # 5 ms before any command, 120 ms before sleep out
        self._command(_SLPOUT)
        sleep_ms(10)
        self._command1(_COLMOD, 0x55)  # 65K colours, 16 bits a pixel
        self._command1(_MADCTL, self.madctl)
        self._command(_INVON if self.invert else _INVOFF)
        self._command(_NORON)
        self._select(1)
        self.fill(0)
        self.show()  # clear the panel's RAM before it is shown
        self._select(0)
        self._command(_DISPON)
        self._select(1)

    def _select(self, v):
        if self.cs is not None:
            self.cs(v)

    def _command(self, c):
        self._cmd[0] = c
        self.dc(0)
        self.spi.write(self._cmd)
        self.bytes_sent = (self.bytes_sent + 1) & _WRAP

    def _command1(self, c, arg):
        self._command(c)
        self._cmd[0] = arg
        self._data(self._cmd)

    def _window(self, c, start, n):
        end = start + n - 1
        a = self._args
        a[0] = start >> 8
        a[1] = start & 0xFF
        a[2] = end >> 8
        a[3] = end & 0xFF
        self._command(c)
        self._data(a)

    def _data(self, buf):
        self.dc(1)
        self.spi.write(buf)
        self.bytes_sent = (self.bytes_sent + len(buf)) & _WRAP
