"""The Level 10 table on a 240x135 colour screen.

    y 0    level, deck and score
    y 13   the grid: a row per world (icon, resets left), ten columns of 21 px
    y 91   the hand: a tile per card, bright when playable, dark when not
    y 116  Reset / Undo / Hint / Menu (or Done while choosing cards)
    y 127  the last message, or what the keys do

Each part remembers what it drew, so a move repaints only the slots, tiles
and words that changed.

With teammates (`Team`, for app/level10/team.py) a line per other seat sits on top: its name,
how many cards it holds and what it said (ruling L10-11); the seat on turn is lit. The
grid's rows shrink to make room (15 px for one other seat down to 11 px for four), level,
deck and score move to the right of the hand (which holds 7 cards at most then), and the
bar gains Talk.
"""

from array import array

from compat import const
from level10 import rules
from ui import level10 as T
from ui import theme
from ui.paint import unseen

_GX = const(22)
_GY = const(13)
_CW = const(21)
_RH = const(15)
_HY = const(91)
_HW = const(22)
_BY = const(116)
_MY = const(127)
_WORDS = const(("Reset", "Undo", "Hint", "Menu"))
_ITEMS = (T.RESET, T.UNDO, T.HINT, T.MENU)  # the ring item of each word
_HUD = const(("Level %d/10", "Deck %d", "Score %d"))
_HX = const(b"\x03\x60\xa8")  # x of each: 3, 96, 168
_WX = const(b"\x02\x32\x5c\x86")  # x of each word: 2, 50, 92, 134


def _level(s):
    """The level the header shows: the current column's, 1-10; a full grid has reached
    level 10 (rules.column is -1 then)."""
    col = rules.column(s)
    return 10 if col < 0 else col + 1


class Table:
    def __init__(self, app):
        self.hint_pick = "%s: play or choose   %s: menu" % (app.button("ok"), app.button("back"))
        self.hint_back = "%s: choose   %s: step back" % (app.button("ok"), app.button("back"))
        self.hint_ask = "%s: show a hint (counts as assisted)" % app.button("ok")
        self.cells = array("H", bytes(100))  # per slot: its value and highlight bits as drawn
        self.rows = array("H", bytes(10))
        self.tiles = array("H", bytes(20))
        self.hud = None
        self.bar = None
        self.msg = None
        self.gy = _GY  # the grid's top and its rows' height (Team's differ)
        self.rh = _RH
        self.words = _WORDS  # type: tuple[str, ...]
        self.items = _ITEMS  # type: tuple[int, ...]
        self.wx = _WX
        self.slots = 10  # hand tiles

    def draw(self, p, t, full):
        if full:
            p.clear()
            unseen(self.cells, self.rows, self.tiles)
            self.hud = self.bar = self.msg = None
        s = t.game.state
        self.draw_hud(p, s)
        col = rules.column(s)
        targets = t.targets()
        for r in range(5):
            focus = t.step == T.ROW and t.item(t.focus) == r
            look = rules.supply(s, r) | (targets >> r & 1) << 2 | focus << 3
            if self.rows[r] != look:
                self.rows[r] = look
                self.draw_row_label(p, r, look)
            for c in range(10):
                v = rules.cell(s, r, c)
                look = (
                    v | (c == col) << 7 | ((targets >> r & 1) and c == col) << 8 | (focus and c == col) << 9
                )
                if self.cells[r * 10 + c] != look:
                    self.cells[r * 10 + c] = look
                    self.draw_cell(p, r, c, v, look)
        self.draw_hand(p, t)
        self.draw_bar(p, t)
        m = t.message or self.idle(t)
        if m != self.msg:
            self.msg = m
            p.fill(0, _MY, p.w, 8, theme.BG)
            p.text(m[:40], 1, _MY, theme.FG if t.message else theme.DIM)

    def idle(self, t):
        """The message line when there is no message: what the keys do."""
        if t.step != T.PICK:
            return self.hint_back
        return self.hint_ask if t.item(t.focus) == T.HINT else self.hint_pick

    def draw_hud(self, p, s):
        """Level, deck and score, each repainted alone when it changes (one 8-row band)."""
        hud = (_level(s), rules.deck_count(s), rules.score(s))
        old = self.hud
        if old is None:
            p.fill(0, 0, p.w, 11, theme.PANEL)
        for k in range(3):
            if old is None or old[k] != hud[k]:
                x = _HX[k]
                p.fill(x, 2, 66, 8, theme.PANEL)
                p.text(_HUD[k] % hud[k], x, 2, theme.HILITE if k == 2 else theme.FG)
        self.hud = hud

    def draw_row_label(self, p, r, look):
        rh = self.rh
        y = self.gy + r * rh
        ty = y + (rh - 8) // 2  # the text's top, centred in the row
        p.fill(0, y, _GX - 1, rh - 1, theme.TARGET if look & 8 else theme.BG)
        p.text(chr(1 + r), 2, ty, theme.INK if look & 8 else theme.SKY + r)
        for k in range(2):  # the resets still beside the row
            p.fill(10 + k * 5, ty, 3, 8, theme.SKY + r if k < (look & 3) else theme.PANEL)
        if look & 4 and not look & 8:
            p.frame(0, y, _GX - 1, rh - 1, theme.TARGET)

    def draw_cell(self, p, r, c, v, look):
        x = _GX + c * _CW
        y = self.gy + r * self.rh
        w = _CW - 1
        h = self.rh - 1
        ty = y + (h - 7) // 2
        if v == rules.EMPTY:
            p.fill(x, y, w, h, theme.TARGET if look & 512 else (theme.COLUMN if look & 128 else theme.PANEL))
            if look & 256 and not look & 512:
                p.frame(x, y, w, h, theme.TARGET)
        elif v == rules.RESET_CELL:
            p.fill(x, y, w, h, theme.PANEL)
            p.text("\x07", x + 7, ty, theme.SKY + r)
        elif v >= rules.PAUSE_CELL:
            p.fill(x, y, w, h, theme.PAUSE)
            p.text(
                "\x06" if v == rules.PAUSE_CELL else "\x06+",
                x + (7 if v == rules.PAUSE_CELL else 4),
                ty,
                theme.INK,
            )
        else:
            p.fill(x, y, w, h, theme.SKY + r)
            p.text(str((v - 1) % 8 + 1), x + 7, ty, theme.INK)

    def draw_hand(self, p, t):
        hn = t.hand_size()
        fitem = t.item(t.focus) if t.step != T.ROW else -1
        for i in range(self.slots):
            if i >= hn:
                look = 0
            else:
                c = t.card_at(i)
                if t.step == T.BURY:
                    bright = t.bury_ok[i]
                elif t.step == T.UNDER:
                    bright = 1
                else:
                    bright = t.playable[i]
                order = 0
                if t.step == T.UNDER:
                    for k in range(t.n_chosen):
                        if t.chosen[k] == i:
                            order = k + 1
                look = 1024 | c | bright << 6 | (fitem == i) << 7 | order << 8
            if self.tiles[i] == look:
                continue
            self.tiles[i] = look
            x = 2 + i * _HW
            p.fill(x - 1, _HY - 1, _HW, 24, theme.BG)
            if not look:
                continue
            c = look & 63
            world = c >> 3
            if c == 40:
                face, role, icon, num = theme.PAUSE, theme.INK, "\x06", "P"
            else:
                role = theme.SKY + world
                face, icon, num = role, chr(1 + world), str((c & 7) + 1)
            if look & 64:
                p.fill(x, _HY, _HW - 2, 22, face)
                ink = theme.INK
            else:
                p.fill(x, _HY, _HW - 2, 22, theme.PANEL)
                ink = face
            p.text(icon, x + 7, _HY + 2, ink)
            p.text(num, x + 7, _HY + 12, ink)
            if look & 128:
                p.frame(x - 1, _HY - 1, _HW, 24, theme.HILITE)
            order = look >> 8 & 3
            if order:
                p.fill(x + 12, _HY, 8, 9, theme.HILITE)
                p.text(str(order), x + 13, _HY + 1, theme.INK)

    def draw_bar(self, p, t):
        it = t.item(t.focus)
        if it < T.RESET:
            it = -1  # the cursor on a card does not change the bar
        bar = (t.step, it, t.reset_rows != 0, t.n_chosen)
        if bar == self.bar:
            return
        self.bar = bar
        p.fill(0, _BY, p.w, 10, theme.BG)
        if t.step in (T.UNDER, T.BURY):
            sel = it == T.DONE
            p.fill(0, _BY, 40, 10, theme.HILITE if sel else theme.BG)
            p.text("Done", 4, _BY + 1, theme.INK if sel else theme.FG)
            if t.step == T.UNDER:
                p.text("%d chosen" % t.n_chosen, 50, _BY + 1, theme.DIM)
            return
        if t.step == T.ROW:
            p.text("Choose a row " + "\x10\x11", 2, _BY + 1, theme.TARGET)
            return
        for k in range(len(self.words)):
            x = self.wx[k]
            sel = it == self.items[k]
            word = self.words[k]
            p.fill(x, _BY, len(word) * 6 + 4, 10, theme.HILITE if sel else theme.BG)
            role = theme.INK if sel else (theme.DIM if k == 0 and not bar[2] else theme.FG)
            p.text(word, x + 2, _BY + 1, role)


class Team(Table):
    """The table with teammates (app/level10/team.py's): a line per other seat on top, level, deck
    and score right of the hand, Talk on the bar. A line: a marker when the seat is on turn,
    its name, its cards, then what it said: each world's icon and count ("-": not said),
    the world it would like to play in (an arrow and the icon) and the reset it would like
    to place (the reset's icon and the world's)."""

    def __init__(self, app, players):
        super().__init__(app)
        self.said = [b""] * (players - 1)  # per line: what it shows, as last drawn
        self.gy = 8 * (players - 1) + 2
        self.rh = min(_RH, (_HY - 2 - self.gy) // 5)
        self.words = ("Reset", "Undo", "Hint", "Talk", "Menu")
        self.items = (T.RESET, T.UNDO, T.HINT, T.TALK, T.MENU)
        self.wx = b"\x02\x2c\x50\x74\x98"  # x of each word: 2, 44, 80, 116, 152
        self.slots = 7  # 2 players hold 7 cards, more hold fewer: the right of the row is free

    def draw(self, p, t, full):
        if full:
            for i in range(len(self.said)):
                self.said[i] = b""
        super().draw(p, t, full)
        s = t.game.state
        b = t.talk.b
        turn = rules.to_move(s)
        for i, q in enumerate(t.others()):
            look = bytes(b[q * 5 : q * 5 + 5]) + bytes(
                (b[25 + q], b[30 + q], rules.hand_count(s, q), q == turn, q)
            )
            if self.said[i] != look:
                self.said[i] = look
                self.draw_seat(p, t, 8 * i, look)

    def draw_seat(self, p, t, y, look):
        p.fill(0, y, p.w, 8, theme.BG)
        q = look[9]
        lit = look[8]
        if lit:
            p.text("\x13", 1, y, theme.HILITE)
        p.text(t.name(q), 8, y, theme.HILITE if lit else theme.FG)
        n = look[7]
        p.text("%d card%s" % (n, "" if n == 1 else "s"), 62, y, theme.DIM)
        for w in range(5):
            x = 108 + 18 * w
            p.text(chr(1 + w), x, y, theme.SKY + w)
            k = look[w]
            p.text("-" if k == 255 else str(k), x + 6, y, theme.DIM if k == 255 else theme.FG)
        for j in range(2):  # the play wish, the reset wish
            w = look[5 + j]
            if w < 5:
                x = 196 + 22 * j
                p.text("\x13" if j == 0 else "\x07", x, y, theme.FG)
                p.text(chr(1 + w), x + 6, y, theme.SKY + w)

    def idle(self, t):
        said = t.said_text(t.seat())
        if said and t.step == T.PICK:
            return "You said: " + said
        return super().idle(t)

    def draw_hud(self, p, s):
        """Level, deck and score, one above the other, right of the hand."""
        hud = (_level(s), rules.deck_count(s), rules.score(s))
        old = self.hud
        for k in range(3):
            if old is None or old[k] != hud[k]:
                y = _HY + 8 * k
                p.fill(162, y, 78, 8, theme.BG)
                p.text(_HUD[k] % hud[k], 162, y, theme.HILITE if k == 2 else theme.FG)
        self.hud = hud
