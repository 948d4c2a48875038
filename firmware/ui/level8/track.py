"""The board game's track drawn from plain data: what both screens' drawings take, the
helpers they share, and `strip`, the OLED's. The colour screens' oval is ui/level8/oval.py,
apart so that the OLED's heap never holds it.

Both drawings take, besides the FrameBuffer and the rectangle (x, y, w, h) they clear and
draw inside (a Painter's caller marks that rectangle):
    towers  bytes, each seat's space 0..27 (2 to 6 seats)
    me      the seat whose turn it is (its tower is marked), or 255 for none
    reach   bytes of the spaces it may move to (0, 1 or 2), in the order of the choices
    chosen  the index in `reach` of the choice under the cursor, -1 for none
    dice    bytes of the dice rolled (none yet: the prompt asks for a roll)
    steps   the number shown at each reachable space; by default the die of the same
            index reaches it (dice[i] for reach[i])

`strip` draws, lit on dark, a row of spaces from two behind the player's tower to the
farther reachable space and on as far as the row goes (each space its kind's letter, the
start space with double sides, a reachable one raised with its die value above and filled
when chosen), the seats' numbers under their spaces (the player's lit), and below it Roll
before a roll, else a line per choice (its die value and its action named, the chosen one
lit) beside the dice.
"""

from level8 import track

from ui import font


def steps_of(reach, dice, steps):
    """The numbers shown at the reachable spaces: `steps`, else the dice (when one a space)."""
    if steps is not None:
        return steps
    return dice if len(dice) >= len(reach) else b""


def die(fb, x, y, size, v, bg, fg):
    """A die's face showing v (1..6): a square of `size` in colour `bg` with pips of size // 5
    in `fg`."""
    fb.fill_rect(x, y, size, size, bg)
    p = size // 5
    a = 2
    m = (size - p) // 2
    b = size - p - 2
    if v & 1:
        fb.fill_rect(x + m, y + m, p, p, fg)
    if v > 1:
        fb.fill_rect(x + a, y + a, p, p, fg)
        fb.fill_rect(x + b, y + b, p, p, fg)
    if v > 3:
        fb.fill_rect(x + b, y + a, p, p, fg)
        fb.fill_rect(x + a, y + b, p, p, fg)
    if v == 6:
        fb.fill_rect(x + a, y + m, p, p, fg)
        fb.fill_rect(x + b, y + m, p, p, fg)


def find(s, v):
    """The index of v in s (bytes, a tuple), -1 when absent."""
    for i in range(len(s)):
        if s[i] == v:
            return i
    return -1


def count(s, v):
    """How many times v is in s (bytes, a tuple)."""
    n = 0
    for x in s:
        n += x == v
    return n


def _cell(towers, i):
    """A space's width on the strip: room for the numbers of the seats on it."""
    return max(9, 7 * count(towers, i) + 3)


def strip(fb, x, y, w, h, towers, me, reach, chosen, dice, steps=None):
    """As much of the track as fits in a row around the player's tower, then the choices:
    all of it in 56 rows, the lines that fit in fewer."""
    fb.fill_rect(x, y, w, h, 0)
    steps = steps_of(reach, dice, steps)
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
    for _ in range(track.N_SPACES):
        if cx + _cell(towers, i) > x + w:
            break
        cw = _cell(towers, i)
        r = find(reach, i)
        lit = 0 <= chosen < len(reach) and reach[chosen] == i
        mid = cx + cw // 2 - 2
        if r >= 0:  # raised out of the row, filled when chosen
            fb.fill_rect(cx, y + 8, cw, 15, 1)
            if not lit:
                fb.fill_rect(cx + 1, y + 9, cw - 2, 13, 0)
            if r < len(steps):
                font.text(fb, str(steps[r]), mid, y, 1)
        else:
            fb.rect(cx, y + 10, cw, 11, 1)
        if i == track.START:
            fb.vline(cx + 1, y + 10, 11, 1)
            fb.vline(cx + cw - 2, y + 10, 11, 1)
        font.text(fb, track.LETTERS[track.kind(i)], mid, y + 12, 0 if lit else 1)
        tx = cx + (cw - 7 * count(towers, i)) // 2 + 1
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
        if ly + 8 <= y + h:
            font.text(fb, "Roll", x, ly, 1)
        return
    for r in range(len(reach)):
        if ly + 9 > y + h:
            break
        if r == chosen:
            fb.fill_rect(x, ly - 1, w - 30, 10, 1)
        line = (str(steps[r]) if r < len(steps) else " ") + " " + track.ACTION_NAMES[track.kind(reach[r])]
        font.text(fb, line, x + 1, ly, 0 if r == chosen else 1)
        ly += 10
    if h < 48:
        return
    dx = x + w - 13 * len(dice)
    for d in dice:
        die(fb, dx, y + 36, 12, d, 1, 0)
        dx += 13
