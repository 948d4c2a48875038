"""The font's glyphs drawn as ASCII art, and the generator of firmware/ui/font.py's table.

    python -m tools.fontgen              rewrite the glyph table in firmware/ui/font.py
    python -m tools.fontgen --check      exit 1 if font.py's table differs from the art
    python -m tools.fontgen --png FILE [--zoom N] [TEXT...]
                                         draw every glyph (and TEXT lines) to a PNG to look at

The art below is the source of truth. Each band is a line of labels, then 8 pixel rows
with one 5-wide cell per label ('#' lit, '.' dark); the generator adds the blank sixth
column. A label is a printable character, `sp` for the space, `box` for the glyph drawn
for unknown codes, or `xNN` for the control code NN (hex) that holds an icon.
Rules the tests check: capitals, digits and signs use rows 0-6, only g j p q y use the
descender row 7, and no glyph uses column 5.

The letters are our own design, drawn for a 1x 128x64 OLED, and the tests keep them from
drifting back towards the classic HD44780/glcdfont 5x7 font. The style is a rounded,
slightly geometric handheld look: bowls and corners rounded by one pixel (O C G S J L U),
flat terminals on C G c, square shoulders on b h m n p r, a single-storey a and g, M and W
mirrored with a short V in the middle, a cup-shaped Y, a slab D that never reads as O or 0,
and a heavy two-pixel diagonal in N Z z. Digits are told apart by shape, not detail: a
dotted 0, a long-flagged 1, a flat-topped 3, an open 4, a flat-bottomed 5, an 8 with a
smaller upper bowl, and 6 and 9 as one shape turned round. i, l and t end in a hook so l
never looks like 1 or I (which has full-width bars); dots are 2x2 except on i j ! and %, and
+ - = are three pixels wide.
"""

import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FONT_PY = REPO / "firmware" / "ui" / "font.py"
BEGIN = "# BEGIN GLYPHS (written by tools/fontgen.py)"
END = "# END GLYPHS"

WIDTH = 6
HEIGHT = 8
ICONS = {
    1: "Sky (cloud)",
    2: "Forest (tree)",
    3: "Swamp (skull)",
    4: "Volcano",
    5: "Desert (cactus)",
    6: "pause",
    7: "reset",
    0x10: "up",
    0x11: "down",
    0x12: "left",
    0x13: "right",
    0x14: "tick",
    0x15: "cross",
}
# Table order, as font.text() indexes it: the box, the icons, then codes 32..126.
ORDER = [None, *sorted(ICONS), *range(32, 127)]

ART = r"""
 box    x01    x02    x03    x04    x05    x06    x07
.....  .....  ..#..  .###.  ..#..  ..#..  .....  ..#..
#####  .....  .###.  #####  #.#.#  #.#..  ##.##  .####
#...#  .##..  #####  #.#.#  .....  #.#.#  ##.##  ..#.#
#...#  #..##  .###.  ##.##  .#.#.  ###.#  ##.##  #...#
#...#  #...#  #####  .###.  .###.  ..###  ##.##  #...#
#####  #####  ..#..  .#.#.  #####  ..#..  ##.##  .###.
.....  .....  ..#..  .....  #####  ..#..  .....  .....
.....  .....  .....  .....  .....  .....  .....  .....

 x10    x11    x12    x13    x14    x15
..#..  ..#..  .....  .....  .....  .....
.###.  ..#..  ..#..  ..#..  ....#  #...#
#.#.#  ..#..  .#...  ...#.  ....#  .#.#.
..#..  ..#..  #####  #####  ...#.  ..#..
..#..  #.#.#  .#...  ...#.  #.#..  .#.#.
..#..  .###.  ..#..  ..#..  .#...  #...#
..#..  ..#..  .....  .....  .....  .....
.....  .....  .....  .....  .....  .....

 sp     !      "      #      $      %      &      '
.....  ..#..  .#.#.  .....  ..#..  #...#  .##..  ..#..
.....  ..#..  .#.#.  .#.#.  .####  ...#.  #..#.  ..#..
.....  ..#..  .....  #####  #....  ...#.  #..#.  .....
.....  ..#..  .....  .#.#.  .###.  ..#..  .##..  .....
.....  .....  .....  #####  ....#  .#...  #.#.#  .....
.....  .....  .....  .#.#.  ####.  .#...  #..#.  .....
.....  ..#..  .....  .....  ..#..  #...#  .##.#  .....
.....  .....  .....  .....  .....  .....  .....  .....

  (      )      *      +      ,      -      .      /
...#.  .#...  .....  .....  .....  .....  .....  ....#
..#..  ..#..  .#.#.  .....  .....  .....  .....  ...#.
..#..  ..#..  ..#..  ..#..  .....  .....  .....  ...#.
..#..  ..#..  #####  .###.  .....  .###.  .....  ..#..
..#..  ..#..  ..#..  ..#..  .##..  .....  .....  .#...
..#..  ..#..  .#.#.  .....  .##..  .....  .##..  .#...
...#.  .#...  .....  .....  .#...  .....  .##..  #....
.....  .....  .....  .....  .....  .....  .....  .....

  0      1      2      3      4      5      6      7
.###.  ..#..  .###.  #####  #..#.  #####  ...#.  #####
#...#  .##..  #...#  ...#.  #..#.  #....  ..#..  ....#
#...#  #.#..  ....#  ..##.  #..#.  ####.  .#...  ...#.
#.#.#  ..#..  ..##.  ....#  #####  ....#  ####.  ..#..
#...#  ..#..  .#...  ....#  ...#.  ....#  #...#  ..#..
#...#  ..#..  #....  #...#  ...#.  ....#  #...#  ..#..
.###.  .###.  #####  .###.  ...#.  ####.  .###.  ..#..
.....  .....  .....  .....  .....  .....  .....  .....

  8      9      :      ;      <      =      >      ?
.###.  .###.  .....  .....  .....  .....  .....  .###.
#...#  #...#  .##..  .##..  ...#.  .....  .#...  #...#
.###.  #...#  .##..  .##..  ..#..  .###.  ..#..  ...#.
#...#  .####  .....  .....  .#...  .....  ...#.  ..#..
#...#  ...#.  .....  .##..  ..#..  .###.  ..#..  ..#..
#...#  ..#..  .##..  .##..  ...#.  .....  .#...  .....
.###.  .#...  .##..  .#...  .....  .....  .....  ..#..
.....  .....  .....  .....  .....  .....  .....  .....

  @      A      B      C      D      E      F      G
.###.  .###.  ###..  .####  ####.  #####  #####  .####
#...#  #...#  #..#.  #....  .#..#  #....  #....  #....
#.###  #...#  #..#.  #....  .#..#  #....  #....  #....
#.#.#  #####  ####.  #....  .#..#  ###..  ###..  #..##
#.##.  #...#  #...#  #....  .#..#  #....  #....  #...#
#....  #...#  #...#  #....  .#..#  #....  #....  #...#
.###.  #...#  ####.  .####  ####.  #####  #....  .####
.....  .....  .....  .....  .....  .....  .....  .....

  H      I      J      K      L      M      N      O
#...#  #####  ..###  #...#  #....  #...#  #...#  .###.
#...#  ..#..  ....#  #...#  #....  ##.##  ##..#  #...#
#...#  ..#..  ....#  #..#.  #....  #.#.#  ##..#  #...#
#####  ..#..  ....#  ###..  #....  #...#  #.#.#  #...#
#...#  ..#..  ....#  #..#.  #....  #...#  #..##  #...#
#...#  ..#..  #...#  #...#  #....  #...#  #..##  #...#
#...#  #####  .###.  #...#  .####  #...#  #...#  .###.
.....  .....  .....  .....  .....  .....  .....  .....

  P      Q      R      S      T      U      V      W
####.  .###.  ####.  .####  #####  #...#  #...#  #...#
#...#  #...#  #...#  #....  ..#..  #...#  #...#  #...#
#...#  #...#  #...#  #....  ..#..  #...#  #...#  #...#
#...#  #...#  ####.  .###.  ..#..  #...#  #...#  #.#.#
####.  #...#  #..#.  ....#  ..#..  #...#  .#.#.  #.#.#
#....  #..#.  #...#  #...#  ..#..  #...#  .#.#.  ##.##
#....  .##.#  #...#  .###.  ..#..  .###.  ..#..  #...#
.....  .....  .....  .....  .....  .....  .....  .....

  X      Y      Z      [      \      ]      ^      _
#...#  #...#  #####  .##..  #....  ..##.  ..#..  .....
.#.#.  #...#  ....#  .#...  .#...  ...#.  .#.#.  .....
.#.#.  #...#  ...##  .#...  .#...  ...#.  .....  .....
..#..  .###.  ..#..  .#...  ..#..  ...#.  .....  .....
.#.#.  ..#..  ##...  .#...  ...#.  ...#.  .....  .....
.#.#.  ..#..  #....  .#...  ...#.  ...#.  .....  .....
#...#  ..#..  #####  .##..  ....#  ..##.  .....  #####
.....  .....  .....  .....  .....  .....  .....  .....

  `      a      b      c      d      e      f      g
.#...  .....  #....  .....  ....#  .....  ..##.  .....
..#..  .....  #....  .....  ....#  .....  .#...  .....
.....  .####  ####.  .####  .####  .###.  ####.  .####
.....  #...#  #...#  #....  #...#  #...#  .#...  #...#
.....  #...#  #...#  #....  #...#  #####  .#...  #...#
.....  #...#  #...#  #....  #...#  #....  .#...  .####
.....  .####  ####.  .####  .####  .####  .#...  ....#
.....  .....  .....  .....  .....  .....  .....  ####.

  h      i      j      k      l      m      n      o
#....  ..#..  ...#.  #....  .##..  .....  .....  .....
#....  .....  .....  #....  ..#..  .....  .....  .....
####.  .##..  ..##.  #...#  ..#..  ####.  ####.  .###.
#...#  ..#..  ...#.  #..#.  ..#..  #.#.#  #...#  #...#
#...#  ..#..  ...#.  ###..  ..#..  #.#.#  #...#  #...#
#...#  ..#..  ...#.  #..#.  ..#..  #.#.#  #...#  #...#
#...#  ...#.  ...#.  #...#  ...#.  #.#.#  #...#  .###.
.....  .....  .##..  .....  .....  .....  .....  .....

  p      q      r      s      t      u      v      w
.....  .....  .....  .....  .....  .....  .....  .....
.....  .....  .....  .....  .#...  .....  .....  .....
####.  .####  ####.  .####  ####.  #...#  #...#  #...#
#...#  #...#  #...#  #....  .#...  #...#  #...#  #...#
#...#  #...#  #....  #####  .#...  #...#  .#.#.  #.#.#
####.  .####  #....  ....#  .#...  #...#  .#.#.  ##.##
#....  ....#  #....  ####.  ..##.  .####  ..#..  #...#
#....  ....#  .....  .....  .....  .....  .....  .....

  x      y      z      {      |      }      ~
.....  .....  .....  ..##.  ..#..  .##..  .....
.....  .....  .....  ..#..  ..#..  ..#..  .....
##.##  #...#  #####  ..#..  ..#..  ..#..  .##.#
.#.#.  #...#  ...##  .#...  ..#..  ...#.  #..#.
..#..  #...#  ..#..  ..#..  ..#..  ..#..  .....
.#.#.  .####  ##...  ..#..  ..#..  ..#..  .....
##.##  ....#  #####  ..##.  ..#..  .##..  .....
.....  ####.  .....  .....  .....  .....  .....
"""


def _label(token):
    if token == "box":
        return None
    if token == "sp":
        return 32
    if len(token) == 3 and token[0] == "x":
        return int(token[1:], 16)
    if len(token) == 1:
        return ord(token)
    raise ValueError(f"bad glyph label {token!r}")


def parse(art=ART):
    """{code (None for the box): [8 strings of 5 '#'/'.']}, from the art sheet."""
    glyphs = {}
    for band in art.strip("\n").split("\n\n"):
        lines = band.split("\n")
        labels = [_label(t) for t in lines[0].split()]
        rows = [line.split() for line in lines[1:]]
        if len(rows) != HEIGHT or any(len(r) != len(labels) for r in rows):
            raise ValueError(f"band {lines[0].strip()!r}: need {HEIGHT} rows of {len(labels)} cells")
        for k, code in enumerate(labels):
            cell = [r[k] for r in rows]
            if any(len(r) != WIDTH - 1 or set(r) - set("#.") for r in cell):
                raise ValueError(f"glyph {lines[0].split()[k]!r}: rows must be 5 of '#' and '.'")
            if code in glyphs:
                raise ValueError(f"glyph {lines[0].split()[k]!r} drawn twice")
            glyphs[code] = cell
    missing = [c for c in ORDER if c not in glyphs]
    extra = [c for c in glyphs if c not in ORDER]
    if missing or extra:
        raise ValueError(f"glyphs missing {missing}, unexpected {extra}")
    return glyphs


def columns(rows):
    """The 6 column bytes of one glyph (bit 0 = top row), as font.py stores them."""
    return bytes(
        sum(1 << y for y in range(HEIGHT) if x < len(rows[y]) and rows[y][x] == "#") for x in range(WIDTH)
    )


def table(glyphs=None):
    """The packed glyph table: 6 bytes per glyph, in ORDER."""
    glyphs = parse() if glyphs is None else glyphs
    return b"".join(columns(glyphs[c]) for c in ORDER)


def _name(code):
    if code is None:
        return "unknown code: box"
    if code in ICONS:
        return f"\\x{code:02x} {ICONS[code]}"
    return "space" if code == 32 else repr(chr(code))


def block(glyphs=None):
    """font.py's lines between the markers: the table as one bytes constant."""
    data = table(glyphs)
    out = [BEGIN, "_GLYPHS = ("]
    for k, code in enumerate(ORDER):
        chunk = "".join(f"\\x{b:02x}" for b in data[6 * k : 6 * k + 6])
        out.append(f'    b"{chunk}"  # {_name(code)}')
    out += [")", END]
    return "\n".join(out)


def rewrite(source):
    """`source` (font.py's text) with its glyph block replaced by the current one."""
    start = source.index(BEGIN)
    stop = source.index(END, start) + len(END)
    return source[:start] + block() + source[stop:]


def glyph_index(code):
    """Where `code`'s glyph sits in the table (0, the box, for codes without one)."""
    return ORDER.index(code) if code in ORDER else 0


def render(lines, zoom=1, margin=2):
    """Rows of 0/1 pixels: each text line drawn with the font, `margin` pixels around."""
    glyphs = parse()
    w = max((len(s) for s in lines), default=0) * WIDTH + 2 * margin
    h = len(lines) * HEIGHT + 2 * margin
    px = [[0] * w for _ in range(h)]
    for n, s in enumerate(lines):
        for k, ch in enumerate(s):
            rows = glyphs[ORDER[glyph_index(ord(ch))]]
            for y in range(HEIGHT):
                for x in range(WIDTH - 1):
                    if rows[y][x] == "#":
                        px[margin + n * HEIGHT + y][margin + k * WIDTH + x] = 1
    return [[v for v in row for _ in range(zoom)] for row in px for _ in range(zoom)]


def png(pixels, ink=(255, 255, 255), paper=(0, 0, 40)):
    """A PNG file's bytes for rows of 0/1 pixels."""

    def chunk(kind, data):
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    h, w = len(pixels), len(pixels[0])
    raw = b"".join(b"\0" + b"".join(bytes(ink if v else paper) for v in row) for row in pixels)
    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def sheet():
    """Every glyph, 16 to a line, in table order: the box and icons, then ASCII."""
    chars = "".join(chr(0 if c is None else c) for c in ORDER)
    return [chars[i : i + 16] for i in range(0, len(chars), 16)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--check"] and len(argv) == 1:
        source = FONT_PY.read_text()
        if rewrite(source) != source:
            print(f"{FONT_PY} is out of date: run python -m tools.fontgen", file=sys.stderr)
            return 1
        return 0
    if argv[:1] == ["--png"] and len(argv) >= 2:
        out, rest, zoom = Path(argv[1]), argv[2:], 1
        if rest[:1] == ["--zoom"] and len(rest) >= 2:
            zoom, rest = int(rest[1]), rest[2:]
        lines = [t.encode().decode("unicode_escape") for t in rest]  # so "\x01" draws an icon
        out.write_bytes(png(render(sheet() + [""] + lines, zoom)))
        return 0
    if argv:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    source = FONT_PY.read_text()
    FONT_PY.write_text(rewrite(source))
    print(f"wrote {len(table())} bytes of glyphs ({len(ORDER)} glyphs) into {FONT_PY.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
