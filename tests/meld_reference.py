# ruff: noqa: I001, SIM110  (firmware code, linted as firmware is)
"""The meld finder as it was before the speed-up of 2026-12-03 (#22), kept as the reference
the property test in test_level8_meld.py compares `level8.meld` against: the same layouts in
the same order, the same `capped`, on many random hands. Not firmware: never deployed.

Its own docstring follows.

The meld finder: every distinct way a hand lays out a level, best first.

`layouts(hand, reqs, limit)` returns (layouts, capped). A layout is a list of groups, one
per requirement of `reqs` and in its order, each group's free wilds valued as
`combos.resolve` values them. Skips are never used; cards not laid stay in the hand.
Groups may hold more cards than their requirement asks, as `combos` accepts. A hand holds
at most 14 cards besides its Skips (the ranking's score is sized for that).

Two layouts are the same when they have the same groups, whichever requirement each takes
and whatever values the free wilds could take: one layout per multiset of groups.

Ranking, the way a player would choose: fewer wilds laid first (they are worth keeping for
later), then more cards laid (fewer left to get rid of), then a lower sum of the numbers
kept in the hand, then the order a search of every layout meets them in (requirement by
requirement; numbers and colours low to high).

The search takes each requirement in turn and builds its group from the cards still in the
hand, counted per card code, so it looks only at groups of one number, one colour or
consecutive numbers. A group is built by a loop, not by a call per card: calls nest three
deep per requirement, at most 3n + 6 frames for n requirements (the Pico's C stack is small).

It searches in passes, each for the layouts that rank at most so far, by wilds and then by
cards laid (`_Search.begin`), the next pass going further only while fewer than `limit`
were found; so the first layouts found are the best. With each group it bounds what the
requirements left can still do with the cards left (`_Search._measure`): the fewest wilds
they lack, the most cards they can take; a branch that cannot rank within the pass, or that
ranks after the worst of `limit` layouts kept, is not searched (`capped` then says there
may be more, when the branch could hold a layout; where that is not looked into and decides
`capped`, the last pass is searched again, looking). The order among equal layouts is the
full search's, whatever the passes. `count` searches everything. Nothing is allocated per
group or per wild tried: the search's arrays, a buffer per kept layout until `limit` are
kept (then the worst one's is reused), and the answer.
"""

from compat import const
from l8helpers import number_card
from level8 import cards, combos

# Copies of cards' and levels' values, as constants the compiler puts in place (a test
# checks they agree).
_N = const(15)  # cards.N_NUMBERS
_COLOURS = const(6)  # cards.N_COLOURS
_NUMBER_CARDS = const(90)  # cards.N_NUMBER_CARDS: the codes below are number cards
_W = const(90)  # cards.WILD, a free wild
_SKIP = const(91)  # cards.SKIP
_CODES = const(113)  # cards.N_CODES
_RUN = const(0)  # levels.RUN
_SET = const(1)  # levels.SET
_COLOUR = const(2)  # levels.COLOUR
_MAX_HAND = const(14)
_SCORE_LAID = const(256)  # the sum of the numbers kept is at most 14 * 15 = 210
_SCORE_WILDS = const(4096)  # 16 * _SCORE_LAID: at most 14 cards laid, so 15 - laid is 1..15
_WILD_RANK = const(15)  # what a wild laid adds to a layout's rank (see `_Search.begin`)
_NO_RANK = const(4096)  # above every rank: no budget
_NO_SCORE = const(1048576)  # above every score
_GAP = const(7)  # a run's choice at a number: a card of the hand (0..6), then a gap
_NONE = const(255)  # no choice made yet

# The codes that can stand together in a set of each number / a colour group of each colour.
_SET_CODES = tuple(
    tuple([number_card(c, n) for c in range(_COLOURS)] + [cards.wild_as_number(n)]) for n in range(1, _N + 1)
)
_COLOUR_CODES = tuple(
    tuple([number_card(c, n) for n in range(1, _N + 1)] + [cards.wild_as_colour(c)]) for c in range(_COLOURS)
)
# Per card code: the set it can join (number - 1) and the colour group (colour), 255 for none;
# as indexes of `per_set` and `per_colour`, where a card of no set or colour counts apart.
_SET_OF = bytes([cards.number(c) - 1 if cards.number(c) else 255 for c in range(_CODES)])
_COLOUR_OF = bytes([cards.colour(c) if cards.colour(c) >= 0 else 255 for c in range(_CODES)])
_SET_SLOT = bytes([min(v, _N) for v in _SET_OF])
_COLOUR_SLOT = bytes([min(v, _COLOURS) for v in _COLOUR_OF])
_KEPT_VALUE = bytes([cards.number(c) if c < _NUMBER_CARDS else 0 for c in range(_CODES)])


class _Search:
    def __init__(self, hand, reqs, limit, prune):
        self.reqs = reqs
        self.limit = limit
        self.prune = prune
        self.counts = bytearray(_CODES)
        # Cards in the hand for each set (by number) and each colour group, free wilds apart.
        self.per_set = bytearray(_N + 1)
        self.per_colour = bytearray(_COLOURS + 1)
        self.left = 0
        self.kept = 0  # the sum of the numbers of the number cards in the hand
        for c in hand:
            if c != _SKIP:
                self._take(c)
        self.cards = self.left
        self.wilds = 0  # wilds laid in the groups so far
        # The codes of the hand that can join each set / each colour group, in the order of
        # _SET_CODES / _COLOUR_CODES, so that building a group looks at these only; the sets
        # and colours that have any (the sets also highest first).
        counts = self.counts
        self.set_hand = [bytes([c for c in codes if counts[c]]) for codes in _SET_CODES]
        self.colour_hand = [bytes([c for c in codes if counts[c]]) for codes in _COLOUR_CODES]
        self.numbers = bytes([v for v in range(_N) if self.set_hand[v]])
        self.numbers_down = bytes([v for v in range(_N - 1, -1, -1) if self.set_hand[v]])
        self.colours = bytes([v for v in range(_COLOURS) if self.colour_hand[v]])
        n = len(reqs)
        self.n = n
        # What the requirements from r on need at least, to stop when it cannot be met.
        self.need = [0] * (n + 1)
        # The requirements from r on, by kind, for the bounds: how many sets and colour
        # groups, their sizes added up and the largest; how many runs.
        self.sets_from = bytearray(n + 1)
        self.set_sizes = bytearray(n + 1)
        self.set_top = bytearray(n + 1)
        self.colours_from = bytearray(n + 1)
        self.colour_sizes = bytearray(n + 1)
        self.colour_top = bytearray(n + 1)
        self.runs_from = bytearray(n + 1)
        for r in range(n - 1, -1, -1):
            kind, size = reqs[r]
            self.need[r] = self.need[r + 1] + max(1, size)
            for a in (
                self.sets_from,
                self.set_sizes,
                self.set_top,
                self.colours_from,
                self.colour_sizes,
                self.colour_top,
                self.runs_from,
            ):
                a[r] = a[r + 1]
            if kind == _SET:
                self.sets_from[r] += 1
                self.set_sizes[r] += size
                self.set_top[r] = max(self.set_top[r], size)
            elif kind == _RUN:
                self.runs_from[r] += 1
            else:
                self.colours_from[r] += 1
                self.colour_sizes[r] += size
                self.colour_top[r] = max(self.colour_top[r], size)
        # The last earlier requirement equal to each (-1: none): equal requirements take
        # their groups in order of lowest card, so that no layout is found twice that way.
        self.same = [-1] * n
        for r in range(n):
            for q in range(r):
                if reqs[q] == reqs[r]:
                    self.same[r] = q
        # Whether the requirements from r on all equal the one before r: then none of them
        # can take a card below the lowest of the group before r.
        self.chain = bytearray(n + 1)
        for r in range(n - 1, 0, -1):
            self.chain[r] = reqs[r] == reqs[r - 1] and (r == n - 1 or self.chain[r + 1])
        self.low_set = bytearray(_N + 1)
        self.low_colour = bytearray(_COLOURS + 1)
        self.groups = [[] for _ in reqs]  # type: list[list[int]]
        # Per requirement, the loop that builds its group: a set's or colour group's codes
        # in the hand and how many of each it holds; a run's numbers with a card, the card
        # taken there (or a gap) and the gaps before.
        self.choice = [bytearray(_N + 1) for _ in reqs]
        self.taken = [bytearray(_N + 1) for _ in reqs]
        self.at = [bytearray(_N + 1) for _ in reqs]
        self.top = bytearray(4)
        self.match = bytearray(n + 1)
        # Per requirement, those equal to it (itself too), bit by bit; and the requirements
        # each group of a layout meets (see `_may_repeat`).
        self.alike = bytearray(n + 1)
        for r in range(n):
            for q in range(n):
                if reqs[q] == reqs[r]:
                    self.alike[r] |= 1 << q
        self.fits = bytearray(n + 1)
        self.order = bytearray(n + 1)
        self.keys = [bytearray(_MAX_HAND + 1) for _ in reqs]
        # Per requirement, what `_measure` bounds; while its group is built, the most wilds
        # the layouts from there may lay and the most cards other than wilds.
        self.short = bytearray(n + 1)
        self.rest = bytearray(n + 1)
        self.layable = bytearray(n + 1)
        self.base = [0] * (n + 1)
        self.cap = [0] * (n + 1)
        self.reach = bytearray(n + 1)
        self.begin(_NO_RANK)

    def begin(self, budget, known=-1):
        """Start a pass that looks only at layouts that rank `budget` or better. A layout's
        rank is its score // _SCORE_LAID: 15 * its wilds + 15 - its other cards. With
        `known`, the budget of the pass before, whose layouts (all of those ranking that or
        better, fewer than `limit`) stay kept: this pass meets them again and passes by."""
        self.budget = budget
        self.known = known
        # The best rank of a branch left unsearched for the budget: the next pass's budget.
        self.over = _NO_RANK
        # Once `limit` layouts are kept (with `prune`): the score of the worst of them, so that
        # no branch ranking after it is searched (then `skipped`: there may be more layouts).
        self.worst = _NO_SCORE
        self.skipped = False
        # A branch left unsearched without looking whether it could hold a layout; `exact`:
        # none such are left (see `layouts`).
        self.loose = False
        self.exact = False
        if known < 0:
            self.found = 0
            # [score, order, cards laid (see `_leaf`)], sorted by score then order
            self.best = []  # type: list

    def _take(self, code):
        """Count a card of the hand in, as the search starts."""
        self.counts[code] += 1
        self.left += 1
        self.kept += _KEPT_VALUE[code]
        if code != _W:
            self.per_set[_SET_SLOT[code]] += 1
            self.per_colour[_COLOUR_SLOT[code]] += 1

    # -- the bounds ---------------------------------------------------------------------

    def _measure(self, r):
        """Bound what the requirements from r on can do with the hand as it is (but for the
        free wilds, which only the wilds laid next change) and keep it for r: `short`, at
        least how many free wilds they lack besides the cards in the hand; `rest`, the same
        for the requirements after r; `layable`, at most how many cards of the hand other
        than free wilds they can take; `base`, the least score but for the wilds, worked out
        when first needed. k sets (colour groups) take their cards from k numbers (colours)
        at most, each lacking what it holds short of its size; a run lacks what the best
        stretch of numbers of its length lacks, and holds at most the numbers with a card
        in a stretch that the free wilds can fill. Returns `short`."""
        here = after = layable = 0
        top = self.top
        per_set = self.per_set
        per_colour = self.per_colour
        if self.chain[r]:
            # Only the cards from the lowest of the group before r on count (see `same`).
            per_set = self.low_set
            per_colour = self.low_colour
            floor = min(self.groups[r - 1]) if self.groups[r - 1] else _W
            if floor > _W:
                floor = _W
            counts = self.counts
            if self.sets_from[r] or self.runs_from[r]:
                for v in self.numbers:
                    k = 0
                    for c in self.set_hand[v]:
                        if c >= floor:
                            k += counts[c]
                    per_set[v] = k
            if self.colours_from[r]:
                for v in self.colours:
                    k = 0
                    for c in self.colour_hand[v]:
                        if c >= floor:
                            k += counts[c]
                    per_colour[v] = k
        k = self.sets_from[r]
        if k:
            _tops(per_set, self.numbers, top)
            held = _top_sum(top, k)
            layable += held
            most = top[0]
            lack = self.set_top[r] - most
            lack2 = self.set_sizes[r] - held
            here += lack if lack > lack2 and lack > 0 else lack2 if lack2 > 0 else 0
            k = self.sets_from[r + 1]
            if k:
                lack = self.set_top[r + 1] - most
                lack2 = self.set_sizes[r + 1] - _top_sum(top, k)
                after += lack if lack > lack2 and lack > 0 else lack2 if lack2 > 0 else 0
        k = self.colours_from[r]
        if k:
            _tops(per_colour, self.colours, top)
            held = _top_sum(top, k)
            layable += held
            most = top[0]
            lack = self.colour_top[r] - most
            lack2 = self.colour_sizes[r] - held
            here += lack if lack > lack2 and lack > 0 else lack2 if lack2 > 0 else 0
            k = self.colours_from[r + 1]
            if k:
                lack = self.colour_top[r + 1] - most
                lack2 = self.colour_sizes[r + 1] - _top_sum(top, k)
                after += lack if lack > lack2 and lack > 0 else lack2 if lack2 > 0 else 0
        k = self.runs_from[r]
        if k:
            layable += k * _run_cover(per_set, self.counts[_W])
            reqs = self.reqs
            for q in range(r, self.n):
                if reqs[q][0] == _RUN:
                    lack = _run_lack(per_set, reqs[q][1])
                    here += lack
                    if q > r:
                        after += lack
        self.short[r] = here
        self.rest[r] = after
        self.layable[r] = layable
        self.base[r] = -1
        return here

    def _base(self, r):
        """The least score of a layout from here but for its wilds (see `_measure`): the
        most cards laid, the highest numbers first."""
        nonfree = self.left - self.counts[_W]
        m = self.layable[r]
        kept = 0
        if m < nonfree:
            kept = self.kept
            per_set = self.per_set
            left = m
            for v in self.numbers_down:
                k = per_set[v]
                if k > left:
                    k = left
                kept -= k * (v + 1)
                left -= k
                if not left:
                    break
        else:
            m = nonfree
        base = (15 - self.cards + self.left + self.wilds - m) * _SCORE_LAID + kept
        self.base[r] = base
        return base

    def _over(self, rank):
        """A branch left unsearched that ranks `rank` at best: what the next pass may allow."""
        self.skipped = True
        if rank > self.budget and rank < self.over:
            self.over = rank

    # -- the search -------------------------------------------------------------------

    def _next(self, r):
        """Every group for requirement r and, with each, the requirements after it. True
        when no layout from here can be kept, so that laying more wilds in the group before
        r is no use: the cards left cannot meet the requirements from r on, or every layout
        would rank after the pass's budget or after the worst of `limit` kept."""
        left = self.left
        if left < self.need[r]:
            return True
        wilds = self.wilds
        if r == self.n:
            # The bounds on the way may let through a layout that ranks after the budget.
            rank = wilds * (_WILD_RANK + 1) + 15 - self.cards + left
            if rank > self.budget:
                self._over(rank)
                return True
            if rank > self.known:
                self._leaf()
            return False
        short = self.short[r]
        free = self.counts[_W]
        if short > free:
            return True
        least = wilds + short
        # The most cards other than wilds the layouts from here lay.
        reach = self.layable[r]
        if reach > left - free:
            reach = left - free
        reach += self.cards - left - wilds
        rank = least * _WILD_RANK + 15 - reach
        budget = self.budget
        if rank > budget:
            self._over(rank)
            return True
        cap = (budget - 15 + reach) // _WILD_RANK
        worst = self.worst
        if worst < _NO_SCORE:
            if least > worst // _SCORE_WILDS:
                self.skipped = True
                return True
            # While it is still to say whether the hand has more than `limit` layouts, only
            # the wilds cut (as they did before the score did).
            if self.found > self.limit:
                base = self.base[r]
                if base < 0:
                    base = self._base(r)
                if least * (_SCORE_WILDS - _SCORE_LAID) + base >= worst:
                    self.skipped = True
                    return True
            if worst // _SCORE_WILDS < cap:
                cap = worst // _SCORE_WILDS
        self.cap[r] = cap
        self.reach[r] = reach
        kind, size = self.reqs[r]
        g = self.groups[r]
        if kind == _RUN:
            self._runs(r, g, size)
        else:
            if kind == _SET:
                hand = self.set_hand
                have = self.per_set
                slots = self.numbers
            else:
                hand = self.colour_hand
                have = self.per_colour
                slots = self.colours
            # The most wilds a group may lay, by what the requirements after r lacked before
            # it took its cards: a number or colour whose cards all together leave more to
            # wilds is looked at no further.
            room = cap - wilds - self.rest[r]
            q = self.same[r]
            floor = min(self.groups[q]) if q >= 0 else 0
            if floor > _W:
                room = _NO_RANK  # (only wilds with values before: `_with_wilds` sorts it out)
            counts = self.counts
            for v in slots:
                t = have[v]
                if t and t + free >= size:
                    if size - t <= room:
                        self._alike(r, g, size, hand[v])
                        continue
                    if floor:
                        # Only the cards from `floor` on can be in the group.
                        t = 0
                        for c in hand[v]:
                            if c >= floor:
                                t += counts[c]
                        if not t:
                            continue
                    self._over_all(r, size, t)
        # A group of free wilds alone.
        if size < 1:
            size = 1
        if free >= size:
            self._with_wilds(r, g, size, size)
        return False

    def _over_all(self, r, size, most):
        """Every group of 1 to `most` cards of one number or colour, each with the fewest
        free wilds it takes, left unsearched: `_over` when one could hold a layout (as
        `_with_wilds` would find for each)."""
        rest = self.rest[r]
        # The fewest cards with wilds enough left, and the most with cards enough left.
        fewest = size + rest - self.counts[_W]
        if fewest < 1:
            fewest = 1
        cards_left = self.left - self.need[r + 1]
        if fewest > most or fewest > cards_left or size > cards_left:
            return
        t = most if most < cards_left else cards_left
        self._over((self.wilds + (size - t if size > t else 0) + rest) * _WILD_RANK + 15 - self.reach[r])

    def _with_wilds(self, r, g, size, low):
        """Finish group `g` with `low` or more free wilds, as long as it stays a group (at
        most 15 cards for a run), and go on to the next requirement."""
        counts = self.counts
        free = counts[_W]
        n = len(g)
        top = free
        if self.reqs[r][0] == _RUN and top > _N - n:
            top = _N - n
        if size - n > low:
            low = size - n
        q = self.same[r]
        if q >= 0:
            # Equal requirements take groups in order of lowest card (a free wild is _W).
            floor = min(self.groups[q])
            lowest = min(g) if g else _W
            if lowest > _W:
                if floor > _W:
                    # No wild can join; no wild joining, the group is in order if its cards are.
                    if low > 0 or lowest < floor:
                        return
                    top = 0
            elif lowest < floor:
                return
        left = self.left
        if low > top or left - low < self.need[r + 1]:
            return
        wilds = self.wilds
        rest = self.rest[r]
        if low + rest > self.cap[r] - wilds:
            # Over the cap whatever the wilds (`rest` is what the requirements after r lacked
            # before this group took its cards).
            if rest <= free - low:
                self._over((wilds + low + rest) * _WILD_RANK + 15 - self.reach[r])
            return
        if r + 1 < self.n:
            rest = self._measure(r + 1)
            # The next requirement's own bounds, so that the wilds it would refuse are not laid.
            reach = self.layable[r + 1]
            if reach > left - free:
                reach = left - free
            reach += self.cards - left - wilds
            room = (self.budget - 15 + reach) // _WILD_RANK
            worst = self.worst
            if worst < _NO_SCORE and worst // _SCORE_WILDS < room:
                room = worst // _SCORE_WILDS
            room -= wilds + rest
        else:
            rest = 0
            reach = self.reach[r]
            room = self.cap[r] - wilds
        if top > room:
            j = low if low > room else room + 1
            if j <= top and left - j >= self.need[r + 1] and rest <= free - j:
                self._over((wilds + j + rest) * _WILD_RANK + 15 - reach)
            top = room
        if low > top:
            return
        for _ in range(low):
            g.append(_W)
        counts[_W] = free - low
        self.left = left - low
        self.wilds = wilds + low
        j = low
        while not self._next(r + 1) and j < top:
            g.append(_W)
            counts[_W] -= 1
            self.left -= 1
            self.wilds += 1
            j += 1
        for _ in range(j):
            g.pop()
        counts[_W] = free
        self.left = left
        self.wilds = wilds

    def _alike(self, r, g, size, codes):
        """Every choice of copies of `codes` (one number, or one colour) with at least one
        card, then free wilds: the codes in the hand count like the digits of a number, the
        last the fastest, each up to the copies in the hand, so the group lists its cards
        in the order of `codes`. Codes below the group of an equal requirement before are
        left out (see `same`)."""
        counts = self.counts
        per_set = self.per_set
        per_colour = self.per_colour
        at = self.choice[r]  # the codes in the hand
        held = self.taken[r]  # how many of each the group holds
        q = self.same[r]
        floor = min(self.groups[q]) if q >= 0 else 0
        m = 0
        for code in codes:
            if counts[code] and code >= floor:
                at[m] = code
                held[m] = 0
                m += 1
        while True:
            i = m - 1
            while i >= 0 and not counts[at[i]]:
                code = at[i]
                k = held[i]
                for _ in range(k):
                    g.pop()
                counts[code] += k
                per_set[_SET_SLOT[code]] += k
                per_colour[_COLOUR_SLOT[code]] += k
                self.left += k
                self.kept += k * _KEPT_VALUE[code]
                if code >= _NUMBER_CARDS:
                    self.wilds -= k
                held[i] = 0
                i -= 1
            if i < 0:
                return
            code = at[i]
            held[i] += 1
            g.append(code)
            counts[code] -= 1
            per_set[_SET_SLOT[code]] -= 1
            per_colour[_COLOUR_SLOT[code]] -= 1
            self.left -= 1
            self.kept -= _KEPT_VALUE[code]
            if code >= _NUMBER_CARDS:
                self.wilds += 1
            self._with_wilds(r, g, size, 0)

    def _runs(self, r, g, size):
        """Every run: from each lowest number `lo` that has a card, one card or a gap for
        each number on (a gap is a free wild, never at `lo`), finishing after any card. The
        loop stops only at numbers with a card: the numbers between are gaps anyway, and
        gaps with no card after them lead nowhere."""
        counts = self.counts
        per_set = self.per_set
        per_colour = self.per_colour
        free = counts[_W]
        at = self.at[r]
        choice = self.choice[r]
        before = self.taken[r]
        hand = self.set_hand
        # The most gaps a run may have, by what the requirements after r lacked before it
        # took its cards: a run with more is a branch left unsearched.
        room = self.cap[r] - self.wilds - self.rest[r]
        # A card below the group of an equal requirement before is out of order (see `same`).
        q = self.same[r]
        floor = min(self.groups[q]) if q >= 0 else 0
        for lo in self.numbers:
            if not per_set[lo]:
                continue
            lo += 1
            d = 0
            at[0] = lo
            choice[0] = _NONE
            before[0] = 0
            while d >= 0:
                v = at[d]
                codes = hand[v - 1]
                c = choice[d]
                if c == _NONE:
                    c = 0
                elif c < _GAP:
                    code = codes[c]
                    g.pop()
                    counts[code] += 1
                    per_set[v - 1] += 1
                    per_colour[_COLOUR_SLOT[code]] += 1
                    self.left += 1
                    self.kept += _KEPT_VALUE[code]
                    if code >= _NUMBER_CARDS:
                        self.wilds -= 1
                    c += 1
                else:
                    d -= 1
                    continue
                gaps = before[d]
                n = len(codes)
                while c < n and (not counts[codes[c]] or codes[c] < floor):
                    c += 1
                if c < n:
                    choice[d] = c
                    code = codes[c]
                    g.append(code)
                    counts[code] -= 1
                    per_set[v - 1] -= 1
                    per_colour[_COLOUR_SLOT[code]] -= 1
                    self.left -= 1
                    self.kept -= _KEPT_VALUE[code]
                    if code >= _NUMBER_CARDS:
                        self.wilds += 1
                    self._with_wilds(r, g, size, gaps)
                elif v > lo:
                    choice[d] = _GAP
                    gaps += 1
                else:
                    d -= 1
                    continue
                # On to the next number with a card, the numbers between gaps.
                u = v + 1
                while u <= _N and gaps <= free and not per_set[u - 1]:
                    u += 1
                    gaps += 1
                if u > _N or gaps > free:
                    continue
                if gaps > room and not self.exact:
                    # Whether a layout could come of it is not looked into: `loose` says so.
                    self.loose = True
                    rank = (self.wilds + gaps + self.rest[r]) * _WILD_RANK + 15 - self.reach[r]
                    if rank > self.budget and rank < self.over:
                        self.over = rank
                    continue
                d += 1
                at[d] = u
                choice[d] = _NONE
                before[d] = gaps

    def _leaf(self):
        score = self.wilds * _SCORE_WILDS + (15 - self.cards + self.left) * _SCORE_LAID + self.kept
        best = self.best
        if len(best) >= self.limit and score >= best[-1][0]:
            # Not kept; but counted while `count` counts, or while `capped` is still to say.
            if (self.found <= self.limit or not self.prune) and (not self._may_repeat() or self._canonical()):
                self.found += 1
            return
        if self._may_repeat() and not self._canonical():
            return
        self.found += 1
        # The layout's cards, each group's count first; the worst entry's, once `limit`
        # are kept, is reused.
        if len(best) >= self.limit:
            entry = best.pop()
            laid = entry[2]
        else:
            laid = bytearray(self.n + _MAX_HAND)
            entry = [0, 0, laid]
        entry[0] = score
        entry[1] = self.found
        k = self.n
        for r in range(self.n):
            g = self.groups[r]
            laid[r] = len(g)
            for c in g:
                laid[k] = c
                k += 1
        i = len(best)
        while i > 0 and best[i - 1][0] > score:
            i -= 1
        best.insert(i, entry)
        if self.prune and len(best) == self.limit:
            self.worst = best[-1][0]

    def layout(self, laid):
        """A kept layout's groups, their free wilds valued."""
        reqs = self.reqs
        out = []
        k = self.n
        for r in range(self.n):
            out.append(combos.resolve(laid[k : k + laid[r]], reqs[r][0], reqs[r][1]))
            k += laid[r]
        return out

    def _may_repeat(self):
        """False when the search meets these groups in this one way only: no group fits a
        requirement other than its own kind and size, and equal requirements have groups
        whose lowest cards differ (they are taken in that order). Notes in `fits` the
        requirements each group meets, for `_canonical`."""
        reqs = self.reqs
        groups = self.groups
        fits = self.fits
        alike = self.alike
        repeat = False
        for r in range(self.n):
            g = groups[r]
            q = self.same[r]
            if q >= 0 and min(groups[q]) == min(g):
                repeat = True
            # A group meets its own requirement and those equal to it; the others, asked
            # once per kind and size.
            mask = alike[r]
            for q in range(self.n):
                if self.same[q] < 0 and not mask & (1 << q) and _fits(g, reqs[q][0], reqs[q][1]):
                    mask |= alike[q]
                    repeat = True
            fits[r] = mask
        return repeat

    def _canonical(self):
        """True for one way only of matching a multiset of groups to the requirements: the
        one `combos.match_level` finds for the groups in sorted order (the first in order,
        each group trying the requirements in turn). Each group's cards are sorted into
        a key of its own, and the groups ordered by key, in place."""
        groups = self.groups
        keys = self.keys
        n = self.n
        order = self.order
        for r in range(n):
            _sort_into(groups[r], keys[r])
            # The groups in order of key, equal keys in order of requirement.
            i = r
            while i > 0 and _compare(groups, keys, order[i - 1], r) > 0:
                order[i] = order[i - 1]
                i -= 1
            order[i] = r
        taken = self.match
        _first_match(self.fits, order, n, taken)
        for i in range(n):
            if _compare(groups, keys, order[i], taken[i]):
                return False
        return True


def _sort_into(g, key):
    """key[:len(g)] = sorted(g), without allocating."""
    for i in range(len(g)):
        c = g[i]
        j = i
        while j > 0 and key[j - 1] > c:
            key[j] = key[j - 1]
            j -= 1
        key[j] = c


def _compare(groups, keys, a, b):
    """Group a's sorted cards against group b's, as lists compare: -1, 0 or 1."""
    ka = keys[a]
    kb = keys[b]
    na = len(groups[a])
    nb = len(groups[b])
    for i in range(na if na < nb else nb):
        if ka[i] != kb[i]:
            return -1 if ka[i] < kb[i] else 1
    return -1 if na < nb else 1 if na > nb else 0


def _first_match(fits, order, n, taken):
    """`combos.match_level` for the groups order[0], ..., order[n - 1] (a layout's, so that
    a matching exists; fits[r]: the requirements group r meets, bit by bit), by a loop and
    without allocating: taken[i] is the requirement the i-th takes."""
    i = 0
    taken[0] = _NONE
    while 0 <= i < n:
        j = taken[i] + 1 if taken[i] != _NONE else 0
        while j < n:
            if fits[order[i]] >> j & 1:
                k = 0
                while k < i and taken[k] != j:
                    k += 1
                if k == i:
                    break
            j += 1
        if j < n:
            taken[i] = j
            i += 1
            if i < n:
                taken[i] = _NONE
        else:
            i -= 1


def _tops(have, slots, top):
    """top[i] = the sum of the i + 1 largest of have[v] for v in `slots`, i = 0..3."""
    a = b = c = d = 0
    for v in slots:
        x = have[v]
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
    top[1] = a + b
    top[2] = a + b + c
    top[3] = a + b + c + d


def _top_sum(top, k):
    """At least the sum of the k largest, from `_tops` (exact up to 4)."""
    return top[k - 1] if k <= 4 else top[3] + (k - 4) * (top[3] - top[2])


def _run_cover(per_set, wilds):
    """The most numbers with a card that a run with `wilds` free wilds can hold: the most
    in any stretch of numbers with at most `wilds` numbers without a card."""
    most = held = gaps = 0
    lo = 0
    for v in range(_N):
        if per_set[v]:
            held += 1
        else:
            gaps += 1
            while gaps > wilds:
                if per_set[lo]:
                    held -= 1
                else:
                    gaps -= 1
                lo += 1
        if held > most:
            most = held
    return most


def _run_lack(per_set, size):
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
        v = _COLOUR_OF[c] if kind == _COLOUR else _SET_OF[c]
        if v == 255:
            return False
        if kind != _RUN:
            if shared != 255 and v != shared:
                return False
            shared = v
        else:
            if seen & (1 << v):
                return False
            seen |= 1 << v
            if v < lo:
                lo = v
            if v > hi:
                hi = v
    return kind != _RUN or (n <= _N and hi - lo < n)


def layouts(hand, reqs, limit=20):
    """(the best `limit` layouts of level `reqs` from `hand`, best first; True when the hand
    may have more: more were found, or a branch that could hold one was left unsearched
    because every layout in it ranks after the worst kept). A layout is one valued group
    per requirement, in order."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    s = _Search(hand, reqs, limit, True)
    if s.left > _MAX_HAND:
        raise ValueError("a hand holds at most 14 cards besides its Skips")
    # Passes from the best rank the bounds allow, a wild's worth further each time (or
    # as far as the nearest branch left unsearched).
    nonfree = s.cards - s.counts[_W]
    s._measure(0)
    budget = s.short[0] * _WILD_RANK + 15 - (s.layable[0] if s.layable[0] < nonfree else nonfree)
    known = -1
    while True:
        s.begin(budget, known)
        s._next(0)
        if len(s.best) >= limit or s.over == _NO_RANK:
            break
        known = budget
        budget = s.over if s.over > budget + _WILD_RANK else budget + _WILD_RANK
    if s.found == limit and s.loose and not s.skipped:
        # Whether the hand has more than `limit` layouts hangs on branches left unsearched
        # without looking: search again, looking into each.
        s.begin(budget)
        s.exact = True
        s._next(0)
    return [s.layout(e[2]) for e in s.best], s.found > limit or s.skipped


def count(hand, reqs):
    """How many distinct layouts of `reqs` the hand has."""
    s = _Search(hand, reqs, 1, False)
    s._measure(0)
    s._next(0)
    return s.found
