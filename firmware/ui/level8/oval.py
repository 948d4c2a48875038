"""The board game's track on a colour screen: `oval(fb, x, y, w, h, towers, me, reach, chosen,
dice, steps=None)`, the arguments as ui/level8/track.py says.

The 28 spaces go clockwise around an oval (their positions come from tools/trackgen.py,
scaled to the rectangle in integers) from the start space, drawn large at the left end.
Each space shows its kind's letter (+1 and +2 for the cards); every tower is a box in its
seat's colour holding the seat's number, the player's framed in white, in the start space
or beside its space towards the middle, joined to it by a line; the reachable spaces are ringed in yellow with their
die value beside them, the chosen one filled. The middle holds the dice with a prompt, and a
line per choice: its die value, its space and its action named. Colours are theme roles,
which are a colour screen's palette indices.
"""

from level8 import track

from compat import const
from ui import font, theme
from ui.level8.track import count, die, find, steps_of

_T = const(15)  # a tile of the oval
_SW = const(27)  # the start space's tile
_SH = const(51)
_NW = const(240)  # the frame the positions were computed in
_NH = const(135)
_MX = const(15)  # and its margins, kept in any frame: a ringed start space or tile fits
_MY = const(9)

# the seats' colours (no yellow: HILITE marks what can be chosen)
SEATS = bytes((theme.SKY, theme.BAD, theme.FOREST, theme.SWAMP, theme.PAUSE, theme.FG))

# BEGIN OVAL (written by tools/trackgen.py)
# a space: its tile's centre x, y, then its anchor x, y (towers, die value)
_OVAL = (
    b"\x0f\x43\x24\x43\x17\x1f\x24\x29\x25\x12\x2e\x20\x36\x0b\x3a\x1a"
    b"\x49\x09\x49\x19\x5c\x09\x5c\x19\x6f\x09\x6f\x19\x82\x09\x82\x19"
    b"\x96\x09\x96\x19\xa9\x09\xa9\x19\xbc\x0b\xb8\x1a\xcd\x12\xc4\x20"
    b"\xdb\x1f\xce\x29\xe3\x30\xd4\x35\xe6\x43\xd6\x43\xe3\x56\xd4\x51"
    b"\xdb\x67\xce\x5d\xcd\x74\xc4\x66\xbc\x7b\xb8\x6c\xa9\x7d\xa9\x6d"
    b"\x96\x7d\x96\x6d\x82\x7d\x82\x6d\x6f\x7d\x6f\x6d\x5c\x7d\x5c\x6d"
    b"\x49\x7d\x49\x6d\x36\x7b\x3a\x6c\x25\x74\x2e\x66\x17\x67\x24\x5d"
)
# END OVAL


def glyph(space):
    """What a space shows: its kind's letter, +1 and +2 for the cards."""
    k = track.kind(space)
    if k == track.ONE or k == track.TWO:
        return "+%d" % k
    return track.LETTERS[k]


def _octagon(fb, cx, cy, w, h, cut, c):
    """A rectangle centred on (cx, cy) with its corners cut by `cut` pixels."""
    x = cx - w // 2
    y = cy - h // 2
    fb.fill_rect(x, y + cut, w, h - 2 * cut, c)
    fb.fill_rect(x + cut, y, w - 2 * cut, h, c)


def _marker(fb, cx, cy, seat, me):
    """A seat's tower: a box in its colour with its number; the player's framed in white."""
    if seat == me:
        fb.fill_rect(cx - 5, cy - 5, 11, 11, theme.FG)
    fb.fill_rect(cx - 4, cy - 4, 9, 9, SEATS[seat % 6])
    font.text(fb, str(seat + 1), cx - 2, cy - 3, theme.INK)


def _fit(x, w, v, n, m):
    """Coordinate v of the n-pixel frame in the w pixels from x, the margins m kept."""
    return x + m + (v - m) * (w - 2 * m) // (n - 2 * m)


def oval(fb, x, y, w, h, towers, me, reach, chosen, dice, steps=None):
    """The whole track around an oval, the dice and the choices in its middle."""
    fb.fill_rect(x, y, w, h, theme.BG)
    o = _OVAL
    steps = steps_of(reach, dice, steps)
    for i in range(track.N_SPACES):
        cx = _fit(x, w, o[4 * i], _NW, _MX)
        cy = _fit(y, h, o[4 * i + 1], _NH, _MY)
        r = find(reach, i)
        if i == track.START:
            tw, th, cut = _SW, _SH, 3
        else:
            tw, th, cut = _T, _T, 2
        if r >= 0:
            _octagon(fb, cx, cy, tw + 4, th + 4, cut + 1, theme.HILITE)
        ax = _fit(x, w, o[4 * i + 2], _NW, _MX)  # the anchor: this space's towers, die value
        ay = _fit(y, h, o[4 * i + 3], _NH, _MY)
        n = 0 if i == track.START else count(towers, i)
        if n:  # a line from the space to its towers: at the corners an anchor is as near
            fb.line(cx, cy, ax, ay, theme.DIM)  # another space (the tile covers its start)
        lit = 0 <= chosen < len(reach) and reach[chosen] == i
        _octagon(fb, cx, cy, tw, th, cut, theme.HILITE if lit else theme.COLUMN)
        g = glyph(i)
        fg = theme.INK if lit else theme.DESERT if g == "*" else theme.FG
        if i == track.START:
            font.text(fb, g, cx - 2, cy - th // 2 + 3, fg)
            for q in range(len(towers)):
                if towers[q] == i:
                    _marker(fb, cx - 6 + 12 * (q & 1), cy - 6 + 12 * (q >> 1), q, me)
        else:
            font.text(fb, g, cx - 3 * len(g) + 1, cy - 3, fg)
        label = r >= 0 and r < len(steps)
        k = n + label
        if not k:
            continue
        across = abs(ax - cx) < abs(ay - cy)  # the items side by side (top, bottom rows)
        at = -5 * (k - 1)
        for q in range(len(towers) if n else 0):
            if towers[q] == i:
                _marker(fb, ax + at if across else ax, ay if across else ay + at, q, me)
                at += 10
        if label:
            if across:
                ax += at
            else:
                ay += at
            font.text(fb, str(steps[r]), ax - 2, ay - 3, theme.HILITE)
    mx = x + w * 40 // _NW
    my = y + h * 30 // _NH
    _middle(fb, mx, my, w * 166 // _NW, h * 76 // _NH, reach, chosen, dice, steps)


def _middle(fb, x, y, w, h, reach, chosen, dice, steps):
    """Inside the oval: the prompt and the dice, then a line per choice."""
    if not dice:
        font.text(fb, "Roll", x + w // 2 - 24, y + h // 2 - 8, theme.FG, -1, 2)
        return
    n = len(reach)
    word = "Choose" if n else ""
    top = y + (h - (17 + 14 * n)) // 2
    wd = 6 * len(word) + 19 * len(dice) - 4 + (6 if n else 0)
    left = x + (w - wd) // 2
    if n:
        left = font.text(fb, word, left, top + 4, theme.FG) + 6
    for d in dice:
        die(fb, left, top, 15, d, theme.FG, theme.INK)
        left += 19
    names = [track.ACTION_NAMES[track.kind(s)] for s in reach]
    wd = 36 + 6 * max([len(a) for a in names] + [0])
    lx = x + (w - wd) // 2 + 3
    ly = top + 22
    for r in range(n):
        lit = r == chosen
        if lit:
            fb.fill_rect(lx - 3, ly - 3, wd, 14, theme.HILITE)
        if r < len(steps):
            font.text(fb, str(steps[r]), lx, ly, theme.INK if lit else theme.HILITE)
        g = glyph(reach[r])
        _octagon(fb, lx + 18, ly + 3, 15, 11, 2, theme.COLUMN)
        font.text(fb, g, lx + 19 - 3 * len(g), ly, theme.DESERT if g == "*" else theme.FG)
        font.text(fb, names[r], lx + 30, ly, theme.INK if lit else theme.FG)
        ly += 15
