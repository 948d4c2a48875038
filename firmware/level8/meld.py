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
consecutive numbers. A group is built by a loop, not by a call per card, so the search
nests a few calls per requirement only (the Pico's C stack is small). Before it builds a
group it bounds the wilds that every requirement left will need with the cards left, and
stops where the hand cannot meet them. `layouts` searches in passes: each pass lets the
layouts lay at most so many wilds, starting from the fewest the bound allows, and the next
pass allows more only when fewer than `limit` layouts were found; so the best are found
first and branches that can only lay more wilds than the worst kept are not searched
(`capped` then says there may be more). The order among equal layouts is the one a full
search meets them in, whatever the passes. `count` searches everything. Groups are built
in one list per requirement; only a kept layout allocates.
"""

from level8 import cards, combos
from level8.levels import RUN, SET

_N = cards.N_NUMBERS
_W = cards.WILD
_MAX_HAND = 14
_SCORE_LAID = 256  # the sum of the numbers kept is at most 14 * 15 = 210
_SCORE_WILDS = 16 * _SCORE_LAID  # at most 14 cards laid, so 15 - laid is 1..15
_NONE = 99  # more wilds than any hand holds: no bound
_NO_SCORE = 1 << 20  # above every score
_GAP = 7  # a run's choice at a number: codes 0..6 of _RUN_CODES, then a gap, then nothing left

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
        self.cards = self.left
        self.wilds = 0  # wilds laid in the groups so far
        self.prune = prune
        # What the requirements from r on need at least, to stop when it cannot be met.
        n = len(reqs)
        self.need = [0] * (n + 1)
        for r in range(n - 1, -1, -1):
            self.need[r] = self.need[r + 1] + max(1, reqs[r][1])
        # The requirements from r on, by kind, for the bound on the wilds they need: how many
        # sets and colour groups, their sizes added up and the largest.
        self.sets = bytearray(n + 1)
        self.set_sizes = bytearray(n + 1)
        self.set_top = bytearray(n + 1)
        self.colours = bytearray(n + 1)
        self.colour_sizes = bytearray(n + 1)
        self.colour_top = bytearray(n + 1)
        self.runs = bytearray(n + 1)
        for r in range(n - 1, -1, -1):
            kind, size = reqs[r]
            for a in (self.sets, self.set_sizes, self.set_top, self.colours, self.colour_sizes,
                      self.colour_top, self.runs):
                a[r] = a[r + 1]
            if kind == SET:
                self.sets[r] += 1
                self.set_sizes[r] += size
                self.set_top[r] = max(self.set_top[r], size)
            elif kind == RUN:
                self.runs[r] += 1
            else:
                self.colours[r] += 1
                self.colour_sizes[r] += size
                self.colour_top[r] = max(self.colour_top[r], size)
        # The last earlier requirement equal to each (-1: none): equal requirements take
        # their groups in order of lowest card, so that no layout is found twice that way.
        self.same = [-1] * n
        for r in range(n):
            for q in range(r):
                if reqs[q] == reqs[r]:
                    self.same[r] = q
        self.groups = [[] for _ in reqs]  # type: list[list[int]]
        # Per requirement, the loop that builds its group: a run's choice at each number, or
        # the codes a set or colour group may take and how many of each it holds.
        self.choice = [bytearray(_N + 1) for _ in reqs]
        self.taken = [bytearray(_N + 1) for _ in reqs]
        self.top = bytearray(1)
        # Per requirement, while its group is built: the most wilds laid once it is, and what
        # the requirements after it lack at least.
        self.most = bytearray(n + 1)
        self.rest = bytearray(n + 1)
        self.layable = 0
        self.begin(_NONE)

    def begin(self, budget):
        """Start a pass that looks only at layouts of at most `budget` wilds."""
        self.budget = budget
        # The fewest wilds of a branch left unsearched for the budget: the next pass's.
        self.over = _NONE
        # Once `limit` layouts are kept (with `prune`): the score of the worst of them, so that
        # no branch ranking after it is searched (then `skipped`: there may be more layouts).
        self.worst = _NO_SCORE
        self.skipped = False
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

    # -- the bound ----------------------------------------------------------------------

    def _least(self, r):
        """At least how many free wilds the requirements from r on need besides the cards
        in the hand: a set or colour group lacks what its best number or colour lacks, and
        k of them take their cards from k numbers or colours at most; a run lacks what the
        best stretch of numbers of its length lacks. Sets `layable`: at most how many cards
        of the hand other than free wilds they can take."""
        total = 0
        layable = 0
        top = self.top
        k = self.sets[r]
        if k:
            held = _tops(self.per_set, _N, k, top)
            total += _short(self.set_top[r] - top[0], self.set_sizes[r] - held)
            layable += held
        k = self.colours[r]
        if k:
            held = _tops(self.per_colour, cards.N_COLOURS, k, top)
            total += _short(self.colour_top[r] - top[0], self.colour_sizes[r] - held)
            layable += held
        k = self.runs[r]
        if k:
            reqs = self.reqs
            per_set = self.per_set
            numbers = 0
            for v in range(_N):
                if per_set[v]:
                    numbers += 1
            layable += k * numbers
            for q in range(r, len(reqs)):
                if reqs[q][0] == RUN:
                    total += _run_short(per_set, reqs[q][1])
        self.layable = min(layable, self.left - self.counts[_W])
        return total

    def _cut(self, r):
        """True when no layout from here can be kept: the cards left cannot meet the
        requirements from r on, or every layout would lay more wilds than the pass allows,
        or rank after the worst of `limit` kept. Laying more wilds in the group before r
        only makes that worse."""
        if self.left < self.need[r]:
            return True
        short = self._least(r)
        if short > self.counts[_W]:
            return True
        least = self.wilds + short
        if least > self.budget:
            self.skipped = True
            if least < self.over:
                self.over = least
            return True
        if self.worst < _NO_SCORE:
            if least > self.worst // _SCORE_WILDS:
                self.skipped = True
                return True
            if self.found <= self.limit:
                # Whether the hand has more than `limit` layouts is still to say: search on.
                return False
            # The score's least: these wilds, and the most cards laid, the highest numbers.
            m = self.layable
            kept = self.kept
            per_set = self.per_set
            v = _N
            left = m
            while left and v:
                k = min(left, per_set[v - 1])
                kept -= k * v
                left -= k
                v -= 1
            laid = self.cards - self.left - self.wilds + m
            if least * (_SCORE_WILDS - _SCORE_LAID) + (15 - laid) * _SCORE_LAID + kept >= self.worst:
                self.skipped = True
                return True
        return False

    # -- the search -------------------------------------------------------------------

    def _next(self, r):
        """Every group for requirement r and, with each, the requirements after it; True
        when the branch was cut before any group (see `_cut`)."""
        if self._cut(r):
            return True
        if r == len(self.reqs):
            self._leaf()
            return False
        # The requirements after r lack at least `rest` wilds whatever group r takes (it can
        # only take cards away from them): the most wilds laid once group r is built.
        rest = self._least(r + 1)
        most = self.budget
        if self.worst < _NO_SCORE and self.worst // _SCORE_WILDS < most:
            most = self.worst // _SCORE_WILDS
        self.most[r] = most - rest if most >= rest else 0
        self.rest[r] = rest
        kind, size = self.reqs[r]
        g = self.groups[r]
        if kind == RUN:
            self._runs(r, g, size)
        else:
            codes = _SET_CODES if kind == SET else _COLOUR_CODES
            have = self.per_set if kind == SET else self.per_colour
            short = size - self.counts[_W]
            for v in range(len(codes)):
                if have[v] and have[v] >= short:
                    self._alike(r, g, size, codes[v])
        # A group of free wilds alone.
        if self.counts[_W] >= max(1, size):
            self._with_wilds(r, g, max(1, size), max(1, size))
        return False

    def _over(self, r, wilds):
        """A branch left unsearched whose layouts lay `wilds` and what the requirements
        after r lack: the next pass may look at it."""
        self.skipped = True
        least = wilds + self.rest[r]
        if least > self.budget and least < self.over:
            self.over = least

    def _with_wilds(self, r, g, size, low):
        """Finish group `g` with `low` or more free wilds, as long as it stays a group (at
        most 15 cards for a run), and go on to the next requirement."""
        free = self.counts[_W]
        top = free if self.reqs[r][0] != RUN else min(free, _N - len(g))
        q = self.same[r]
        floor = min(self.groups[q]) if q >= 0 else 0
        lowest = min(g) if g else _W
        low = max(low, size - len(g))
        room = self.most[r] - self.wilds
        if top > room:
            # More wilds than room for them: a branch left unsearched, when it could hold
            # a layout (the cards and wilds left are enough, the order of equal groups kept).
            j = max(low, room + 1)
            if (j <= top and self.left - j >= self.need[r + 1] and self.rest[r] <= free - j
                    and (lowest if j == 0 else min(lowest, _W)) >= floor):
                self._over(r, self.wilds + j)
            top = room
        for j in range(low, top + 1):
            if (lowest if j == 0 else min(lowest, _W)) < floor:
                continue
            self._take(g, _W, j)
            cut = self._next(r + 1)
            self._give_back(g, _W, j)
            if cut:
                break

    def _alike(self, r, g, size, codes):
        """Every choice of copies of `codes` (one number, or one colour) with at least one
        card, then free wilds: the codes in the hand count like the digits of a number, the
        last the fastest, each up to the copies in the hand, so the group lists its cards
        in the order of `codes`. Codes below the group of an equal requirement before are
        left out (see `same`)."""
        counts = self.counts
        at = self.choice[r]  # the index in `codes` of each code in the hand
        held = self.taken[r]  # how many of each the group holds
        q = self.same[r]
        floor = min(self.groups[q]) if q >= 0 else 0
        m = 0
        for i in range(len(codes)):
            if counts[codes[i]] and codes[i] >= floor:
                at[m] = i
                held[m] = 0
                m += 1
        while True:
            i = m - 1
            while i >= 0 and not counts[codes[at[i]]]:
                self._give_back(g, codes[at[i]], held[i])
                held[i] = 0
                i -= 1
            if i < 0:
                return
            held[i] += 1
            self._take(g, codes[at[i]], 1)
            self._with_wilds(r, g, size, 0)

    def _runs(self, r, g, size):
        """Every run: from each lowest number `lo` that has a card, one card or a gap for
        each number on (a gap is a free wild, never at `lo`), finishing after any card."""
        counts = self.counts
        free = counts[_W]
        choice = self.choice[r]
        for lo in range(1, _N + 1):
            if not self.per_set[lo - 1]:
                continue
            d = 0
            choice[0] = 255
            gaps = 0
            while d >= 0:
                v = lo + d
                codes = _RUN_CODES[v]
                c = choice[d]
                if c < _GAP:
                    self._give_back(g, codes[c], 1)
                elif c == _GAP:
                    gaps -= 1
                c = 0 if c == 255 else c + 1
                while c < _GAP and not counts[codes[c]]:
                    c += 1
                if c < _GAP:
                    choice[d] = c
                    self._take(g, codes[c], 1)
                    self._with_wilds(r, g, size, gaps)
                elif c == _GAP and v > lo and v < _N and gaps < free:
                    choice[d] = _GAP
                    gaps += 1
                else:
                    d -= 1
                    continue
                if v < _N:
                    d += 1
                    choice[d] = 255

    def _leaf(self):
        score = (self.wilds * _SCORE_WILDS + (_SCORE_WILDS // _SCORE_LAID - 1 - self.cards + self.left) * _SCORE_LAID
                 + self.kept)
        best = self.best
        if len(best) >= self.limit and score >= best[-1][0]:
            # Not kept; but counted while `count` counts, or while `capped` is still to say.
            if (self.found <= self.limit or not self.prune) and (not self._may_repeat() or self._canonical()):
                self.found += 1
            return
        if self._may_repeat() and not self._canonical():
            return
        self.found += 1
        groups = self.groups
        layout = [combos.resolve(groups[r], self.reqs[r][0], self.reqs[r][1]) for r in range(len(groups))]
        entry = [score, self.found, layout]
        i = len(best)
        while i > 0 and best[i - 1][0] > score:
            i -= 1
        best.insert(i, entry)
        if len(best) > self.limit:
            best.pop()
        if self.prune and len(best) == self.limit:
            self.worst = best[-1][0]

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


def _tops(have, n, k, top):
    """The sum of the k (1..4) largest of have[0:n]; top[0] is set to the largest."""
    a = b = c = d = 0
    for i in range(n):
        x = have[i]
        if x > d:
            if x > c:
                d = c
                if x > b:
                    c = b
                    if x > a:
                        b = a
                        a = x
                    else:
                        b = x
                else:
                    c = x
            else:
                d = x
    top[0] = a
    return a if k == 1 else a + b if k == 2 else a + b + c if k == 3 else a + b + c + d


def _short(alone, together):
    """The larger of two shortfalls, none below 0."""
    return alone if alone > together and alone > 0 else together if together > 0 else 0


def _run_short(per_set, size):
    """The wilds a run of `size` lacks at least: `size` less the most numbers with a card
    in any `size` numbers in a row."""
    if size > _N:
        return size
    held = 0
    for v in range(size):
        if per_set[v]:
            held += 1
    most = held
    for v in range(size, _N):
        if per_set[v]:
            held += 1
        if per_set[v - size]:
            held -= 1
        if held > most:
            most = held
    return size - most


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
    budget = s._least(0)
    while True:
        s.begin(budget)
        s._next(0)
        if len(s.best) >= limit or s.over == _NONE:
            break
        budget = s.over
    return [e[2] for e in s.best], s.found > limit or s.skipped


def count(hand, reqs):
    """How many distinct layouts of `reqs` the hand has."""
    s = _Search(hand, reqs, 1, False)
    s._next(0)
    return s.found
