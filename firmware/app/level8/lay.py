"""Laying out your level, loaded only while you do: the meld finder's layouts of your
level from your hand, one at a time, then a wild's value where the layout leaves it open
(L8-3). The moves chosen go back to the table (`Table.commit`), which plays, says and
saves them.
"""

from level8 import cards, layout
from level8.levels import COLOUR, RUN, SET, describe_level

from app.app import forget
from app.screen import Menu, title_bar
from ui import theme
from ui.level8 import by_number, role, tokens


def lay(app, t):
    s = t.state
    me = t.me
    reqs = layout.reqs(s, me)
    hand = [c for c in layout.hand(s, me) if c != cards.SKIP]
    from level8 import meld

    found, capped = meld.layouts(hand, reqs, 20)
    forget("level8.meld", "level8.combos")  # 20 KB of code: not needed to choose one
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
        t.message = ("No way to lay out %s yet" % describe_level(reqs)) if not app.p.mono else "No layout yet"
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
            Wilds(self.t, self.reqs, self.groups(self.i)).next(app)
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


class Wilds:
    """After a layout is chosen: ask what each group's wilds stand for where the layout
    leaves it open (a run's wilds at an end, a group of wilds alone), then lay it."""

    def __init__(self, t, reqs, groups):
        self.t = t
        self.reqs = reqs
        self.groups = groups
        self.r = 0

    def next(self, app):
        while self.r < len(self.groups):
            options = _options(self.groups[self.r], self.reqs[self.r][0])
            if len(options) > 1:
                self.ask(app, options)
                return
            self.r += 1
        ms = []
        for r in range(len(self.groups)):
            for c in self.groups[r]:
                ms.append(layout.move(layout.K_PUT, r, c))
        ms.append(layout.move(layout.K_LAY))
        self.t.chosen(app, ms)

    def ask(self, app, options):
        kind = self.reqs[self.r][0]
        items = []
        for g in options:
            if kind == RUN:
                label = tokens(g)
            elif kind == SET:
                label = "%d wilds as %d" % (len(g), cards.number(g[0]))
            else:
                label = "%d wilds as %s" % (len(g), cards.COLOUR_NAMES[cards.colour(g[0])])
            items.append([label, self.chose(g), g])
        title = "Wilds in the run?" if kind == RUN else "The wilds stand for"
        app.go(Menu(title if not app.p.mono else "Wilds as?", items, back=self.t.close))

    def chose(self, g):
        def act(app):
            self.groups[self.r] = g
            self.r += 1
            self.next(app)

        return act


def _options(g, kind):
    """The ways group `g` (wilds valued by the meld finder) may be laid: one when it is clear."""
    wild = 0
    fixed = []
    for c in g:
        if c >= cards.WILD_NUMBER:
            wild += 1
        else:
            fixed.append(c)
    if not wild:
        return [g]
    n = len(g)
    if kind == RUN:
        out = []
        for st in range(1, 17 - n):
            nums = [cards.number(c) for c in fixed]
            if all(st <= v < st + n for v in nums):
                gaps = [v for v in range(st, st + n) if v not in nums]
                run = fixed + [cards.wild_as_number(v) for v in gaps]
                out.append(sorted(run, key=cards.number))
        return out or [g]
    if fixed:
        return [g]
    if kind == COLOUR:
        return [[cards.wild_as_colour(k)] * n for k in range(cards.N_COLOURS)]
    return [[cards.wild_as_number(v)] * n for v in range(1, 16)]
