"""The New game menu: difficulty, deal number, Start, players and teammates.

Loaded only while it is open (app/level10/menu.py's new_game); Start hands over to the
`start` it was given, Back to `back`. It offers the last game's choices again
(app/level10/choices.py), and Start keeps the new ones.
"""

from app.app import forget
from app.level10 import NAMES, saves
from app.screen import Menu
from compat import const

_TEAMMATES = const(("bots", "pass and play"))  # by mode: saves.BOTS >> 4, saves.PASS >> 4


class NewGame(Menu):
    """Difficulty, an optional deal number, Start, then the players (1-5) and, with 2-5,
    who the teammates are: bots, or people passing the handheld. (Start stays third, where
    it always was, so a player's habit and the test autoplayer still find it.) The deal
    number is entered digit by digit, as on any handheld: up/down change a digit, OK moves
    to the next, Back to the one before (from the first: random deal again). Left/right
    (or OK) change the difficulty, the players and the teammates."""

    def __init__(self, app, start, back):
        self.start = start  # start(app, pauses, deal, deck, players, mode): the table
        from app.level10 import choices

        last = choices.load(app)
        forget("app.level10.choices")  # kept out of the heap while the menu is open
        self.pauses = last.pauses
        self.deal = -1  # -1: a random deal
        self.digit = -1  # the digit being edited (0 = leftmost), -1 when not editing
        # the players and teammates of the last game started, so a table plays again as it was
        self.players = last.players
        self.mode = saves.PASS if last.pass_play else saves.BOTS
        self.wide = app.p.cols > 30
        super().__init__("New game", [], back=back)
        self.fill()

    def fill(self):
        """The items for this number of players (the teammates only with some)."""
        self.items = [
            [lambda: "Difficulty: " + NAMES[self.pauses], self.cycle],
            [self.deal_label, self.edit],
            ["Start", self.go],
            [
                lambda: "Players: 1 (solo)" if self.players == 1 else "Players: %d" % self.players,
                lambda a: self.more_players(1),
            ],
        ]
        if self.players > 1:
            self.items.append([self.mode_label, self.other_mode])

    def mode_label(self):
        if self.mode == saves.PASS and not self.wide:
            return "Teammates: pass&play"  # 21 columns
        return "Teammates: " + _TEAMMATES[self.mode >> 4]

    def more_players(self, d):
        self.players = (self.players - 1 + d) % 5 + 1
        self.fill()

    def other_mode(self, app=None):
        self.mode = saves.PASS if self.mode == saves.BOTS else saves.BOTS

    def deal_label(self):
        if self.deal < 0:
            return "Deal: random"
        if self.digit < 0:
            return "Deal: %05d" % self.deal
        text = "%05d" % self.deal
        d = self.digit
        return "Deal: %s[%s]%s" % (text[:d], text[d], text[d + 1 :])

    def cycle(self, app):
        self.pauses = (self.pauses - 1) % 4

    def edit(self, app):
        self.digit = 0
        if self.deal < 0:
            self.deal = 0

    def go(self, app):
        from app.level10 import choices

        c = choices.Choices()
        c.pauses = self.pauses
        c.players = self.players
        c.pass_play = self.players > 1 and self.mode == saves.PASS
        choices.save(app, c)
        forget("app.level10.choices")
        deal = self.deal if self.deal >= 0 else app.entropy % 100000
        self.start(app, self.pauses, deal, None, self.players, self.mode)

    def key(self, app, k):
        if self.digit >= 0:
            unit = 10 ** (4 - self.digit)
            d = self.deal // unit % 10
            if k == "up" or k == "down":
                nd = (d + (1 if k == "up" else 9)) % 10
                self.deal += (nd - d) * unit
            elif k == "ok" or k == "right":
                self.digit += 1
                if self.digit == 5:
                    self.digit = -1
                    self.focus = 2  # on to Start
            elif k == "back" or k == "left":
                self.digit -= 1
                if self.digit < 0 and k == "back":
                    self.deal = -1
            return
        if k == "left" or k == "right":
            if self.focus == 0:
                self.pauses = (self.pauses + (1 if k == "left" else -1)) % 4
                return
            if self.focus == 3:
                self.more_players(1 if k == "right" else -1)
                return
            if self.focus == 4:
                self.other_mode()
                return
        super().key(app, k)
