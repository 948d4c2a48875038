"""The board game's track drawn: `oval` on the colour boards (firmware/ui/level8/oval.py) and
`strip` on the OLED (firmware/ui/level8/track.py), for a few situations, compared with golden
pictures of what the panel shows (drawn into the board's real display driver, pushed to the
emulated panel).

A difference fails the test and writes the new picture next to the golden one (as
`NAME.new.png`) for a look. After a deliberate change of the look, refresh them with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q -n 0 tests/test_track_draw.py

and look at every changed picture before committing it. Edge cases (no seat on turn, towers
sharing a space, one choice, a shorter rectangle) draw without touching a pixel outside their
rectangle. The same drawing runs under the real MicroPython, from .py and from .mpy files,
into plain FrameBuffers and gives the same bytes as under CPython; on the OLED, importing the
strip loads nothing of the oval.
"""

import pytest
from test_golden import match_golden

from host_sim import sim
from tools import micropython as mpy
from tools import trackgen
from tools.build import FIRMWARE, compile_file

BOARDS = ["pico_display", "pico_lcd_114", "oled_128x64"]

# name -> (towers, me, reach, chosen, dice): what the drawing is given
SITUATIONS = {
    # the game's start: six towers on the start space, nothing rolled yet
    "track_start": (bytes(6), 0, b"", -1, b""),
    # mid-game, four seats: seat 3 rolled 2 and 5, the second choice under the cursor
    "track_choose": (bytes((9, 4, 13, 0)), 2, bytes((15, 18)), 1, bytes((2, 5))),
    # a doubles roll (3 and 3): the engine asks for 3 or 6 steps, shown as such
    "track_doubles": (bytes((20, 11, 7, 2, 0)), 1, bytes((14, 17)), 0, bytes((3, 3))),
    # round the corner: 25 -> 27 or 0 (the start space), two seats
    "track_wrap": (bytes((25, 16)), 0, bytes((27, 0)), 1, bytes((2, 3))),
}
STEPS = {"track_doubles": bytes((3, 6))}

DRAW = r"""
import framebuf
from ui.level8.oval import oval
from ui.level8.track import strip


def show(name, fmt, w, h, bpp, fn, args):
    buf = bytearray(w * h * bpp // 8)
    fb = framebuf.FrameBuffer(buf, w, h, fmt)
    fn(fb, 0, 0, w, h, *args)
    print(name, bytes(buf).hex())


for name, args in CASES:
    show(name + "-oval", framebuf.GS4_HMSB, 240, 135, 4, oval, args)
    show(name + "-strip", framebuf.MONO_VLSB, 128, 64, 1, strip, args)
"""


def args(name):
    return SITUATIONS[name] + (STEPS.get(name),)


def shoot(board, name):
    """What the board's panel shows after the track was drawn on its whole screen."""
    from ui import theme
    from ui.level8.oval import oval
    from ui.level8.track import strip

    hh = sim.Handheld(board)
    d = hh.device.display
    theme.setup(d)
    draw = strip if d.mono else oval
    draw(d, 0, 0, d.width, d.height, *args(name))
    d.show()
    return hh.screen()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", list(SITUATIONS))
def test_track_matches_its_golden_picture(board, name):
    match_golden(board, name, *shoot(board, name))


EDGES = [
    # no seat on turn, three towers on one space and two on another, one choice
    (bytes((7, 7, 7, 21, 21, 0)), 255, bytes((24,)), 0, bytes((3,)), None),
    # both dice reach the same space; nothing chosen, then the second choice
    (bytes((3, 9)), 1, bytes((12, 12)), -1, bytes((3, 3)), None),
    (bytes((3, 9)), 1, bytes((12, 12)), 1, bytes((3, 3)), None),
    # rolled, nowhere to go; then steps given by the engine, fewer than the choices
    (bytes((26, 27, 0)), 0, b"", -1, bytes((6, 1)), None),
    (bytes((26, 27)), 1, bytes((0, 2)), 0, bytes((1, 3)), bytes((1,))),
    # the right end and the bottom row ringed, towers on both
    (bytes((10, 14, 21, 0)), 0, bytes((14, 21)), 1, bytes((4, 5)), bytes((4, 11))),
]


@pytest.mark.parametrize("case", range(len(EDGES)))
@pytest.mark.parametrize("rect", [(4, 10, 232, 120), (0, 8, 128, 56), (0, 18, 128, 46), (2, 30, 124, 34)])
def test_drawing_stays_inside_its_rectangle(case, rect):
    """Every situation draws (none raises) and touches no pixel outside (x, y, w, h), on
    the OLED in a full 56 rows and in fewer."""
    import framebuf

    from ui.level8.oval import oval
    from ui.level8.track import strip

    mono = rect[2] <= 128
    w, h = (128, 64) if mono else (240, 135)
    buf = bytearray(w * h // 8 if mono else w * h // 2)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB if mono else framebuf.GS4_HMSB)
    fb.fill(1 if mono else 3)
    rx, ry, rw, rh = rect
    (strip if mono else oval)(fb, rx, ry, rw, rh, *EDGES[case])
    outside = [(x, y) for y in range(h) for x in range(w) if not (rx <= x < rx + rw and ry <= y < ry + rh)]
    assert all(fb.pixel(x, y) == (1 if mono else 3) for x, y in outside)
    inside = {fb.pixel(x, y) for y in range(ry, ry + rh) for x in range(rx, rx + rw)}
    assert len(inside) > 1


def test_the_oval_table_is_the_generators():
    assert trackgen.rewrite(trackgen.OVAL_PY.read_text()) == trackgen.OVAL_PY.read_text(), (
        "run python -m tools.trackgen"
    )


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    """The two drawing modules compiled, used in place of their .py files."""
    out = tmp_path_factory.mktemp("track-mpy")
    for name in ("track", "oval"):
        rel = "ui/level8/%s.py" % name
        compile_file(FIRMWARE / rel, out / "ui" / "level8" / (name + ".mpy"), name=rel)
    return out


@pytest.mark.parametrize("compiled", [False, True], ids=["py", "mpy"])
def test_micropython_draws_the_same_pixels(micropython, mpy_dir, compiled):
    code = "CASES = " + repr([(n, args(n)) for n in SITUATIONS]) + "\n" + DRAW
    expected = mpy.run_cpython(code, lib_dirs=[mpy.HOST_SIM / "framebuf.py"])
    got = micropython.run(
        "import ui.level8.oval as m\nprint(m.__file__)\n" + code, mpy_dir=mpy_dir if compiled else None
    )
    where, _, got = got.partition("\n")
    assert where.endswith(".mpy" if compiled else ".py")
    assert expected.splitlines() == got.splitlines()
    assert len(expected.splitlines()) == 2 * len(SITUATIONS)


# The strip imported once first and let go: its names stay interned (names are never freed,
# and whether this import or an earlier one fills a name pool depends on what came before),
# so the second import weighs the strip's own heap.
HEAP = r"""
import gc, sys
import level8.track, ui.font, ui.theme, compat, ui.level8
import ui.level8.track
del sys.modules["ui.level8.track"]
delattr(sys.modules["ui.level8"], "track")
gc.collect()
a = gc.mem_alloc()
import ui.level8.track
gc.collect()
print(gc.mem_alloc() - a)
"""


def test_the_oled_holds_only_the_strip(micropython, mpy_dir):
    """The OLED imports ui.level8.track alone (what the screens import anyway comes first):
    its heap stays small and the colour oval is not loaded with it."""
    out = micropython.run(HEAP + "import sys\nprint('ui.level8.oval' in sys.modules)\n", mpy_dir=mpy_dir)
    used, oval_loaded = out.split()
    assert oval_loaded == "False"
    assert int(used) < 4096, "importing ui.level8.track took %s bytes of heap" % used
