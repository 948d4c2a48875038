"""Our bitmap font (firmware/ui/font.py, drawn in tools/fontgen.py).

The glyph table: every printable ASCII character and every icon has a glyph, generated
from the art and still in step with it, inside the 5x7 box (column 5 blank, only
g j p q y in the descender row) with consistent cap, x and descender heights. The
glyphs are our own: at most a handful equal the classic 5x7 font's (checked against
fingerprints of it, not its bytes), and digits, world letters (S F W V D) and the usual
look-alikes differ in enough pixels to read apart at 1x.

Drawing, under the real MicroPython: text() puts exactly the model's pixels into
GS4_HMSB and MONO_VLSB frames (raw buffer bytes compared) with fg, bg, transparency,
scale 2 and 3, clipping at every edge and unknown codes; it returns x + measure(s); it
allocates nothing per call; the compiled .mpy draws the same and its import heap stays
small. The same program under CPython with host_sim.framebuf prints the same bytes.
"""

import ast
import hashlib
import itertools

import pytest

from tools import fontgen
from tools import micropython as mpy
from tools.build import FIRMWARE, compile_file

GLYPHS = fontgen.parse()
FONT_PY = FIRMWARE / "ui" / "font.py"
PRINTABLE = [chr(c) for c in range(32, 127)]
DESCENDERS = "gjpqy"


def rows(code):
    """The art rows drawn for `code` (the box for codes without a glyph)."""
    return GLYPHS[fontgen.ORDER[fontgen.glyph_index(code)]]


def lit_rows(code):
    return {y for y, r in enumerate(rows(code)) if "#" in r}


# -- the table ---------------------------------------------------------------


def test_every_printable_character_and_icon_has_a_glyph():
    for ch in PRINTABLE:
        assert ord(ch) in GLYPHS, repr(ch)
        assert ch == " " or lit_rows(ord(ch)), f"{ch!r} is blank"
    for code in [1, 2, 3, 4, 5, 6, 7, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15]:
        assert code in fontgen.ICONS and lit_rows(code), hex(code)
    assert lit_rows(0), "the box for unknown codes is blank"
    for code in (0, 8, 15, 22, 31, 127, 128, 0xE9, 0x2603):
        assert fontgen.glyph_index(code) == 0, hex(code)


def test_font_py_holds_the_table_generated_from_the_art():
    source = FONT_PY.read_text()
    assert fontgen.rewrite(source) == source, "font.py is out of date: run python -m tools.fontgen"
    (value,) = [
        node.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and [t.id for t in node.targets] == ["_GLYPHS"]
    ]
    table = ast.literal_eval(value)
    assert table == fontgen.table()
    assert len(table) == 6 * len(fontgen.ORDER) == 654


def test_packing_is_mono_vlsb_columns():
    # '!' is a bar in column 2, rows 0-3, and a dot in row 6: bits 0-3 and 6 of byte 2.
    assert fontgen.columns(GLYPHS[ord("!")]) == bytes([0, 0, 0b1001111, 0, 0, 0])
    assert fontgen.columns(GLYPHS[ord("_")]) == bytes([0x40] * 5 + [0])


def test_glyphs_fit_the_5x7_box_and_only_descenders_use_row_7():
    for code in fontgen.ORDER:
        packed = fontgen.columns(GLYPHS[code])
        name = repr(chr(code)) if code else "box"
        assert packed[5] == 0, f"{name} uses column 5"
        uses_row_7 = any(b & 0x80 for b in packed)
        assert uses_row_7 == (code is not None and chr(code) in DESCENDERS), f"{name} and row 7"


def test_heights_are_consistent():
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        assert min(lit_rows(ord(ch))) == 0 and max(lit_rows(ord(ch))) == 6, ch
    for ch in "acemnorsuvwxz":  # x-height: rows 2-6
        assert min(lit_rows(ord(ch))) == 2 and max(lit_rows(ord(ch))) == 6, ch
    for ch in "bdfhkl":  # ascenders reach the cap height
        assert min(lit_rows(ord(ch))) == 0 and max(lit_rows(ord(ch))) == 6, ch
    for ch in DESCENDERS:
        assert min(lit_rows(ord(ch))) in (0, 2) and max(lit_rows(ord(ch))) == 7, ch
    for code in fontgen.ICONS:  # icons stand on the baseline like the text around them
        assert max(lit_rows(code)) <= 6, hex(code)


def test_glyphs_are_all_different():
    seen = {}
    for code in fontgen.ORDER:
        packed = fontgen.columns(GLYPHS[code])
        assert packed not in seen, f"{code!r} looks like {seen.get(packed)!r}"
        seen[packed] = code


# Fingerprints of the classic 5x7 fonts' glyphs for codes 32..126 (the HD44780-style table
# and the glcdfont variant): sha256(bytes([code]) + the 5 column bytes), first 8 hex digits.
# Kept only as a check that our font is our own; the classic bytes are not in the repo.
_CLASSIC_FINGERPRINTS = """
    038aa3a9 08acaf3e 0ac1909e 0afd2719 0cc1eb16 0e93901a 0f4c5379 123cb184 13b3a848 13c4b69c
    1d35775a 23c90092 23cc8856 23d371e2 24a7c705 281cdab5 28739256 28ff9619 2915a250 2b6e352d
    2bdec3d7 2ce980e5 2df587ca 2ea58123 336a350e 338e64ed 34df88ba 357855b2 38ff60ba 3908094e
    3b9fc5bc 3c6ac137 3d31c951 3ea417eb 429392dc 44ec86e3 4867ed1d 4c67fa3e 4d4834c8 4ff464d4
    504e0403 5094b68f 5343f86d 54b2a875 55c0cb63 56534fcf 579bcbac 585e9214 5a4f1e21 5b5b9ccd
    5d20b0e0 5efe165d 5f4b7a55 617e2999 64c38018 66cfb93c 67cb2f4d 68b40b5e 6a83de6a 6a9e5f4e
    6e1a1d36 7149721b 726ed511 73696e31 74aaaca2 75cee231 773bb95f 77648fb2 7789639f 78e52cda
    7ab42fca 7adeea04 7d491307 7d679300 7eb86d68 7f2cb159 8162bf39 86ccf167 8a6ccb80 8d0caa07
    8dde80cf 926aba92 9323adc3 933cba3b 9ade244c 9bd5e404 a0834d85 a0b74a2c a1213394 a27f557b
    a3b897b8 a429d198 a56402a5 a6d4dcb4 a7562fa0 a7a35530 a836ae70 ab87922c ae3bad5e b2a399ff
    b65d8aa2 b7075b3f b727fc71 b72c5a33 ba3fa41f bae04895 c2ddba57 c4657d4d c4894662 c4a7873d
    c4f1da46 c5f8e42c cb9bc609 cc3ec123 d01482bf d0402e50 d39ff098 d913d1f7 d94be42c d9fe1ca1
    db4f1bf6 dd391693 dff4e953 e4aece37 ed809071 edd07435 ee0527bd ee35452e eee1edd9 ef55889a
    f16faf57 f68633d6 fb12e74f fb2d4d3f feb3b75e ff53ebac
"""
CLASSIC_5X7 = frozenset(_CLASSIC_FINGERPRINTS.split())
CLASSIC_SHARED_MAX = 10  # a handful: the space, _ | and shapes with no real alternative (H O T U o)


def fingerprint(code, cols):
    return hashlib.sha256(bytes([code]) + bytes(cols[:5])).hexdigest()[:8]


def hamming(a, b):
    return sum(
        bin(x ^ y).count("1") for x, y in zip(fontgen.columns(rows(ord(a))), fontgen.columns(rows(ord(b))))
    )


def test_glyphs_are_our_own_design_not_the_classic_5x7_font():
    # The fingerprints really are the classic font's: these are its '0', '#' and '&'.
    for ch, classic in (("0", "3e 51 49 45 3e"), ("#", "14 7f 14 7f 14"), ("&", "36 49 55 22 50")):
        assert fingerprint(ord(ch), bytes.fromhex(classic)) in CLASSIC_5X7, ch
    shared = [ch for ch in PRINTABLE if fingerprint(ord(ch), fontgen.columns(GLYPHS[ord(ch)])) in CLASSIC_5X7]
    assert len(shared) <= CLASSIC_SHARED_MAX, (
        f"{len(shared)} glyphs equal the classic font's: {''.join(shared)!r}"
    )


def test_digits_and_world_letters_are_far_apart():
    # Read at 1x on the OLED: a card's number and its world's letter must never be mistaken.
    # Distances are in pixels that differ between two glyphs.
    digits, worlds = "0123456789", "SFWVD"
    for a, b in itertools.combinations(digits + worlds, 2):
        assert hamming(a, b) >= 6, (a, b, hamming(a, b))
    for a in worlds:
        for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            assert a == b or hamming(a, b) >= 4, (a, b, hamming(a, b))
    for a, b in ("Il", "I1", "l1", "i1", "5S", "8B", "2Z", "9g", "0D", "OD"):  # look-alikes elsewhere
        assert hamming(a, b) >= 5, (a, b, hamming(a, b))
    assert hamming("0", "O") >= 1  # the dotted zero


def test_fontgen_check_and_preview(tmp_path):
    assert fontgen.main(["--check"]) == 0
    out = tmp_path / "sheet.png"
    assert fontgen.main(["--png", str(out), "--zoom", "2", "\\x01 Sky"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    lines = len(fontgen.sheet()) + 2  # the sheet, a blank line, "\x01 Sky"
    assert int.from_bytes(data[16:20], "big") == 2 * (16 * 6 + 4)  # width
    assert int.from_bytes(data[20:24], "big") == 2 * (lines * 8 + 4)  # height
    assert fontgen.render(["\x01"])[2 + 5][2:7] == [1, 1, 1, 1, 1]  # the cloud's flat base


# -- drawing: a model of text() -----------------------------------------------

# Frames the cases draw on: (format, width, height, background pattern (a, b, m) meaning
# pixel (x, y) = (a*x + b*y) % m, calls [(s, x, y, fg, bg, scale)]). GS4 widths are even
# (as the 240-px LCD's), so rows do not share bytes.
SHEET = fontgen.sheet()
CASES = [
    (
        "GS4",
        96,
        56,
        (1, 3, 5),
        [(line, 0, 8 * k, 9 + k, -1 if k % 2 else k, 1) for k, line in enumerate(SHEET)],
    ),
    (
        "MONO",
        96,
        56,
        (1, 1, 2),
        [(line, 0, 8 * k, k % 2, [-1, 0, 1][k % 3], 1) for k, line in enumerate(SHEET)],
    ),
    (
        "GS4",
        40,
        22,
        (2, 1, 7),
        [
            ("Edge", -3, -2, 7, -1, 1),
            ("clip", 30, 16, 12, 3, 1),
            ("Big", -5, 6, 11, 2, 2),
            ("W\x07", 28, -9, 5, -1, 2),
            ("off", 40, 0, 1, 2, 1),
            ("off", -18, 0, 1, 2, 1),
            ("off", 0, 22, 1, 2, 1),
            ("off", 0, -8, 1, 2, 1),
            ("", 3, 3, 15, 0, 1),
            ("\xe9\x00\x7f", 0, 12, 13, -1, 1),
            ("jq", 28, 15, 14, 15, 1),
            ("y", 33, -1, 0, -1, 3),
            ("\x01\x05", 1, 14, 15, -1, 1),
        ],
    ),
    (
        "MONO",
        37,
        19,
        (1, 2, 3),
        [
            ("Odd", -2, -3, 1, -1, 1),
            ("dark", 20, 12, 0, -1, 1),
            ("lit", 5, 4, 1, 0, 1),
            ("Hi", 25, 9, 1, 0, 2),
            ("g\x14", -4, 10, 0, 1, 2),
            ("\u2603.", 31, 1, 1, -1, 1),
            ("off", 37, 0, 1, 0, 1),
            ("off", 0, 19, 1, 0, 2),
        ],
    ),
]

PROGRAM = r"""
import framebuf
from ui import font


def frame(fmt, w, h):
    if fmt == "GS4":
        buf = bytearray(w * h // 2)
        return buf, framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB)
    buf = bytearray(w * ((h + 7) // 8))
    return buf, framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)


for fmt, w, h, (a, b, m), calls in CASES:
    buf, fb = frame(fmt, w, h)
    for y in range(h):
        for x in range(w):
            fb.pixel(x, y, (a * x + b * y) % m)
    for s, x, y, fg, bg, scale in calls:
        if scale == 1 and bg < 0 and fg % 2:
            end = font.text(fb, s, x, y, fg)  # defaults
        else:
            end = font.text(fb, s, x, y, fg, bg, scale=scale)
        print("end", end, font.measure(s, scale))
    print("frame", "".join("%02x" % v for v in buf))
"""


def model(fmt, w, h, pattern, calls):
    """The output PROGRAM should print for one frame, from the art alone."""
    a, b, m = pattern
    px = [[(a * x + b * y) % m for x in range(w)] for y in range(h)]
    out = []
    for s, x0, y0, fg, bg, scale in calls:
        x = x0
        for ch in s:
            art = rows(ord(ch))
            for cy in range(8):
                for cx in range(6):
                    on = cx < 5 and art[cy][cx] == "#"
                    if not on and bg < 0:
                        continue
                    for dy in range(scale):
                        for dx in range(scale):
                            X, Y = x + cx * scale + dx, y0 + cy * scale + dy
                            if 0 <= X < w and 0 <= Y < h:
                                px[Y][X] = fg if on else bg
            x += 6 * scale
        out.append(f"end {x} {x - x0}")
    if fmt == "GS4":
        buf = bytearray(w * h // 2)
        for y in range(h):
            for x in range(w):
                buf[(x + y * w) >> 1] |= px[y][x] << (0 if x & 1 else 4)
    else:
        buf = bytearray(w * ((h + 7) // 8))
        for y in range(h):
            for x in range(w):
                buf[(y >> 3) * w + x] |= (px[y][x] != 0) << (y & 7)
    out.append("frame " + buf.hex())
    return out


def program(cases=CASES):
    return "CASES = " + repr(cases) + "\n" + PROGRAM


@pytest.fixture(scope="module")
def drawn(micropython):
    """What PROGRAM prints under MicroPython, split per frame."""
    return split(micropython.run(program()))


def split(output):
    frames, current = [], []
    for line in output.splitlines():
        current.append(line)
        if line.startswith("frame "):
            frames.append(current)
            current = []
    assert not current, "output after the last frame: " + repr(current)
    return frames


def test_text_draws_exactly_the_art(drawn):
    assert len(drawn) == len(CASES)
    for k, (case, got) in enumerate(zip(CASES, drawn)):
        want = model(*case)
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                if g.startswith("frame"):
                    first = next(j for j in range(len(g)) if g[j] != w[j])
                    pytest.fail(f"case {k}: frame differs from the model at hex digit {first - 6}")
                pytest.fail(f"case {k}, call {i} {case[4][i]!r}: got {g!r}, want {w!r}")
        assert len(got) == len(want)


def test_text_returns_x_plus_measure(drawn):
    for case, got in zip(CASES, drawn):
        for (s, x, _y, _fg, _bg, scale), line in zip(case[4], got):
            _, end, width = line.split()
            assert int(end) == x + int(width) == x + 6 * scale * len(s), (s, x, scale)


def test_cpython_with_host_sim_framebuf_draws_the_same(micropython):
    prologue = "import sys\nimport host_sim.framebuf\nsys.modules['framebuf'] = host_sim.framebuf\n"
    on_mpy = micropython.run(program())
    on_cpython = mpy.run_cpython(prologue + program())
    a, b = on_cpython.splitlines(), on_mpy.splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        assert x == y, f"CPython and MicroPython differ at output line {i + 1}"
    assert len(a) == len(b)


ALLOCATION = r"""
import gc
import framebuf
from ui import font

g = framebuf.FrameBuffer(bytearray(240 * 135 // 2), 240, 135, framebuf.GS4_HMSB)
m = framebuf.FrameBuffer(bytearray(128 * 64 // 8), 128, 64, framebuf.MONO_VLSB)
S = ("Level 10: Sky 7 \x01\x02\x03\x04\x05 \x06\x07\x10\x11\x12\x13\x14\x15", "\xe9\x00\x7f\u2603", "")


def draw():
    for s in S:
        font.text(g, s, 3, 4, 9)
        font.text(g, s, -7, 130, 1, 0)
        font.text(g, s, 0, 20, 15, -1, 2)
        font.text(g, s, 200, 40, 3, bg=4, scale=2)
        font.text(m, s, 0, 0, 1, 0)
        font.text(m, s, 100, 60, 0)
        font.text(m, s, 5, 5, 1, -1, 2)
        font.measure(s)
        font.measure(s, 2)


def run():
    draw()
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(20):
        draw()
    used = gc.mem_alloc() - a
    gc.enable()
    return used


print(run())
"""


def test_text_allocates_nothing(micropython):
    assert micropython.run(ALLOCATION).strip() == "0"


IMPORT_HEAP = r"""
import gc
import framebuf
import compat


def measure():
    gc.collect()
    a = gc.mem_alloc()
    import ui.font
    gc.collect()
    return gc.mem_alloc() - a


print("heap", measure())
"""

HEAP_BUDGET = 3000  # bytes kept by importing ui (a docstring) and ui.font from .mpy


def test_mpy_draws_the_same_and_imports_small(micropython, tmp_path):
    for name in ("__init__", "font"):
        compile_file(FIRMWARE / "ui" / f"{name}.py", tmp_path / "ui" / f"{name}.mpy", f"ui/{name}.py")
    size = (tmp_path / "ui" / "font.mpy").stat().st_size
    assert size < 2000, f"font.mpy is {size} B"
    out = micropython.run(IMPORT_HEAP + program(CASES[2:]), mpy_dir=tmp_path).splitlines()
    heap = int(out[0].split()[1])
    assert heap < HEAP_BUDGET, f"importing ui.font from .mpy keeps {heap} B"
    assert split("\n".join(out[1:])) == [model(*case) for case in CASES[2:]]
