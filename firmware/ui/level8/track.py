"""The board game's track, drawn from plain data: `oval` on a colour screen, `strip` on the OLED.

Both take the same things besides the FrameBuffer and the rectangle (x, y, w, h) they clear
and draw inside (a Painter's caller marks that rectangle):
    towers  bytes, each seat's space 0..27 (2 to 6 seats)
    me      the seat whose turn it is (its tower is marked), or 255 for none
    reach   bytes of the spaces it may move to (0, 1 or 2), in the order of the choices
    chosen  the index in `reach` of the choice under the cursor, -1 for none
    dice    bytes of the dice rolled (none yet: the prompt asks for a roll)
    steps   the number shown at each reachable space; by default the die of the same
            index reaches it (dice[i] for reach[i])

`oval` draws the 28 spaces around an oval (the positions come from tools/trackgen.py) with
the start space large, every tower as a box in its seat's colour holding the seat's number,
the reachable spaces ringed with their die value beside them, the chosen one filled, and
in the middle the dice, a prompt and the choices named. Colours are theme roles, which are
a colour screen's palette indices. `strip` draws, lit on dark, a row of spaces from just
behind the player's tower to past the farther reachable space, the seats' numbers under
their spaces, and below it the prompt, the choices named and the dice.
"""

from level8 import track

from compat import const
from ui import font, theme

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
    b"\x0f\x43\x24\x43\x12\x1e\x22\x28\x20\x10\x2a\x1f\x33\x09\x35\x1b"
    b"\x46\x09\x46\x19\x5a\x09\x5a\x19\x6e\x09\x6e\x19\x82\x09\x82\x19"
    b"\x96\x09\x96\x19\xaa\x09\xaa\x19\xbe\x09\xbc\x1b\xd0\x0f\xc7\x1f"
    b"\xdf\x1d\xd0\x27\xe6\x2f\xd4\x32\xe6\x43\xd6\x43\xe6\x57\xd4\x54"
    b"\xdf\x69\xd0\x5f\xd0\x77\xc7\x67\xbe\x7d\xbc\x6b\xaa\x7d\xaa\x6d"
    b"\x96\x7d\x96\x6d\x82\x7d\x82\x6d\x6e\x7d\x6e\x6d\x5a\x7d\x5a\x6d"
    b"\x46\x7d\x46\x6d\x33\x7d\x35\x6b\x20\x76\x2a\x67\x12\x68\x22\x5e"
)
# END OVAL


def glyph(space):
    """What a space shows: its kind's letter, +1 and +2 for the cards."""
    k = track.kind(space)
    if k == track.ONE or k == track.TWO:
        return "+%d" % k
    return track.LETTERS[k]


def _steps(reach, dice, steps):
    if steps is not None:
        return steps
    return dice if len(dice) >= len(reach) else b""


def _octagon(fb, cx, cy, w, h, cut, c):
    """A rectangle centred on (cx, cy) with its corners cut by `cut` pixels."""
    x = cx - w // 2
    y = cy - h // 2
    fb.fill_rect(x, y + cut, w, h - 2 * cut, c)
    fb.fill_rect(x + cut, y, w - 2 * cut, h, c)


def _marker(fb, cx, cy, seat, me):
    """A seat's tower: a box in its colour with its number; the player's framed in white."""
    if seat == me:
        fb.rect(cx - 6, cy - 6, 13, 13, theme.FG)
    fb.fill_rect(cx - 4, cy - 4, 9, 9, SEATS[seat % 6])
    font.text(fb, str(seat + 1), cx - 2, cy - 3, theme.INK)


def _die(fb, x, y, size, v, face, pip):
    """A die's face showing v (1..6): a square of `size` with pips of size // 5."""
    fb.fill_rect(x, y, size, size, face)
    p = size // 5
    a = 2
    m = (size - p) // 2
    b = size - p - 2
    if v & 1:
        fb.fill_rect(x + m, y + m, p, p, pip)
    if v > 1:
        fb.fill_rect(x + a, y + a, p, p, pip)
        fb.fill_rect(x + b, y + b, p, p, pip)
    if v > 3:
        fb.fill_rect(x + b, y + a, p, p, pip)
        fb.fill_rect(x + a, y + b, p, p, pip)
    if v == 6:
        fb.fill_rect(x + a, y + m, p, p, pip)
        fb.fill_rect(x + b, y + m, p, p, pip)


def _find(seq, v):
    """The index of v in seq, -1 when absent."""
    for i in range(len(seq)):
        if seq[i] == v:
            return i
    return -1


def _count(seq, v):
    n = 0
    for s in seq:
        n += s == v
    return n


def _fit(x, w, v, n, m):
    """Coordinate v of the n-pixel frame in the w pixels from x, the margins m kept."""
    return x + m + (v - m) * (w - 2 * m) // (n - 2 * m)


def oval(fb, x, y, w, h, towers, me, reach, chosen, dice, steps=None):
    """The whole track around an oval, the dice and the choices in its middle."""
    fb.fill_rect(x, y, w, h, theme.BG)
    o = _OVAL
    steps = _steps(reach, dice, steps)
    for i in range(track.N_SPACES):
        cx = _fit(x, w, o[4 * i], _NW, _MX)
        cy = _fit(y, h, o[4 * i + 1], _NH, _MY)
        r = _find(reach, i)
        if i == track.START:
            tw, th, cut = _SW, _SH, 3
        else:
            tw, th, cut = _T, _T, 2
        if r >= 0:
            _octagon(fb, cx, cy, tw + 4, th + 4, cut + 1, theme.HILITE)
        lit = r >= 0 and r == chosen
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
        # the anchor: this space's towers (elsewhere than the start) and its die value
        ax = _fit(x, w, o[4 * i + 2], _NW, _MX)
        ay = _fit(y, h, o[4 * i + 3], _NH, _MY)
        n = 0 if i == track.START else _count(towers, i)
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
        _die(fb, left, top, 15, d, theme.FG, theme.INK)
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


def _cell(towers, i):
    """A space's width on the strip: room for the numbers of the seats on it."""
    return max(9, 7 * _count(towers, i) + 3)


def strip(fb, x, y, w, h, towers, me, reach, chosen, dice, steps=None):
    """As much of the track as fits in a row around the player's tower, then the choices."""
    fb.fill_rect(x, y, w, h, 0)
    steps = _steps(reach, dice, steps)
    pos = towers[me] if me < len(towers) else reach[0] if reach else 0
    ahead = 0
    for s in reach:
        ahead = max(ahead, (s - pos) % track.N_SPACES)
    first = pos - 2  # two spaces behind the tower, when the reachable ones leave room
    while first < pos + ahead:
        wd = 1
        for i in range(first, pos + ahead + 1):
            wd += _cell(towers, i % track.N_SPACES) - 1
        if wd <= w:
            break
        first += 1
    cx = x
    i = first % track.N_SPACES
    while cx + _cell(towers, i) <= x + w:
        cw = _cell(towers, i)
        r = _find(reach, i)
        mid = cx + cw // 2 - 2
        if r >= 0:  # raised out of the row, filled when chosen
            fb.fill_rect(cx, y + 8, cw, 15, 1)
            if r != chosen:
                fb.fill_rect(cx + 1, y + 9, cw - 2, 13, 0)
            if r < len(steps):
                font.text(fb, str(steps[r]), mid, y, 1)
        else:
            fb.rect(cx, y + 10, cw, 11, 1)
        if i == track.START:
            fb.vline(cx + 1, y + 10, 11, 1)
            fb.vline(cx + cw - 2, y + 10, 11, 1)
        font.text(fb, track.LETTERS[track.kind(i)], mid, y + 12, 0 if r >= 0 and r == chosen else 1)
        tx = cx + (cw - 7 * _count(towers, i)) // 2 + 1
        for q in range(len(towers)):
            if towers[q] == i:
                if q == me:
                    fb.fill_rect(tx - 1, y + 24, 7, 9, 1)
                font.text(fb, str(q + 1), tx, y + 25, 0 if q == me else 1)
                tx += 7
        cx += cw - 1  # neighbours share a border
        i = (i + 1) % track.N_SPACES
    ly = y + 36
    if not dice:
        font.text(fb, "Roll", x, ly, 1)
        return
    for r in range(len(reach)):
        if r == chosen:
            fb.fill_rect(x, ly - 1, w - 30, 10, 1)
        line = (str(steps[r]) if r < len(steps) else " ") + " " + track.ACTION_NAMES[track.kind(reach[r])]
        font.text(fb, line, x + 1, ly, 0 if r == chosen else 1)
        ly += 10
    dx = x + w - 13 * len(dice)
    for d in dice:
        _die(fb, dx, y + 36, 12, d, 1, 0)
        dx += 13
