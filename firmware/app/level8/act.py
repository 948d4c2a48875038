"""The table's choosers, loaded only while one is open: where to draw from (only the legal
piles), the meld finder's layouts of your level and a wild's value where the layout leaves
it open (L8-3), what a card may do (discard it, add it to a combination it fits, give a
Skip to a player without one), and every seat's laid combinations to browse.

Every choice is made from the position's legal moves (Game.list_moves), so nothing
illegal is offered; the moves chosen go back to the table (`Table.commit`), which plays,
says and saves them.
"""

from level8 import cards, layout
from level8.levels import COLOUR, RUN, SET, describe_level

from app.app import forget
from app.level8 import say
from app.screen import Menu, Pager, title_bar, wrap
from ui import theme
from ui.level8 import DRAW, LAY, TABLE


def open(app, t, it):
    if it == DRAW:
        draw(app, t)
    elif it == LAY:
        lay(app, t)
    elif it == TABLE:
        browse(app, t)
    else:
        card(app, t, it)
    t.rest()  # the moves are listed: the rules' code can go while a chooser is up


def back(t):
    def go(app):
        app.go(t)
        forget("app.level8.act", "app.screen", "level8.meld", "level8.combos")

    return go


def done(app, t, ms, said=""):
    """Back to the table, playing moves `ms`."""
    back(t)(app)
    t.commit(app, ms, said)


def _moves(t):
    g = t.game
    return list(g.buf[: g.list_moves()])


def _name(t):
    return t.name


# drawing


def draw(app, t):
    s = t.state
    me = t.me
    ms = _moves(t)
    if len(ms) == 1:
        m = ms[0]
        if layout.kind(m) == layout.K_SKIPPED:
            done(app, t, ms, "You are skipped: the Skip goes under the draw pile" if not app.p.mono else "Skipped this turn")
        else:
            done(app, t, ms)
        return
    items = []
    for m in ms:
        if layout.kind(m) == layout.K_DRAW:
            items.append(["Draw pile (%d left)" % layout.draw_count(s), _play(t, m), m])
        elif layout.kind(m) == layout.K_TAKE:
            p = layout.target(m)
            c = layout.pile_top(s, p)
            w = say.whose(p, me, t.name)
            w = "your" if w == "own" else w
            if app.p.mono:
                label = "%s: %s pile" % (say.tokens([c]), w if w == "your" else "P%d" % (p + 1) if t.people > 1 else "B%d" % (p + 1))
            else:
                label = "%s from %s pile" % (cards.name(c), w)
                label = label[0].upper() + label[1:]
            items.append([label, _play(t, m), m])
    app.go(Menu("Draw from", items, back=back(t)))


def _play(t, m, said=""):
    return lambda app: done(app, t, [m], said)


# A chooser's menu items are [label, action, what it chooses] (a move, or a group of cards):
# the menu shows the label; tests and the autoplayer read the third.


# laying out


def lay(app, t):
    s = t.state
    me = t.me
    reqs = layout.reqs(s, me)
    hand = [c for c in layout.hand(s, me) if c != cards.SKIP]
    t.message = "Looking for layouts..."
    app.render()
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
            ok.append(lay_)
    if not ok:
        t.message = ("No way to lay out %s yet" % describe_level(reqs)) if not app.p.mono else "No layout yet"
        if found:
            t.message = "You need a card left to discard"
        back(t)(app)
        return
    app.go(Layouts(t, reqs, ok, capped))


class Layouts:
    """The layouts, one at a time (up/down or left/right), OK lays the one on show."""

    def __init__(self, t, reqs, found, capped):
        self.t = t
        self.reqs = reqs
        self.found = found
        self.capped = capped
        self.i = 0

    def key(self, app, k):
        n = len(self.found)
        if k == "up" or k == "left":
            self.i = (self.i - 1) % n
        elif k == "down" or k == "right":
            self.i = (self.i + 1) % n
        elif k == "back":
            back(self.t)(app)
        elif k == "ok":
            Wilds(self.t, self.reqs, [list(g) for g in self.found[self.i]]).next(app)
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
        for r in range(len(self.reqs)):
            g = self.found[self.i][r]
            kind = self.reqs[r][0]
            if kind == RUN:
                g = sorted(g, key=say._by_number)
            for c in g:
                left.remove(cards.WILD if c >= cards.WILD_NUMBER else c)
            label = ("Run", "Set", "Colour")[kind] if not p.mono else ("R", "S", "C")[kind]
            xx = p.text(label + ": ", x, y, theme.DIM)
            for c in g:
                xx = p.text(say.tokens([c]), xx, y, _role(c)) + 6
                if xx > p.w - 18:
                    y += step
                    xx = x + 12
            y += step
        if left:
            xx = p.text("Keep: " if not p.mono else "K: ", x, y, theme.DIM)
            for c in sorted(left, key=say._by_number):
                if xx > p.w - 18:
                    break
                xx = p.text(say.tokens([c]), xx, y, _role(c)) + 6
        keys = "%s: lay this  %s: back" % (app.button("ok"), app.button("back"))
        if p.mono:
            keys = "%s:lay \x10\x11:more" % app.button("ok")
        p.text(keys, x, p.h - 8, theme.DIM)


def _role(c):
    from ui.level8 import role

    return role(c)


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
        done(app, self.t, ms, "")

    def ask(self, app, options):
        kind = self.reqs[self.r][0]
        items = []
        for g in options:
            if kind == RUN:
                label = say.tokens(g)
            elif kind == SET:
                label = "%d wilds as %d" % (len(g), cards.number(g[0]))
            else:
                label = "%d wilds as %s" % (len(g), cards.COLOUR_NAMES[cards.colour(g[0])])
            items.append([label, self.chose(g), g])
        title = "Wilds in the run?" if kind == RUN else "The wilds stand for"
        app.go(Menu(title if not app.p.mono else "Wilds as?", items, back=back(self.t)))

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


# what a card does


def card(app, t, i):
    s = t.state
    me = t.me
    c = layout.hand(s, me)[i]
    wild = c == cards.WILD
    items = []
    for m in _moves(t):
        k = layout.kind(m)
        x = layout.card(m)
        if k == layout.K_ADD and (x == c or (wild and cards.is_wild(x))):
            slot = layout.target(m)
            owner = slot // layout.GROUPS_PER_SEAT
            w = say.whose(owner, me, t.name)
            w = "your" if w == "own" else w
            g = layout.group(s, owner, slot % layout.GROUPS_PER_SEAT)
            if app.p.mono:
                label = "+%s: %s" % (say.tokens([x]) if wild else "", _short(g))
            else:
                label = "Add%s to %s %s %s" % (
                    " as " + say.tokens([x])[1:] if wild else "", w, say.group_name(s, slot), _short(g))
            items.append([label, _play(t, m), m])
        elif k == layout.K_DISCARD and x == c:
            items.insert(0, ["Discard " + (cards.name(c) if not app.p.mono else say.tokens([c])), _play(t, m), m])
        elif k == layout.K_GIVE and c == cards.SKIP:
            items.append(["Skip " + t.name(layout.target(m)), _play(t, m), m])
    if not items:
        t.message = "Lay out or cancel first"
        back(t)(app)
        return
    title = cards.name(c)
    title = title[0].upper() + title[1:]
    app.go(Menu(title, items, back=back(t)))


def _short(g):
    """A laid group in a few characters: R3-R6, 7s (set), or its cards."""
    if len(g) <= 3:
        return say.tokens(g)
    return say.tokens([g[0]]) + ".." + say.tokens([g[-1]])


# the laid combinations


def browse(app, t):
    s = t.state
    width = app.p.cols - 1
    lines = []
    for q in range(layout.players(s)):
        head = "%s: level %d" % (t.name(q), min(layout.level(s, q), 8))
        if not layout.laid(s, q):
            lines += wrap(head + ", " + describe_level(layout.reqs(s, q)), width)
            continue
        lines.append(head + ", laid out:")
        for r in range(len(layout.reqs(s, q))):
            lines += wrap("- %s: %s" % (say.group_name(s, q * layout.GROUPS_PER_SEAT + r), say.tokens(layout.group(s, q, r))), width)
    lines.append("Draw pile: %d cards" % layout.draw_count(s))
    app.go(Pager("Table", lines, back(t)))
