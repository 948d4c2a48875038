"""Drawing on the display's frame, remembering which parts changed.

Every call paints the frame in RAM and widens a dirty rectangle; `flush`
pushes only those rectangles to the panel, so moving a cursor sends a few
hundred bytes instead of a whole frame. Colours are theme roles; on a mono
panel they map to lit or dark.
"""

from array import array

from compat import const
from ui import font, theme

_SLOTS = const(3)  # dirty rectangles kept before merging


class Painter:
    def __init__(self, display):
        self.d = display
        self.w = display.width
        self.h = display.height
        self.mono = display.mono
        self.ink = theme.MONO if display.mono else None
        self.cols = self.w // font.WIDTH
        self.rows = self.h // font.HEIGHT
        self.box = array("h", bytes(2 * 4 * _SLOTS))  # x0, y0, x1, y1 (exclusive)
        self.n = 0
        theme.setup(display)

    def c(self, role):
        return self.ink[role] if self.ink else role

    def mark(self, x, y, w, h):
        x1 = min(x + w, self.w)
        y1 = min(y + h, self.h)
        x = max(x, 0)
        y = max(y, 0)
        if x >= x1 or y >= y1:
            return
        b = self.box
        best = -1
        grow = 1 << 30
        for i in range(0, self.n * 4, 4):
            ux = max(b[i + 2], x1) - min(b[i], x)
            uy = max(b[i + 3], y1) - min(b[i + 1], y)
            extra = ux * uy - (b[i + 2] - b[i]) * (b[i + 3] - b[i + 1]) - (x1 - x) * (y1 - y)
            if extra < grow:
                grow = extra
                best = i
        if best < 0 or (grow > 0 and self.n < _SLOTS):
            i = self.n * 4
            self.n += 1
            b[i] = x
            b[i + 1] = y
            b[i + 2] = x1
            b[i + 3] = y1
            return
        b[best] = min(b[best], x)
        b[best + 1] = min(b[best + 1], y)
        b[best + 2] = max(b[best + 2], x1)
        b[best + 3] = max(b[best + 3], y1)

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

    def fill(self, x, y, w, h, role):
        self.d.fill_rect(x, y, w, h, self.c(role))
        self.mark(x, y, w, h)

    def frame(self, x, y, w, h, role):
        self.d.rect(x, y, w, h, self.c(role))
        self.mark(x, y, w, h)

    def hline(self, x, y, w, role):
        self.d.hline(x, y, w, self.c(role))
        self.mark(x, y, w, 1)

    def text(self, s, x, y, fg=1, bg=-1, scale=1):
        """Draw `s`; return the x after it."""
        end = font.text(self.d, s, x, y, self.c(fg), -1 if bg < 0 else self.c(bg), scale)
        self.mark(x, y, end - x, font.HEIGHT * scale)
        return end

    def line(self, row, s, fg=1, bg=0, x=0):
        """A whole text line `row` (in 8-px rows): background, then `s` clipped to the width."""
        y = row * font.HEIGHT
        self.fill(x, y, self.w - x, font.HEIGHT, bg)
        room = (self.w - x) // font.WIDTH
        if len(s) > room:
            s = s[:room]
        font.text(self.d, s, x, y, self.c(fg), -1, 1)

    def centre(self, s, y, fg=1, scale=1):
        x = (self.w - font.measure(s, scale)) // 2
        return self.text(s, x, y, fg, -1, scale)
