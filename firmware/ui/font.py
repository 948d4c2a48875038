"""Our own 5x7 bitmap font in 6x8 cells, for the 128x64 OLED and the 240x135 LCD.

    text(fb, s, x, y, fg, bg=-1, scale=1) -> x after the text
    measure(s, scale=1) -> width in pixels (always len(s) * 6 * scale)

Each glyph is 6 column bytes, least significant bit the top row, as MONO_VLSB stores
an 8-pixel-high column. Capitals and digits use rows 0-6, lowercase rows 2-6, and only
g j p q y reach the descender row 7; column 5 stays blank so letters never touch.
Besides codes 32-126 there are icons: "\\x01".."\\x05" the worlds Sky (cloud), Forest
(tree), Swamp (skull), Volcano, Desert (cactus); "\\x06" pause, "\\x07" reset,
"\\x10".."\\x13" arrows up, down, left, right, "\\x14" tick, "\\x15" cross. Any other code
draws a small box.

A character is drawn by blitting its 6 columns out of the glyph table (read as one
MONO_VLSB picture: a blit source tuple, MicroPython 1.20 on) into one preallocated 6x8
FrameBuffer, in C rather than a byte at a time in Python, and blitting that through a
2-entry palette (0 -> background, 1 -> fg).
blit() compares its key with the colour after the palette, so transparency puts a
colour other than fg in entry 0 and passes that as the key. The palette is RGB565
because blit() stores the looked-up value through the destination's own pixel
format, so one 16-bit palette serves GS4_HMSB, MONO_VLSB and every other format.
Nothing is allocated per character or per call. scale > 1 (titles) draws each lit
pixel as a filled square instead.

The glyph table is generated from the ASCII art in tools/fontgen.py: edit the art
there and run `python -m tools.fontgen`, never the bytes below.
"""

import framebuf

from compat import const

WIDTH = const(6)
HEIGHT = const(8)

# BEGIN GLYPHS (written by tools/fontgen.py)
_GLYPHS = (
    b"\x3e\x22\x22\x22\x3e\x00"  # unknown code: box
    b"\x38\x24\x24\x28\x38\x00"  # \x01 Sky (cloud)
    b"\x14\x1e\x7f\x1e\x14\x00"  # \x02 Forest (tree)
    b"\x0e\x3b\x17\x3b\x0e\x00"  # \x03 Swamp (skull)
    b"\x62\x78\x73\x78\x62\x00"  # \x04 Volcano
    b"\x0e\x08\x7f\x10\x1c\x00"  # \x05 Desert (cactus)
    b"\x3e\x3e\x00\x3e\x3e\x00"  # \x06 pause
    b"\x18\x22\x27\x22\x1e\x00"  # \x07 reset
    b"\x04\x02\x7f\x02\x04\x00"  # \x10 up
    b"\x10\x20\x7f\x20\x10\x00"  # \x11 down
    b"\x08\x1c\x2a\x08\x08\x00"  # \x12 left
    b"\x08\x08\x2a\x1c\x08\x00"  # \x13 right
    b"\x10\x20\x10\x08\x06\x00"  # \x14 tick
    b"\x22\x14\x08\x14\x22\x00"  # \x15 cross
    b"\x00\x00\x00\x00\x00\x00"  # space
    b"\x00\x00\x4f\x00\x00\x00"  # '!'
    b"\x00\x03\x00\x03\x00\x00"  # '"'
    b"\x14\x3e\x14\x3e\x14\x00"  # '#'
    b"\x24\x2a\x6b\x2a\x12\x00"  # '$'
    b"\x41\x30\x08\x06\x41\x00"  # '%'
    b"\x36\x49\x59\x26\x50\x00"  # '&'
    b"\x00\x00\x03\x00\x00\x00"  # "'"
    b"\x00\x00\x3e\x41\x00\x00"  # '('
    b"\x00\x41\x3e\x00\x00\x00"  # ')'
    b"\x08\x2a\x1c\x2a\x08\x00"  # '*'
    b"\x00\x08\x1c\x08\x00\x00"  # '+'
    b"\x00\x70\x30\x00\x00\x00"  # ','
    b"\x00\x08\x08\x08\x00\x00"  # '-'
    b"\x00\x60\x60\x00\x00\x00"  # '.'
    b"\x40\x30\x08\x06\x01\x00"  # '/'
    b"\x3e\x41\x49\x41\x3e\x00"  # '0'
    b"\x04\x42\x7f\x40\x00\x00"  # '1'
    b"\x62\x51\x49\x49\x46\x00"  # '2'
    b"\x21\x41\x45\x47\x39\x00"  # '3'
    b"\x0f\x08\x08\x7f\x08\x00"  # '4'
    b"\x47\x45\x45\x45\x39\x00"  # '5'
    b"\x38\x4c\x4a\x49\x30\x00"  # '6'
    b"\x01\x01\x79\x05\x03\x00"  # '7'
    b"\x3a\x45\x45\x45\x3a\x00"  # '8'
    b"\x06\x49\x29\x19\x0e\x00"  # '9'
    b"\x00\x66\x66\x00\x00\x00"  # ':'
    b"\x00\x76\x36\x00\x00\x00"  # ';'
    b"\x00\x08\x14\x22\x00\x00"  # '<'
    b"\x00\x14\x14\x14\x00\x00"  # '='
    b"\x00\x22\x14\x08\x00\x00"  # '>'
    b"\x02\x01\x59\x05\x02\x00"  # '?'
    b"\x3e\x41\x5d\x55\x0e\x00"  # '@'
    b"\x7e\x09\x09\x09\x7e\x00"  # 'A'
    b"\x7f\x49\x49\x4e\x30\x00"  # 'B'
    b"\x3e\x41\x41\x41\x41\x00"  # 'C'
    b"\x41\x7f\x41\x41\x3e\x00"  # 'D'
    b"\x7f\x49\x49\x41\x41\x00"  # 'E'
    b"\x7f\x09\x09\x01\x01\x00"  # 'F'
    b"\x3e\x41\x41\x49\x79\x00"  # 'G'
    b"\x7f\x08\x08\x08\x7f\x00"  # 'H'
    b"\x41\x41\x7f\x41\x41\x00"  # 'I'
    b"\x20\x40\x41\x41\x3f\x00"  # 'J'
    b"\x7f\x08\x08\x14\x63\x00"  # 'K'
    b"\x3f\x40\x40\x40\x40\x00"  # 'L'
    b"\x7f\x02\x04\x02\x7f\x00"  # 'M'
    b"\x7f\x06\x08\x30\x7f\x00"  # 'N'
    b"\x3e\x41\x41\x41\x3e\x00"  # 'O'
    b"\x7f\x11\x11\x11\x0e\x00"  # 'P'
    b"\x3e\x41\x41\x21\x5e\x00"  # 'Q'
    b"\x7f\x09\x09\x19\x66\x00"  # 'R'
    b"\x26\x49\x49\x49\x31\x00"  # 'S'
    b"\x01\x01\x7f\x01\x01\x00"  # 'T'
    b"\x3f\x40\x40\x40\x3f\x00"  # 'U'
    b"\x0f\x30\x40\x30\x0f\x00"  # 'V'
    b"\x7f\x20\x18\x20\x7f\x00"  # 'W'
    b"\x41\x36\x08\x36\x41\x00"  # 'X'
    b"\x07\x08\x78\x08\x07\x00"  # 'Y'
    b"\x71\x51\x49\x45\x47\x00"  # 'Z'
    b"\x00\x7f\x41\x00\x00\x00"  # '['
    b"\x01\x06\x08\x30\x40\x00"  # '\\'
    b"\x00\x00\x41\x7f\x00\x00"  # ']'
    b"\x00\x02\x01\x02\x00\x00"  # '^'
    b"\x40\x40\x40\x40\x40\x00"  # '_'
    b"\x00\x01\x02\x00\x00\x00"  # '`'
    b"\x38\x44\x44\x44\x7c\x00"  # 'a'
    b"\x7f\x44\x44\x44\x38\x00"  # 'b'
    b"\x38\x44\x44\x44\x44\x00"  # 'c'
    b"\x38\x44\x44\x44\x7f\x00"  # 'd'
    b"\x38\x54\x54\x54\x58\x00"  # 'e'
    b"\x04\x7e\x05\x05\x00\x00"  # 'f'
    b"\x98\xa4\xa4\xa4\x7c\x00"  # 'g'
    b"\x7f\x04\x04\x04\x78\x00"  # 'h'
    b"\x00\x04\x3d\x40\x00\x00"  # 'i'
    b"\x00\x80\x84\x7d\x00\x00"  # 'j'
    b"\x7f\x10\x10\x28\x44\x00"  # 'k'
    b"\x00\x01\x3f\x40\x00\x00"  # 'l'
    b"\x7c\x04\x7c\x04\x78\x00"  # 'm'
    b"\x7c\x04\x04\x04\x78\x00"  # 'n'
    b"\x38\x44\x44\x44\x38\x00"  # 'o'
    b"\xfc\x24\x24\x24\x18\x00"  # 'p'
    b"\x18\x24\x24\x24\xfc\x00"  # 'q'
    b"\x7c\x04\x04\x04\x08\x00"  # 'r'
    b"\x58\x54\x54\x54\x34\x00"  # 's'
    b"\x04\x3e\x44\x44\x00\x00"  # 't'
    b"\x3c\x40\x40\x40\x7c\x00"  # 'u'
    b"\x0c\x30\x40\x30\x0c\x00"  # 'v'
    b"\x7c\x20\x10\x20\x7c\x00"  # 'w'
    b"\x44\x6c\x10\x6c\x44\x00"  # 'x'
    b"\x9c\xa0\xa0\xa0\x7c\x00"  # 'y'
    b"\x64\x64\x54\x4c\x4c\x00"  # 'z'
    b"\x00\x08\x77\x41\x00\x00"  # '{'
    b"\x00\x00\x7f\x00\x00\x00"  # '|'
    b"\x00\x41\x77\x08\x00\x00"  # '}'
    b"\x08\x04\x04\x08\x04\x00"  # '~'
)
# END GLYPHS

_cell = bytearray(6)
_cell_fb = framebuf.FrameBuffer(_cell, 6, 8, framebuf.MONO_VLSB)
# the glyph table read as one MONO_VLSB picture, a glyph every 6 columns (a blit source)
_TABLE = (_GLYPHS, len(_GLYPHS), 8, framebuf.MONO_VLSB)
_pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)


def text(fb, s, x, y, fg, bg=-1, scale=1):
    """Draw `s` on FrameBuffer `fb` with its top-left at (x, y) in colour `fg`;
    `bg` >= 0 paints each 6x8 cell's background, -1 leaves it. Returns the x after
    the last character. Clipped to the frame like every FrameBuffer drawing."""
    c = _cell_fb
    pal = _pal
    if bg < 0:
        key = fg ^ 1  # any colour but fg: blank pixels map to it and are skipped
        pal.pixel(0, 0, key)
    else:
        key = -1
        pal.pixel(0, 0, bg)
    pal.pixel(1, 0, fg)
    step = WIDTH * scale
    for ch in s:
        i = ord(ch)
        if 31 < i < 127:
            i -= 18
        elif 0 < i < 8:
            pass
        elif 15 < i < 22:
            i -= 8
        else:
            i = 0
        i *= 6
        if scale == 1:
            c.blit(_TABLE, -i, 0)  # type: ignore[arg-type]  # (the stubs know no tuple source)
            fb.blit(c, x, y, key, pal)
        else:
            _big(fb, i, x, y, fg, bg, scale)
        x += step
    return x


def _big(fb, i, x, y, fg, bg, n):
    # One glyph at scale n: the cell's background, then an n x n square per lit pixel.
    if bg >= 0:
        fb.fill_rect(x, y, WIDTH * n, HEIGHT * n, bg)
    g = _GLYPHS
    for k in range(i, i + 6):
        bits = g[k]
        yy = y
        while bits:
            if bits & 1:
                fb.fill_rect(x, yy, n, n, fg)
            bits >>= 1
            yy += n
        x += n


def measure(s, scale=1):
    """Width in pixels of `s` drawn by text() at `scale`: every cell is 6 * scale wide."""
    return len(s) * WIDTH * scale
