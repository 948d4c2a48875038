"""The LEVEL 8 table on a 128x64 mono OLED.

y 0    the other seats, two to a line: 2 L3\x14 9 R7 (seat, level, a tick once laid
       out, cards in hand, discard pile's top; ! when a Skip waits for it)
y 24   your level (its combinations, or a tick once laid out) and your pile's top
y 32   your hand, two lines: the card under the cursor lit, kept cards underlined (more
       than twelve cards: as many as fit, following the cursor, ui/level8/bighand.py)
y 48   the items (Draw Lay Tbl ? Srt Mnu / Done) and the draw pile's cards
y 56   the message (a long one takes the items' line too, until the next key)
"""

from array import array

from level8 import layout

from compat import const
from ui import level8 as T
from ui import theme

_RUN = const(0)  # level8.levels' kinds: the table at rest holds none of its code
_COLOUR = const(2)
_MY = const(24)
_HY = const(32)
_BY = const(48)


def short_level(reqs):
    """A level in a few characters: run3 col4, x2 x3 x4 (sets)."""
    out = []
    for kind, size in reqs:
        out.append(("run%d" if kind == _RUN else "col%d" if kind == _COLOUR else "x%d") % size)
    return " ".join(out)


class Table:
    def __init__(self, app):
        self.keys_mine = "%s:ok %s:menu" % (app.button("ok"), app.button("back"))
        self.keys_wait = "%s:faster %s:menu" % (app.button("ok"), app.button("back"))
        self.keys_over = "%s: next round" % app.button("ok")
        self.tiles = array("H", bytes(32))
        self.at = bytearray(42)  # each tile's x, y and width, as last drawn
        self.lines = [None] * 3  # type: list
        self.mine = None  # type: object
        self.bar = None  # type: list | None  # [the items, the lit one, the draw pile count] drawn
        self.msg = None  # type: object
        self.over = False
        self.seen = None  # type: object  # the position last drawn (see ui.level8.changed)
        self.seen_me = 0
        self.hand = b""
        self.kept = 0

    def draw(self, p, t, full):
        s = T.begin(self, p, t, full, 3)
        if s is None:
            return
        me = t.me
        if T.changed(self, t, s):
            self.draw_seats_mine(p, t, s, me)
        self.draw_hand(p, t, s)
        m = t.message or (self.keys_mine if t.mine() else self.keys_wait)
        if len(m) > 21:
            if m != self.msg:
                self.msg = m
                self.bar = None
                p.fill(0, _BY, p.w, 16, theme.BG)
                # at a space, or after a "/" between a layout's groups, whichever is later
                cut = max(m.rfind(" ", 0, 22), m.rfind("/", 0, 21) + 1)
                cut = cut if cut > 0 else 21
                p.text(m[:cut], 0, _BY, theme.FG)
                m = m[cut:].strip()
                p.text(m if len(m) < 22 else m[:19] + "..", 0, _BY + 8, theme.FG)  # cut: said so
            return
        self.draw_bar(p, t)
        if m != self.msg:
            self.msg = m
            p.fill(0, 56, p.w, 8, theme.BG)
            p.text(m, 0, 56, theme.FG)

    def draw_seats_mine(self, p, t, s, me):
        """The other seats' lines and your own line, where they changed."""
        n = layout.players(s)
        first = 0 if me == layout.NO_SEAT else me + 1
        seats = [(first + i) % n for i in range(n) if (first + i) % n != me]
        turn = layout.turn(s)
        for row in range(3):
            look = []
            for q in seats[2 * row : 2 * row + 2]:
                look.append(T.look(s, q, turn))
            if self.lines[row] != look:
                self.lines[row] = look
                self.draw_seats(p, t, row * 8, look)
        if me != layout.NO_SEAT:
            lv = layout.level(s, me)
            laid = layout.laid(s, me)
            top = layout.pile_top(s, me)
            skip = layout.skipped(s, me)
            mine = (me, lv, laid, top, skip)
            if self.mine != mine:
                self.mine = mine
                p.fill(0, _MY, p.w, 8, theme.BG)
                text = "L%d " % min(lv, 8) + ("\x14" if laid else short_level(layout.reqs(s, me)))
                if skip:
                    text += " !"
                p.text(text[:16], 0, _MY, theme.FG)
                if top != layout.NONE:
                    tok = T.token(top)
                    p.text(tok, p.w - 6 * len(tok), _MY, theme.FG)
        elif self.mine is not None:  # no hand shows now (the bots play): nobody's line
            self.mine = None
            p.fill(0, _MY, p.w, 8, theme.BG)

    def draw_seats(self, p, t, y, look):
        """Two seats a line, 64 px each: its number (lit when on turn), its level and a tick
        once laid out, its cards in hand, its discard pile's top, ! for a Skip waiting."""
        p.fill(0, y, p.w, 8, theme.BG)
        x = 0
        for q, on, lv, laid, hn, top, skip in look:
            if on:
                p.fill(x, y, 7, 8, theme.HILITE)
            p.text(str(q + 1), x + 1, y, theme.INK if on else theme.FG)
            p.text("won" if lv > 8 else "L%d" % lv, x + 8, y, theme.FG)
            if laid:
                p.text("\x14", x + 20, y, theme.FG)
            p.text("%2d" % hn, x + 27, y, theme.FG)
            tx = x + 42
            if top != layout.NONE:
                tx = p.text(T.token(top), tx, y, theme.FG)
            if skip:  # against the pile's top, not as near the next seat: its lit column is its 3rd
                p.text("!", tx - 2, y, theme.FG)
            x += 64

    def draw_hand(self, p, t, s):
        """The hand on two lines: drawn again whole when a card changed place, otherwise
        (a cursor move, a card kept) only the tiles whose light or underline changed."""
        hn = t.hn
        # twelve cards fit the two lines whatever they are; more (the board game's only, the
        # card games' hands hold eleven) are drawn as a window of them, all that fit
        if hn > 12:
            from ui.level8 import bighand

            bighand.draw(self, p, t, _HY)
            return
        hand = self.hand
        kept = self.kept
        tiles = self.tiles
        moved = False
        lit = 0  # the positions whose light or underline changed, bit by bit
        for pos in range(14):
            look = 0
            if pos < hn:
                i = t.order[pos]
                look = 0x8000 | hand[i] | (t.focus == pos) << 7 | (i < kept) << 8
            was = tiles[pos]
            if was != look:
                tiles[pos] = look
                if (was ^ look) & 0x807F:
                    moved = True
                else:
                    lit |= 1 << pos
        at = self.at
        if not moved:
            for pos in range(hn):
                if lit >> pos & 1:
                    x = at[3 * pos]
                    y = at[3 * pos + 1]
                    p.fill(x - 1, y, at[3 * pos + 2] + 1, 8, theme.BG)
                    self.draw_tile(p, x, y, tiles[pos])
            return
        p.fill(0, _HY, p.w, 16, theme.BG)
        x = 0
        y = _HY
        for pos in range(hn):
            look = tiles[pos]
            w = 6 * len(T.token(look & 127))
            if x + w > p.w:
                x = 0
                y += 8
            at[3 * pos] = x
            at[3 * pos + 1] = y
            at[3 * pos + 2] = w
            self.draw_tile(p, x, y, look)
            x += w + 3

    def draw_tile(self, p, x, y, look):
        """A card of the hand at (x, y): lit under the cursor, underlined when kept."""
        tok = T.token(look & 127)
        w = 6 * len(tok)
        if look & 128:
            p.fill(x - 1, y, w + 1, 8, theme.HILITE)
        p.text(tok, x, y, theme.INK if look & 128 else theme.FG)
        if look & 256:
            p.hline(x, y + 7, w - 1, theme.FG)

    def draw_bar(self, p, t):
        """The items and the draw pile's count; when only the lit item moved, the two items
        whose light changed."""
        it, was, whole = T.bar(self, t)
        if not whole and it == was:
            return
        if whole:
            p.fill(0, _BY, p.w, 8, theme.BG)
        x = 0
        for w in t.items:
            x = self.draw_item(p, x, w, w == it, whole or w in (it, was))
        if whole:
            n = self.bar[2]
            tail = "D%d" % n
            p.text(tail, p.w - 6 * len(tail), _BY, theme.FG)

    def draw_item(self, p, x, w, sel, paint=True):
        """Item `w` at x, lit when chosen (drawn only with `paint`); the x of the next item."""
        word = T.SHORT[w - T.DRAW]
        wd = len(word) * 6 + 1
        if paint:
            p.fill(x, _BY, wd, 8, theme.HILITE if sel else theme.BG)
            p.text(word, x + 1, _BY, theme.INK if sel else theme.FG)
        return x + wd + 3

    def draw_over(self, p, t, s):
        p.clear()
        p.fill(0, 0, p.w, 8, theme.HILITE)
        e = layout.ender(s)  # none: the board game's dead end, nobody could go out
        who = "no one" if e == layout.NO_SEAT else t.name(e)
        p.text("Round %d: %s out" % (layout.round_no(s), who), 1, 0, theme.INK)
        y = 9
        for q in range(layout.players(s)):
            lv = layout.level(s, q)
            up = layout.gained(s, q)
            text = "%-8s %s" % (t.name(q), "L%d" % lv if lv <= 8 else "won")
            if up:
                text += " +%d" % up
            p.text(text, 0, y, theme.FG)
            y += 8
        p.text(self.keys_over, 0, 56, theme.FG)
