"""The LEVEL 8 table on a 240x135 colour screen.

    y 1    a line per other seat: on-turn marker, name, level, a tick once laid out,
           cards in hand, its discard pile's top, SKIP when a Skip waits for it
    y 48   your line: level, discard pile's top, Skip; below it your level's combinations
           (or, laid out, your groups)
    y 69   your hand: a tile per card, its colour's letter over its number (more than 14
           cards: as many as fit, following the cursor, ui/level8/bighand.py)
    y 94   the items: Draw / Lay out / Done, Table, Hint, Sort, Menu
    y 107  the message (up to three lines), or what the keys do

Each part remembers what it drew, so a cursor move repaints two tiles. When a round is
over the whole screen says who went out and who moved up.
"""

from array import array

from level8 import cards, layout

from compat import const
from ui import level8 as T
from ui import theme

_LH = const(9)  # a seat's line
_MY = const(48)
_HY = const(69)
_TW = const(17)  # a tile's pitch
_BY = const(94)
_MSG = const(107)


def _split(m, width):
    """A message in at most three lines of `width` characters, cut at spaces."""
    out = []  # type: list[str]
    while m and len(out) < 3:
        if len(m) <= width:
            out.append(m)
            break
        cut = m.rfind(" ", 0, width + 1)
        cut = cut if cut > 0 else width
        out.append(m[:cut])
        m = m[cut:].strip()
    return out


class Table:
    def __init__(self, app):
        self.keys_mine = "%s: choose   %s: menu" % (app.button("ok"), app.button("back"))
        self.keys_wait = "%s: faster   %s: menu" % (app.button("ok"), app.button("back"))
        self.keys_over = "%s: deal the next round" % app.button("ok")
        self.tiles = array("H", bytes(32))
        self.lines = [None] * 6  # type: list
        self.mine = None  # type: object
        self.bar = None  # type: list | None  # [the items, the lit one, the draw pile count] drawn
        self.msg = None  # type: object
        self.over = False
        self.seen = None  # type: object  # the position last drawn (see ui.level8.changed)
        self.seen_me = 0
        self.hand = b""
        self.kept = 0

    def draw(self, p, t, full):
        s = T.begin(self, p, t, full, 6)
        if s is None:
            return
        if self.seen is None:  # the screen was cleared: every tile shows as an empty one
            tiles = self.tiles
            for pos in range(14):
                tiles[pos] = 0
        me = t.me
        if T.changed(self, t, s):
            self.draw_seats_mine(p, t, s, me)
        self.draw_hand(p, t, s)
        self.draw_bar(p, t)
        m = t.message or (self.keys_mine if t.mine() else self.keys_wait)
        if m != self.msg:
            self.msg = m
            p.fill(0, _MSG, p.w, p.h - _MSG, theme.BG)
            y = _MSG
            for line in _split(m, 39):
                p.text(line, 2, y, theme.FG if t.message else theme.DIM)
                y += 10

    def draw_seats_mine(self, p, t, s, me):
        """The other seats' lines and your own, where they changed."""
        n = layout.players(s)
        first = 0 if me == layout.NO_SEAT else me + 1
        turn = layout.turn(s)
        k = 0
        for i in range(n):
            q = (first + i) % n
            if q == me:
                continue
            look = T.look(s, q, turn)
            if self.lines[k] != look:
                self.lines[k] = look
                self.draw_seat(p, t, 1 + k * _LH, look)
            k += 1
        if me != layout.NO_SEAT:
            mine = (
                me,
                layout.level(s, me),
                layout.laid(s, me),
                layout.pile_top(s, me),
                layout.skipped(s, me),
                layout.group_count(s, me * 4)
                + 16 * layout.group_count(s, me * 4 + 1)
                + 256 * layout.group_count(s, me * 4 + 2)
                + 4096 * layout.group_count(s, me * 4 + 3),
            )
            if self.mine != mine:
                self.mine = mine
                self.draw_mine(p, t, s, mine)
        elif self.mine is not None:  # no hand shows now (the bots play): nobody's line
            self.mine = None
            p.fill(0, _MY - 2, p.w, _HY - _MY - 1, theme.BG)

    def draw_seat(self, p, t, y, look):
        q, on, lv, laid, hn, top, skip = look
        p.fill(0, y, p.w, _LH, theme.BG)
        if on:
            p.text("\x13", 1, y, theme.HILITE)
        p.text(t.name(q), 8, y, theme.HILITE if on else theme.FG)
        p.text("won" if lv > 8 else "L%d" % lv, 62, y, theme.FG)
        if laid:
            p.text("\x14", 80, y, theme.GOOD)
        p.text("%2d card%s" % (hn, " " if hn == 1 else "s"), 92, y, theme.DIM)
        if top != layout.NONE:
            p.text(T.token(top), 150, y, T.role(top))
        if skip:
            p.fill(196, y, 30, 8, theme.BAD)
            p.text("SKIP", 199, y, theme.INK)

    def draw_mine(self, p, t, s, look):
        me, lv, laid, top, skip, _ = look
        p.fill(0, _MY - 2, p.w, _HY - _MY - 1, theme.BG)
        p.hline(0, _MY - 2, p.w, theme.PANEL)
        x = p.text(t.name(me), 8, _MY, theme.HILITE)
        x = p.text(" L%d" % min(lv, 8), x, _MY, theme.FG)
        if laid:
            p.text("\x14", x + 4, _MY, theme.GOOD)
        if top != layout.NONE:
            x = p.text("pile ", 112, _MY, theme.DIM)
            p.text(T.token(top), x, _MY, T.role(top))
        if skip:
            p.fill(196, _MY, 30, 8, theme.BAD)
            p.text("SKIP", 199, _MY, theme.INK)
        y = _MY + 10
        if not laid:
            # imported here, not by name at the top: the bots' code lets sides.py go, and a
            # name held here would keep that copy alive beside the next one
            from level8.sides import describe_level

            p.text(describe_level(layout.reqs(s, me))[:39], 2, y, theme.DIM)
            return
        x = 2
        for r in range(len(layout.reqs(s, me))):
            if x > 2:
                x = p.text("|", x, y, theme.DIM) + 3
            g = layout.group(s, me, r)
            for j in range(len(g)):
                if x > p.w - 24:
                    p.text("..", x, y, theme.DIM)
                    break
                x = p.text(T.token(g[j]), x, y, T.role(g[j])) + 3

    def draw_hand(self, p, t, s):
        hn = t.hn
        if hn > 14:  # more than the line's tiles (the board game's only): a window of them
            from ui.level8 import bighand

            bighand.draw(self, p, t, _HY)
            return
        hand = self.hand
        kept = self.kept
        for pos in range(14):
            look = 0
            if pos < hn:
                i = t.order[pos]
                look = 0x8000 | hand[i] | (t.focus == pos) << 7 | (i < kept) << 8
            was = self.tiles[pos]
            if was != look:
                self.tiles[pos] = look
                self.draw_tile(p, 1 + pos * _TW, was, look)

    def draw_tile(self, p, x, was, look):
        """The tile at x: the card `look` (its code, lit under the cursor, kept; 0: none)
        over the one drawn there (`was`, 0 for none)."""
        if was:  # an empty tile is all background already
            p.fill(x, _HY - 3, 16, 26, theme.BG)
        if not look:
            return
        c = look & 127
        p.fill(x, _HY, 16, 20, T.role(c))
        if c < cards.N_NUMBER_CARDS:
            p.text(cards.COLOURS[cards.colour(c)], x + 5, _HY + 2, theme.INK)
            num = str(cards.number(c))
            p.text(num, x + (5 if len(num) == 1 else 2), _HY + 11, theme.INK)
        else:
            p.text("W" if c == cards.WILD else "S", x + 5, _HY + 6, theme.INK)
        if look & 128:
            p.frame(x, _HY, 16, 20, theme.HILITE)
            p.frame(x + 1, _HY + 1, 14, 18, theme.INK)
            p.fill(x, _HY + 21, 16, 2, theme.HILITE)
        if look & 256:
            p.fill(x + 2, _HY - 3, 12, 2, theme.GOOD)

    def draw_bar(self, p, t):
        """The items and the draw pile's count; when only the lit item moved, the two items
        whose light changed."""
        it, was, whole = T.bar(self, t)
        if not whole and it == was:
            return
        if whole:
            p.fill(0, _BY, p.w, 11, theme.BG)
        x = 2
        for w in t.items:
            x = self.draw_item(p, x, w, w == it, whole or w in (it, was))
        if whole:
            n = self.bar[2]
            tail = "deck %d" % n
            p.text(tail, p.w - 2 - 6 * len(tail), _BY + 1, theme.DIM)

    def draw_item(self, p, x, w, sel, paint=True):
        """Item `w` at x, lit when chosen (drawn only with `paint`); the x of the next item."""
        word = T.WORDS[w - T.DRAW]
        wd = len(word) * 6 + 4
        if paint:
            p.fill(x, _BY, wd, 10, theme.HILITE if sel else theme.BG)
            p.text(word, x + 2, _BY + 1, theme.INK if sel else theme.FG)
        return x + wd + 6

    def draw_over(self, p, t, s):
        p.clear()
        n = layout.players(s)
        e = layout.ender(s)
        p.text("Round %d is over" % layout.round_no(s), 4, 3, theme.HILITE, -1, 2)
        p.hline(0, 21, p.w, theme.DIM)
        p.text("Nobody could go out." if e == layout.NO_SEAT else "%s went out." % t.name(e), 4, 26, theme.FG)
        y = 40
        for q in range(n):
            lv = layout.level(s, q)
            up = layout.gained(s, q)
            p.text(t.name(q), 8, y, theme.FG)
            p.text("level %d" % min(lv, 8) if lv <= 8 else "won", 70, y, theme.FG)
            if up:
                p.text("up %d level%s" % (up, "s" if up > 1 else ""), 130, y, theme.GOOD)
            y += 11
        p.text(self.keys_over, 4, p.h - 9, theme.DIM)
