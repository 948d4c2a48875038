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
its draw, its level laid out, each card added, its discard or the Skip it gives; the
step that ends the round or the game too (`ending`), before what follows covers it (so
does a board step that asks the person to act, before their chooser opens). The
phase OVER (a round has ended) shows who went out and who moved up until a person
presses OK, which deals the next round. The game is saved after every person's move
and every bot's step, with who plays which seat (app/level8/saves.py).
"""

from level8 import layout
from level8.layout import OVER, WON

from app.level8 import forget, let_go, unload
from app.level8.seat import Seat
from compat import const, ticks_add, ticks_diff

PERIOD = const(1400)  # ms a bot's step stays on show before its next one
_P_ROLL = const(5)  # level8.board's phases: its turn's first, and the two a seat answers
_GIVE = const(11)  # on another's turn (an Ask's card given, cards shown for a Steal)
_SHOW = const(12)


class Table(Seat):
    def __init__(self, app, game=None, flags=0, people=1, strength=1, message=None, memo=None):
        if memo is not None:  # back from a screen over the table (seat.py), as it was
            for k, v in memo.__dict__.items():
                setattr(self, k, v)
            # but without the Seat's Game: the Seat may let its rules' code go (emptied on
            # MicroPython) once this table is up; the next move loads them again
            self._game = None
            return
        self.due = ticks_add(app.last, PERIOD)
        from app.level8 import turn  # a new table's fields: set there, so the table keeps no code for them

        turn.setup(self, app, game, flags, people, strength, message)
        forget("app.level8.turn")  # loaded for a key or a step that changes the table

    def mine(self):
        """The person whose hand shows must act (not a bot, not the round's end)."""
        s = self.state
        return layout.actor(s) == self.me and layout.turning(s) and not self.hidden

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
                s = self.state
                # no turn of theirs: keeping (its ask says so), a board step asked on another's
                # turn (its chooser says it)
                ph = layout.phase(s)
                self.message = self.name(self.me) + ", your turn" if layout.turn(s) == self.me and ph != layout.KEEP else None
                self.said = None  # read: the next pass screen says what comes after
                self.top = 0
                from app.level8 import turn

                turn.survey(self)
                self.began = None
                turn.begin(self, app)
                if ph > _P_ROLL:  # a board step: its chooser opens by itself, the table seen (tick)
                    self.ending = turn.levels(s)
                    self.due = ticks_add(app.last, PERIOD)
                let_go(turn)
            elif k == "back":
                self.open_menu(app)
            elif k == "up" or k == "down":  # the pass screen's words, past its last line
                self.top = max(0, self.top + (1 if k == "down" else -1))
                app.full = True
            return
        s = self.state
        if k == "back":
            self.open_menu(app)
            return
        if layout.phase(s) == OVER and not self.ending:
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
            from app.level8 import turn

            turn.choose(self, app, self.item(self.focus))
            let_go(turn)

    # moves

    def tick(self, app, now):
        """A bot's turn, a step at a time (True when it changed the table: App.tick draws it)."""
        if not app.awake or self.hidden:
            return False
        s = self.state
        if self.ending and ticks_diff(now, self.due) >= 0:
            # a bot's step that ended the round or the game, seen long enough (OK: at once),
            # or that asks the person to act in a board step: their chooser opens
            self.ending = None
            if layout.phase(s) == WON:
                app.game().finish(app, self)
            elif self.mine():
                from app.level8 import step

                step.follow(self, app)
            return True
        if not layout.turning(s) or not self.bot(layout.actor(s)):
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
        app.game().pause_menu(app, Seat(self, app))
        self.covered(app)

    def covered(self, app, keep=False):
        """Another screen covers the table, holding a Seat: the table's code and drawing
        go (back with a whole draw when the Seat closes). With `keep`, the drawing's
        code stays: a small chooser's close is the OLED's most frequent whole frame, and
        the room its heap leaves holds that code."""
        if app.p.mono and not isinstance(app.screen, Table):
            forget("app.level8.play")
            if not keep:
                forget("ui.level8.mono")

    # the screen

    def draw(self, app, full):
        if self.hidden:
            if full:
                from app import handover  # loaded only to draw it

                ph = layout.phase(self.state)
                doing = "keeping" if ph == layout.KEEP else "giving" if ph == _GIVE else "showing" if ph == _SHOW else ""
                # only the words said for every eye (turn.commit), never the table's message,
                # which may be the last person's own ("Kept B9, 4 of 4")
                self.top = handover.draw(app, self.name(self.me), self.said, doing, self.top)
            return
        if self.view is None:
            self.view = _view(app)
            full = True
        self.view.draw(app.p, self, full)
        if app.p.mono:  # the board game's levels, read for a seat's level line: no room to keep
            forget("level8.boardsides")

    # what others ask of the table, played by turn.py (loaded only then)

    def commit(self, app, ms, said):
        """Play moves `ms` for the seat on turn (checked by Game.apply), `said` in words."""
        from app.level8 import turn

        turn.commit(self, app, ms, said)
        forget("app.level8.turn")

    def save(self, app):
        """Keep the game on flash; the rules' code goes (`rest`), as a save ends a move."""
        from app.level8 import saves

        saves.write(app, self)
        forget("app.level8.saves")
        self.rest()


def _view(app):
    if app.p.mono:
        from ui.level8 import mono

        return mono.Table(app)
    from ui.level8 import colour

    return colour.Table(app)
