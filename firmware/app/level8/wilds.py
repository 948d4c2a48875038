"""The last of laying out, loaded once a layout is chosen (lay.py): what each group's
wilds stand for where the layout leaves it open (L8-3), then the moves that lay it."""

from level8 import cards
from level8.levels import COLOUR, RUN, SET

from app.screen import Menu
from ui.level8 import tokens


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
        from level8 import rules  # with the move: the table plays it with the rules next

        self.t.chosen(app, rules.lay_out(self.groups, []))

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
