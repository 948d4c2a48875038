"""The shape every screen has, and the two generic ones: a menu and a text pager.

A screen gets logical keys ("up" "down" "left" "right" "ok" "back") through
`key(app, k)` and paints itself in `draw(app, full)`: everything when `full`,
otherwise only what changed since its last draw (the painter sends just that).
"""

from ui import theme
from ui.font import HEIGHT


class Screen:
    def key(self, app, k):
        pass

    def draw(self, app, full):
        pass


def title_bar(p, title):
    """The top of a screen: a title over the whole width, its band painted whole (so a
    new title can go over an old one). Returns the y below it."""
    if p.mono:
        p.fill(0, 0, p.w, HEIGHT, theme.HILITE)
        p.text(title, 1, 0, theme.INK)
        return HEIGHT + 2
    p.fill(0, 0, p.w, 21, theme.BG)
    p.text(title, 4, 3, theme.HILITE, -1, 2)
    p.hline(0, 21, p.w, theme.DIM)
    return 25


def bar(p, y0, top, fit, n, w=2):
    """The scroll bar, `w` wide at the right edge below y0: where the `fit` rows shown from
    `top` are among `n`, so that a list or a text longer than the screen says there is
    more. (`bar`, a name the firmware interns already: Level 10 on a Pico is one new name
    from another 4.4 KB name pool.)"""
    h = p.h - y0
    lit = max(4, h * fit // n)
    p.fill(p.w - w, y0, w, h, theme.BG)
    p.fill(p.w - w, y0 + (h - lit) * top // (n - fit), w, lit, theme.DIM)


class Menu(Screen):
    """A list of choices. Items are [label, action]: label a str or a callable giving
    one (for values such as "Sleep: 5 min"), action a callable taking the app.
    `info` lines sit between the title and the items."""

    def __init__(self, title, items, back=None, info=()):
        self.title = title
        self.items = items
        self.back = back
        self.info = info
        self.focus = 0
        self.top = 0
        self.shown = []  # per visible row: (label, focused) as last drawn

    def label(self, i):
        lab = self.items[i][0]
        return lab if isinstance(lab, str) else lab()

    def to(self, label):
        """The focus on the item `label`: the row a page opened from it comes back to."""
        for i in range(len(self.items)):
            if self.items[i][0] == label:
                self.focus = i
        return self

    def key(self, app, k):
        n = len(self.items)
        if k == "up" or k == "left":
            self.focus = (self.focus - 1) % n
        elif k == "down" or k == "right":
            self.focus = (self.focus + 1) % n
        elif k == "ok":
            self.items[self.focus][1](app)
        elif k == "back" and self.back:
            self.back(app)

    def draw(self, app, full):
        p = app.p
        step = HEIGHT if p.mono else HEIGHT + 3
        if full:
            p.clear()
            y = title_bar(p, self.title)
            for line in self.info:
                p.text(line, 4 if not p.mono else 0, y, theme.FG)
                y += step
            self.y0 = y + (0 if p.mono else 3)
            self.fit = max(1, (p.h - self.y0) // step)
            self.shown = [None] * self.fit
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + self.fit:
            self.top = self.focus - self.fit + 1
        n = len(self.items)
        w = p.w - (1 if p.mono else 2) if n > self.fit else p.w  # room for a scroll bar
        for row in range(self.fit):
            i = self.top + row
            text = (self.label(i), i == self.focus) if i < n else None
            if not full and self.shown[row] == text:
                continue
            self.shown[row] = text
            y = self.y0 + row * step
            if text is None:
                p.fill(0, y, w, step, theme.BG)
                continue
            sel = text[1]
            p.fill(0, y, w, step, theme.HILITE if sel else theme.BG)
            pad = 0 if p.mono else 2
            p.text(text[0], 2 if p.mono else 8, y + pad, theme.INK if sel else theme.FG)
        if w < p.w:  # each draw: a column of 1 or 2 px sent, cheaper than code to remember it
            bar(p, self.y0, self.top, self.fit, n, p.w - w)


class Pager(Screen):
    """Read-only text that scrolls a line at a time; OK or Back leaves."""

    def __init__(self, title, lines, leave):
        self.title = title
        self.lines = lines
        self.leave = leave
        self.top = 0

    def key(self, app, k):
        if k == "up" or k == "left":
            self.top = max(0, self.top - (1 if k == "up" else self.fit))
        elif k == "down" or k == "right":
            self.top = min(max(0, len(self.lines) - self.fit), self.top + (1 if k == "down" else self.fit))
        elif k == "ok" or k == "back":
            self.leave(app)

    def draw(self, app, full):
        p = app.p
        if full:
            p.clear()
            self.y0 = title_bar(p, self.title)
            self.fit = (p.h - self.y0) // HEIGHT
            self.drawn = -1
        if self.drawn == self.top:
            return
        self.drawn = self.top
        p.fill(0, self.y0, p.w, p.h - self.y0, theme.BG)
        for row in range(self.fit):
            i = self.top + row
            if i >= len(self.lines):
                break
            p.text(self.lines[i], 2, self.y0 + row * HEIGHT, theme.FG)
        if len(self.lines) > self.fit:
            bar(p, self.y0, self.top, self.fit, len(self.lines))


def wrap(text, width):
    """Split `text` into lines of at most `width` characters, at spaces; blank
    lines in `text` are kept as paragraph breaks."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
            while len(line) > width:
                out.append(line[:width])
                line = line[width:]
        out.append(line)
    return out
