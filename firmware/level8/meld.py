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
_WILD_RANK = 15  # a wild laid adds 15 to a layout's rank, score // _SCORE_LAID (see `begin`)
_NONE = 1 << 12  # above every rank: no budget
_NO_SCORE = 1 << 20  # above every score
_GAP = 7  # a run's choice at a number: a card of the hand (0..6), then a gap

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
# The same as indexes of `per_set` and `per_colour`: a card of no set or colour counts apart.
_SET_SLOT = bytes([min(v, _N) for v in _SET_OF])
_COLOUR_SLOT = bytes([min(v, cards.N_COLOURS) for v in _COLOUR_OF])


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
        # The codes of the hand that can join each set / each colour group, in the order of
        # _SET_CODES / _COLOUR_CODES, so that building a group looks at these only; the sets
        # and colours that have any (and the sets highest first).
        self.set_hand = [bytes([c for c in codes if self.counts[c]]) for codes in _SET_CODES]
        self.colour_hand = [bytes([c for c in codes if self.counts[c]]) for codes in _COLOUR_CODES]
        self.numbers = bytes([v for v in range(_N) if self.set_hand[v]])
        self.numbers_down = bytes([v for v in range(_N - 1, -1, -1) if self.set_hand[v]])
        self.colours = bytes([v for v in range(cards.N_COLOURS) if self.colour_hand[v]])
        # What the requirements from r on need at least, to stop when it cannot be met.
        n = len(reqs)
        self.n = n
        self.need = [0] * (n + 1)
        for r in range(n - 1, -1, -1):
            self.need[r] = self.need[r + 1] + max(1, reqs[r][1])
        # The requirements from r on, by kind, for the bound on the wilds they lack: how many
        # sets and colour groups, their sizes added up and the largest; how many runs.
        self.sets_from = bytearray(n + 1)
        self.set_sizes = bytearray(n + 1)
        self.set_top = bytearray(n + 1)
        self.colours_from = bytearray(n + 1)
        self.colour_sizes = bytearray(n + 1)
        self.colour_top = bytearray(n + 1)
        self.runs_from = bytearray(n + 1)
        for r in range(n - 1, -1, -1):
            kind, size = reqs[r]
            for a in (self.sets_from, self.set_sizes, self.set_top, self.colours_from, self.colour_sizes,
                      self.colour_top, self.runs_from):
                a[r] = a[r + 1]
            if kind == SET:
                self.sets_from[r] += 1
                self.set_sizes[r] += size
                self.set_top[r] = max(self.set_top[r], size)
            elif kind == RUN:
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
        self.groups = [[] for _ in reqs]  # type: list[list[int]]
        # Per requirement, the loop that builds its group: a run's choice at each number, or
        # the codes a set or colour group may take and how many of each it holds.
        self.choice = [bytearray(_N + 1) for _ in reqs]
        self.taken = [bytearray(_N + 1) for _ in reqs]
        self.at = [bytearray(_N + 1) for _ in reqs]
        self.match = bytearray(n)
        self.used = bytearray(n)
        self.top = bytearray(4)
        # Per requirement, what `_measure` bounds, and while its group is built: the most
        # wilds a layout from there may lay, and the cards other than wilds it may lay.
        self.short = bytearray(n + 1)
        self.rest = bytearray(n + 1)
        self.layable = bytearray(n + 1)
        self.base = [0] * (n + 1)
        self.cap = [0] * (n + 1)
        self.reach = bytearray(n + 1)
        self.begin(_NONE)

    def begin(self, budget):
        """Start a pass that looks only at layouts that rank `budget` or better: a layout's
        rank is its score // _SCORE_LAID, which is 15 * wilds + 15 - other cards laid."""
        self.budget = budget
        # The best rank of a branch left unsearched for the budget: the next pass's budget.
        self.over = _NONE
        # Once `limit` layouts are kept (with `prune`): the score of the worst of them, so that
        # no branch ranking after it is searched (then `skipped`: there may be more layouts).
        self.worst = _NO_SCORE
        self.skipped = False
        # A branch left unsearched without looking whether it could hold a layout; `exact`:
        # none such are left (see `layouts`).
        self.loose = False
        self.exact = False
        self.found = 0
        self.best = []  # type: list  # [score, order, groups] sorted by score then order

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
            self.per_set[_SET_SLOT[code]] -= k
            self.per_colour[_COLOUR_SLOT[code]] -= k

    # -- the bounds ---------------------------------------------------------------------

    def _measure(self, r):
        """Bound what the requirements from r on can do with the hand as it is (free wilds
        apart, which only the wilds laid next change) and keep it for r: `short`, at least
        how many free wilds they lack besides the cards in the hand; `rest`, the same for
        the requirements after r; `layable`, at most how many cards of the hand other than
        free wilds they can take; `base`, the score's least but for the wilds, filled in
        when first needed. A set or colour group lacks what its best number or colour
        lacks, and k of them take their cards from k numbers or colours at most; a run
        lacks what the best stretch of numbers of its length lacks. Returns `short`."""
        here = after = layable = 0
        top = self.top
        k = self.sets_from[r]
        if k:
            _tops(self.per_set, self.numbers, top)
            held = top[k - 1]
            layable += held
            here += _lack(self.set_top[r] - top[0], self.set_sizes[r] - held)
            k = self.sets_from[r + 1]
            if k:
                after += _lack(self.set_top[r + 1] - top[0], self.set_sizes[r + 1] - top[k - 1])
        k = self.colours_from[r]
        if k:
            _tops(self.per_colour, self.colours, top)
            held = top[k - 1]
            layable += held
            here += _lack(self.colour_top[r] - top[0], self.colour_sizes[r] - held)
            k = self.colours_from[r + 1]
            if k:
                after += _lack(self.colour_top[r + 1] - top[0], self.colour_sizes[r + 1] - top[k - 1])
        k = self.runs_from[r]
        if k:
            per_set = self.per_set
            layable += k * _run_cover(per_set, self.counts[_W])
            reqs = self.reqs
            for q in range(r, self.n):
                if reqs[q][0] == RUN:
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

    def _mark(self, r, j, rest, rank):
        """The branch that lays j free wilds in group r, then lacks `rest` more, and ranks
        `rank` at best, is left unsearched: say so when it could hold a layout (enough cards
        and wilds left), and keep its rank for the next pass."""
        if self.left - j >= self.need[r + 1] and rest <= self.counts[_W] - j:
            self.skipped = True
            if rank > self.budget and rank < self.over:
                self.over = rank

    def _mark_all(self, r, size, most):
        """`_mark` for every group of 1 to `most` cards of one number or colour, each with
        the fewest free wilds it takes, none of them searched."""
        rest = self.rest[r]
        # The fewest cards with wilds enough left, and the most with cards enough left.
        fewest = size + rest - self.counts[_W]
        if fewest < 1:
            fewest = 1
        cards_left = self.left - self.need[r + 1]
        if fewest > most or max(fewest, size) > cards_left:
            return
        self.skipped = True
        t = most if most < cards_left else cards_left
        rank = (self.wilds + (size - t if size > t else 0) + rest) * _WILD_RANK + 15 - self.reach[r]
        if rank > self.budget and rank < self.over:
            self.over = rank

    # -- the search -------------------------------------------------------------------

    def _next(self, r):
        """Every group for requirement r and, with each, the requirements after it. True
        when no layout from here can be kept, so that laying more wilds in the group before
        r is no use: the cards left cannot meet the requirements from r on, or every layout
        would rank after the pass's budget or after the worst of `limit` kept."""
        if self.left < self.need[r]:
            return True
        if r == self.n:
            # The bounds on the way may let through a layout that ranks after the budget.
            rank = self.wilds * (_WILD_RANK + 1) + 15 - self.cards + self.left
            if rank > self.budget:
                self.skipped = True
                if rank < self.over:
                    self.over = rank
                return True
            self._leaf()
            return False
        short = self.short[r]
        free = self.counts[_W]
        if short > free:
            return True
        wilds = self.wilds
        least = wilds + short
        # The most cards other than wilds the layouts from here lay.
        reach = self.cards - self.left - wilds + min(self.layable[r], self.left - free)
        rank = least * _WILD_RANK + 15 - reach
        budget = self.budget
        if rank > budget:
            self.skipped = True
            if rank < self.over:
                self.over = rank
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
        if kind == RUN:
            self._runs(r, g, size)
        else:
            hand = self.set_hand if kind == SET else self.colour_hand
            have = self.per_set if kind == SET else self.per_colour
            # The most wilds a group may lay, by what the requirements after r lacked before
            # it took its cards: a number or colour whose cards all together leave more to
            # wilds is looked at no further.
            room = cap - wilds - self.rest[r]
            q = self.same[r]
            floor = min(self.groups[q]) if q >= 0 else 0
            if floor > _W:
                room = _NONE  # (only wilds with values before: `_with_wilds` sorts it out)
            counts = self.counts
            for v in (self.numbers if kind == SET else self.colours):
                t = have[v]
                if t and t + free >= size:
                    if size - t > room:
                        if floor:
                            # Only the cards from `floor` on can be in the group.
                            t = 0
                            for c in hand[v]:
                                if c >= floor:
                                    t += counts[c]
                            if not t:
                                continue
                        self._mark_all(r, size, t)
                    else:
                        self._alike(r, g, size, hand[v])
        # A group of free wilds alone.
        if free >= max(1, size):
            self._with_wilds(r, g, max(1, size), max(1, size))
        return False

    def _with_wilds(self, r, g, size, low):
        """Finish group `g` with `low` or more free wilds, as long as it stays a group (at
        most 15 cards for a run), and go on to the next requirement."""
        counts = self.counts
        free = counts[_W]
        n = len(g)
        top = free if self.reqs[r][0] != RUN else min(free, _N - n)
        if size - n > low:
            low = size - n
        q = self.same[r]
        if q >= 0:
            # Equal requirements take groups in order of lowest card (a free wild is _W).
            floor = min(self.groups[q])
            lowest = min(g) if g else _W
            if min(lowest, _W) < floor:
                # No wild can join; no wild joining, the group is in order if its cards are.
                if low > 0 or lowest < floor:
                    return
                top = 0
        if low > top or self.left - low < self.need[r + 1]:
            return
        wilds = self.wilds
        room = self.cap[r] - wilds
        rest = self.rest[r]
        if low + rest > room:
            # Over the cap whatever the wilds (`rest` is what the requirements after r lacked
            # before this group took its cards).
            self._mark(r, low, rest, (wilds + low + rest) * _WILD_RANK + 15 - self.reach[r])
            return
        if r + 1 < self.n:
            rest = self._measure(r + 1)
            # The child's own bound, so that the wilds it would refuse are not laid.
            reach = self.cards - self.left - wilds + min(self.layable[r + 1], self.left - free)
            room = (self.budget - 15 + reach) // _WILD_RANK
            worst = self.worst
            if worst < _NO_SCORE and worst // _SCORE_WILDS < room:
                room = worst // _SCORE_WILDS
            room -= wilds + rest
        else:
            rest = 0
            reach = self.reach[r]
        if top > room:
            j = low if low > room else room + 1
            if j <= top:
                self._mark(r, j, rest, (wilds + j + rest) * _WILD_RANK + 15 - reach)
            top = room
        if low > top:
            return
        for _ in range(low):
            g.append(_W)
        counts[_W] -= low
        self.left -= low
        self.wilds += low
        j = low
        while True:
            if self._next(r + 1) or j == top:
                break
            g.append(_W)
            counts[_W] -= 1
            self.left -= 1
            self.wilds += 1
            j += 1
        for _ in range(j):
            g.pop()
        counts[_W] += j
        self.left += j
        self.wilds -= j

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
                if code >= cards.N_NUMBER_CARDS:
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
            if code >= cards.N_NUMBER_CARDS:
                self.wilds += 1
            self._with_wilds(r, g, size, 0)

    def _runs(self, r, g, size):
        """Every run: from each lowest number `lo` that has a card, one card or a gap for
        each number on (a gap is a free wild, never at `lo`), finishing after any card. The
        loop stops only at numbers with a card: the numbers between are gaps anyway."""
        counts = self.counts
        per_set = self.per_set
        per_colour = self.per_colour
        free = counts[_W]
        at = self.at[r]  # the number of each stop
        choice = self.choice[r]  # the card taken there, or a gap
        before = self.taken[r]  # the gaps before it
        hand = self.set_hand
        # The most gaps a run may have, by what the requirements after r lacked before it
        # took its cards: a run with more is a branch left unsearched.
        room = self.cap[r] - self.wilds - self.rest[r]
        for lo in self.numbers:
            if not per_set[lo]:
                continue
            lo += 1
            d = 0
            at[0] = lo
            choice[0] = 255
            before[0] = 0
            while d >= 0:
                v = at[d]
                codes = hand[v - 1]
                c = choice[d]
                if c == 255:
                    c = 0
                elif c < _GAP:
                    code = codes[c]
                    g.pop()
                    counts[code] += 1
                    per_set[v - 1] += 1
                    per_colour[_COLOUR_SLOT[code]] += 1
                    self.left += 1
                    self.kept += _KEPT_VALUE[code]
                    if code >= cards.N_NUMBER_CARDS:
                        self.wilds -= 1
                    c += 1
                else:
                    d -= 1
                    continue
                gaps = before[d]
                while c < len(codes) and not counts[codes[c]]:
                    c += 1
                if c < len(codes):
                    choice[d] = c
                    code = codes[c]
                    g.append(code)
                    counts[code] -= 1
                    per_set[v - 1] -= 1
                    per_colour[_COLOUR_SLOT[code]] -= 1
                    self.left -= 1
                    self.kept -= _KEPT_VALUE[code]
                    if code >= cards.N_NUMBER_CARDS:
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
                choice[d] = 255
                before[d] = gaps

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
        entry = [score, self.found, [g[:] for g in self.groups]]
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
        one `combos.match_level` finds for the groups in sorted order (the first in order,
        each group trying the requirements in turn)."""
        keys = [sorted(g) for g in self.groups]
        order = sorted(range(len(keys)), key=lambda i: keys[i])
        taken = self.match
        used = self.used
        for i in range(len(order)):
            used[i] = 0
        _first_match(keys, order, self.reqs, 0, taken, used)
        for i in range(len(order)):
            if keys[order[i]] != keys[taken[i]]:
                return False
        return True


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


def _lack(alone, together):
    """The larger of two shortfalls, none below 0."""
    if alone > together:
        return alone if alone > 0 else 0
    return together if together > 0 else 0


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


def _first_match(keys, order, reqs, i, taken, used):
    """`combos.match_level` for groups keys[order[i]], ... (a layout's: a matching exists)
    without allocating: taken[i] is the requirement the i-th takes."""
    if i == len(order):
        return True
    group = keys[order[i]]
    for j in range(len(reqs)):
        if not used[j] and _fits(group, reqs[j][0], reqs[j][1]):
            used[j] = 1
            taken[i] = j
            if _first_match(keys, order, reqs, i + 1, taken, used):
                return True
            used[j] = 0
    return False


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
    s._measure(0)
    budget = s.short[0] * _WILD_RANK + 15 - min(s.layable[0], s.cards - s.counts[_W])
    while True:
        s.begin(budget)
        s._next(0)
        if len(s.best) >= limit or s.over == _NONE:
            break
        budget = max(s.over, budget + _WILD_RANK)
    if s.found == limit and s.loose and not s.skipped:
        # Whether the hand has more than `limit` layouts hangs on branches left unsearched
        # loosely: search again, looking into each.
        s.begin(budget)
        s.exact = True
        s._next(0)
    return ([[combos.resolve(e[2][r], reqs[r][0], reqs[r][1]) for r in range(len(reqs))] for e in s.best],
            s.found > limit or s.skipped)


def count(hand, reqs):
    """How many distinct layouts of `reqs` the hand has."""
    s = _Search(hand, reqs, 1, False)
    s._measure(0)
    s._next(0)
    return s.found
