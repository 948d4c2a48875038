"""Laying out your level, loaded only while you do: the meld finder's layouts of your
level from your hand, one at a time, then a wild's value where the layout leaves it open
(L8-3, in wilds.py). The moves chosen go back to the table (`Table.commit`), which plays, says and
saves them.
"""

from level8 import cards, layout
from level8.levels import COLOUR, RUN

from app.app import forget
from app.level8 import BOT_CODE, drop
from app.screen import title_bar
from compat import const
from ui import theme
from ui.level8 import by_number, role, tokens

_MORE = const(20)  # layouts the chooser offers at most


def lay(app, t):
    s = t.state
    me = t.me
    reqs = layout.reqs(s, me)
    hand = [c for c in layout.hand(s, me) if c != cards.SKIP]
    last = layout.level(s, me) == 8  # laying out level 8 wins: it may use every card
    hn = layout.hand_count(s, me)
    # The best layout alone first, a search a few times shorter: the chooser opens on it
    # and finds the others while it is up (Layouts.tick), the best still first.
    a = getattr(t, "ahead", None)  # a table gets the field only once it is used
    if a:
        t.ahead = None
    if a and a[0] == bytes(hand):  # found already (app/level8/ahead.py), packed
        found, capped = [unpack(a[1])] if a[1] else [], a[2]
    elif len(hand) > 14:  # the meld finder's most: only the board game's hands grow past it
        from app.level8 import biglay

        found, capped = biglay.layouts(bytes(hand), reqs), False
        drop("app.level8.biglay", *BOT_CODE)
    else:
        from level8 import meld

        found, capped = meld.layouts(hand, reqs, 1)
    ok = _pack(found, last, hn)
    if not ok and capped:  # the best one leaves no card to discard: the others now
        from level8 import meld

        found, capped = meld.layouts(hand, reqs, _MORE)
        ok = _pack(found, last, hn)
        hand = None
    if not ok or hand is None or not capped:
        drop("level8.meld", "level8.combos", "level8.sides")  # the finder: not needed to choose one
        hand = None
    if not ok:
        if app.p.mono:
            t.message = "No layout yet"
        else:
            from level8.sides import describe_level

            t.message = "No way to lay out %s yet" % describe_level(reqs)
        if found:
            t.message = "You need a card left to discard"
        t.close(app)
        return
    app.go(Layouts(t, reqs, ok, capped, hand))


def _pack(found, last, hn):
    """The layouts that leave a card to discard (all of them at level 8), each as bytes: a
    group's size then its cards. Up to 20 of them wait on the chooser, a few KB as lists of
    lists on the OLED's small heap."""
    ok = []
    for groups in found:
        out = bytearray()
        for g in groups:
            out.append(len(g))
            out.extend(bytes(g))
        if last or len(out) - len(groups) < hn:
            ok.append(bytes(out))
    return ok


def unpack(b):
    """A packed layout's groups (see _pack), one list of cards per requirement."""
    out = []
    k = 0
    while k < len(b):
        n = b[k]
        out.append(list(b[k + 1 : k + 1 + n]))
        k += 1 + n
    return out


class Layouts:
    """The layouts, one at a time (up/down or left/right), OK lays the one on show.
    `found`: each layout packed (see _pack); `groups(i)` unpacks one. With `hand`, only
    the best was looked for: the others are found by the first tick or key."""

    def __init__(self, t, reqs, found, capped, hand=None):
        self.t = t
        self.reqs = reqs
        self.found = found
        self.capped = capped
        self.hand = hand
        self.i = 0

    def tick(self, app, now=0):
        """The layouts after the best, up to _MORE (the best stays first: the finder ranks
        the same whatever its limit). True when they were to be found."""
        hand = self.hand
        if hand is None:
            return False
        self.hand = None
        from level8 import meld

        found, self.capped = meld.layouts(hand, self.reqs, _MORE)
        drop("level8.meld", "level8.combos", "level8.sides")
        t = self.t
        s = t.state
        self.found = _pack(found, layout.level(s, t.me) == 8, layout.hand_count(s, t.me))
        if len(self.found) == 1:
            app.full = True  # the best was the only one: the keys line names no arrows
        return True

    def groups(self, i):
        """Layout i: one list of cards per requirement."""
        return unpack(self.found[i])

    def key(self, app, k):
        self.tick(app)  # a key before the first tick: the whole list first
        n = len(self.found)
        if k == "up" or k == "left":
            self.i = (self.i - 1) % n
        elif k == "down" or k == "right":
            self.i = (self.i + 1) % n
        elif k == "back":
            self.t.close(app)
        elif k == "ok":
            groups = self.groups(self.i)
            each = [ways(g, self.reqs[r][0]) for r, g in enumerate(groups)]
            forget("app.level8.lay")
            for w in each:
                if len(w) > 1:  # a wild's value is open: the player chooses it (wilds.py)
                    from app.level8 import wilds

                    wilds.Wilds(self.t, self.reqs, groups, each).next(app)
                    return
            from level8 import rules  # every value clear: nothing to ask, no wilds.py to load

            self.t.chosen(app, rules.lay_out(groups, []))
            return
        app.full = True

    def draw(self, app, full):
        p = app.p
        n = len(self.found)
        more = "+" if self.capped else ""
        title = ("Layout %d of %d%s" if not p.mono else "Lay %d/%d%s") % (self.i + 1, n, more)
        if not full:  # the first tick found the others: only the count in the title changed
            title_bar(p, title)
            return
        p.clear()
        y = title_bar(p, title)
        step = 8 if p.mono else 11
        x = 0 if p.mono else 4
        left = list(layout.hand(self.t.state, self.t.me))
        groups = self.groups(self.i)
        for r in range(len(self.reqs)):
            g = groups[r]
            kind = self.reqs[r][0]
            if kind == RUN:
                g = sorted(g, key=by_number)
            for c in g:
                left.remove(cards.WILD if c >= cards.WILD_NUMBER else c)
            label = ("Run", "Set", "Colour")[kind] if not p.mono else ("R", "S", "C")[kind]
            xx = p.text(label + ": ", x, y, theme.DIM)
            for c in g:
                if xx > p.w - 18:  # no room for another card: it goes on the next line
                    y += step
                    xx = x + 12
                xx = p.text(tokens([c]), xx, y, role(c)) + 6
            y += step
        if left:
            xx = p.text("Keep: " if not p.mono else "K: ", x, y, theme.DIM)
            for c in sorted(left, key=by_number):
                if xx > p.w - 18:
                    break
                xx = p.text(tokens([c]), xx, y, role(c)) + 6
        keys = "%s: lay this  \x10\x11: more  %s: back" % (app.button("ok"), app.button("back"))
        if p.mono:
            keys = "%s:lay \x10\x11:more" % app.button("ok")
        if n == 1 and self.hand is None:  # no other layout: no arrows to name
            parts = keys.split("  ")
            keys = parts[0] + "  " + parts[2] if len(parts) > 2 else parts[0].split()[0]
        p.text(keys, x, p.h - 8, theme.DIM)


def ways(g, kind):
    """The ways group `g` (wilds valued by the meld finder) may be laid: one when its wilds'
    values are clear, as the finder valued them; more when they are open (L8-3: a run's
    wilds at an end, a group of wilds alone), for the player to choose (wilds.py)."""
    wild = 0
    fixed = []
    for c in g:
        if c >= cards.WILD_NUMBER:
            wild += 1
        else:
            fixed.append(c)
    if not wild:
        return [g]
    n = len(g)
    if kind == RUN:
        out = []
        nums = [cards.number(c) for c in fixed]
        for st in range(1, 17 - n):
            if all(st <= v < st + n for v in nums):
                gaps = [v for v in range(st, st + n) if v not in nums]
                run = fixed + [cards.wild_as_number(v) for v in gaps]
                out.append(sorted(run, key=cards.number))
        return out or [g]
    if fixed:
        return [g]
    if kind == COLOUR:
        return [[cards.wild_as_colour(k)] * n for k in range(cards.N_COLOURS)]
    return [[cards.wild_as_number(v)] * n for v in range(1, 16)]
