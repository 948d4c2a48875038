"""The table with teammates: 2-5 players, the others bots or people sharing the handheld.

Bots (mode saves.BOTS): seat 0 is the player, seats 1.. are bots. On a bot's turn the
table says "Bot 2 thinking...", the hint engine chooses the bot's move from what that
seat sees and what was said (level10.hint.suggest with the talk), and the table shows it
("Bot 2: Forest 5", its row lit) for PERIOD ms of app time before playing it; OK plays
it at once. Before every move each bot but the mover says its piece
(level10.talk.announce); after a person's move what they said is forgotten (their hand
changed). The engine's code is in memory only while bots play.

Pass and play (saves.PASS): every seat is a person. When a move gives the turn to
another seat, a screen hides every hand ("Player 2's turn: pass the handheld") until OK;
the table then shows that seat's hand.

In both modes Talk (on the ring) opens app/level10/say.py: what the seat on turn may announce
(ruling L10-11), shown to the others on the table: a line per seat on the colour
boards; on the OLED the bottom line shows each seat's line in turn. Hint asks the engine
for the seat on turn, knowing what was said, and marks the game assisted. Undo with bots
takes back the player's last move and the bots' moves after it; in pass and play the
last move, whoever made it, then the pass screen comes up. The game is saved after every
move and whatever is said, with its mode and the talk (app/level10/saves.py).
"""

import sys

from app.app import forget
from app.level10 import saves
from app.level10.play import Play
from compat import const, ticks_add, ticks_diff
from level10 import moves, rules
from level10.talk import UNKNOWN, Talk, announce
from ui.level10 import HINT, MENU, PICK, RESET, TALK, UNDO

PERIOD = const(1200)  # ms of app time a bot's chosen move is on show before it is played
_GAP = const(400)  # ms between a bot's move and the next bot's thinking, to see it land
SHOW = const(2500)  # ms each seat's line stays on the OLED's bottom line
_RING = (RESET, UNDO, HINT, TALK, MENU)  # after the hand; the OLED has no room for Menu (Back opens it)


class Team(Play):
    """The table of a game with teammates: `flags` holds its mode (saves.BOTS or saves.PASS),
    `said` what was said (Talk's 35 bytes, as saved; None: nothing yet)."""

    def __init__(self, app, game, flags, message, said=None):
        self.mode = flags & saves.MODE
        self.talk = Talk(said)
        self.pending = 0  # a bot's chosen move, on show until it is played (0: none)
        self.due = app.last  # when the bots' next step is due (app time)
        self.fresh = False  # a bot's move was just chosen: its show starts at the next tick
        self.hidden = self.mode == saves.PASS  # the pass screen is up
        self.shown = 0  # the OLED: which seat's line the bottom line shows
        self.told = None  # the message saying a bot's move (the OLED clears it after a while)
        self.extra = _RING[:4] if app.p.mono else _RING
        super().__init__(app, game, flags, message)
        if self.mode == saves.BOTS and self.my_turn():
            self.speak(0)
            _unload()

    # who is who

    def seat(self):
        """The seat whose hand the table shows: the player's with bots, else the one on turn."""
        if self.mode == saves.BOTS:
            return 0
        return rules.to_move(self.game.state)

    def my_turn(self):
        """The person at the table is on turn (not a bot)."""
        return rules.to_move(self.game.state) == self.seat() != rules.NO_SEAT

    def name(self, q):
        if self.mode == saves.BOTS:
            return "You" if q == 0 else "Bot %d" % (q + 1)
        return "Player %d" % (q + 1)

    def others(self):
        """The other seats, in turn order after the one the table shows."""
        n = rules.players(self.game.state)
        v = self.seat()
        v = 0 if v == rules.NO_SEAT else v
        return [(v + i) % n for i in range(1, n)]

    # what was said

    def speak(self, mover):
        """Before a move: every bot but `mover` says what it may (level10.talk.announce)."""
        from level10.view import View

        s = self.game.state
        for q in range(1, rules.players(s)):
            if q != mover:
                announce(View(s, q), self.talk)

    def said_text(self, q):
        """What seat `q` said, as icons: each world's count ("\\x012": 2 Sky cards), the world
        it would like to play in (an arrow and its icon), the reset it would like to place
        (the reset's icon and the world's); "" when nothing."""
        b = self.talk.b
        t = ""
        if q >= 5:
            return t  # no seat (the game is over)
        for w in range(5):
            if b[q * 5 + w] != UNKNOWN:
                t += chr(1 + w) + str(b[q * 5 + w])
        for k, mark in ((25, " \x13"), (30, " \x07")):
            if b[k + q] != UNKNOWN:
                t += mark + chr(1 + b[k + q])
        return t.strip()

    def summary(self):
        """The OLED's bottom line: one seat's cards and what it said (each in turn, SHOW ms
        each; the player's own too once they said something), as "B2 5:\\x012\\x021...";
        None when there is nobody to tell of."""
        seats = self.others()
        me = self.seat()
        if me != rules.NO_SEAT and self.talk.said_anything(me):
            seats.append(me)
        q = seats[self.shown % len(seats)]
        said = self.said_text(q) or "said nothing"
        who = "You" if q == me else ("B%d" if self.mode == saves.BOTS else "P%d") % (q + 1)
        return "%s %d:%s" % (who, rules.hand_count(self.game.state, q), said)

    # the ring: the hand, then Reset, Undo, Hint, Talk (and Menu where there is room)

    def ring(self):
        if self.step == PICK:
            return self.hand_size() + len(self.extra)
        return super().ring()

    def item(self, pos):
        if self.step == PICK:
            hn = self.hand_size()
            if pos >= hn:
                return self.extra[pos - hn]
        return super().item(pos)

    def survey(self):
        super().survey()
        if not self.my_turn():  # a bot's turn: nothing in the player's hand can go now
            for i in range(10):
                self.playable[i] = 0
            self.pause_rows = self.reset_rows = 0

    def targets(self):
        if self.pending:
            return 1 << moves.row(self.pending)  # the row of the bot's move on show
        return super().targets()

    # keys

    def key(self, app, k):
        if self.hidden:  # the pass screen
            if k == "ok":
                self.hidden = False
                app.full = True
                self.message = self.name(self.seat()) + ", your turn"
            elif k == "back":
                self.open_menu(app)
            return
        if self.my_turn():
            super().key(app, k)
            return
        # a bot's turn: the player may look at their hand, play the bot's move at once, or pause
        if k == "back":
            self.open_menu(app)
        elif k == "ok":
            if self.pending:
                self.bot_move(app, app.last)
            else:
                self.due = app.last  # no waiting for the next bot either
        elif k == "up" or k == "left":
            self.move_focus(-1)
        else:
            self.move_focus(1)

    def ok_pick(self, app, item):
        if item == TALK:
            from app.level10 import say  # loaded only while open

            say.menu(app, self)
            return
        super().ok_pick(app, item)

    def open_menu(self, app):
        _unload()
        super().open_menu(app)

    # moves

    def commit(self, app, m):
        """A person's move."""
        seat = rules.to_move(self.game.state)
        self.game.apply(m)
        self.moved(app, seat, m)

    def moved(self, app, seat, m):
        """After `seat` played `m`: what a person said is out of date (bots say theirs again
        before every move anyway). In pass and play the move is told ("Player 1: Forest 5"),
        and when the turn goes to another seat it starts behind the pass screen."""
        if self.mode == saves.PASS:
            from app.level10.hints import say  # its words only: no engine

            self.message = say(m, self.name(seat) + ": ", app.p.mono)
            forget("app.level10.hints", "level10.cards")
            self.talk.forget(seat)
            if rules.to_move(self.game.state) != seat:
                self.hidden = True
                app.full = True
        elif seat == 0:
            self.talk.forget(0)
            self.due = ticks_add(app.last, _GAP)  # the bots' turns start after a moment
        self.step = PICK
        self.n_chosen = 0
        self.after_change(app)

    def after_change(self, app):
        """After a move or an undo: on the player's turn with bots, the bots say their piece
        and the engine goes; then as solo (the save, or the end)."""
        if self.game.over():
            _unload()
        elif self.mode == saves.BOTS and self.my_turn():
            self.speak(0)
            _unload()
        super().after_change(app)

    def tick(self, app, now):
        """The bots' turns, a step at a time; on the OLED, the next seat's line (True when
        something changed: App.tick draws it)."""
        if not app.awake or self.hidden or self.game.over():
            return False
        if self.fresh:  # the bot's move is chosen: show it for PERIOD from now
            self.fresh = False
            self.due = ticks_add(now, PERIOD)
        if ticks_diff(now, self.due) < 0:
            return False  # not yet
        if self.my_turn():
            if app.p.mono:
                if self.message and self.message is self.told:
                    self.message = None  # the bots' last move has been read: the seats' lines now
                else:
                    self.shown += 1
                self.due = ticks_add(now, SHOW)
                return True
            return False
        if self.pending:
            self.bot_move(app, now)
        else:
            self.think(app)
        return True

    def think(self, app):
        """Choose the move of the bot on turn, from what it sees and what was said."""
        seat = rules.to_move(self.game.state)
        self.speak(seat)
        self.message = self.name(seat) + " thinking..."
        app.render()  # about a second on a Pico: say so first
        from app.level10 import hints

        m = hints.suggest(self.game, self.talk)
        self.survey()  # this position's moves again: the engine used the game's buffer
        self.pending = m
        self.message = self.told = hints.say(m, self.name(seat) + ": ", app.p.mono)
        self.fresh = True

    def bot_move(self, app, now):
        """Play the bot's move on show (its words stay on the message line)."""
        m = self.pending
        self.pending = 0
        self.fresh = False
        seat = rules.to_move(self.game.state)
        self.game.apply(m)  # chosen among this position's legal moves
        self.moved(app, seat, m)
        self.shown = 0  # the player's turn: the OLED's bottom line starts at the next seat
        self.due = ticks_add(now, SHOW if self.my_turn() else _GAP)

    def undo(self, app):
        """With bots: back to before the player's last move (the bots' moves after it go
        too); in pass and play: the last move, then the pass screen for whoever is on turn."""
        g = self.game
        if not g.played:
            self.message = "Nothing to undo"
            return
        self.pending = 0
        if self.mode == saves.BOTS:
            while g.undo() and rules.to_move(g.state) != 0:
                pass
        else:
            g.undo()
            self.hidden = True
            app.full = True
        self.assisted = True
        self.message = "Undone. This game now counts as assisted"
        self.after_change(app)

    def said(self):
        """The talk, saved with the game (Play.save) after every move and whatever is said."""
        return self.talk.encode()

    # the screen

    def draw(self, app, full):
        if self.hidden:
            if full:
                from app import handover  # loaded only to draw it

                handover.draw(app, self.name(self.seat()), self.message)
            return
        super().draw(app, full)

    def make_view(self, app):
        return _view(app, rules.players(self.game.state))


def _unload():
    """Let the engine's code go (it is loaded again for the next bot or hint)."""
    h = sys.modules.get("app.level10.hints")
    if h:
        h.unload("app.level10.hints", "level10.cards")
    forget("level10.heuristic")  # talk.announce loads it


def _view(app, players):
    if not app.p.mono:
        from ui.level10 import colour

        return colour.Team(app, players)
    from ui.level10 import mono

    class Mono(mono.Table):
        """The OLED's table with Talk in Menu's place (Back opens the menu) and, when
        nothing else is said, a seat's line on the bottom line (app/level10/team.py's summary)."""

        def __init__(self, app):
            super().__init__(app)
            self.words = ("Rst", "Undo", "?", "Talk")
            self.items = _RING[:4]

        def idle(self, t):
            if t.step == PICK and t.item(t.focus) != HINT and t.my_turn():
                return t.summary()
            return super().idle(t)

    return Mono(app)
