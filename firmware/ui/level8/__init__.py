"""LEVEL 8's drawing: the table on a colour screen (`colour`) and on the OLED (`mono`).

The items of the table's cursor ring after the hand's cards are named here, below both
the views and the table that moves the cursor (app/level8/play.py). `look(c)` gives a
card's colour role and its two characters, for both views.
"""

from level8 import cards, layout

from compat import const
from ui import theme
from ui.paint import unseen

DRAW = const(100)  # choose where to draw from
LAY = const(101)  # lay out the level: the meld finder's layouts
TABLE = const(102)  # every laid combination, every seat
HINT = const(103)
SORT = const(104)  # the hand by number or by colour
MENU = const(105)
DONE = const(106)  # done keeping cards (L8-9)

# by item - DRAW; SHORT: the OLED's. The board game's items follow: app/level8/roll.py
# adds their words while it is played.
WORDS = ("Draw", "Lay out", "Table", "Hint", "Sort", "Menu", "Done")  # type: tuple[str, ...]
SHORT = ("Draw", "Lay", "Tbl", "?", "Srt", "Mnu", "Done")  # type: tuple[str, ...]

# the colour roles of R O Y G B V (the theme's, so Level 10's palette serves)
ROLES = bytes((theme.BAD, theme.PAUSE, theme.DESERT, theme.FOREST, theme.SKY, theme.SWAMP))


def role(c):
    """The colour role a card is drawn in: its colour's; FG for a wild, DIM for a Skip."""
    k = cards.colour(c)
    if k >= 0 and c < cards.N_NUMBER_CARDS:
        return ROLES[k]
    return theme.DIM if c == cards.SKIP else theme.FG


def token(c):
    """A card as the table writes it: R7, W (a wild), W7 or WR (a laid wild), S (a Skip)."""
    t = cards.token(c)
    return t.replace("=", "")


def tokens(group):
    """A group as the table writes it: R1 R2 W3."""
    return " ".join([token(c) for c in group])


def by_number(c):
    """The order of a run's cards on show: by number, then by code."""
    return cards.number(c) * 128 + c


def begin(view, p, t, full, n):
    """The start both tables share: the round's end drawn instead of the table (once, or
    again on a full draw), a cleared screen and the n lines forgotten after a full draw or
    after the round's end; the state to draw, None when the round's end was handled.

    What is drawn is the position as the round was played: the round's end moves every
    seat up at once, so a bot's last step on show (`t.ending`) is drawn with the levels
    it was played at (else a seat's laid groups would be read by its next level's parts),
    and while cards are kept (L8-9) the levels shown are the next round's, none laid."""
    s = t.state
    ph = layout.phase(s)
    if ph == layout.OVER and not t.ending:
        if full or not view.over:
            view.over = True
            view.draw_over(p, t, s)
        return None
    if full or view.over:
        view.over = False
        p.clear()
        unseen(view.tiles)
        view.lines = [None] * n
        view.mine = view.bar = view.msg = view.seen = None
    was = t.ending
    if was or ph == layout.KEEP:
        s = bytearray(s)
        for q in range(layout.players(s)):
            at = layout.AT_SEATS + q * layout.SEAT_BYTES
            if was:
                s[at + layout.S_LEVEL] = was[q]
            else:
                s[at + layout.S_GROUPS] = 0
    return s


def changed(view, t, s):
    """Whether the position (or whose hand shows) changed since the view last drew: the
    seats' lines and your own only need looking at then, not on a cursor move. The hand
    and whether it is being kept are kept for draw_hand."""
    me = t.me
    if view.seen == s and view.seen_me == me:
        return False
    view.seen = bytes(s)
    view.seen_me = me
    mine = me != layout.NO_SEAT
    view.hand = layout.hand(s, me) if mine else b""
    view.kept = layout.kept(s, me) if mine and layout.phase(s) == layout.KEEP else 0
    return True


def bar(view, t):
    """What the items' bar needs: (lit, was, whole). `whole` when the items or the draw
    pile's count changed, and the bar is then drawn whole (its record kept in `view.bar`);
    else only the item lit now and the one lit before, nothing when they are the same."""
    items = t.items
    # no item lit while no hand shows (pass and play, the bots' turns): OK then only hurries them
    it = t.item(t.focus) if t.focus >= t.hn and t.me != layout.NO_SEAT else -1
    n = layout.draw_count(t.state)
    b = view.bar
    if b is not None and b[2] == n and b[0] == items:
        was = b[1]
        b[1] = it
        return it, was, False
    view.bar = [list(items), it, n]
    return it, -2, True


def look(s, q, turn):
    """What a seat's line shows, to compare with what it showed: the seat, on turn, its
    level, laid out, its hand's size, its pile's top, a Skip before it."""
    return (
        q,
        turn == q,
        layout.level(s, q),
        layout.laid(s, q),
        layout.hand_count(s, q),
        layout.pile_top(s, q),
        layout.skipped(s, q),
    )
