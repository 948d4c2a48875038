"""Drawing on the display's frame, remembering which parts changed.

Every call paints the frame in RAM and widens a dirty rectangle; `flush`
pushes only those rectangles to the panel, so moving a cursor sends a few
hundred bytes instead of a whole frame. Colours are theme roles; on a mono
panel they map to lit or dark.
"""

from array import array

from compat import const
from ui import font, theme

_SLOTS = const(6)  # changed rectangles kept apart before some must merge
_SLACK = const(256)  # pixels a merge may add that did not change (a 16x16 square)


def unseen(*looks):
    """Mark every entry of these arrays (a view's record of what it drew) as never drawn,
    so the next draw repaints all of it."""
    for a in looks:
        for i in range(len(a)):
            a[i] = 0xFFFF


def _waste(b, i, x, y, x1, y1):
    """Pixels the bounding box of the kept rectangle b[i:i + 4] and (x, y, x1, y1) covers
    beyond the two (roughly: overlap counts once against them)."""
    # the kept one's corners as locals: argument names are interned for good, locals are not
    u = b[i]
    v = b[i + 1]
    u1 = b[i + 2]
    v1 = b[i + 3]
    return (max(u1, x1) - min(u, x)) * (max(v1, y1) - min(v, y)) - (u1 - u) * (v1 - v) - (x1 - x) * (y1 - y)


class Painter:
    def __init__(self, display):
        self.d = display
        self.w = display.width
        self.h = display.height
        self.mono = display.mono
        # a role's colour: lit or dark on a mono panel, the palette's entry of that number
        # on a colour one
        self.ink = theme.MONO if display.mono else bytes(range(16))
        self.cols = self.w // font.WIDTH
        self.rows = self.h // font.HEIGHT
        self.box = array("h", bytes(2 * 4 * _SLOTS))  # x0, y0, x1, y1 (exclusive)
        self.n = 0
        theme.setup(display)

    def c(self, role):
        return self.ink[role]

    def mark(self, x, y, w, h):
        """Note that this rectangle changed. Rectangles are merged only when that wastes
        few pixels (a cursor moving over the hand should not push the grid as well); when
        all slots are taken, the two that merge with the least waste are merged."""
        x1 = min(x + w, self.w)
        y1 = min(y + h, self.h)
        x = max(x, 0)
        y = max(y, 0)
        if x >= x1 or y >= y1:
            return
        b = self.box
        # Within the one rectangle kept (a whole screen being drawn: every call lands here)
        # nothing changes: what _fold would find, without its calls.
        if self.n == 1 and b[0] <= x and b[1] <= y and x1 <= b[2] and y1 <= b[3]:
            return
        i = self._fold(x, y, x1, y1)
        if i >= 0:  # grown in place: it may now meet another one
            while True:
                j = self._fold(b[i], b[i + 1], b[i + 2], b[i + 3], i)
                if j < 0:
                    return
                self._drop(i)
                i = j if j < i else j - 4
        if self.n == _SLOTS:
            self._squeeze()
        i = self.n * 4
        self.n += 1
        b[i] = x
        b[i + 1] = y
        b[i + 2] = x1
        b[i + 3] = y1

    def _fold(self, x, y, x1, y1, skip=-1):
        """Merge (x, y, x1, y1) into a kept rectangle if that wastes under _SLACK pixels;
        its index, or -1."""
        b = self.box
        for i in range(0, self.n * 4, 4):
            if i == skip:
                continue
            waste = _waste(b, i, x, y, x1, y1)
            if waste <= _SLACK:
                b[i] = min(b[i], x)
                b[i + 1] = min(b[i + 1], y)
                b[i + 2] = max(b[i + 2], x1)
                b[i + 3] = max(b[i + 3], y1)
                return i
        return -1

    def _drop(self, i):
        b = self.box
        last = (self.n - 1) * 4
        for k in range(4):
            b[i + k] = b[last + k]
        self.n -= 1

    def _squeeze(self):
        b = self.box
        best = 1 << 30
        bi = bj = 0
        for i in range(0, self.n * 4, 4):
            for j in range(i + 4, self.n * 4, 4):
                waste = _waste(b, i, b[j], b[j + 1], b[j + 2], b[j + 3])
                if waste < best:
                    best = waste
                    bi = i
                    bj = j
        b[bi] = min(b[bi], b[bj])
        b[bi + 1] = min(b[bi + 1], b[bj + 1])
        b[bi + 2] = max(b[bi + 2], b[bj + 2])
        b[bi + 3] = max(b[bi + 3], b[bj + 3])
        self._drop(bj)

    def flush(self):
        """Send the changed rectangles to the panel."""
        b = self.box
        for i in range(0, self.n * 4, 4):
            self.d.show(b[i], b[i + 1], b[i + 2] - b[i], b[i + 3] - b[i + 1])
        self.n = 0

    # drawing, in theme roles

    def clear(self, role=0):
        self.d.fill(self.c(role))
        self.mark(0, 0, self.w, self.h)

    # fill and text look the role up themselves rather than through c(): a whole screen
    # makes a hundred of them

    def fill(self, x, y, w, h, role):
        self.d.fill_rect(x, y, w, h, self.ink[role])
        self.mark(x, y, w, h)

    def frame(self, x, y, w, h, role):
        self.d.rect(x, y, w, h, self.c(role))
        self.mark(x, y, w, h)

    def hline(self, x, y, w, role):
        self.d.hline(x, y, w, self.c(role))
        self.mark(x, y, w, 1)

    def text(self, s, x, y, fg=1, bg=-1, scale=1):
        """Draw `s`; return the x after it."""
        ink = self.ink
        end = font.text(self.d, s, x, y, ink[fg], -1 if bg < 0 else ink[bg], scale)
        self.mark(x, y, end - x, font.HEIGHT * scale)
        return end
