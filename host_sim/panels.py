"""Display controllers emulated from their bus traffic, for the simulator and the tests.

The firmware's drivers talk to these exactly as to the real chips (through host_sim.machine),
and what the viewer would see is read back with `rgb888()`: so the simulator shows the bytes
the drivers really sent, and a driver bug shows as a wrong picture. Anything a driver should
never send (an unknown command, a missing or extra parameter, pixels in a colour mode we do
not emulate) raises PanelError at once.

    ST7789Panel    Sitronix ST7789V: 240x320 RGB565 RAM over 4-wire SPI (DC pin)
    SSD1306Panel   Solomon Systech SSD1306: 128x64 1-bit RAM over I2C (control bytes)

CPython only (uses array, bytes.translate and slice assignment so a full frame decodes in
a few milliseconds).
"""

import sys
from array import array
from collections import deque


class PanelError(Exception):
    """The driver sent something the controller would not understand."""


# -- ST7789 -------------------------------------------------------------------------------

_COLS = 240  # the ST7789V's frame memory: 240 columns (sources) x 320 rows (gates)
_ROWS = 320
_UNWRITTEN = 0xF81F  # magenta: RAM never written (power-on content is random on the chip)

# RGB565 (hi, lo bytes) -> 8-bit channels, replicating top bits into the low ones.
_R_HI = bytes((h & 0xF8) | (h >> 5) for h in range(256))
_G_HI = bytes(((h & 7) << 5) | ((h & 7) >> 1) for h in range(256))
_G_LO = bytes((lo >> 5) << 2 for lo in range(256))  # disjoint bits from _G_HI: add by OR
_B_LO = bytes(((lo & 0x1F) << 3) | ((lo & 0x1F) >> 2) for lo in range(256))
_INVERT = bytes(255 - i for i in range(256))

# command -> number of parameter bytes (None: a stream, for RAMWR)
_ST7789_COMMANDS = {
    0x00: 0,  # NOP
    0x01: 0,  # SWRESET
    0x10: 0,  # SLPIN
    0x11: 0,  # SLPOUT
    0x13: 0,  # NORON
    0x20: 0,  # INVOFF
    0x21: 0,  # INVON
    0x28: 0,  # DISPOFF
    0x29: 0,  # DISPON
    0x2A: 4,  # CASET
    0x2B: 4,  # RASET
    0x2C: None,  # RAMWR
    0x36: 1,  # MADCTL
    0x3A: 1,  # COLMOD
}


def rgb565_to_rgb888(values):
    """An array('H') of RGB565 values -> bytes r, g, b, r, g, b, ..."""
    n = len(values)
    be = array("H", values)
    if sys.byteorder == "little":
        be.byteswap()
    raw = be.tobytes()
    hi = raw[0::2]
    lo = raw[1::2]
    g = int.from_bytes(hi.translate(_G_HI), "big") | int.from_bytes(lo.translate(_G_LO), "big")
    out = bytearray(3 * n)
    out[0::3] = hi.translate(_R_HI)
    out[1::3] = g.to_bytes(n, "big")
    out[2::3] = lo.translate(_B_LO)
    return out


class ST7789Panel:
    """An ST7789V on SPI: attach with machine.attach_spi(bus, panel, dc=, cs=, rst=).

    `madctl` is how the glass is looked at, as a MADCTL value (its MY, MX and MV bits):
    rgb888() reads the RAM back through it, so a driver that sets another orientation shows
    a turned picture. None: whatever the driver last set. `invert` says the glass shows true
    colours with inversion on (IPS panels like the Pico Display's); a driver that gets it
    wrong shows a negative. The RAM starts magenta, so pixels never written stand out.
    """

    def __init__(self, madctl=None, invert=True):
        self.view_madctl = madctl
        self.glass_inverted = invert
        self.ram = array("H", [_UNWRITTEN]) * (_COLS * _ROWS)
        self.commands = deque(maxlen=4096)  # the latest command bytes, in order
        self.pixels_written = 0
        self.reset()

    # state changes -------------------------------------------------------------------

    def reset(self):
        """Hardware reset (RST low): registers to power-on values, RAM kept."""
        self.madctl = 0
        self._software_reset()

    def _software_reset(self):
        self.sleeping = True
        self.display_on = False
        self.inverted = False
        self.colmod = 0x66  # 18 bits a pixel after reset
        self.xs, self.xe = 0, _COLS - 1 if not self.madctl & 0x20 else _ROWS - 1
        self.ys, self.ye = 0, _ROWS - 1 if not self.madctl & 0x20 else _COLS - 1
        self._cmd = None  # command whose parameters are being received
        self._params = bytearray()
        self._odd = None  # first byte of a pixel split between writes
        self._x = self._y = 0

    def spi_write(self, buf, dc, cs):
        if cs:
            return  # not selected: the chip ignores the bus
        if dc:
            self._data(buf)
        else:
            for c in bytes(buf):
                self._command(c)

    def _command(self, c):
        self._finish()
        if c not in _ST7789_COMMANDS:
            raise PanelError("ST7789: unknown command 0x%02X" % c)
        self.commands.append(c)
        self._cmd = c
        self._params = bytearray()
        if c == 0x01:
            self._software_reset()
        elif c == 0x10:
            self.sleeping = True
        elif c == 0x11:
            self.sleeping = False
        elif c == 0x20:
            self.inverted = False
        elif c == 0x21:
            self.inverted = True
        elif c == 0x28:
            self.display_on = False
        elif c == 0x29:
            self.display_on = True
        elif c == 0x2C:
            if self.colmod & 0x0F != 0x05:
                raise PanelError("ST7789: RAMWR in COLMOD 0x%02X; only 16-bit (0x55) is emulated" % self.colmod)
            wmax = _ROWS if self.madctl & 0x20 else _COLS
            hmax = _COLS if self.madctl & 0x20 else _ROWS
            if not (self.xs <= self.xe < wmax and self.ys <= self.ye < hmax):
                raise PanelError(
                    "ST7789: RAMWR window x %d..%d, y %d..%d outside %dx%d (MADCTL 0x%02X)"
                    % (self.xs, self.xe, self.ys, self.ye, wmax, hmax, self.madctl)
                )
            self._x, self._y = self.xs, self.ys
            self._odd = None

    def _finish(self):
        """A command byte arrived: the previous command must have had all its parameters."""
        c = self._cmd
        if c is None:
            return
        want = _ST7789_COMMANDS[c]
        if c == 0x2C:
            if self._odd is not None:
                raise PanelError("ST7789: RAMWR ended in the middle of a pixel")
        elif len(self._params) != want:
            raise PanelError("ST7789: command 0x%02X got %d of its %d parameter bytes" % (c, len(self._params), want))
        self._cmd = None

    def _data(self, buf):
        c = self._cmd
        if c is None:
            raise PanelError("ST7789: %d data bytes with no command" % len(buf))
        if c == 0x2C:
            self._pixels(buf)
            return
        want = _ST7789_COMMANDS[c]
        p = self._params
        p.extend(buf)
        if len(p) > want:
            raise PanelError("ST7789: command 0x%02X got %d parameter bytes, takes %d" % (c, len(p), want))
        if len(p) < want:
            return
        if c == 0x2A:
            self.xs, self.xe = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c == 0x2B:
            self.ys, self.ye = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c == 0x36:
            if p[0] & 0x07:
                raise PanelError("ST7789: MADCTL 0x%02X sets reserved bits" % p[0])
            self.madctl = p[0]
        elif c == 0x3A:
            if p[0] not in (0x55, 0x05, 0x66, 0x06, 0x53, 0x03):
                raise PanelError("ST7789: COLMOD 0x%02X is not a pixel format" % p[0])
            self.colmod = p[0]

    def _pixels(self, buf):
        data = bytes(buf)
        if self._odd is not None:
            data = bytes((self._odd,)) + data
            self._odd = None
        if len(data) & 1:
            self._odd = data[-1]
            data = data[:-1]
        px = array("H")
        px.frombytes(data)
        if sys.byteorder == "little":
            px.byteswap()  # the wire is big-endian
        n = len(px)
        self.pixels_written += n
        i = 0
        xs, xe, ys, ye = self.xs, self.xe, self.ys, self.ye
        x, y = self._x, self._y
        while i < n:
            run = min(n - i, xe - x + 1)
            self._put_row(x, y, px[i : i + run])
            i += run
            x += run
            if x > xe:
                x = xs
                y = ys if y >= ye else y + 1
        self._x, self._y = x, y

    def _put_row(self, x, y, seg):
        """Store pixels seg at logical (x, y), (x+1, y), ... through MADCTL's MY/MX/MV."""
        m = self.madctl
        n = len(seg)
        if m & 0x20:  # MV: logical x runs down a physical column
            col = _COLS - 1 - y if m & 0x40 else y
            if m & 0x80:
                r0 = _ROWS - 1 - (x + n - 1)
                seg = seg[::-1]
            else:
                r0 = x
            self.ram[r0 * _COLS + col : (r0 + n - 1) * _COLS + col + 1 : _COLS] = seg
        else:
            row = _ROWS - 1 - y if m & 0x80 else y
            if m & 0x40:
                c0 = _COLS - 1 - (x + n - 1)
                seg = seg[::-1]
            else:
                c0 = x
            self.ram[row * _COLS + c0 : row * _COLS + c0 + n] = seg

    def _get_row(self, x, y, n, m):
        """The n pixels at logical (x, y), (x+1, y), ... read through MADCTL value m."""
        if m & 0x20:
            col = _COLS - 1 - y if m & 0x40 else y
            if m & 0x80:
                r0 = _ROWS - 1 - (x + n - 1)
                return self.ram[r0 * _COLS + col : (r0 + n - 1) * _COLS + col + 1 : _COLS][::-1]
            return self.ram[x * _COLS + col : (x + n - 1) * _COLS + col + 1 : _COLS]
        row = _ROWS - 1 - y if m & 0x80 else y
        if m & 0x40:
            c0 = _COLS - 1 - (x + n - 1)
            return self.ram[row * _COLS + c0 : row * _COLS + c0 + n][::-1]
        return self.ram[row * _COLS + x : row * _COLS + x + n]

    # what the viewer sees --------------------------------------------------------------

    def rgb565(self, x_offset, y_offset, width, height):
        """The RAM values of the visible area (row by row, in the viewing orientation)."""
        m = self.madctl if self.view_madctl is None else self.view_madctl
        wmax = _ROWS if m & 0x20 else _COLS
        hmax = _COLS if m & 0x20 else _ROWS
        if not (0 <= x_offset <= wmax - width and 0 <= y_offset <= hmax - height):
            raise ValueError("visible area outside the controller's RAM")
        out = array("H")
        for y in range(y_offset, y_offset + height):
            out.extend(self._get_row(x_offset, y, width, m))
        return out

    def rgb888(self, x_offset, y_offset, width, height):
        """The visible area as the viewer sees it: width*height*3 bytes, r g b, row by row.
        Black while the panel sleeps or its display is off; colours inverted when the
        inversion setting disagrees with the glass; red and blue swapped in BGR order."""
        if self.sleeping or not self.display_on:
            self.rgb565(x_offset, y_offset, width, height)  # same checks
            return bytes(3 * width * height)
        out = rgb565_to_rgb888(self.rgb565(x_offset, y_offset, width, height))
        if self.madctl & 0x08:  # BGR order on an RGB glass
            out[0::3], out[2::3] = out[2::3], out[0::3]
        if self.inverted != self.glass_inverted:
            out = out.translate(_INVERT)
        return bytes(out)


# -- SSD1306 ------------------------------------------------------------------------------

_BIT = [bytes(255 if b >> k & 1 else 0 for b in range(256)) for k in range(8)]
_LIT_INVERT = bytes(255 - i for i in range(256))

# command -> number of parameter bytes; ranges with the value in the command byte are
# handled in _SSD1306_SINGLE below.
_SSD1306_COMMANDS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address
    0x22: 2,  # page address
    0x2E: 0,  # deactivate scroll
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA0: 0,  # segment remap off
    0xA1: 0,  # segment remap on
    0xA4: 0,  # display follows RAM
    0xA5: 0,  # entire display on
    0xA6: 0,  # normal
    0xA7: 0,  # inverse
    0xA8: 1,  # multiplex ratio
    0xAE: 0,  # display off
    0xAF: 0,  # display on
    0xC0: 0,  # COM scan normal
    0xC8: 0,  # COM scan remapped
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins configuration
    0xDB: 1,  # VCOMH deselect level
    0xE3: 0,  # NOP
}


class SSD1306Panel:
    """An SSD1306 on I2C: attach with machine.attach_i2c(bus, 0x3C, panel).

    The glass is wired like common 128x64 modules: upright with segment remap (0xA1) and
    COM scan remapped (0xC8), linear rows with the alternative COM pin configuration
    (0xDA 0x12); other settings show the picture mirrored, flipped or interleaved, as the
    real module would. Contrast is recorded (`contrast`) but not shown as brightness.
    """

    def __init__(self, width=128, height=64):
        if (width, height) != (128, 64):
            raise ValueError("only the 128x64 SSD1306 is emulated")
        self.width = width
        self.height = height
        self.ram = bytearray(128 * 8)
        self.commands = deque(maxlen=4096)  # the latest command bytes (parameters too)
        self.reset()

    def reset(self):
        """Power-on register values (the RAM is kept)."""
        self.display_on = False
        self.entire_on = False
        self.inverse = False
        self.contrast = 0x7F
        self.charge_pump = False
        self.mode = 2  # page addressing
        self.seg_remap = False
        self.com_remap = False
        self.mux = 63
        self.offset = 0
        self.start_line = 0
        self.com_pins = 0x12
        self.col0, self.col1 = 0, 127
        self.page0, self.page1 = 0, 7
        self.col = 0
        self.page = 0
        self.page_col0 = 0  # column start in page addressing mode
        self._pending = None  # command waiting for parameters
        self._params = bytearray()
        self._start()

    def _start(self):
        self._expect_control = True
        self._stream = None  # "cmd" or "data" for the rest of the transaction
        self._single = False  # Co=1: one byte, then another control byte

    # the I2C side ----------------------------------------------------------------------

    def i2c_start(self):
        self._start()

    def i2c_stop(self):
        self._start()

    def i2c_write(self, buf):
        data = bytes(buf)
        i = 0
        n = len(data)
        while i < n:
            if self._expect_control:
                cb = data[i]
                i += 1
                if cb & 0x3F:
                    raise PanelError("SSD1306: control byte 0x%02X has low bits set" % cb)
                self._stream = "data" if cb & 0x40 else "cmd"
                self._single = bool(cb & 0x80)
                self._expect_control = False
                continue
            if self._single:
                chunk = data[i : i + 1]
                self._expect_control = True
            else:
                chunk = data[i:]
            i += len(chunk)
            if self._stream == "data":
                self._write_ram(chunk)
            else:
                for c in chunk:
                    self._command_byte(c)

    # commands --------------------------------------------------------------------------

    def _command_byte(self, c):
        self.commands.append(c)
        if self._pending is not None:
            self._params.append(c)
            if len(self._params) == _SSD1306_COMMANDS[self._pending]:
                self._apply(self._pending, self._params)
                self._pending = None
            return
        if c < 0x10:
            self.page_col0 = (self.page_col0 & 0xF0) | c
            if self.mode == 2:
                self.col = self.page_col0
        elif c < 0x20:
            if c > 0x17:
                raise PanelError("SSD1306: column start high nibble 0x%02X beyond 127" % c)
            self.page_col0 = (self.page_col0 & 0x0F) | ((c & 0x0F) << 4)
            if self.mode == 2:
                self.col = self.page_col0
        elif 0x40 <= c < 0x80:
            self.start_line = c & 0x3F
        elif 0xB0 <= c < 0xB8:
            self.page = c & 7
        elif c in _SSD1306_COMMANDS:
            if _SSD1306_COMMANDS[c]:
                self._pending = c
                self._params = bytearray()
            else:
                self._apply(c, b"")
        else:
            raise PanelError("SSD1306: unknown command 0x%02X" % c)

    def _apply(self, c, p):
        if c == 0x20:
            if p[0] > 2:
                raise PanelError("SSD1306: addressing mode %d" % p[0])
            self.mode = p[0]
        elif c == 0x21:
            if not p[0] <= p[1] <= 127:
                raise PanelError("SSD1306: column address %d..%d" % (p[0], p[1]))
            self.col0, self.col1 = p[0], p[1]
            self.col = p[0]
        elif c == 0x22:
            if not p[0] <= p[1] <= 7:
                raise PanelError("SSD1306: page address %d..%d" % (p[0], p[1]))
            self.page0, self.page1 = p[0], p[1]
            self.page = p[0]
        elif c == 0x81:
            self.contrast = p[0]
        elif c == 0x8D:
            if p[0] & ~0x04 != 0x10:
                raise PanelError("SSD1306: charge pump setting 0x%02X" % p[0])
            self.charge_pump = bool(p[0] & 0x04)
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c == 0xA8:
            if not 15 <= p[0] <= 63:
                raise PanelError("SSD1306: multiplex ratio %d" % (p[0] + 1))
            self.mux = p[0]
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c == 0xD3:
            self.offset = p[0] & 0x3F
        elif c == 0xDA:
            if p[0] & ~0x30 != 0x02:
                raise PanelError("SSD1306: COM pins setting 0x%02X" % p[0])
            self.com_pins = p[0]
        # 0x2E, 0xD5, 0xD9, 0xDB, 0xE3: timing and levels, nothing to see

    # the RAM ---------------------------------------------------------------------------

    def _write_ram(self, data):
        if self._pending is not None:
            raise PanelError("SSD1306: RAM data while command 0x%02X waits for parameters" % self._pending)
        i = 0
        n = len(data)
        ram = self.ram
        while i < n:
            if self.mode == 1:  # vertical: down the pages, then the next column
                ram[self.page * 128 + self.col] = data[i]
                i += 1
                if self.page >= self.page1:
                    self.page = self.page0
                    self.col = self.col0 if self.col >= self.col1 else self.col + 1
                else:
                    self.page += 1
                continue
            end = self.col1 if self.mode == 0 else 127
            run = min(n - i, end - self.col + 1)
            base = self.page * 128 + self.col
            ram[base : base + run] = data[i : i + run]
            i += run
            self.col += run
            if self.col > end:
                if self.mode == 0:
                    self.col = self.col0
                    self.page = self.page0 if self.page >= self.page1 else self.page + 1
                else:
                    self.col = self.page_col0

    def ram_row(self, r):
        """RAM row r (0-63) as 128 bytes, 255 for a set bit, in column order."""
        p = r >> 3
        return self.ram[p * 128 : p * 128 + 128].translate(_BIT[r & 7])

    def _com_for_glass_row(self, g):
        # Glass row g (top = 0) is driven by COM 63 - g when the COM pins are configured
        # "alternative" as these modules need; "sequential" interleaves them.
        k = 63 - g
        if not self.com_pins & 0x10:
            k = k // 2 if k % 2 == 0 else 32 + k // 2
        if self.com_pins & 0x20:
            k ^= 32
        return k

    def rgb888(self):
        """The 128x64 screen as the viewer sees it: r g b bytes, row by row, lit pixels
        white. Black when the display is off or the charge pump is off."""
        w, h = self.width, self.height
        if not (self.display_on and self.charge_pump):
            return bytes(3 * w * h)
        grey = bytearray(w * h)
        if self.entire_on:
            grey[:] = b"\xff" * (w * h)
        else:
            rows = self.mux + 1
            for g in range(h):
                com = self._com_for_glass_row(g)
                # scan line `line` drives COM (line + offset); C8 scans the other way round
                line = (com - self.offset) % 64
                if self.com_remap:
                    line = (rows - 1 - line) % 64
                if line >= rows:
                    continue
                row = self.ram_row((line + self.start_line) % 64)
                if not self.seg_remap:  # column 0 on SEG0, which is at the right edge
                    row = row[::-1]
                if self.inverse:
                    row = row.translate(_LIT_INVERT)
                grey[g * w : (g + 1) * w] = row
        out = bytearray(3 * w * h)
        out[0::3] = grey
        out[1::3] = grey
        out[2::3] = grey
        return bytes(out)
