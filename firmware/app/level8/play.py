"""The LEVEL 8 / Level Up table: your hand, the other seats, and the bots' turns.

Seats 0..people-1 are people, the others bots. With one person the table always shows
seat 0's hand ("You"); with more (pass and play), the hand of the person on turn, behind
the shared pass screen (app/handover.py) each time the turn comes to another person,
and no hand while bots play.

The cursor walks a ring: the hand's cards in the order chosen (by number or by colour),
then the items of the moment (ui/level8: Draw, Lay out, Done, Table, Hint, Sort, Menu).
OK on a card opens what it may do (discard it, add it to a laid combination, give a
Skip; app/level8/act.py), or keeps it at a round's end (L8-9). The choosers are other
screens that come back here.

A bot's turn is shown a step at a time, each for PERIOD ms of app time (OK: at once):
its draw, its level laid out, each card added, its discard or the Skip it gives. The
phase OVER (a round has ended) shows who went out and who moved up until a person
presses OK, which deals the next round. The game is saved after every person's move
and every bot's step, with who plays which seat (app/level8/saves.py).
"""

from level8 import cards, layout
from level8.layout import DRAW, KEEP, NO_SEAT, OVER, PLAY, WON

from app.app import forget
from app.level8 import BOT_CODE, GAME, WORDS_CODE, file
from compat import const, ticks_add, ticks_diff
from ui.level8 import DONE, HINT, LAY, MENU, SORT, TABLE
from ui.level8 import DRAW as DRAW_IT

PERIOD = const(1400)  # ms a bot's step stays on show before its next one
# the engine that plays moves: loaded for a move (Table.game), let go once it is saved (Table.rest)
_RULES = ("level8.game", "level8.rules", "level8.referee", "prng")


class Table:
    def __init__(self, app, game, flags, people, strength, message):
        from app.level8.saves import BY_COLOUR, HINTED

        self.state = game.state
        self._game = game
        self.people = people
        self.strength = strength
        self.hinted = bool(flags & HINTED)
        self.by_colour = bool(flags & BY_COLOUR)
        self.message = message
        self.focus = 0
        self.order = bytearray(16)  # display position -> hand index
        self.hn = 0
        self.items = []  # type: list[int]
        self.steps = []  # type: list  # a bot's moves still to show, a step (a list of moves) each
        self.due = ticks_add(app.last, PERIOD)
        self.me = 0 if people == 1 else NO_SEAT  # the seat whose hand is shown
        self.hidden = False  # the pass screen is up
        self.view = None
        self.began = None  # (round, seat, phase) of the last start of a person's turn
        self.settle(app)
        self.survey()
        self.begin()

    @property
    def game(self):
        """The Game on the table's state. The rules' code is loaded for a move and let go
        once the move is saved (`rest`): between moves the table only reads the state."""
        g = self._game
        if g is None:
            from level8.game import Game

            g = self._game = Game(state=self.state)
        return g

    def rest(self):
        self._game = None
        forget(*_RULES)

    # who is who

    def name(self, q):
        if self.people == 1:
            return "You" if q == 0 else "Bot %d" % (q + 1)
        return ("Player %d" if q < self.people else "Bot %d") % (q + 1)

    def bot(self, q):
        return q >= self.people

    def settle(self, app):
        """Whose hand shows now; the pass screen when the turn comes to another person."""
        if self.people == 1:
            return
        s = self.state
        q = layout.turn(s)
        if layout.phase(s) in (DRAW, PLAY, KEEP) and not self.bot(q):
            if self.me != q:
                self.me = q
                self.hidden = True
                app.full = True
        else:
            self.me = NO_SEAT

    def mine(self):
        """The person whose hand shows is on turn (not a bot, not the round's end)."""
        s = self.state
        return layout.turn(s) == self.me and layout.phase(s) in (DRAW, PLAY, KEEP) and not self.hidden

    def survey(self):
        """The hand's display order and the ring's items, for this position."""
        s = self.state
        me = self.me
        hn = self.hn = layout.hand_count(s, me) if me != NO_SEAT else 0
        if hn:
            h = layout.hand(s, me)
            key = []
            for i in range(hn):
                c = h[i]
                if c >= cards.N_NUMBER_CARDS:
                    k = 2000 + c
                elif self.by_colour:
                    k = c
                else:
                    k = cards.number(c) * 8 + cards.colour(c)
                key.append(k * 16 + i)
            key.sort()
            for i in range(hn):
                self.order[i] = key[i] & 15
        ph = layout.phase(s)
        if self.mine() and ph == DRAW:
            self.items = [DRAW_IT, TABLE, HINT, SORT, MENU]
        elif self.mine() and ph == PLAY:
            self.items = ([] if layout.laid(s, me) else [LAY]) + [TABLE, HINT, SORT, MENU]
        elif self.mine() and ph == KEEP:
            self.items = [DONE, TABLE, SORT, MENU]
        else:
            self.items = [TABLE, SORT, MENU]
        if self.focus >= self.ring():
            self.focus = 0

    def ring(self):
        return self.hn + len(self.items)

    def item(self, pos):
        """The hand index at ring position `pos`, or an item (>= 100)."""
        if pos < self.hn:
            return self.order[pos]
        return self.items[pos - self.hn]

    def card(self, i):
        return layout.hand(self.state, self.me)[i]

    def to_item(self, it):
        for k in range(len(self.items)):
            if self.items[k] == it:
                self.focus = self.hn + k

    # keys

    def key(self, app, k):
        if self.hidden:
            if k == "ok":
                self.hidden = False
                app.full = True
                self.message = self.name(self.me) + ", your turn"
                self.survey()
                self.began = None
                self.begin()
            elif k == "back":
                self.open_menu(app)
            return
        s = self.state
        if k == "back":
            self.open_menu(app)
            return
        if layout.phase(s) == OVER:
            if k == "ok":
                self.commit(app, [layout.move(layout.K_NEXT)], "")
            return
        if k == "up" or k == "left":
            self.focus = (self.focus - 1) % self.ring()
            self.message = None
        elif k == "down" or k == "right":
            self.focus = (self.focus + 1) % self.ring()
            self.message = None
        elif k == "ok":
            if not self.mine():
                self.due = app.last  # the bots' next step at once
                return
            self.choose(app, self.item(self.focus))

    def choose(self, app, it):
        s = self.state
        ph = layout.phase(s)
        if it == MENU:
            self.open_menu(app)
        elif it == SORT:
            self.by_colour = not self.by_colour
            self.message = "Sorted by " + ("colour" if self.by_colour else "number")
            self.survey()
            self.save(app)
        elif it == DONE:
            self.commit(app, [layout.move(layout.K_KEPT)], "")
        elif it == HINT:
            from app.level8 import bots

            bots.hint(self, app)
            forget("app.level8.bots")
        elif it < 100 and ph == KEEP:
            if layout.kept(s, self.me) >= layout.KEEP_MAX:
                self.message = "You keep 4 cards at most"
            elif it < layout.kept(s, self.me):
                self.message = "Already kept"
            else:
                c = self.card(it)
                ms = [layout.move(layout.K_KEEP, 0, c)]
                if layout.kept(s, self.me) == layout.KEEP_MAX - 1:
                    ms.append(layout.move(layout.K_KEPT))  # four kept: nothing more to choose
                self.commit(app, ms, "")
                if layout.phase(s) == KEEP and layout.turn(s) == self.me:
                    self.message = "Kept %s. Keep up to 4, then Done" % cards.name(c)
        elif it < 100 and ph == DRAW:
            self.message = "Draw first: choose Draw"
        else:
            from app.level8 import act  # the choosers, loaded only while one is open

            act.open(app, self, it)
            self.covered(app)

    def begin(self):
        """When a person's turn (its draw, or its keeping) begins: the cursor's start."""
        s = self.state
        ph = layout.phase(s)
        now = (layout.round_no(s), layout.turn(s), ph)
        if self.mine() and ph != PLAY and now != self.began:
            self.began = now
            self.start_turn()

    def start_turn(self):
        """Where the cursor starts when a person's turn (or part of it) begins."""
        ph = layout.phase(self.state)
        if ph == DRAW:
            self.to_item(DRAW_IT)
        elif ph == KEEP:
            self.to_item(DONE)
            self.message = "Keep up to 4 cards for the next round, then Done"
        else:
            self.focus = 0

    # moves

    def close(self, app):
        """Back from a chooser (act.py, lay.py), whose code goes."""
        app.go(self)
        forget(
            "app.level8.act",
            "app.level8.lay",
            "app.level8.words",
            "app.screen",
            "level8.meld",
            "level8.combos",
        )

    def chosen(self, app, ms, said=""):
        """Back from a chooser, playing the moves `ms` chosen there."""
        self.close(app)
        self.commit(app, ms, said)

    def commit(self, app, ms, said):
        """Play moves `ms` for the seat on turn (checked by Game.apply), `said` in words."""
        for m in ms:
            self.game.apply(m)
        self.message = said or None
        self.after_change(app)

    def after_change(self, app):
        s = self.state
        if layout.phase(s) == WON:
            app.game().finish(app, self)  # the menus: reached through the app, not imported
            return
        self.settle(app)
        self.survey()
        self.begin()
        if self.mine() and layout.phase(s) == PLAY and self.focus >= self.hn:
            self.focus = 0
        if not self.bot(layout.turn(s)) or layout.phase(s) == OVER:
            unload()
        self.save(app)
        self.rest()

    def save(self, app, ended=False):
        """Keep the game on flash (after every move and every bot's step), or drop it."""
        name = file(layout.game(self.state), GAME)
        if ended:
            app.store.remove(name)
            return
        from app.level8 import saves

        flags = (saves.HINTED if self.hinted else 0) | (saves.BY_COLOUR if self.by_colour else 0)
        app.store.write(name, saves.encode(self.state, flags, self.people, self.strength))
        forget("app.level8.saves")

    def tick(self, app, now):
        """A bot's turn, a step at a time (True when it changed the table: App.tick draws it)."""
        if not app.awake or self.hidden:
            return False
        s = self.state
        ph = layout.phase(s)
        if ph in (OVER, WON) or not self.bot(layout.turn(s)):
            return False
        if ticks_diff(now, self.due) < 0:
            return False
        self.due = ticks_add(now, PERIOD)
        from app.level8 import bots  # with the bots' code, only while a bot plays

        bots.step(self, app)
        forget("app.level8.bots")
        return True

    def open_menu(self, app):
        unload()
        app.game().pause_menu(app, self)
        self.covered(app)

    def covered(self, app):
        """Another screen covers the table: its drawing code goes (back with a full draw)."""
        if app.screen is not self:
            self.view = None
            forget("ui.level8.mono", "ui.level8.colour")

    # the screen

    def draw(self, app, full):
        if self.hidden:
            if full:
                from app import handover  # loaded only to draw it

                handover.draw(app, self.name(self.me), self.message)
            return
        if self.view is None:
            self.view = _view(app)
            full = True
        self.view.draw(app.p, self, full)


def unload():
    """Let the bots' code go (it comes back for the next bot or hint)."""
    forget(*BOT_CODE)
    forget(*WORDS_CODE)


def _view(app):
    if app.p.mono:
        from ui.level8 import mono

        return mono.Table(app)
    from ui.level8 import colour

    return colour.Table(app)
