"""The Level 10 table on a 128x64 mono OLED.

    y 0    the grid: a text row per world (icon, resets left, ten 11-px slots)
    y 40   the hand: icon and number per card, underlined when playable
    y 48   Rst / Undo / ? (Hint) / Menu (Talk with teammates), deck and score
    y 56   the last message (a long one takes both bottom lines)

The current column's empty slots are outlined; in the row step the legal
rows' slots are outlined and the one under the cursor filled.
"""

from array import array

from compat import const
from level10 import rules
from ui import level10 as T
from ui import theme
from ui.paint import unseen

_GX = const(13)
_CW = const(11)
_WORDS = const(("Rst", "Undo", "?", "Menu"))  # "?" is Hint: the line also holds deck and score
_ITEMS = (T.RESET, T.UNDO, T.HINT, T.MENU)  # the ring item of each word
_WX = const(b"\x00\x15\x30\x39")  # 0, 21, 48, 57


class Table:
    def __init__(self, app):
        self.hint = "%s:ok %s:back" % (app.button("ok"), app.button("back"))
        self.ask = "%s: hint (assisted)" % app.button("ok")  # what "?" does, said on its line
        self.cells = array("H", bytes(100))
        self.rows = array("H", bytes(10))
        self.tiles = array("H", bytes(20))
        self.bar = None
        self.msg = None
        self.words = _WORDS  # type: tuple[str, ...]  # with teammates Talk takes Menu's place (app/level10/team.py)
        self.items = _ITEMS  # type: tuple[int, ...]

    def draw(self, p, t, full):
        if full:
            p.clear()
            unseen(self.cells, self.rows, self.tiles)
            self.bar = self.msg = None
        s = t.game.state
        col = rules.column(s)
        targets = t.targets()
        for r in range(5):
            focus = t.step == T.ROW and t.item(t.focus) == r
            look = rules.supply(s, r) | focus << 3
            if self.rows[r] != look:
                self.rows[r] = look
                y = r * 8
                p.fill(0, y, _GX, 8, theme.HILITE if focus else theme.BG)
                role = theme.INK if focus else theme.FG
                p.text(chr(1 + r), 0, y, role)
                p.text(str(look & 3), 6, y, role)
            for c in range(10):
                v = rules.cell(s, r, c)
                here = c == col
                # the current column's open slots are underlined; in the row step only the
                # legal ones; a slot where the card under the cursor would go is boxed
                open_slot = here and (targets >> r & 1) if t.step == T.ROW else here
                boxed = here and t.step == T.PICK and targets >> r & 1
                look = v | open_slot << 7 | (focus and here) << 8 | boxed << 9
                if self.cells[r * 10 + c] == look:
                    continue
                self.cells[r * 10 + c] = look
                x = _GX + c * _CW
                y = r * 8
                p.fill(x, y, _CW - 1, 8, theme.HILITE if look & 256 else theme.BG)
                if v == rules.EMPTY:
                    if look & 512:
                        p.frame(x, y, _CW - 1, 8, theme.FG)
                    elif look & 128 and not look & 256:
                        p.hline(x + 1, y + 6, _CW - 3, theme.FG)
                elif v == rules.RESET_CELL:
                    p.text("\x07", x + 2, y, theme.FG)
                elif v >= rules.PAUSE_CELL:
                    p.text("\x06", x + 2, y, theme.FG)
                else:
                    p.text(str((v - 1) % 8 + 1), x + 2, y, theme.FG)
        self.draw_hand(p, t)
        m = t.message or self.idle(t)
        if len(m) > 21:  # a long message takes the bar's line too, until the next key
            if m != self.msg:
                self.msg = m
                self.bar = None
                p.fill(0, 48, p.w, 16, theme.BG)
                cut = m.rfind(" ", 0, 22)
                cut = cut if cut > 0 else 21
                p.text(m[:cut], 0, 48, theme.FG)
                p.text(m[cut:].strip()[:21], 0, 56, theme.FG)
            return
        self.draw_bar(p, t)
        if m != self.msg:
            self.msg = m
            p.fill(0, 56, p.w, 8, theme.BG)
            p.text(m, 0, 56, theme.FG)

    def idle(self, t):
        """The bottom line when there is no message: what the keys do."""
        return self.ask if t.step == T.PICK and t.item(t.focus) == T.HINT else self.hint

    def draw_hand(self, p, t):
        """The hand as one line, a world's icon before its run of numbers:
        \x01 1 3  \x02 4 5 7 ... The line is redrawn whole when anything in it changes."""
        hn = t.hand_size()
        fitem = t.item(t.focus) if t.step != T.ROW else -1
        look = self.tiles
        same = True
        for i in range(10):
            v = 0
            if i < hn:
                if t.step == T.BURY:
                    ok = t.bury_ok[i]
                elif t.step == T.UNDER:
                    ok = 0
                    for k in range(t.n_chosen):
                        if t.chosen[k] == i:
                            ok = 1
                else:
                    ok = t.playable[i]
                v = 1024 | t.card_at(i) | ok << 6 | (fitem == i) << 7
            if look[i] != v:
                look[i] = v
                same = False
        if same:
            return
        p.fill(0, 40, p.w, 8, theme.BG)
        x = 0
        world = -1
        for i in range(hn):
            v = look[i]
            c = v & 63
            if c >> 3 != world:
                world = c >> 3
                x += 3 if x else 0
                p.text("\x06" if c == 40 else chr(1 + world), x, 40, theme.FG)
                x += 6
            if v & 128:
                p.fill(x, 40, 6, 8, theme.HILITE)
            p.text("P" if c == 40 else str((c & 7) + 1), x, 40, theme.INK if v & 128 else theme.FG)
            if v & 64 and not v & 128:
                p.hline(x, 47, 5, theme.FG)
            x += 6

    def draw_bar(self, p, t):
        s = t.game.state
        it = t.item(t.focus)
        bar = (t.step, it, t.reset_rows != 0, rules.deck_count(s), rules.score(s), t.n_chosen)
        if bar == self.bar:
            return
        self.bar = bar
        p.fill(0, 48, p.w, 8, theme.BG)
        if t.step in (T.UNDER, T.BURY):
            sel = it == T.DONE
            p.fill(0, 48, 30, 8, theme.HILITE if sel else theme.BG)
            p.text("Done", 3, 48, theme.INK if sel else theme.FG)
            if t.step == T.UNDER:
                p.text("%d chosen" % t.n_chosen, 36, 48, theme.FG)
        elif t.step == T.ROW:
            p.text("Row? \x10\x11", 0, 48, theme.FG)
        else:
            for k in range(4):
                sel = it == self.items[k]
                word = self.words[k]
                w = len(word) * 6 + 2
                p.fill(_WX[k], 48, w, 8, theme.HILITE if sel else theme.BG)
                p.text(word, _WX[k] + 1, 48, theme.INK if sel else theme.FG)
        tail = "D%d S%d" % (bar[3], bar[4])
        p.text(tail, p.w - 6 * len(tail), 48, theme.FG)
