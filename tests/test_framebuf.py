"""host_sim.framebuf is pixel-exact with MicroPython 1.27's framebuf.

Seeded random drawing programs are written out as plain Python, run once under the real
MicroPython (its built-in framebuf) and once here against the stand-in, and the printed
buffer bytes must agree line for line. The programs cover every format and method:
clipping past all four edges, negative and zero sizes, odd x on the 2- and 4-bit formats,
strides wider than the width, buffers that are memoryview slices, colours that need
truncating, blit between formats from FrameBuffers, tuples and lists, with keys and
palettes, blits of a buffer onto itself, and scroll by every step. Everything runs in one
MicroPython process per test to keep the suite fast.
"""

import contextlib
import io
import random

import pytest

import host_sim.framebuf as framebuf

FORMATS = {
    "MONO_VLSB": 1,
    "MONO_HLSB": 1,
    "MONO_HMSB": 1,
    "GS2_HMSB": 2,
    "GS4_HMSB": 4,
    "GS8": 8,
    "RGB565": 16,
}
UNIT = {"MONO_HLSB": 8, "MONO_HMSB": 8, "GS2_HMSB": 4, "GS4_HMSB": 2}
COLOURS = [0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 0xAA, 0xFF, 0x100, 0x1234, 0xFFFF, 0x12345, -1, -2, -16]


def buffer_size(fmt, w, h, stride):
    """Bytes MicroPython requires for this geometry (mirrors its constructor's check)."""
    unit = UNIT.get(fmt, 1)
    stride = (stride + unit - 1) // unit * unit
    wr = (w + unit - 1) // unit * unit
    if fmt == "MONO_VLSB":
        hr = (h + 7) // 8 * 8
        return ((hr - 8) * stride + 8 * wr) // 8
    return ((h - 1) * stride + wr) * FORMATS[fmt] // 8


class Program:
    """Builds one script as lines of Python; every check prints one line."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.lines = []
        self.n = 0

    def emit(self, line):
        self.lines.append(line)

    def show(self, expr):
        self.n += 1
        self.emit(f"print({self.n}, {expr})")

    def colour(self, fmt=None):
        r = self.rnd
        if fmt is not None and r.random() < 0.5:
            return r.randrange(1 << FORMATS[fmt])
        return r.choice(COLOURS) if r.random() < 0.7 else r.randrange(-70000, 70000)

    def framebuffer(self, name, fmt, w, h, stride=None, kind="fb"):
        """Declare buffer b_<name> with random contents and FrameBuffer <name> over it.
        kind "fb": a FrameBuffer; "tuple"/"list": the blit source form; "view": a
        FrameBuffer over a memoryview slice of a larger bytearray."""
        r = self.rnd
        size = buffer_size(fmt, w, h, stride if stride is not None else w)
        slack = r.choice((0, 0, 1, 3))
        data = bytes(r.randrange(256) for _ in range(size + slack))
        self.emit(f"b_{name} = bytearray({data!r})")
        geom = f"{w}, {h}, F.{fmt}" + (f", {stride}" if stride is not None else "")
        if kind == "view":
            pad = bytes(r.randrange(256) for _ in range(3))
            self.emit(f"b_{name} = bytearray({pad!r}) + b_{name} + bytearray({pad!r})")
            self.emit(f"{name} = F.FrameBuffer(memoryview(b_{name})[3:{3 + size + slack}], {geom})")
        elif kind == "tuple":
            self.emit(f"{name} = (b_{name}, {geom})")
        elif kind == "list":
            self.emit(f"{name} = [memoryview(b_{name}), {geom}]")
        else:
            self.emit(f"{name} = F.FrameBuffer(b_{name}, {geom})")

    def source(self, name):
        """A random blit source; returns its format."""
        r = self.rnd
        fmt = r.choice(list(FORMATS))
        w = r.randint(1, 13) if r.random() < 0.6 else r.randint(14, 40)
        h = r.randint(1, 11)
        stride = w + r.randint(1, 5) if r.random() < 0.3 else None
        self.framebuffer(name, fmt, w, h, stride, r.choice(("fb", "fb", "tuple", "list")))
        return fmt

    def palette(self, name, src_fmt, dst_fmt):
        """A palette with a pixel for every colour the source can hold."""
        r = self.rnd
        n = 1 << FORMATS[src_fmt]
        fmt = dst_fmt if r.random() < 0.8 else r.choice(list(FORMATS))
        self.framebuffer(name, fmt, n, 1, None, r.choice(("fb", "fb", "tuple")))
        return fmt

    def ops(self, fb, fmt, w, h, count):
        r = self.rnd
        out = f"b_{fb}.hex()"

        def xs():
            return r.randint(-w - 3, w + 3)

        def ys():
            return r.randint(-h - 3, h + 3)

        def size(n):
            return r.randint(-3, n + 4) if r.random() < 0.9 else r.choice((0, -1, 1, n, n + 1))

        for _ in range(count):
            op = r.choice(
                (
                    "fill",
                    "pixel",
                    "pixel",
                    "get",
                    "hline",
                    "vline",
                    "rect",
                    "rect",
                    "fill_rect",
                    "fill_rect",
                    "line",
                    "line",
                    "blit",
                    "blit",
                    "blit",
                    "self_blit",
                    "scroll",
                )
            )
            c = self.colour(fmt)
            if op == "fill":
                self.emit(f"{fb}.fill({c})")
            elif op == "pixel":
                for _ in range(r.randint(1, 6)):
                    self.emit(f"{fb}.pixel({xs()}, {ys()}, {self.colour(fmt)})")
            elif op == "get":
                for _ in range(4):
                    self.show(f"{fb}.pixel({r.randint(-2, w + 1)}, {r.randint(-2, h + 1)})")
                continue
            elif op == "hline":
                self.emit(f"{fb}.hline({xs()}, {ys()}, {size(w)}, {c})")
            elif op == "vline":
                self.emit(f"{fb}.vline({xs()}, {ys()}, {size(h)}, {c})")
            elif op == "rect":
                f = r.choice(("", "", ", True", ", False", ", 1", ", 0"))
                self.emit(f"{fb}.rect({xs()}, {ys()}, {size(w)}, {size(h)}, {c}{f})")
            elif op == "fill_rect":
                self.emit(f"{fb}.fill_rect({xs()}, {ys()}, {size(w)}, {size(h)}, {c})")
            elif op == "line":
                self.emit(f"{fb}.line({xs()}, {ys()}, {xs()}, {ys()}, {c})")
            elif op == "scroll":
                # zero steps often: they take the whole-row paths
                sx = r.choice((0, r.randint(-w - 1, w + 1)))
                sy = r.choice((0, r.randint(-h - 1, h + 1)))
                self.emit(f"{fb}.scroll({sx}, {sy})")
            elif op == "self_blit":
                key = r.choice((None, -1, self.colour(fmt)))
                args = "" if key is None else f", {key}"
                self.emit(f"{fb}.blit({fb}, {r.randint(-3, 3)}, {r.randint(-3, 3)}{args})")
            else:
                src_fmt = self.source("s")
                x = r.randint(-14, w + 1)
                y = r.randint(-12, h + 1)
                mode = r.choice(("plain", "key", "palette", "palette_key", "none_palette"))
                if mode in ("palette", "palette_key") and src_fmt != "RGB565":
                    pal_fmt = self.palette("p", src_fmt, fmt)
                    if mode == "palette":
                        key = -1
                    elif r.random() < 0.6:
                        # the key as the palette translates some source colour
                        key = (
                            f"F.FrameBuffer(b_p, {1 << FORMATS[src_fmt]}, 1, F.{pal_fmt}).pixel("
                            f"{r.randrange(1 << FORMATS[src_fmt])}, 0)"
                        )
                    else:
                        key = self.colour(src_fmt)
                    self.emit(f"{fb}.blit(s, {x}, {y}, {key}, p)")
                elif mode == "key":
                    self.emit(f"{fb}.blit(s, {x}, {y}, {self.colour(src_fmt)})")
                elif mode == "none_palette":
                    self.emit(f"{fb}.blit(s, {x}, {y}, -1, None)")
                else:
                    self.emit(f"{fb}.blit(s, {x}, {y})")
            self.show(out)

    def script(self):
        return "\n".join(self.lines) + "\n"


def random_programs(seed, count, ops):
    p = Program(seed)
    r = p.rnd
    for i in range(count):
        fmt = list(FORMATS)[i % len(FORMATS)]
        w = r.randint(1, 19) if r.random() < 0.6 else r.randint(20, 41)
        h = r.randint(1, 19)
        stride = w + r.randint(1, 9) if r.random() < 0.35 else None
        kind = "view" if r.random() < 0.2 else "fb"
        p.emit(f"# program {i}: {fmt} {w}x{h} stride {stride} {kind}")
        p.framebuffer("f", fmt, w, h, stride, kind)
        p.show("b_f.hex()")
        p.ops("f", fmt, w, h, ops)
    return p.script()


def constructor_cases():
    """FrameBuffer's validation: what it accepts and which exception it raises."""
    lines = [
        "def try_new(*a):",
        "    try:",
        "        F.FrameBuffer(*a)",
        "        return 'ok'",
        "    except Exception as e:",
        "        return type(e).__name__",
    ]
    n = 0
    for fmt in FORMATS:
        for w, h, stride in (
            (1, 1, None),
            (5, 9, None),
            (5, 9, 6),
            (9, 3, 9),
            (3, 1, 2),
            (7, 5, 12),
            (0, 4, None),
            (4, 0, None),
            (-1, 4, None),
            (4, -1, None),
            (70000, 1, None),
        ):
            need = buffer_size(fmt, max(w, 1), max(h, 1), max(stride or w, 1))
            for size in (need - 1, need):
                args = f"bytearray({max(size, 0)}), {w}, {h}, F.{fmt}" + (f", {stride}" if stride else "")
                n += 1
                lines.append(f"print({n}, try_new({args}))")
    for args in (
        "bytes(64), 4, 4, F.GS8",
        "bytearray(64), 4, 4, 7",
        "bytearray(64), 4, 4, -1",
        "memoryview(bytes(64)), 4, 4, F.GS8",
        "bytearray(64), 4, 4, F.GS8, 3",
    ):
        n += 1
        lines.append(f"print({n}, try_new({args}))")
    for bad in (
        "(bytearray(4), 2, 2)",
        "(bytearray(4), 2, 2, F.GS8, 2, 0)",
        "(bytearray(3), 2, 2, F.GS8)",
        "(bytes(4), 2, 2, F.GS8)",
        "3",
    ):
        n += 1
        lines.append("try:")
        lines.append(f"    F.FrameBuffer(bytearray(4), 2, 2, F.GS8).blit({bad}, 0, 0); r = 'ok'")
        lines.append("except Exception as e:")
        lines.append("    r = type(e).__name__")
        lines.append(f"print({n}, r)")
    return "\n".join(lines) + "\n"


ST7789_BANDS = """
import hashlib
W, H, BAND = 240, 135, 16
frame = bytearray(W * H // 2)
fb = F.FrameBuffer(frame, W, H, F.GS4_HMSB)
pal_buf = bytearray(32)
pal = F.FrameBuffer(pal_buf, 16, 1, F.RGB565)
for i in range(16):
    pal.pixel(i, 0, (i * 0x1357 + 0x0421) & 0xFFFF)
strip = bytearray(W * BAND * 2)
band = F.FrameBuffer(strip, W, BAND, F.RGB565)
narrow = F.FrameBuffer(strip, 37, BAND, F.RGB565)
seed = 12345
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed >> 8) % n
for i in range(150):
    fb.fill_rect(rnd(W + 20) - 10, rnd(H + 20) - 10, rnd(80) - 5, rnd(60) - 5, rnd(16))
    fb.line(rnd(W), rnd(H), rnd(W), rnd(H), rnd(16))
    fb.pixel(rnd(W), rnd(H), rnd(16))
print(1, hashlib.sha256(frame).digest().hex())
for k, (target, x, key) in enumerate(((band, 0, -1), (band, 0, 3), (band, 1, -1), (narrow, 0, -1),
                                      (narrow, 7, -1), (band, 0, pal.pixel(5, 0)))):
    h = hashlib.sha256()
    for y in range(0, H, BAND):
        target.fill(0x5A5A)
        target.blit(fb, -x, -y, key, pal)
        h.update(strip)
        target.fill(0xA5A5)
        rows = min(BAND, H - y)
        target.blit((memoryview(frame)[y * W // 2:(y + rows) * W // 2], W, rows, F.GS4_HMSB), -x, 0, key, pal)
        h.update(strip)
    print(2 + k, h.digest().hex())
"""


def run_micropython(micropython, body):
    return micropython.run("import framebuf as F\n" + body)


def run_standin(body):
    got = io.StringIO()
    with contextlib.redirect_stdout(got):
        exec(compile(body, "<framebuf program>", "exec"), {"F": framebuf, "__name__": "program"})
    return got.getvalue()


def run_both(micropython, body):
    """(MicroPython's output, the stand-in's output) for a script that uses `F`."""
    return run_micropython(micropython, body), run_standin(body)


def assert_same(body, expected, got):
    exp = expected.splitlines()
    out = got.splitlines()
    for i, (a, b) in enumerate(zip(exp, out)):
        if a != b:
            tag = a.split(" ", 1)[0]
            lines = body.splitlines()
            at = next((j for j, line in enumerate(lines) if line.startswith(f"print({tag},")), 0)
            context = "\n".join(lines[max(0, at - 12) : at + 1])
            pytest.fail(f"line {i + 1} differs\nMicroPython: {a}\nstand-in:    {b}\nprogram:\n{context}")
    assert len(exp) == len(out), f"MicroPython printed {len(exp)} lines, the stand-in {len(out)}"
    assert exp, "nothing was compared"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_programs_match_micropython(seed, monkeypatch, micropython):
    body = random_programs(seed, count=28, ops=24)
    expected = run_micropython(micropython, body)
    # blit has a pixel-by-pixel path for narrow blits and row paths for wide ones: check
    # the stand-in with its own threshold, then with every blit forced down each path.
    for limit in (framebuf._PIXEL_BLIT_MAX, 0, 1 << 20):
        monkeypatch.setattr(framebuf, "_PIXEL_BLIT_MAX", limit)
        assert_same(body, expected, run_standin(body))


def test_constructor_and_source_validation_match_micropython(micropython):
    body = constructor_cases()
    expected, got = run_both(micropython, body)
    assert_same(body, expected, got)


def test_st7789_band_blits_match_micropython(micropython):
    # The ST7789 driver's show(): a 240x135 GS4 frame expanded through a 16-colour palette
    # into an RGB565 strip, band by band, from the FrameBuffer and from a memoryview tuple.
    expected, got = run_both(micropython, ST7789_BANDS)
    assert_same(ST7789_BANDS, expected, got)


def test_constants_match_micropython(micropython):
    body = "print(" + ", ".join(f"F.{name}" for name in FORMATS) + ")\n"
    expected, got = run_both(micropython, body)
    assert expected == got


def test_only_the_supported_api_is_there():
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    for name in ("fill", "pixel", "hline", "vline", "rect", "fill_rect", "line", "blit", "scroll"):
        assert callable(getattr(fb, name))
    for name in ("text", "ellipse", "poly"):
        assert not hasattr(fb, name), f"{name}() is not for firmware use"
    with pytest.raises(TypeError):
        fb.rect(0, 0, 2, 2, 1, f=True)  # keyword arguments fail on MicroPython as well
    with pytest.raises(TypeError):
        fb.pixel(1.0, 2, 1)  # and so do floats


def test_subclass_keeps_its_own_attributes():
    class Panel(framebuf.FrameBuffer):
        def __init__(self):
            self.buf = bytearray(4)
            self.width = 2
            super().__init__(self.buf, 2, 2, framebuf.GS8)

    p = Panel()
    p.fill(9)
    assert p.buf == bytearray(b"\x09" * 4) and p.width == 2


KEY_AFTER_PALETTE = """
src = F.FrameBuffer(bytearray(b'\\x12'), 2, 1, F.GS4_HMSB)   # colours 1, 2
pal = F.FrameBuffer(bytearray(32), 16, 1, F.RGB565)
for i in range(16):
    pal.pixel(i, 0, 100 + i)
dst = F.FrameBuffer(bytearray(4), 2, 1, F.RGB565)
for key in (1, 101, -1):
    dst.fill(7)
    dst.blit(src, 0, 0, key, pal)
    print(key, dst.pixel(0, 0), dst.pixel(1, 0))
"""


def test_blit_key_is_compared_after_the_palette(micropython):
    # MicroPython 1.27 translates the source colour through the palette first and then
    # skips pixels whose translated colour equals the key.
    expected, got = run_both(micropython, KEY_AFTER_PALETTE)
    assert expected == got == "1 101 102\n101 7 102\n-1 101 102\n"


def bench():
    """Print how fast the stand-in does what the simulator does most (not a test).

    PYTHONPATH=. .venv/bin/python tests/test_framebuf.py"""
    import timeit

    F = framebuf
    w, h = 240, 135
    frame = F.FrameBuffer(bytearray(w * h // 2), w, h, F.GS4_HMSB)
    rgb = F.FrameBuffer(bytearray(w * h * 2), w, h, F.RGB565)
    strip = F.FrameBuffer(bytearray(w * 16 * 2), w, 16, F.RGB565)
    pal = F.FrameBuffer(bytearray(32), 16, 1, F.RGB565)
    oled = F.FrameBuffer(bytearray(1024), 128, 64, F.MONO_VLSB)
    cell = F.FrameBuffer(bytearray(6), 6, 8, F.MONO_VLSB)
    pal2 = F.FrameBuffer(bytearray(4), 2, 1, F.RGB565)
    for i in range(16):
        pal.pixel(i, 0, i * 0x1111)
        frame.fill_rect(i * 15, i * 8, 37, 23, i)
    cell.fill_rect(1, 1, 3, 5, 1)
    pal2.pixel(1, 0, 9)

    def bands():
        for y in range(0, h, 16):
            strip.blit(frame, 0, -y, -1, pal)

    cases = {
        "fill_rect 240x135 GS4 (whole frame)": lambda: frame.fill_rect(0, 0, w, h, 5),
        "fill_rect 239x133 GS4 at (1, 1)": lambda: frame.fill_rect(1, 1, w - 1, h - 2, 5),
        "fill_rect 240x135 RGB565": lambda: rgb.fill_rect(0, 0, w, h, 0x1234),
        "fill_rect 128x64 MONO_VLSB": lambda: oled.fill_rect(0, 0, 128, 64, 1),
        "blit GS4->RGB565 + palette, 240x135 at once": lambda: rgb.blit(frame, 0, 0, -1, pal),
        "blit GS4->RGB565 + palette, 240x135 in 9 bands": bands,
        "blit GS4->RGB565 + palette, 240x135, x odd": lambda: rgb.blit(frame, -1, 0, -1, pal),
        "blit 6x8 glyph MONO_VLSB->GS4, key + palette": lambda: frame.blit(cell, 13, 7, 0, pal2),
        "hline 100 px GS4": lambda: frame.hline(3, 9, 100, 7),
        "vline 100 px GS4": lambda: frame.vline(9, 3, 100, 7),
        "pixel set GS4": lambda: frame.pixel(9, 3, 7),
    }
    for name, fn in cases.items():
        number, _ = timeit.Timer(fn).autorange()
        t = min(timeit.repeat(fn, number=number, repeat=3)) / number
        print(f"{name:50s} {1 / t:10.0f}/s {t * 1e6:9.1f} us")


if __name__ == "__main__":
    bench()
