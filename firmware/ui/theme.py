"""Colour indices the screens draw with, and what they look like on each panel.

Screens name colours by role (BG, FG, a world's colour...). On the colour boards
each role is one of the 16 palette entries of the 4-bit frame; on a mono OLED
every role is lit or dark (MONO), so the same drawing code serves both.
"""

from compat import const

BG = const(0)  # screen background
FG = const(1)  # ordinary text
DIM = const(2)  # hints, unplayable cards
PANEL = const(3)  # empty grid slots, boxes
SKY = const(4)  # the five worlds, in row order: SKY + world
FOREST = const(5)
SWAMP = const(6)
_VOLCANO = const(7)
DESERT = const(8)
HILITE = const(9)  # the cursor, the selected menu line
INK = const(10)  # dark text on a light tile or on HILITE
PAUSE = const(11)
BAD = const(12)  # illegal, lost
GOOD = const(13)  # won, legal targets
TARGET = const(14)  # a row or column the chosen card may go to
COLUMN = const(15)  # the current column's empty slots

# 8-bit r, g, b per index, three bytes each (bytes, not tuples: a few bytes of heap, not a kilobyte)
_PALETTE = const(
    b"\x06\x0a\x1c"  # BG: night blue
    b"\xec\xec\xec"  # FG
    b"\x78\x7c\x8c"  # DIM
    b"\x22\x28\x40"  # PANEL
    b"\x60\xb0\xff"  # SKY
    b"\x46\xc4\x5c"  # FOREST
    b"\xb0\x68\xe8"  # SWAMP
    b"\xf0\x50\x38"  # VOLCANO
    b"\xf4\xcc\x4c"  # DESERT
    b"\xff\xd6\x0a"  # HILITE
    b"\x0c\x0c\x10"  # INK
    b"\xff\x96\x28"  # PAUSE
    b"\xff\x4c\x4c"  # BAD
    b"\x5a\xe8\x80"  # GOOD
    b"\x50\xd2\xff"  # TARGET
    b"\x38\x42\x68"  # COLUMN
)

# lit (1) or dark (0) per index on a mono panel
MONO = b"\x00\x01\x01\x00\x01\x01\x01\x01\x01\x01\x00\x01\x01\x01\x01\x00"


def setup(display):
    """Load the palette into a colour display (a mono one needs nothing)."""
    if not display.mono:
        p = _PALETTE
        for i in range(16):
            display.palette(i, p[3 * i], p[3 * i + 1], p[3 * i + 2])
