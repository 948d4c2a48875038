"""A hand of more cards than the table's hand line is sure to hold (mono.py: twelve on the
OLED's two lines; colour.py: 14 tiles): only the board game's grows that far (its +2
and All draw leave hands a card bigger, and nothing caps a hand). Drawn as a window
of the hand, in the hand's order, that follows the cursor: moved just enough to show the
card under it, and filled up to the hand's last card. A mark says cards are left out
before or after it: an arrow on the OLED, on colour a tile with the arrow over how many.

Loaded only to draw such a hand, and let go once it is drawn (the views keep only what
it drew, as data): the card games never load it.

What the view last drew here is kept in the view's `shown`, the window's first position
in its `first`; its own `tiles` are marked undrawn (and `tiles[15]` = _DRAWN, which a
full draw and the view's own drawing change), so that the view draws its hand whole once
the hand fits its line again, and this module whole after anything drew over it.
"""

import sys
from array import array

from level8.cards import N_NUMBER_CARDS, N_NUMBERS

from compat import const
from ui import level8 as T
from ui import theme
from ui.paint import unseen

_MAX = const(14)  # cards a window holds at most (the colour table's tiles across)
_DRAWN = const(0xFFFE)
_TW = const(17)  # colour.py's tile pitch


def draw(v, p, t, y):
    """The hand of table `t` by view `v` (mono.Table or colour.Table) at height y, the
    view's hand line."""
    tiles = v.tiles
    fresh = tiles[0] != 0xFFFF or tiles[15] != _DRAWN  # the hand's area was drawn over
    unseen(tiles)
    tiles[15] = _DRAWN
    if p.mono:
        _mono(v, p, t, y, fresh)
    else:
        _colour(v, p, t, y, fresh)
    _drop()


def _looks(v, t, f, e):
    """The cards at positions f..e-1 as the views' tiles record them: the card's code, lit
    under the cursor (128), kept (256)."""
    order = t.order
    return [
        0x8000 | v.hand[order[pos]] | (t.focus == pos) << 7 | (order[pos] < v.kept) << 8
        for pos in range(f, e)
    ]


def _mono(v, p, t, y, fresh):
    """Two lines: an arrow before the first card when cards are left out before the
    window, one after the last when after it."""
    laid = {}  # the first positions tried -> where their windows' cards go

    def end(f):
        if f not in laid:
            laid[f] = _lay(p, t, v.hand, f, y)
        return f + len(laid[f])

    f, e = _window(v, t, end)
    now = tuple([f, e] + _looks(v, t, f, e))
    if not fresh and now == getattr(v, "shown", None):
        return
    v.shown = now
    p.fill(0, y, p.w, 16, theme.BG)
    if f:
        p.text("\x12", 0, y, theme.FG)
    if e < t.hn:
        p.text("\x13", p.w - 6, y + 8, theme.FG)
    at = laid[f]
    for k in range(len(at)):
        v.draw_tile(p, at[k] >> 8, at[k] & 255, now[k + 2])


def _colour(v, p, t, y, fresh):
    """A row of tiles, the first a mark when cards are left out before the window (the
    arrow over how many), the last when after it; only the tiles that changed."""
    hn = t.hn
    f, e = _window(v, t, lambda f: _slots(f, hn))
    now = _looks(v, t, f, e)
    if f:
        now.insert(0, 0x4000 | f)
    if e < hn:
        now.append(0x6000 | hn - e)
    shown = getattr(v, "shown", None)
    if fresh or shown is None:
        shown = v.shown = array("H", bytes(2 * _MAX))
        unseen(shown)
    for k in range(_MAX):
        look = now[k] if k < len(now) else 0
        was = shown[k]
        if was == look:
            continue
        shown[k] = look
        x = 1 + k * _TW
        v.draw_tile(p, x, was, look if look & 0x8000 else 0)
        if look & 0x4000:
            p.fill(x, y, 16, 20, theme.PANEL)
            p.text("\x13" if look & 0x2000 else "\x12", x + 5, y + 2, theme.FG)
            n = str(look & 127)
            p.text(n, x + (5 if len(n) == 1 else 2), y + 11, theme.FG)


def _window(v, t, end):
    """(first, end) of the positions on show, for `end(first)`: the end of a window from
    `first`. The last window, moved as little as shows the card under the cursor, and then
    back to show as many cards as fit up to the hand's end."""
    hn = t.hn
    focus = t.focus
    f = min(getattr(v, "first", 0), hn - 1)
    if focus < hn:
        if focus < f:
            f = focus
        elif end(f) <= focus:
            f = max(f, focus - _MAX + 1)
            while end(f) <= focus:
                f += 1
    while f and end(f - 1) >= hn:
        f -= 1
    v.first = f
    return f, end(f)


def _slots(f, hn):
    """The end of a colour window from `f`: _MAX tiles, the first a mark when cards are left
    out before, the last when after."""
    n = _MAX - (f > 0)
    if f + n < hn:
        n -= 1
    return f + n


def _lay(p, t, hand, f, y):
    """Where the OLED draws the cards of a window from `f` on the two lines (x << 8 | y
    each): after the left mark's room when cards are left out before, and on the second
    line before the right mark's when they are left out after."""
    at = _flow(p, t, hand, f, y, p.w)
    if f + len(at) < t.hn:
        at = _flow(p, t, hand, f, y, p.w - 8)
    return at


def _flow(p, t, hand, f, y, right):
    at = []  # type: list[int]
    x = 8 if f else 0
    line = 0
    pos = f
    while pos < t.hn and len(at) < _MAX:
        c = hand[t.order[pos]]
        # a number card's token is its colour and number (T.token's, not built for its width)
        w = 6 * (2 + (c % N_NUMBERS > 8) if c < N_NUMBER_CARDS else len(T.token(c)))
        if x + w > (right if line else p.w):
            if line:
                break
            line = 8
            x = 0
            continue
        at.append(x << 8 | y + line)
        x += w + 3
        pos += 1
    return at


def _drop():
    """Let this module go: it comes back for the next draw of a big hand."""
    sys.modules.pop(__name__, None)
    parent = sys.modules.get("ui.level8")
    if parent is not None and "bighand" in parent.__dict__:
        delattr(parent, "bighand")
