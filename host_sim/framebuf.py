"""The `framebuf` module for CPython: a stand-in pixel-exact with MicroPython 1.27's framebuf.

The simulator installs it as sys.modules["framebuf"] when the real module is absent, so the
firmware draws through it unchanged. Every method writes the same bytes into the caller's
buffer as MicroPython does, including clipping, negative sizes, strides, colour truncation
and blit's key/palette rules; tests/test_framebuf.py checks that against real MicroPython.

Only what the firmware may use is here: FrameBuffer(buf, width, height, format[, stride])
with fill, pixel, hline, vline, rect, fill_rect, line, blit and scroll, and the seven format
constants. All arguments are positional, as on MicroPython (rect(..., f=True) is a
TypeError there too), and coordinates/colours must be ints (floats raise TypeError).

Differences a firmware author might trip over, all deliberate:
- no text(), ellipse(), poly() or FrameBuffer1: the firmware has its own font and must not
  use them, so they fail here as soon as they are called.
- a FrameBuffer object has no buffer protocol under CPython 3.11 (MicroPython's does);
  keep a reference to the buffer you passed in, as drivers do anyway.
- blit with a palette that has no pixel for a source colour raises IndexError here;
  MicroPython would read whatever lies past the palette's buffer.

Speed matters (the simulator and fuzz tests draw tens of thousands of frames), so fills
work on whole byte runs with slice assignment and bytes.translate, wide blits and scrolls
move whole rows, narrow blits (glyphs, icons) go pixel by pixel, and a GS4 -> RGB565 blit
through a palette (the ST7789 driver's show()) expands rows with four translate tables.
A blit whose source or palette shares memory with the destination always goes pixel by
pixel in MicroPython's order, so overlapping copies come out as they do on the device.
"""

import sys
from array import array
from itertools import chain
from operator import index as _int

MONO_VLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_LITTLE = sys.byteorder == "little"
_MISSING = object()
_NO_KEY = 0xFFFFFFFF  # key -1 as MicroPython's uint32 compare sees it: matches no colour
_PIXEL_BLIT_MAX = 16  # blits this narrow go pixel by pixel (tests vary it to check both paths)


_TABLES = {}
_SMALL = {}  # small blits already worked out: their pixels as (dx, dy, colour)
_EDITS = {}  # ... and folded into byte edits per frame format, stride and alignment


def _rmw(keep, put):
    """bytes.translate table taking any byte b to (b & keep) | put: a read-modify-write of
    many bytes (a column of a tall rectangle, a row of a MONO_VLSB page) in one C call."""
    t = _TABLES.get((keep, put))
    if t is None:
        t = _TABLES[(keep, put)] = bytes((v & keep) | put for v in range(256))
    return t


def _column(i, step, count):
    """The slice of `count` bytes from i, `step` apart (one byte in each of count rows)."""
    return slice(i, i + step * (count - 1) + 1, step)


class _Layout:
    """Where a format keeps its pixels in a byte buffer. Coordinates reaching these methods
    are already clipped; get/set are MicroPython's unchecked getpixel/setpixel."""

    __slots__ = ("mv", "w", "h", "stride", "fmt")

    def __init__(self, mv, w, h, fmt, stride):
        self.mv = mv
        self.w = w
        self.h = h
        self.fmt = fmt
        self.stride = stride


class _RGB565(_Layout):
    """16 bits a pixel, stored little-endian (the Pico's native uint16)."""

    __slots__ = ()

    def get(self, x, y):
        i = (x + y * self.stride) << 1
        mv = self.mv
        return mv[i] | (mv[i + 1] << 8)

    def set(self, x, y, c):
        i = (x + y * self.stride) << 1
        mv = self.mv
        mv[i] = c & 0xFF
        mv[i + 1] = (c >> 8) & 0xFF

    def fill(self, x, y, w, h, c):
        pat = (c & 0xFFFF).to_bytes(2, "little")
        mv = self.mv
        stride = self.stride
        a = (x + y * stride) << 1
        if 4 * w < h:
            # Tall and narrow (vline): fill each byte column with one strided assignment.
            lo = pat[:1] * h
            hi = pat[1:] * h
            step = stride << 1
            for _ in range(w):
                mv[_column(a, step, h)] = lo
                mv[_column(a + 1, step, h)] = hi
                a += 2
            return
        if w == stride:
            n = (w * h) << 1
            mv[a : a + n] = pat * (w * h)
            return
        row = pat * w
        n = w << 1
        step = stride << 1
        for _ in range(h):
            mv[a : a + n] = row
            a += step

    def read(self, x, y, n):
        a = (x + y * self.stride) << 1
        arr = array("H")
        arr.frombytes(self.mv[a : a + (n << 1)])
        if not _LITTLE:
            arr.byteswap()
        return arr.tolist()

    def write(self, x, y, vals):
        # Values always come from another getpixel, so they already fit 16 bits.
        arr = array("H", vals)
        if not _LITTLE:
            arr.byteswap()
        a = (x + y * self.stride) << 1
        self.mv[a : a + (len(vals) << 1)] = arr.tobytes()


class _GS8(_Layout):
    """GS8: a byte a pixel."""

    __slots__ = ()

    def get(self, x, y):
        return self.mv[x + y * self.stride]

    def set(self, x, y, c):
        self.mv[x + y * self.stride] = c & 0xFF

    def fill(self, x, y, w, h, c):
        mv = self.mv
        stride = self.stride
        a = x + y * stride
        if 2 * w < h:
            col = bytes((c & 0xFF,)) * h
            for _ in range(w):
                mv[_column(a, stride, h)] = col
                a += 1
            return
        if w == stride:
            mv[a : a + w * h] = bytes((c & 0xFF,)) * (w * h)
            return
        row = bytes((c & 0xFF,)) * w
        for _ in range(h):
            mv[a : a + w] = row
            a += stride

    def read(self, x, y, n):
        a = x + y * self.stride
        return self.mv[a : a + n].tolist()

    def write(self, x, y, vals):
        a = x + y * self.stride
        self.mv[a : a + len(vals)] = bytes([v & 0xFF for v in vals])


class _Packed(_Layout):
    """Several pixels a byte along a row (MONO_HLSB, MONO_HMSB, GS2_HMSB, GS4_HMSB); the
    stride is a whole number of bytes, so pixel x of row y sits in byte (x + y*stride) >> LOG."""

    __slots__ = ()
    BITS = 1  # bits a pixel
    LOG = 3  # log2(pixels a byte)
    SHIFT = ()  # bit shift of each position within a byte
    UNPACK = ()  # byte value -> tuple of its pixels in x order

    @staticmethod
    def norm(c):
        raise NotImplementedError

    @staticmethod
    def pack(vals):
        raise NotImplementedError

    def get(self, x, y):
        ppb = 1 << self.LOG
        return (self.mv[(x + y * self.stride) >> self.LOG] >> self.SHIFT[x & (ppb - 1)]) & (
            (1 << self.BITS) - 1
        )

    def set(self, x, y, c):
        i = (x + y * self.stride) >> self.LOG
        s = self.SHIFT[x & ((1 << self.LOG) - 1)]
        m = ((1 << self.BITS) - 1) << s
        mv = self.mv
        mv[i] = (mv[i] & ~m & 0xFF) | (self.norm(c) << s)

    FULL = ()  # colour -> byte with every position that colour
    EDGE = ()  # EDGE[k0][k1]: bits of positions k0..k1-1 within a byte

    def _edge(self, i, m, full, rowstep, h):
        """Set the `m` bits of byte i and of the h-1 bytes below it to those of `full`."""
        mv = self.mv
        if h == 1:
            mv[i] = (mv[i] & ~m & 0xFF) | (full & m)
        else:
            sl = _column(i, rowstep, h)
            mv[sl] = bytes(mv[sl]).translate(_rmw(~m & 0xFF, full & m))

    def fill(self, x, y, w, h, c):
        log = self.LOG
        ppb = 1 << log
        full = self.FULL[self.norm(c)]
        rowstep = self.stride >> log
        rowbase = y * rowstep
        end = x + w
        xa = (x + ppb - 1) & -ppb  # first pixel of the first whole byte
        xb = end & -ppb  # first pixel of the trailing partial byte
        if xa > xb:  # the run lies inside one byte
            m = self.EDGE[x & (ppb - 1)][((end - 1) & (ppb - 1)) + 1]
            self._edge(rowbase + (x >> log), m, full, rowstep, h)
            return
        if x < xa:
            self._edge(rowbase + (x >> log), self.EDGE[x & (ppb - 1)][ppb], full, rowstep, h)
        if xb < end:
            self._edge(rowbase + (xb >> log), self.EDGE[0][end & (ppb - 1)], full, rowstep, h)
        nfull = (xb - xa) >> log
        if not nfull:
            return
        mv = self.mv
        a = rowbase + (xa >> log)
        if nfull == rowstep:
            mv[a : a + nfull * h] = bytes((full,)) * (nfull * h)
        elif 2 * nfull < h:
            col = bytes((full,)) * h
            for j in range(nfull):
                mv[_column(a + j, rowstep, h)] = col
        else:
            run = bytes((full,)) * nfull
            for _ in range(h):
                mv[a : a + nfull] = run
                a += rowstep

    def read(self, x, y, n):
        log = self.LOG
        base = y * self.stride
        a = (base + x) >> log
        e = ((base + x + n - 1) >> log) + 1
        k = x & ((1 << log) - 1)
        px = list(chain.from_iterable(map(self.UNPACK.__getitem__, self.mv[a:e])))
        return px[k : k + n]

    def write(self, x, y, vals):
        log = self.LOG
        n = len(vals)
        base = y * self.stride
        a = (base + x) >> log
        e = ((base + x + n - 1) >> log) + 1
        k = x & ((1 << log) - 1)
        if k == 0 and not n & ((1 << log) - 1):
            px = vals
        else:
            px = list(chain.from_iterable(map(self.UNPACK.__getitem__, self.mv[a:e])))
            px[k : k + n] = vals
        self.mv[a:e] = self.pack(px)


def _packed_tables(cls):
    """Fill in the per-format tables of a _Packed subclass."""
    one = (1 << cls.BITS) - 1
    ppb = 1 << cls.LOG
    shifts = cls.SHIFT
    cls.UNPACK = [tuple((b >> s) & one for s in shifts) for b in range(256)]
    cls.FULL = [sum(v << s for s in shifts) for v in range(one + 1)]
    cls.EDGE = [[sum(one << shifts[k] for k in range(k0, k1)) for k1 in range(ppb + 1)] for k0 in range(ppb)]
    return cls


_REVERSE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


@_packed_tables
class _MonoHLSB(_Packed):
    """MONO_HLSB: 1 bit a pixel, leftmost pixel in bit 7."""

    __slots__ = ()
    SHIFT = (7, 6, 5, 4, 3, 2, 1, 0)

    @staticmethod
    def norm(c):
        return 1 if c else 0

    @staticmethod
    def pack(vals):
        bits = "".join(["1" if v else "0" for v in vals])
        return int(bits, 2).to_bytes(len(vals) >> 3, "big")

    def get(self, x, y):
        return (self.mv[(x + y * self.stride) >> 3] >> self.SHIFT[x & 7]) & 1

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 3
        m = 1 << self.SHIFT[x & 7]
        mv = self.mv
        mv[i] = (mv[i] | m) if c else (mv[i] & ~m & 0xFF)


@_packed_tables
class _MonoHMSB(_MonoHLSB):
    """MONO_HMSB: 1 bit a pixel, leftmost pixel in bit 0."""

    __slots__ = ()
    SHIFT = (0, 1, 2, 3, 4, 5, 6, 7)

    @staticmethod
    def pack(vals):
        return _MonoHLSB.pack(vals).translate(_REVERSE)


@_packed_tables
class _GS2(_Packed):
    """GS2_HMSB: 2 bits a pixel, leftmost pixel in bits 1..0."""

    __slots__ = ()
    BITS = 2
    LOG = 2
    SHIFT = (0, 2, 4, 6)

    @staticmethod
    def norm(c):
        return c & 3

    @staticmethod
    def pack(vals):
        return bytes(
            (a & 3) | (b & 3) << 2 | (c & 3) << 4 | (d & 3) << 6
            for a, b, c, d in zip(vals[0::4], vals[1::4], vals[2::4], vals[3::4])
        )


@_packed_tables
class _GS4(_Packed):
    """GS4_HMSB: 4 bits a pixel, leftmost pixel in the high nibble."""

    __slots__ = ()
    BITS = 4
    LOG = 1
    SHIFT = (4, 0)

    @staticmethod
    def norm(c):
        return c & 15

    @staticmethod
    def pack(vals):
        return bytes(((a & 15) << 4) | (b & 15) for a, b in zip(vals[0::2], vals[1::2]))

    # get/set spelled out for speed: the UI draws text pixel by pixel into GS4 frames.
    def get(self, x, y):
        b = self.mv[(x + y * self.stride) >> 1]
        return b & 15 if x & 1 else b >> 4

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 1
        mv = self.mv
        if x & 1:
            mv[i] = (mv[i] & 0xF0) | (c & 15)
        else:
            mv[i] = (mv[i] & 0x0F) | ((c & 15) << 4)


_ROW_BIT = [bytes((v >> s) & 1 for v in range(256)) for s in range(8)]


class _VLSB(_Layout):
    """MONO_VLSB: 1 bit a pixel, each byte a column of 8 rows, top row in bit 0."""

    __slots__ = ()

    def get(self, x, y):
        return (self.mv[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        m = 1 << (y & 7)
        mv = self.mv
        mv[i] = (mv[i] | m) if c else (mv[i] & ~m & 0xFF)

    def fill(self, x, y, w, h, c):
        mv = self.mv
        stride = self.stride
        on = 1 if c else 0
        end = y + h
        while y < end:
            page_end = min(end, (y | 7) + 1)
            m = ((1 << (page_end - y)) - 1) << (y & 7)
            a = (y >> 3) * stride + x
            if m == 0xFF:
                mv[a : a + w] = (b"\xff" if on else b"\x00") * w
            else:
                mv[a : a + w] = bytes(mv[a : a + w]).translate(_rmw(~m & 0xFF, m if on else 0))
            y = page_end

    def read(self, x, y, n):
        a = (y >> 3) * self.stride + x
        return list(bytes(self.mv[a : a + n]).translate(_ROW_BIT[y & 7]))

    def write(self, x, y, vals):
        a = (y >> 3) * self.stride + x
        m = 1 << (y & 7)
        keep = ~m & 0xFF
        old = self.mv[a : a + len(vals)]
        self.mv[a : a + len(vals)] = bytes([(o | m) if v else (o & keep) for o, v in zip(old, vals)])


# format -> (layout class, pixels a byte as a rounding unit for stride/width, bits a pixel)
_FORMATS = {
    MONO_VLSB: (_VLSB, 1, 1),
    RGB565: (_RGB565, 1, 16),
    GS4_HMSB: (_GS4, 2, 4),
    MONO_HLSB: (_MonoHLSB, 8, 1),
    MONO_HMSB: (_MonoHMSB, 8, 1),
    GS2_HMSB: (_GS2, 4, 2),
    GS8: (_GS8, 1, 8),
}


def _layout(buf, width, height, fmt, stride, writable):
    """Validate like MicroPython's constructor and return the layout over `buf`."""
    width = _int(width)
    height = _int(height)
    fmt = _int(fmt)
    stride = width if stride is _MISSING else _int(stride)
    if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF or stride < width:
        raise ValueError()
    spec = _FORMATS.get(fmt)
    if spec is None:
        raise ValueError("invalid format")
    cls, unit, bpp = spec
    stride = (stride + unit - 1) & -unit
    width_required = (width + unit - 1) & -unit
    height_required = height
    strides_required = height - 1
    if fmt == MONO_VLSB:
        height_required = (height + 7) & -8
        strides_required = height_required - 8
    try:
        mv = memoryview(buf)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    need = (strides_required * stride + (height_required - strides_required) * width_required) * bpp // 8
    if need > mv.nbytes:
        raise ValueError()
    return cls(mv, width, height, fmt, stride)


def _source(obj):
    """A blit source or palette: a FrameBuffer, or (buffer, width, height, format[, stride])."""
    if isinstance(obj, FrameBuffer):
        return obj._FrameBuffer__l
    if not isinstance(obj, (tuple, list)):
        raise TypeError(f"object '{type(obj).__name__}' isn't a tuple or list")
    if len(obj) < 4 or len(obj) > 5:
        raise ValueError()
    return _layout(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else _MISSING, False)


class _Palette(dict):
    """Source colour -> palette pixel (palette x = colour, y = 0), looked up on first use."""

    __slots__ = ("lay",)

    def __init__(self, lay):
        super().__init__()
        self.lay = lay

    def __missing__(self, c):
        try:
            v = self.lay.get(c, 0)
        except IndexError:
            raise IndexError(
                f"blit palette has no pixel for colour {c} (MicroPython would read past its buffer)"
            ) from None
        self[c] = v
        return v


_EXPAND = {}


def _expand_tables(pal):
    """Four tables taking a GS4 byte (two pixels) to the 4 bytes of their RGB565 colours;
    kept per palette, as a driver blits band after band through the same one."""
    key = tuple(pal)
    tables = _EXPAND.get(key)
    if tables is None:
        if len(_EXPAND) >= 32:
            _EXPAND.clear()
        tables = _EXPAND[key] = _make_expand_tables(pal)
    return tables


def _make_expand_tables(pal):
    lo = [c & 0xFF for c in pal]
    hi = [(c >> 8) & 0xFF for c in pal]
    return (
        bytes(lo[b >> 4] for b in range(256)),
        bytes(hi[b >> 4] for b in range(256)),
        bytes(lo[b & 15] for b in range(256)),
        bytes(hi[b & 15] for b in range(256)),
    )


def _expand(data, tables):
    out = bytearray(len(data) << 2)
    t0, t1, t2, t3 = tables
    out[0::4] = data.translate(t0)
    out[1::4] = data.translate(t1)
    out[2::4] = data.translate(t2)
    out[3::4] = data.translate(t3)
    return out


class FrameBuffer:
    """MicroPython's framebuf.FrameBuffer over `buf` (bytearray, memoryview, array...).

    Subclass it like a driver does; the only instance attribute it keeps is name-mangled,
    so it cannot collide with a subclass's own."""

    def __init__(self, buf, width, height, format, stride=_MISSING, /):
        self.__l = _layout(buf, width, height, format, stride, True)

    def fill(self, c, /):
        lay = self.__l
        lay.fill(0, 0, lay.w, lay.h, _int(c))

    def _fill_rect(self, x, y, w, h, c):
        lay = self.__l
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= lay.h or x >= lay.w:
            return
        xe = x + w
        if xe > lay.w:
            xe = lay.w
        ye = y + h
        if ye > lay.h:
            ye = lay.h
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        lay.fill(x, y, xe - x, ye - y, c)

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x = _int(x)
        y = _int(y)
        w = _int(w)
        h = _int(h)
        c = _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=_MISSING, /):
        x = _int(x)
        y = _int(y)
        lay = self.__l
        if 0 <= x < lay.w and 0 <= y < lay.h:
            if c is _MISSING:
                return lay.get(x, y)
            lay.set(x, y, _int(c))
        return None

    def line(self, x1, y1, x2, y2, c, /):
        # Bresenham exactly as modframebuf.c steps it, so the same pixels light up.
        x1 = _int(x1)
        y1 = _int(y1)
        x2 = _int(x2)
        y2 = _int(y2)
        c = _int(c)
        lay = self.__l
        w = lay.w
        h = lay.h
        put = lay.set
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    put(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                put(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            put(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        dst = self.__l
        # Fast path for the font's other blit: a glyph's columns out of its table (a bytes
        # picture 8 pixels high) into the 8-pixel-high cell, every pixel copied.
        if type(fbuf) is tuple and len(fbuf) == 4 and palette is None and key == -1 and y == 0:
            buf, w, h, fmt = fbuf
            if (
                fmt == MONO_VLSB
                and h == 8
                and type(buf) is bytes
                and type(w) is int
                and type(x) is int
                and 0 < w <= len(buf)
                and dst.fmt == MONO_VLSB
                and dst.h == 8
                and dst.stride == dst.w
            ):
                a = max(0, x)
                b = min(dst.w, x + w)
                if a < b:
                    dst.mv[a:b] = buf[a - x : b - x]
                return
        # Fast path for what the handheld's font does all the time: a small FrameBuffer,
        # wholly inside this one, already drawn in these colours (see _SMALL).
        if type(fbuf) is FrameBuffer and type(x) is int and type(y) is int and type(key) is int:
            src = fbuf.__l
            if (
                0 <= x <= dst.w - src.w
                and 0 <= y <= dst.h - src.h
                and src.w * src.h <= 64
                and src.mv.obj is not dst.mv.obj
                and (palette is None or (type(palette) is FrameBuffer and palette.__l.mv.obj is not dst.mv.obj))
            ):
                pal = None if palette is None else palette.__l
                sig = (bytes(src.mv), src.fmt, src.w, src.stride, None if pal is None else bytes(pal.mv),
                       None if pal is None else pal.fmt, key & 0xFFFFFFFF, 0, 0, src.w, src.h)
                ops = _SMALL.get(sig)
                if ops is not None:
                    _replay(dst, ops, x, y)
                    return
        src = _source(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF  # MicroPython compares as uint32: -1 matches nothing
        pal = None if palette is None else _source(palette)
        if x >= dst.w or y >= dst.h or -x >= src.w or -y >= src.h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        n = min(dst.w, x + src.w) - x0
        rows = min(dst.h, y + src.h) - y0
        root = dst.mv.obj
        if src.mv.obj is root or (pal is not None and pal.mv.obj is root):
            # Source and destination share memory: pixel by pixel in MicroPython's order,
            # so overlapping copies smear exactly as they do on the device.
            lookup = None if pal is None else (lambda c: pal.get(c, 0))
            _blit_pixels(dst, src, lookup, key, x0, y0, x1, y1, n, rows)
            return
        colours = None if pal is None else _Palette(pal)
        if n <= _PIXEL_BLIT_MAX:
            # Narrow (a glyph, an icon): pixel by pixel costs less than row set-up. The
            # same small blit recurs (every "5" drawn in the same colours), so the pixels
            # it sets are worked out once and remembered.
            sig = None
            if n * rows <= 64:
                sig = (bytes(src.mv), src.fmt, src.w, src.stride, None if pal is None else bytes(pal.mv),
                       None if pal is None else pal.fmt, key, x1, y1, n, rows)
                ops = _SMALL.get(sig)
                if ops is not None:
                    _replay(dst, ops, x0, y0)
                    return
            lookup = None if pal is None else colours.__getitem__
            if sig is None:
                _blit_pixels(dst, src, lookup, key, x0, y0, x1, y1, n, rows)
                return
            ops = []
            for r in range(rows):
                for i in range(n):
                    c = src.get(x1 + i, y1 + r)
                    if lookup is not None:
                        c = lookup(c)
                    if c != key:
                        ops.append((i, r, c))
            if len(_SMALL) > 4096:
                _SMALL.clear()
            _SMALL[sig] = ops
            _replay(dst, ops, x0, y0)
            return
        if pal is not None:
            if (
                src.fmt == GS4_HMSB
                and dst.fmt == RGB565
                and _blit_gs4_rgb565(dst, src, pal, colours, key, x0, y0, x1, y1, n, rows)
            ):
                return
        elif key == _NO_KEY and src.fmt == dst.fmt and src.fmt in (RGB565, GS8):
            size = 2 if src.fmt == RGB565 else 1
            smv = src.mv
            dmv = dst.mv
            a = (x1 + y1 * src.stride) * size
            b = (x0 + y0 * dst.stride) * size
            m = n * size
            for _ in range(rows):
                dmv[b : b + m] = smv[a : a + m]
                a += src.stride * size
                b += dst.stride * size
            return
        read = src.read
        write = dst.write
        for r in range(rows):
            vals = read(x1, y1 + r, n)
            if pal is not None:
                vals = [colours[v] for v in vals]
            if key in vals:
                old = dst.read(x0, y0 + r, n)
                vals = [o if v == key else v for o, v in zip(old, vals)]
            write(x0, y0 + r, vals)

    def scroll(self, xstep, ystep, /):
        lay = self.__l
        xs = _int(xstep)
        ys = _int(ystep)
        w = lay.w
        h = lay.h
        if xs <= -w or xs >= w or ys <= -h or ys >= h:
            return
        n = w - abs(xs)
        dx = max(xs, 0)
        sx = max(-xs, 0)
        # MicroPython walks away from the step, so it never reads a pixel it has already
        # moved: the result is that of copying from a snapshot, which is what this does.
        ys_order = range(0, h + ys) if ys < 0 else range(h - 1, ys - 1, -1)
        fmt = lay.fmt
        if fmt == MONO_VLSB:
            unit = 0
        elif fmt == RGB565:
            unit, per = 1, 2  # whole pixels, 2 bytes each
        elif fmt == GS8:
            unit, per = 1, 1
        else:
            unit, per = 1 << lay.LOG, 1  # whole bytes of several pixels
        if unit and not xs % unit and not w % unit:
            # Every moved run is whole bytes: copy them as such.
            mv = lay.mv
            stride = lay.stride
            if xs == 0 and w == stride:
                r0, r1 = (0, h + ys) if ys < 0 else (ys, h)
                a = r0 * stride * per // unit
                b = r1 * stride * per // unit
                shift = ys * stride * per // unit
                mv[a:b] = bytes(mv[a - shift : b - shift])
                return
            nb = n * per // unit
            for yy in ys_order:
                d = (dx + yy * stride) * per // unit
                s = (sx + (yy - ys) * stride) * per // unit
                mv[d : d + nb] = bytes(mv[s : s + nb])
            return
        for yy in ys_order:
            lay.write(dx, yy, lay.read(sx, yy - ys, n))


def _replay(dst, ops, x0, y0):
    """Set the pixels of a remembered small blit, `ops` = [(dx, dy, colour)], at (x0, y0).
    On GS4 and MONO_VLSB frames (the handheld's) the pixels are first folded into byte
    edits (offset, keep mask, new bits) for this alignment, remembered too: drawing text
    is most of what the simulator does."""
    fmt = dst.fmt
    if fmt != GS4_HMSB and fmt != MONO_VLSB:
        put = dst.set
        for i, r, c in ops:
            put(x0 + i, y0 + r, c)
        return
    stride = dst.stride
    phase = x0 & 1 if fmt == GS4_HMSB else y0 & 7
    k = (id(ops), fmt, stride, phase)
    edits = _EDITS.get(k)
    if edits is None or edits[0] is not ops:
        merged = {}
        for i, r, c in ops:
            if fmt == GS4_HMSB:
                off = (phase + i + r * stride) >> 1
                shift = 0 if (phase + i) & 1 else 4
                bits = (c & 15) << shift
                mask = 15 << shift
            else:
                off = ((phase + r) >> 3) * stride + i
                mask = 1 << ((phase + r) & 7)
                bits = mask if c else 0
            keep, new = merged.get(off, (0xFF, 0))
            merged[off] = (keep & ~mask & 0xFF, (new & ~mask) | bits)
        if len(_EDITS) > 8192:
            _EDITS.clear()
        edits = (ops, [(off, keep, new) for off, (keep, new) in merged.items()])
        _EDITS[k] = edits
    if fmt == GS4_HMSB:
        if stride & 1:  # odd stride: rows do not start on a byte, go pixel by pixel
            put = dst.set
            for i, r, c in ops:
                put(x0 + i, y0 + r, c)
            return
        base = (x0 - phase + y0 * stride) >> 1
    else:
        base = (y0 >> 3) * stride + x0
    mv = dst.mv
    for off, keep, new in edits[1]:
        j = base + off
        mv[j] = (mv[j] & keep) | new


def _blit_pixels(dst, src, lookup, key, x0, y0, x1, y1, n, rows):
    """MicroPython's blit loop as is: getpixel, palette lookup, key test, setpixel."""
    get = src.get
    put = dst.set
    for r in range(rows):
        ys = y1 + r
        yd = y0 + r
        for i in range(n):
            c = get(x1 + i, ys)
            if lookup is not None:
                c = lookup(c)
            if c != key:
                put(x0 + i, yd, c)


def _blit_gs4_rgb565(dst, src, pal_lay, colours, key, x0, y0, x1, y1, n, rows):
    """GS4 -> RGB565 through a palette, a run of source bytes at a time. Returns False
    (nothing drawn) when the generic path must do it: a palette colour equals the key, or
    the palette lacks an entry."""
    if pal_lay.fmt == RGB565 and pal_lay.mv.nbytes >= 32:
        # Straight from its bytes: 16 lookups a call add up over many bands.
        pal = array("H")
        pal.frombytes(pal_lay.mv[:32])
        if not _LITTLE:
            pal.byteswap()
    else:
        try:
            pal = [colours[i] for i in range(16)]
        except IndexError:
            return False
    if key in pal:
        return False
    tables = _expand_tables(pal)
    smv = src.mv
    dmv = dst.mv
    sstride = src.stride
    dstride = dst.stride
    if x1 == 0 and x0 == 0 and n == sstride and n == dstride:
        # Whole rows on both sides: one run for the whole block (the ST7789 band case).
        a = (y1 * sstride) >> 1
        data = bytes(smv[a : a + ((rows * n) >> 1)])
        b = (y0 * dstride) << 1
        dmv[b : b + ((rows * n) << 1)] = _expand(data, tables)
        return True
    skip = (x1 & 1) << 1
    m = n << 1
    for r in range(rows):
        base = (y1 + r) * sstride
        a = (base + x1) >> 1
        e = ((base + x1 + n - 1) >> 1) + 1
        out = _expand(bytes(smv[a:e]), tables)
        b = (x0 + (y0 + r) * dstride) << 1
        dmv[b : b + m] = out[skip : skip + m]
    return True
