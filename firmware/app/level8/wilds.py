"""The last of laying out, loaded once a layout is chosen whose wilds' values are open
(lay.py, `ways`): what each group's wilds stand for where the layout leaves it open (L8-3),
then the moves that lay it."""

from level8 import cards
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
