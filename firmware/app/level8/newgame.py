"""The New game menu of LEVEL 8 or Level Up: Start, the players (2-6), how many of them are
people passing the handheld (the rest are bots), the bots' strength and, for Level Up, the
keep-four option (L8-9). Left/right (or OK) change a value.

Loaded only while it is open; Start hands over to the `start` it was given, Back to `back`.
It offers the last game's choices again (app/level8/choices.py); Start keeps the new ones
(menu.start, once the first table is on the screen).
"""

from app.app import forget
from app.screen import Menu

STRENGTHS = ("Easy", "Medium", "Hard")  # the bots' strengths, weakest first (level8.bot)


class NewGame(Menu):
    def __init__(self, app, game, start, back):
        from app.level8 import choices, name

        self.game = game
        self.start = start  # start(app, game, choices): the table
        self.c = choices.load(app, game)
        if game == 0:
            self.c.keep = False
        forget("app.level8.choices")
        super().__init__("%s: new game" % name(game), [], back=back)
        self.wide = app.p.cols > 30
        self.fill()

    def fill(self):
        c = self.c
        self.items = [["Start", self.go], [self.players_label, self.change], [self.people_label, self.change]]
        self.kinds = "SPH"  # per item: Start, Players, people (Humans), bots' strength, Keep
        if c.people < c.players:
            self.items.append([lambda: "Bots: " + STRENGTHS[self.c.strength], self.change])
            self.kinds += "B"
        if self.game == 1:
            self.items.append([self.keep_label, self.change])
            self.kinds += "K"
        if self.focus >= len(self.items):
            self.focus = len(self.items) - 1

    def players_label(self):
        return "Players: %d" % self.c.players

    def people_label(self):
        c = self.c
        if c.people == 1:
            return "You and %d bot%s" % (c.players - 1, "" if c.players == 2 else "s")
        if c.people == c.players:
            return "Pass and play: all %d" % c.players if self.wide else "Pass&play: all %d" % c.players
        return "%d people, %d bot%s" % (c.people, c.players - c.people, "" if c.players - c.people == 1 else "s")

    def keep_label(self):
        if self.wide:
            return "Keep 4 cards (lvl 5+): " + ("on" if self.c.keep else "off")
        return "Keep 4: " + ("on" if self.c.keep else "off")

    def change(self, app, d=1):
        c = self.c
        kind = self.kinds[self.focus]
        if kind == "P":
            c.players = (c.players - 2 + d) % 5 + 2
            c.people = min(c.people, c.players)
        elif kind == "H":
            c.people = (c.people - 1 + d) % c.players + 1
        elif kind == "K":
            c.keep = not c.keep
        else:
            c.strength = (c.strength + d) % 3
        self.fill()

    def go(self, app):
        self.start(app, self.game, self.c)  # which keeps the choices too

    def key(self, app, k):
        if (k == "left" or k == "right") and self.focus > 0:
            self.change(app, 1 if k == "right" else -1)
            return
        super().key(app, k)
