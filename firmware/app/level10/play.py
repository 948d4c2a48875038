"""The Level 10 table: choosing and playing moves with a few buttons.

The cursor walks a ring: the cards in hand, then Reset, Undo, Hint and Menu. What
happens next depends on the step the player is in:

    PICK   choose a card to play, or Reset / Undo / Hint / Menu
    ROW    a pause or a reset was chosen: choose its row (only legal rows)
    UNDER  after a reset row: choose 0-2 hand cards to put under the deck, in order, then Done
    BURY   a pause in a row once the deck is empty: choose a card to bury, or Done for none

Back steps out of ROW/UNDER/BURY, and opens the menu from PICK. The legal
moves are generated once per position into one buffer and summed up in
`playable`, `pause_rows` and `reset_rows`, which the view draws from.

Hint shows the hint engine's move without playing it (app/level10/hints.py, loaded only while
asked): the cursor goes to its card (or Reset), targets() gives its row (`hint`,
`hint_at`), a row step starts on it, and the message says the whole move. The game then
counts as assisted, like Undo.
"""

from app.app import forget
from app.level10 import SAVE, saves
from level10 import moves, rules
from level10.rules import NONE
from ui.level10 import BURY, DONE, HINT, MENU, PICK, RESET, ROW, UNDER, UNDO


class Play:
    def __init__(self, app, game, flags, message):
        self.game = game
        self.assisted = flags & saves.ASSISTED  # Undo was used
        self.hinted = flags & saves.HINTED  # a hint was shown
        self.hint = 0  # the move a hint points at, until the position changes (0: none; no move is 0)
        self.hint_at = 0  # ... and the ring position it put the cursor on
        self.buf = game.buf  # the game's own move buffer: the table never needs two at once
        self.playable = bytearray(10)  # per hand position: 1 when that card can be played
        self.bury_ok = bytearray(10)  # per hand position: may go under the chosen pause
        self.card_ok = bytearray(41)  # per card (pause = 40): some legal move plays it
        self.chosen = bytearray(2)  # UNDER: hand positions picked, in order
        self.n_chosen = 0
        self.step = PICK
        self.what = 0  # ROW: rules.PAUSE or RESET
        self.row = 0  # the row chosen in ROW
        self.focus = 0  # ring position
        self.message = message
        self.view = self.make_view(app)
        self.survey()

    # the position

    def seat(self):
        return rules.to_move(self.game.state)

    def hand_size(self):
        seat = self.seat()
        return 0 if seat == rules.NO_SEAT else rules.hand_count(self.game.state, seat)

    def card_at(self, i):
        return rules.hand_card(self.game.state, self.seat(), i)

    def survey(self):
        """Sum up the legal moves of this position for the cursor and the view."""
        n = self.game.list_moves()  # kept in game.buf: Game.apply looks the chosen move up there
        ok = self.card_ok
        for c in range(41):
            ok[c] = 0
        self.pause_rows = 0
        self.reset_rows = 0
        buf = self.buf
        # One pass over the moves (up to ~240), not one per hand card; the move's fields
        # are read inline here (see level10.moves) as calls would cost each move twice.
        for k in range(n):
            m = buf[k]
            if m & 8:
                self.reset_rows |= 1 << (m & 7)
                continue
            c = (m >> 4) & 63
            ok[c] = 1
            if c == rules.PAUSE:
                self.pause_rows |= 1 << (m & 7)
        p = self.playable
        hn = self.hand_size()
        for i in range(10):
            p[i] = ok[self.card_at(i)] if i < hn else 0

    def targets(self):
        """The rows (a bit each) where what the cursor is on would go, for the view to
        show before the player presses OK: the chosen pause's or reset's rows in the ROW
        step; in PICK, the row of a playable card, every row a pause or (on Reset) a reset
        may take."""
        if self.step == ROW:
            return self.pause_rows if self.what == rules.PAUSE else self.reset_rows
        if self.step != PICK:
            return 0
        if self.hint and self.focus == self.hint_at:
            return 1 << moves.row(self.hint)  # the hinted move's own row, not every legal one
        it = self.item(self.focus)
        if it == RESET:
            return self.reset_rows
        if it < RESET:
            c = self.card_at(it)
            if c == rules.PAUSE:
                return self.pause_rows
            if self.playable[it]:
                return 1 << (c >> 3)
        return 0

    def legal(self, m):
        buf = self.buf
        for k in range(self.game.listed):  # the position's list, made by survey()
            if buf[k] == m:
                return True
        return False

    # the cursor ring

    def ring(self):
        """(length, item at a position) for the current step."""
        hn = self.hand_size()
        if self.step == PICK:
            return hn + 4
        if self.step == ROW:
            return 5
        return hn + 1

    def item(self, pos):
        hn = self.hand_size()
        if self.step == ROW:
            return pos
        if pos < hn:
            return pos
        if self.step == PICK:
            return RESET + pos - hn
        return DONE

    def move_focus(self, d):
        """The cursor `d` steps round the ring, on to the next position it may rest on."""
        n = self.ring()
        pos = self.focus
        for _ in range(n):
            pos = (pos + d) % n
            it = self.item(pos)
            if self.step == ROW:
                allowed = self.targets() >> it & 1
            elif self.step == BURY and it < DONE:
                allowed = self.bury_ok[it]
            else:
                allowed = True
            if allowed:
                self.focus = pos
                return

    # keys

    def key(self, app, k):
        self.message = None
        if k == "up" or k == "left":
            self.move_focus(-1)
        elif k == "down" or k == "right":
            self.move_focus(1)
        elif k == "back":
            if self.step == PICK:
                self.open_menu(app)
            else:
                self.cancel()
        elif k == "ok":
            it = self.item(self.focus)
            (self.ok_pick, self.ok_row, self.ok_under, self.ok_bury)[self.step](app, it)

    def cancel(self):
        self.step = PICK
        self.n_chosen = 0
        self.focus = 0

    def ok_pick(self, app, item):
        if item == UNDO:
            self.undo(app)
        elif item == HINT:
            from app.level10 import hints  # loaded only when asked, and unloaded by hints.hint

            hints.hint(app, self)
        elif item == MENU:
            self.open_menu(app)
        elif item == RESET:
            if not self.reset_rows:
                s = self.game.state
                col = rules.column(s)
                self.message = "No world with a reset left has room here"
                for r in range(5):
                    if rules.cell(s, r, col) == rules.RESET_CELL:
                        self.message = "This column already has its reset"
                return
            self.choose_row(RESET)
        else:
            c = self.card_at(item)
            if c == rules.PAUSE:
                if not self.pause_rows:
                    self.message = "This column has no room for a pause"
                    return
                self.choose_row(rules.PAUSE)
                return
            m = moves.play(c)
            if not self.playable[item]:
                self.message = _refusal(app, self.game.state, m)
                return
            self.commit(app, m)

    def choose_row(self, what):
        self.what = what
        self.step = ROW
        self.focus = 4
        self.move_focus(1)
        h = self.hint
        if h and (moves.kind(h) == moves.RESET if what == RESET else moves.card(h) == rules.PAUSE):
            self.focus = moves.row(h)  # following a hint: its row first
        self.message = "Which row for the pause?" if what == rules.PAUSE else "Which row for the reset?"

    def ok_row(self, app, row):
        self.row = row
        s = self.game.state
        if self.what == RESET:
            if rules.deck_count(s) and self.hand_size():
                self.step = UNDER
                self.n_chosen = 0
                self.focus = self.hand_size()  # Done: putting nothing under is most common
                self.message = "Put 0-2 cards under the deck, then Done"
            else:
                self.commit(app, moves.reset(row))
            return
        # a pause: can something be buried under it (only once the deck is empty)?
        any_bury = 0
        hn = self.hand_size()
        for i in range(hn):
            c = self.card_at(i)
            ok = c != rules.PAUSE and self.legal(moves.play(rules.PAUSE, row, c))
            self.bury_ok[i] = ok
            any_bury |= ok
        if not any_bury:
            self.commit(app, moves.play(rules.PAUSE, row))
            return
        self.step = BURY
        self.focus = hn
        self.message = "Bury a card under the pause, or Done"

    def ok_under(self, app, item):
        if item == DONE:
            ch = self.chosen
            first = self.card_at(ch[0]) if self.n_chosen > 0 else NONE
            second = self.card_at(ch[1]) if self.n_chosen > 1 else NONE
            self.commit(app, moves.reset(self.row, first, second))
            return
        # toggle: picking a chosen card again takes it back
        if self.n_chosen and self.chosen[0] == item:
            self.chosen[0] = self.chosen[1]
            self.n_chosen -= 1
        elif self.n_chosen == 2 and self.chosen[1] == item:
            self.n_chosen = 1
        elif self.n_chosen == 2:
            self.message = "Two cards at most: pick one again to take it back"
        else:
            self.chosen[self.n_chosen] = item
            self.n_chosen += 1

    def ok_bury(self, app, item):
        bury = NONE if item == DONE else self.card_at(item)
        self.commit(app, moves.play(rules.PAUSE, self.row, bury))

    # playing

    def commit(self, app, m):
        self.game.apply(m)  # raises IllegalMove if the flows above let a wrong move through
        self.step = PICK
        self.n_chosen = 0
        self.after_change(app)

    def after_change(self, app):
        self.hint = 0
        self.survey()
        if self.focus >= self.ring():
            self.focus = 0
        if self.game.over():
            app.game().finish(app, self)  # the menus: reached through the app, not imported
            return
        self.save(app)

    def save(self, app, ended=False):
        """Keep the game in progress on flash (after every move), or drop it once over."""
        if ended or self.game.over():
            app.store.remove(SAVE)
        else:
            flags = (saves.ASSISTED if self.assisted else 0) | (saves.HINTED if self.hinted else 0)
            app.store.write(SAVE, saves.encode(self.game, flags | self.mode, self.said()))

    mode = 0  # solo: no teammates (a team table has BOTS or PASS, see app/level10/team.py)

    def said(self):
        """What the team said, to keep with the save (None solo)."""
        return None

    def undo(self, app):
        if not self.game.undo():
            self.message = "Nothing to undo"
            return
        self.assisted = True
        self.message = "Undone. This game now counts as assisted"
        self.after_change(app)

    def open_menu(self, app):
        if app.p.mono:  # no room for the table's drawing under the menu: it is made again
            self.view = None
            forget("ui.level10.mono")
        from app.level10.pause import pause_menu

        pause_menu(app, self)

    def make_view(self, app):
        """This table's drawing (ui/level10/: only the layout this board uses is loaded).
        A hint lets it go while the engine thinks (app/level10/hints.py): the next draw
        makes it again and draws the whole screen."""
        if app.p.mono:
            from ui.level10 import mono

            return mono.Table(app)
        from ui.level10 import colour

        return colour.Table(app)

    def draw(self, app, full):
        if self.view is None:
            self.view = self.make_view(app)
            full = True
        self.view.draw(app.p, self, full)


def _refusal(app, s, m):
    """Why `m` is refused, in words (the rules' explaining code is loaded for this only)."""
    if not app.settings.reasons:
        return "That card can't go there"
    from level10 import referee

    why = referee.check(s, m) or "not a move"
    from app.app import forget

    forget("level10.referee")
    return why[0].upper() + why[1:]
