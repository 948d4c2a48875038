"""The meld finder: every distinct way a hand lays out a level, best first.

`layouts(hand, reqs, limit)` returns (layouts, capped). A layout is a list of groups, one
per requirement of `reqs` and in its order, each group's free wilds valued as
`combos.resolve` values them. Skips are never used; cards not laid stay in the hand.
Groups may hold more cards than their requirement asks, as `combos` accepts. A hand holds
at most 14 cards besides its Skips (the ranking's score is sized for that).

Two layouts are the same when they have the same groups, whichever requirement each takes
and whatever values the free wilds could take: one layout per multiset of groups.

Ranking, the way a player would choose: fewer wilds laid first (they are worth keeping for
later), then more cards laid (fewer left to get rid of), then a lower sum of the numbers
kept in the hand, then the order the search met them in (numbers and colours low to high).

The search takes each requirement in turn and builds its group from the cards still in the
hand, counted per card code, so it looks only at groups of one number, one colour or
consecutive numbers, and stops early when the cards left cannot meet what is still asked.
Only the best `limit` layouts are kept; once that many are, branches that can only lay
more wilds than the worst of them are not searched, and `capped` says that there may be
more. `count` searches everything. Groups are built in one list per requirement; only a
kept layout allocates.
"""

from level8 import cards, combos
from level8.levels import RUN, SET

_N = cards.N_NUMBERS
_W = cards.WILD
_MAX_HAND = 14
_SCORE_LAID = 256  # the sum of the numbers kept is at most 14 * 15 = 210
_SCORE_WILDS = 16 * _SCORE_LAID  # at most 14 cards laid, so 15 - laid is 1..15

# The codes that can stand together in a set of each number / a colour group of each colour.
_SET_CODES = tuple(tuple([cards.number_card(c, n) for c in range(cards.N_COLOURS)] + [cards.wild_as_number(n)])
                   for n in range(1, _N + 1))
_COLOUR_CODES = tuple(tuple([cards.number_card(c, n) for n in range(1, _N + 1)] + [cards.wild_as_colour(c)])
                      for c in range(cards.N_COLOURS))
# The codes that stand for each number in a run (index 1..15).
_RUN_CODES = ((),) + _SET_CODES
# Per card code: the set it can join (number - 1) and the colour group (colour), 255 for none.
_SET_OF = bytes([cards.number(c) - 1 if cards.number(c) else 255 for c in range(cards.N_CODES)])
_KEPT_VALUE = bytes([cards.number(c) if c < cards.N_NUMBER_CARDS else 0 for c in range(cards.N_CODES)])
_COLOUR_OF = bytes([cards.colour(c) if cards.colour(c) >= 0 else 255 for c in range(cards.N_CODES)])


class _Search:
    def __init__(self, hand, reqs, limit, prune):
        self.reqs = reqs
        self.limit = limit
        self.counts = bytearray(cards.N_CODES)
        # Cards in the hand for each set (by number) and each colour group, free wilds apart.
        self.per_set = bytearray(_N + 1)
        self.per_colour = bytearray(cards.N_COLOURS + 1)
        self.left = 0
        self.kept = 0  # the sum of the numbers of the number cards in the hand
        self.wilds = 0
        for c in hand:
            if c != cards.SKIP:
                self._take(None, c, 1)
        self.wilds = 0  # wilds laid in the groups so far
        # With `prune`, once `limit` layouts are kept: the wilds of the worst of them, so that
        # no branch laying more is searched (then `skipped`: there may be more layouts).
        self.prune = prune
        self.worst_wilds = 99
        self.skipped = False
        # What the requirements from r on need at least, to stop when it cannot be met.
        self.need = [0] * (len(reqs) + 1)
        for r in range(len(reqs) - 1, -1, -1):
            self.need[r] = self.need[r + 1] + max(1, reqs[r][1])
        # The last earlier requirement equal to each (-1: none): equal requirements take
        # their groups in order of lowest card, so that no layout is found twice that way.
        self.same = [-1] * len(reqs)
        for r in range(len(reqs)):
            for q in range(r):
                if reqs[q] == reqs[r]:
                    self.same[r] = q
        self.groups = [[] for _ in reqs]  # type: list[list[int]]
        self.found = 0
        self.best = []  # type: list  # [score, order, layout] sorted by score then order

    # -- moving cards between the hand and the group being built ----------------

    def _take(self, g, code, k):
        """Move k copies of the card from the hand into group g (None: into the hand)."""
        if g is not None:
            for _ in range(k):
                g.append(code)
        else:
            k = -k
        self.counts[code] -= k
        self.left -= k
        self.kept -= k * _KEPT_VALUE[code]
        if code >= cards.N_NUMBER_CARDS:
            self.wilds += k
        if code != _W:
            self.per_set[min(_SET_OF[code], _N)] -= k
            self.per_colour[min(_COLOUR_OF[code], cards.N_COLOURS)] -= k

    def _give_back(self, g, code, k):
        for _ in range(k):
            g.pop()
        self._take(None, code, k)

    def _with_wilds(self, r, g, size, low):
        """Finish group `g` with `low` or more free wilds, as long as it stays a group (at
        most 15 cards for a run), and go on to the next requirement."""
        free = self.counts[_W]
        top = free if self.reqs[r][0] != RUN else min(free, _N - len(g))
        q = self.same[r]
        floor = min(self.groups[q]) if q >= 0 else 0
        lowest = min(g) if g else _W
        for j in range(max(low, size - len(g)), top + 1):
            if (lowest if j == 0 else min(lowest, _W)) < floor:
                continue
            if self.wilds + j > self.worst_wilds:
                # Every layout from here lays more wilds than the worst one kept.
                self.skipped = True
                break
            self._take(g, _W, j)
            self._next(r + 1)
            self._give_back(g, _W, j)

    # -- the search -------------------------------------------------------------------

    def _next(self, r):
        if self.left < self.need[r]:
            return
        if r == len(self.reqs):
            self._leaf()
            return
        kind, size = self.reqs[r]
        g = self.groups[r]
        if kind == RUN:
            for lo in range(1, _N + 1):
                self._run(r, g, size, lo, lo, 0)
        else:
            codes = _SET_CODES if kind == SET else _COLOUR_CODES
            have = self.per_set if kind == SET else self.per_colour
            short = size - self.counts[_W]
            for v in range(len(codes)):
                if have[v] and have[v] >= short:
                    self._alike(r, g, size, codes[v], 0, False)
        # A group of free wilds alone.
        if self.counts[_W] >= max(1, size):
            self._with_wilds(r, g, max(1, size), max(1, size))

    def _alike(self, r, g, size, codes, i, valued):
        """Every choice of copies of codes[i:] (one number, or one colour), then free wilds;
        `valued`: a card other than a free wild is in the group already."""
        counts = self.counts
        while i < len(codes) and not counts[codes[i]]:
            i += 1
        if i == len(codes):
            if valued:
                self._with_wilds(r, g, size, 0)
            return
        code = codes[i]
        n = counts[code]
        self._alike(r, g, size, codes, i + 1, valued)
        for k in range(1, n + 1):
            self._take(g, code, k)
            self._alike(r, g, size, codes, i + 1, True)
            self._give_back(g, code, k)

    def _run(self, r, g, size, lo, v, gaps):
        """Runs whose lowest valued card is `lo`, with one card for each number from `v` on
        or a gap a free wild fills; `gaps` so far. Number `lo` always gets a card."""
        if v > _N:
            return
        codes = _RUN_CODES[v]
        for code in codes:
            if self.counts[code]:
                self._take(g, code, 1)
                # Stop here (v is the highest valued card) ...
                if len(g) + gaps <= _N:
                    self._with_wilds(r, g, size, gaps)
                # ... or go on up.
                self._run(r, g, size, lo, v + 1, gaps)
                self._give_back(g, code, 1)
        if v > lo and gaps < self.counts[_W]:
            self._run(r, g, size, lo, v + 1, gaps + 1)

    def _leaf(self):
        groups = self.groups
        if self._may_repeat() and not self._canonical():
            return
        self.found += 1
        wilds = laid = 0
        kept = self.kept
        for g in groups:
            laid += len(g)
            for c in g:
                if c >= cards.N_NUMBER_CARDS:
                    wilds += 1
        score = wilds * _SCORE_WILDS + (_SCORE_WILDS // _SCORE_LAID - 1 - laid) * _SCORE_LAID + kept
        best = self.best
        if len(best) >= self.limit and score >= best[-1][0]:
            return
        layout = [combos.resolve(groups[r], self.reqs[r][0], self.reqs[r][1]) for r in range(len(groups))]
        entry = [score, self.found, layout]
        i = len(best)
        while i > 0 and best[i - 1][0] > score:
            i -= 1
        best.insert(i, entry)
        if len(best) > self.limit:
            best.pop()
        if self.prune and len(best) == self.limit:
            self.worst_wilds = best[-1][0] // _SCORE_WILDS

    def _may_repeat(self):
        """False when the search meets these groups in this one way only: no group fits a
        requirement other than its own kind and size, and equal requirements have groups
        whose lowest cards differ (they are taken in that order)."""
        reqs = self.reqs
        groups = self.groups
        for r in range(len(reqs)):
            q = self.same[r]
            if q >= 0 and min(groups[q]) == min(groups[r]):
                return True
            for q in range(len(reqs)):
                if reqs[q] != reqs[r] and _fits(groups[r], reqs[q][0], reqs[q][1]):
                    return True
        return False

    def _canonical(self):
        """True for one way only of matching a multiset of groups to the requirements: the
        one `combos.match_level` finds for the groups in sorted order."""
        keys = [sorted(g) for g in self.groups]
        order = sorted(range(len(keys)), key=lambda i: keys[i])
        taken = combos.match_level([keys[i] for i in order], self.reqs)
        for i in range(len(order)):
            if keys[order[i]] != keys[taken[i]]:
                return False
        return True


def _fits(group, kind, size):
    """`combos.meets` for a group of cards from a hand, without allocating."""
    n = len(group)
    if n < size:
        return False
    shared = 255
    lo = _N + 1
    hi = 0
    seen = 0
    for c in group:
        if c == _W:
            continue
        v = _COLOUR_OF[c] if kind != RUN and kind != SET else _SET_OF[c]
        if v == 255:
            return False
        if kind != RUN:
            if shared != 255 and v != shared:
                return False
            shared = v
        else:
            if seen & (1 << v):
                return False
            seen |= 1 << v
            lo = min(lo, v)
            hi = max(hi, v)
    return kind != RUN or (n <= _N and hi - lo < n)


def layouts(hand, reqs, limit=20):
    """(the best `limit` layouts of level `reqs` from `hand`, best first; True when the hand
    may have more: more were found, or a branch was left unsearched because every layout in
    it lays more wilds than the worst kept). A layout is one valued group per requirement,
    in order."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    s = _Search(hand, reqs, limit, True)
    if s.left > _MAX_HAND:
        raise ValueError("a hand holds at most 14 cards besides its Skips")
    s._next(0)
    return [e[2] for e in s.best], s.found > limit or s.skipped


def count(hand, reqs):
    """How many distinct layouts of `reqs` the hand has."""
    s = _Search(hand, reqs, 1, False)
    s._next(0)
    return s.found
