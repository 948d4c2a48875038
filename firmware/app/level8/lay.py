"""Laying out your level, loaded only while you do: the meld finder's layouts of your
level from your hand, one at a time, then a wild's value where the layout leaves it open
(L8-3, in wilds.py). The moves chosen go back to the table (`Table.commit`), which plays, says and
saves them.
"""

from level8 import cards, layout
from level8.levels import RUN

from app.app import forget
from app.level8 import drop
from app.screen import title_bar
from ui import theme
from ui.level8 import by_number, role, tokens


def lay(app, t):
    s = t.state
    me = t.me
    reqs = layout.reqs(s, me)
    hand = [c for c in layout.hand(s, me) if c != cards.SKIP]
    from level8 import meld

    found, capped = meld.layouts(hand, reqs, 20)
    drop("level8.meld", "level8.combos", "level8.sides")  # the finder: not needed to choose one
    last = layout.level(s, me) == 8  # laying out level 8 wins: it may use every card
    hn = layout.hand_count(s, me)
    ok = []
    for lay_ in found:
        n = 0
        for g in lay_:
            n += len(g)
        if last or n < hn:
            ok.append(_pack(lay_))
    if not ok:
        if app.p.mono:
            t.message = "No layout yet"
        else:
            from level8.sides import describe_level

            t.message = "No way to lay out %s yet" % describe_level(reqs)
        if found:
            t.message = "You need a card left to discard"
        t.close(app)
        return
    app.go(Layouts(t, reqs, ok, capped))


def _pack(groups):
    """A layout as bytes, each group's size then its cards: up to 20 of them wait on the
    chooser, a few KB as lists of lists on the OLED's small heap."""
    out = bytearray()
    for g in groups:
        out.append(len(g))
        out.extend(bytes(g))
    return bytes(out)


class Layouts:
    """The layouts, one at a time (up/down or left/right), OK lays the one on show.
    `found`: each layout packed (see _pack); `groups(i)` unpacks one."""

    def __init__(self, t, reqs, found, capped):
        self.t = t
        self.reqs = reqs
        self.found = found
        self.capped = capped
        self.i = 0

    def groups(self, i):
        """Layout i: one list of cards per requirement."""
        b = self.found[i]
        out = []
        k = 0
        while k < len(b):
            n = b[k]
            out.append(list(b[k + 1 : k + 1 + n]))
            k += 1 + n
        return out

    def key(self, app, k):
        n = len(self.found)
        if k == "up" or k == "left":
            self.i = (self.i - 1) % n
        elif k == "down" or k == "right":
            self.i = (self.i + 1) % n
        elif k == "back":
            self.t.close(app)
        elif k == "ok":
            from app.level8 import wilds  # the rest of laying out, loaded only then

            groups = self.groups(self.i)
            forget("app.level8.lay")
            wilds.Wilds(self.t, self.reqs, groups).next(app)
            return
        app.full = True

    def draw(self, app, full):
        p = app.p
        p.clear()
        n = len(self.found)
        more = "+" if self.capped else ""
        y = title_bar(p, ("Layout %d of %d%s" if not p.mono else "Lay %d/%d%s") % (self.i + 1, n, more))
        step = 8 if p.mono else 11
        x = 0 if p.mono else 4
        left = list(layout.hand(self.t.state, self.t.me))
        groups = self.groups(self.i)
        for r in range(len(self.reqs)):
            g = groups[r]
            kind = self.reqs[r][0]
            if kind == RUN:
                g = sorted(g, key=by_number)
            for c in g:
                left.remove(cards.WILD if c >= cards.WILD_NUMBER else c)
            label = ("Run", "Set", "Colour")[kind] if not p.mono else ("R", "S", "C")[kind]
            xx = p.text(label + ": ", x, y, theme.DIM)
            for c in g:
                xx = p.text(tokens([c]), xx, y, role(c)) + 6
                if xx > p.w - 18:
                    y += step
                    xx = x + 12
            y += step
        if left:
            xx = p.text("Keep: " if not p.mono else "K: ", x, y, theme.DIM)
            for c in sorted(left, key=by_number):
                if xx > p.w - 18:
                    break
                xx = p.text(tokens([c]), xx, y, role(c)) + 6
        keys = "%s: lay this  %s: back" % (app.button("ok"), app.button("back"))
        if p.mono:
            keys = "%s:lay \x10\x11:more" % app.button("ok")
        p.text(keys, x, p.h - 8, theme.DIM)
