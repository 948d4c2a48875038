"""The last of laying out, loaded once a layout is chosen whose wilds' values are open
(lay.py, `ways`): what each group's wilds stand for where the layout leaves it open (L8-3),
then the moves that lay it."""

from level8 import cards, layout
from level8.levels import RUN, SET

from app.screen import Menu
from ui.level8 import tokens


class Wilds:
    """After a layout is chosen: ask what each group's wilds stand for where the layout
    leaves it open (a run's wilds at an end, a group of wilds alone), then lay it."""

    def __init__(self, t, reqs, groups, ways):
        self.t = t
        self.reqs = reqs
        self.groups = groups
        self.ways = ways  # each group's ways to be laid (lay.ways)
        self.r = 0

    def next(self, app):
        while self.r < len(self.groups):
            options = self.ways[self.r]
            if len(options) > 1:
                self.ask(app, options)
                return
            self.r += 1
        from level8 import rules  # with the move: the table plays it with the rules next

        self.t.chosen(app, rules.lay_out(self.groups, []))

    def ask(self, app, options):
        """The menu of `options`, lit on the one the chosen layout showed (the finder's
        values): OK at once lays what was chosen."""
        kind = self.reqs[self.r][0]
        w = cards.name(cards.WILD, layout.game(self.t.state))[2:]  # "wild", or Level Up's "joker"
        shown = sorted(self.groups[self.r], key=cards.number)
        focus = 0
        items = []  # type: list[list]
        for g in options:
            if g == shown:
                focus = len(items)
            if kind == RUN:
                label = tokens(g)
            elif kind == SET:
                label = "%d %ss as %d" % (len(g), w, cards.number(g[0]))
            else:
                label = "%d %ss as %s" % (len(g), w, cards.COLOUR_NAMES[cards.colour(g[0])])
            items.append([label, self.chose(g), g])
        big = w[0].upper() + w[1:]
        if len([c for c in options[0] if c >= cards.WILD_NUMBER]) > 1:
            big += "s"
        title = big + " in the run?" if kind == RUN else "The %ss stand for" % w
        m = Menu(title if not app.p.mono else big + " as?", items, back=self.t.close)
        m.focus = focus
        app.go(m)

    def chose(self, g):
        def act(app):
            self.groups[self.r] = g
            self.r += 1
            self.next(app)

        return act
