"""Where the colour screen's oval puts the board game's 28 spaces: the generator of the table
in firmware/ui/level8/oval.py.

    python -m tools.trackgen            rewrite the table in firmware/ui/level8/oval.py
    python -m tools.trackgen --check    exit 1 if the table differs from what this computes

The spaces' centres lie on a rounded rectangle inside a 240x135 frame, clockwise from the
big start space at the left end's middle; the start space takes more of the path than the
others, which share the rest evenly (by length along the path, so the corners are as
tightly packed as the straights). Each space also has an anchor a little way towards the
middle, where its towers and its die value are drawn. The firmware scales these integer
positions to the frame it draws in; the floating point stays here.
"""

import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OVAL_PY = REPO / "firmware" / "ui" / "level8" / "oval.py"
BEGIN = "# BEGIN OVAL (written by tools/trackgen.py)"
END = "# END OVAL"

W, H = 240, 135
N = 28
LEFT, RIGHT, TOP, BOTTOM = 12.0, 230.0, 9.0, 125.0  # the path of the tiles' centres
RADIUS = 56.0
START_GAP = 38.0  # along the path from the start space's centre to its neighbours'
INWARD = 16.0  # from a tile's centre to its anchor on the straights
INWARD_CORNER = 16.0
START_X = 15.0  # the start space's tile is wider than the others
START_ANCHOR = 36.0  # the start space's anchor (its die value) is to its right


def _path():
    """The path as segments, clockwise from the left end's middle: ('l', x0, y0, x1, y1)
    straights and ('a', cx, cy, angle0, angle1) quarter circles (screen angles, y down)."""
    r = RADIUS
    lt, rt, t, b = LEFT, RIGHT, TOP, BOTTOM
    my = (t + b) / 2
    return [
        ("l", lt, my, lt, t + r),
        ("a", lt + r, t + r, math.pi, 1.5 * math.pi),
        ("l", lt + r, t, rt - r, t),
        ("a", rt - r, t + r, 1.5 * math.pi, 2 * math.pi),
        ("l", rt, t + r, rt, b - r),
        ("a", rt - r, b - r, 0.0, 0.5 * math.pi),
        ("l", rt - r, b, lt + r, b),
        ("a", lt + r, b - r, 0.5 * math.pi, math.pi),
        ("l", lt, b - r, lt, my),
    ]


def _length(seg):
    if seg[0] == "l":
        return math.hypot(seg[3] - seg[1], seg[4] - seg[2])
    return RADIUS * abs(seg[4] - seg[3])


def _at(s):
    """The point at length `s` along the path and the unit normal towards the middle."""
    for seg in _path():
        n = _length(seg)
        if s <= n or seg is _path()[-1]:
            f = s / n if n else 0.0
            if seg[0] == "l":
                x = seg[1] + (seg[3] - seg[1]) * f
                y = seg[2] + (seg[4] - seg[2]) * f
                cx, cy = (LEFT + RIGHT) / 2, (TOP + BOTTOM) / 2
                if seg[1] == seg[3]:
                    return x, y, math.copysign(1.0, cx - x), 0.0, False
                return x, y, 0.0, math.copysign(1.0, cy - y), False
            a = seg[3] + (seg[4] - seg[3]) * f
            x = seg[1] + RADIUS * math.cos(a)
            y = seg[2] + RADIUS * math.sin(a)
            return x, y, -math.cos(a), -math.sin(a), True
        s -= n
    raise AssertionError("past the path's end")


def table():
    """28 x (centre x, centre y, anchor x, anchor y) as bytes, in the 240x135 frame."""
    total = sum(_length(seg) for seg in _path())
    pitch = (total - 2 * START_GAP) / (N - 2)
    out = bytearray()
    for i in range(N):
        s = 0.0 if i == 0 else START_GAP + (i - 1) * pitch
        x, y, nx, ny, corner = _at(s)
        d = INWARD_CORNER if corner else INWARD
        ax, ay = x + nx * d, y + ny * d
        if i == 0:
            x = START_X
            ax = START_ANCHOR
        out += bytes((round(x), round(y), round(ax), round(ay)))
    return bytes(out)


def block():
    t = table()
    lines = [
        BEGIN,
        "# a space: its tile's centre x, y, then its anchor x, y (towers, die value)",
        "_OVAL = (",
    ]
    for i in range(0, len(t), 16):
        lines.append('    b"' + "".join("\\x%02x" % b for b in t[i : i + 16]) + '"')
    lines += [")", END]
    return "\n".join(lines)


def rewrite(source):
    head, rest = source.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + block() + tail


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    source = OVAL_PY.read_text()
    new = rewrite(source)
    if argv == ["--check"]:
        if new != source:
            print("firmware/ui/level8/oval.py is out of date: run python -m tools.trackgen", file=sys.stderr)
            return 1
        return 0
    if argv:
        print("usage: python -m tools.trackgen [--check]", file=sys.stderr)
        return 2
    OVAL_PY.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
