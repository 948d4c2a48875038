"""The open-hand solver: the best score a deal allows to a team that sees every card.

    python -m tools.research.solver [--deals N] [--first F] [--pauses P] [--players K] [--limit NODES]

solves deals F..F+N-1 (`Game(players, pauses, seed=n)`, as the AI bench deals them) and
prints the win rate (and the deals a line wins, see Solution.winnable), the mean score,
the share solved exactly and the time a deal takes.

Host only, plain CPython: it never ships to the Pico and never gives hints (it reads the
deck order). It is the AI bench's upper bound:

    solve(deck, pauses, players=1, start=0, limit=LIMIT) -> Solution

plays every seat and returns the best line it found (`moves`, legal from the start with
Game(players, pauses, deck=deck, start=start)), its final score (rules.score, ruling
L10-9), whether it wins, the nodes (positions entered) it used, and `exact`: True when the
search finished within `limit` nodes, so that no line scores more.

How it searches (every cut below is exact: nothing is cut that could score more):

1. A greedy line (the card raising its row least, else a plain reset in the highest row,
   else a pause) is a whole game to start from, however small the limit.
2. A clean win (no pause placed) scores most (L10-9), and with the deck known nearly every
   solo deal has one. A depth-first search looks only for that, cutting every position
   from which a relaxation (`_Relax`) proves it impossible: each row must take exactly one
   card or reset a column, each column exactly one reset, a card can only be placed once
   enough cards can have been drawn to reach it, and a row's cards go up between its
   resets. The first clean win found ends the search.
3. If there is none, the same search with pauses over a card (the deck empty) looks for a
   win using 1 pause, then 2, ...: the first found is the best win.
4. Then a branch and bound over every move looks for a loss scoring more: keeping its
   pauses, a loss may (44 cards and 2 unused pauses make 64, a win using one of them 60).
   Its bound is the slots of the columns the relaxation can complete (with pauses filling
   slots) and of the next; solo, a loss keeping a pause once the deck is empty can only
   end on a reset (with a pause in hand and a slot for it, a move is left). It searches
   for a line scoring the bound, and when there is none, for the new bound it returned.
   A goal taking half the nodes left is given up for one a column lower, and the answer
   is then not exact.

The searches try good moves first (each column's rows in the order of how little their
best card raises them; resets in rows that cannot play; putting under the deck the cards
needed last), keep a table of positions already searched, and, solo, explore only one
order of two moves of a column that commute (two plays from the hand; a play and a reset
that puts under no card the play drew): same cards, same draws, the same position.

With seats the relaxation knows nothing of whose turn it is or who holds a card, so it
cuts far less: many multiplayer deals end at the limit, inexact.
"""

import sys
import time

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
from level10 import rules
from level10.game import seeded_deck

# Nodes (positions entered) a deal may use. A deal with a clean win needs a few hundred;
# the few without one use the rest proving that no line scores more, and hit the limit
# when they cannot: the limit sets how long those take (CPython: 10 000 to 25 000
# nodes a second). See the module's command for the figures at this limit.
LIMIT = 20000

_BONUS_WON = rules.BONUS_WON
_BONUS_LOST = rules.BONUS_LOST

# the state's layout (see rules)
_PLAYERS = rules.AT_PLAYERS
_PAUSES = rules.AT_PAUSES
_TURN = rules.AT_TURN
_STATUS = rules.AT_STATUS
_MOVES = rules.AT_MOVES
_HEAD = rules.AT_HEAD
_COUNT = rules.AT_COUNT
_CAP = rules.AT_CAP
_HSIZE = rules.AT_HSIZE
_SUPPLY = rules.AT_SUPPLY
_ROWVAL = rules.AT_ROWVAL
_HCOUNT = rules.AT_HCOUNT
_GRID = rules.AT_GRID
_HANDS = rules.AT_HANDS
_PAUSE = rules.PAUSE
_RESET_CELL = rules.RESET_CELL
_PAUSE_CELL = rules.PAUSE_CELL
_NONE = rules.NONE  # move bits inline in the search (see level10/moves.py)
_ABSENT = 255  # a card's first column when it is not left to place
_NO_WAY = 9  # "pauses needed" when no number of pauses will do
_NOTHING = (0,)  # a row's one way when it has nothing to place: no reset, no pause


class Solution:
    """What `solve` found: `score`, `won`, `exact`, `moves` (the line), `nodes`, and
    `winnable`: a winning line was found. The best score is not always a win's: keeping
    both pauses of a Standard deal, a loss with 41 cards or more beats a win using one
    (L10-9), so `won` can be False on a deal that can be won; `winnable` then says so
    (exactly, when `exact`: the searches for wins come first)."""

    __slots__ = ("score", "won", "exact", "moves", "nodes", "winnable")

    def __init__(self, score, won, exact, moves, nodes, winnable):
        self.score = score
        self.won = won
        self.exact = exact
        self.moves = moves
        self.nodes = nodes
        self.winnable = winnable

    def __repr__(self):
        return "Solution(score=%d, won=%s, exact=%s, moves=%d, nodes=%d, winnable=%s)" % (
            self.score,
            self.won,
            self.exact,
            len(self.moves),
            self.nodes,
            self.winnable,
        )


class _Limit(Exception):
    """The node limit is reached."""


class _Found(Exception):
    """A line scoring the search's goal is found."""


# -- the relaxation ------------------------------------------------------------------


class _Relax:
    """Bounds from a relaxed game in which each row is played on its own.

    In the real game every column gives each row exactly one card, pause or reset (its
    slot), and exactly one of the five a reset. A row's cards go up between its resets. A
    card in a hand can be placed now; the card `j` places down the deck only once `j + 1`
    cards are drawn, and a column draws at most 6 (4 plays, 2 by its reset's swap). The
    relaxation keeps these rules and drops the rest (whose hand holds a card, which cards
    a swap sends under): each row lists the ways it can fill its slots (as the columns of
    its resets), and the rows must agree on one reset a column. What the relaxation
    cannot do, the team cannot either.
    """

    def __init__(self, s0):
        self.ring = _HANDS + s0[_PLAYERS] * s0[_HSIZE]
        self.cap = s0[_CAP]
        self.avail = bytearray(40)
        self.filled = 0
        self.pause = _ABSENT
        # row key -> the row's ways (see the _row_* functions)
        self.wins = {}
        self.pause_wins = {}
        self.reaches = {}
        self.covers = {}

    def _fill(self, s):
        """Set `avail` (the first column each level card left can be placed in) and
        `filled`; return (the column, whether its reset is still to place, the columns
        needing a reset as bits)."""
        avail = self.avail
        c = s[_MOVES] // 5
        g = _GRID + c
        filled = 0
        pending = 1
        for i in range(g, g + 50, 10):
            v = s[i]
            if v == _RESET_CELL:
                pending = 0
            elif v:
                filled += 1
        self.filled = filled
        for i in range(40):
            avail[i] = _ABSENT
        pause = _ABSENT  # the first column a pause can be placed in
        hsize = s[_HSIZE]
        for seat in range(s[_PLAYERS]):
            b = _HANDS + seat * hsize
            for i in range(b, b + s[_HCOUNT + seat]):
                card = s[i]
                if card != _PAUSE:
                    avail[card] = c
                else:
                    pause = c
        # draws possible before a slot: in this column the moves still to come but the
        # slot's own (a play draws 1, the reset 2), then 6 a column and 5 before the slot
        rest = 4 - filled + 2 * pending
        ring = self.ring
        cap = self.cap
        head = s[_HEAD]
        for j in range(s[_COUNT]):
            card = s[ring + (head + j) % cap]
            if rest - 1 > j:
                k = c
            else:
                extra = j - rest - 4  # draws needed beyond those before column c+1's slot
                k = c + 1 if extra <= 0 else c + 1 + (extra + 5) // 6
            if card != _PAUSE:
                avail[card] = k
            elif k < pause:
                pause = k
        self.pause = pause
        need = 0
        for k in range(c if pending else c + 1, 10):
            need |= 1 << k
        return c, pending, need

    def _key(self, s, r, c, pending):
        """What row `r`'s ways depend on: its first slot's column, the column, whether
        the column's reset is to place, the row's value, its resets, its cards' columns."""
        k0 = c if s[_GRID + r * 10 + c] == 0 else c + 1
        return bytes((k0, c, pending, s[_ROWVAL + r], s[_SUPPLY + r])) + self.avail[r * 8 : r * 8 + 8]

    def _rows(self, s, memo, make, extra=None):
        """(the column, the columns needing a reset, each row's `make(key)`, memoised in
        `memo`); `extra()` gives the bytes the key ends with, after _fill."""
        c, pending, need = self._fill(s)
        tail = extra() if extra else b""
        ways = []
        for r in range(5):
            key = self._key(s, r, c, pending) + tail
            got = memo.get(key)
            if got is None:
                got = memo[key] = make(key)
            ways.append(got)
        return c, need, ways

    def clean_win(self, s):
        """False when no line from `s` wins without placing another pause."""
        for i in range(_GRID, _GRID + 50):
            if s[i] == _PAUSE_CELL:
                return False  # a pause over no card left a level card without a slot
        _, need, ways = self._rows(s, self.wins, _row_wins)
        if not all(ways):
            return False
        ways.sort(key=len)
        return self._cover(need, tuple(ways), False) == 0

    def win_pauses(self, s, budget):
        """The fewest pauses a win from `s` needs if at most `budget`, else _NO_WAY."""
        for i in range(_GRID, _GRID + 50):
            if s[i] == _PAUSE_CELL:
                return _NO_WAY  # a pause over no card left a level card without a slot
        count = s[_COUNT]
        c = s[_MOVES] // 5
        if count == 0:
            empty = c
        else:  # the column of the play drawing the last card: pauses bury from there
            plays = 4 - self._census(s)
            empty = c if count <= plays else c + 1 + (count - plays - 1) // 4
        _, need, ways = self._rows(s, self.pause_wins, _row_pause_wins, lambda: bytes((empty, budget)))
        if not all(ways):
            return _NO_WAY
        ways.sort(key=len)
        return self._cover(need, tuple(ways), True)

    def stuck(self, s, budget):
        """Where a loss from `s` with at most `budget` more pauses can end: for each column
        K the team may get stuck in (columns c..K-1 complete), the tuple (K, the fewest
        pauses completing those columns, the fewest with which moreover column K gets four
        plays and no reset while its fifth row has no reset left, or _NO_WAY); K = 10 when
        every column can be complete (a loss then has a pause over no card); and the most
        slots column K can get."""
        c, need, rows = self._rows(s, self.reaches, _row_reach, lambda: bytes((budget, self.pause)))
        out = []
        for k in range(c, 10):
            low = need & ((1 << k) - 1)
            if k == c:
                fewest = 0
            else:
                ways = [row[k - 1][0] for row in rows]
                if not all(ways):
                    break
                ways.sort(key=len)
                fewest = self._cover(low, tuple(ways), True)
                if fewest > budget:
                    break
            four = _NO_WAY
            if k > c or need >> c & 1:
                for r in range(5):
                    if k > c:
                        mine = rows[r][k - 1][2]
                    elif s[_GRID + r * 10 + c] == 0 and s[_SUPPLY + r] == 0:
                        mine = _NOTHING  # stuck in this column: no resets left now
                    else:
                        continue
                    ways = [mine] + [rows[o][k][1] for o in range(5) if o != r]
                    if all(ways):
                        ways.sort(key=len)
                        four = min(four, self._cover(low, tuple(ways), True))
            # the slots column K can get: those of the rows that can play there, and one
            # reset (a column has one)
            most = 0
            reset = 0
            for row in rows:
                if row[k][1]:
                    most += 1
                elif row[k][0]:
                    reset = 1
            out.append((k, fewest, four, min(4, most + reset)))
        else:  # and with every column complete: a loss filling every slot
            ways = [row[9][0] for row in rows]
            if all(ways):
                ways.sort(key=len)
                fewest = self._cover(need, tuple(ways), True)
                if fewest <= budget:
                    out.append((10, fewest, _NO_WAY, 0))
        return out

    def _census(self, s):
        g = _GRID + s[_MOVES] // 5
        filled = 0
        for i in range(g, g + 50, 10):
            v = s[i]
            if v and v != _RESET_CELL:
                filled += 1
        return filled

    def _cover(self, need, ways, counted):
        """The fewest pauses with which each row can take one of its ways so that every
        column in `need` gets exactly one reset; _NO_WAY if none. Ways are reset-column
        bits, with `counted` | pauses << 10."""
        key = (need, counted) + tuple(id(w) for w in ways)
        got = self.covers.get(key)
        if got is None:
            got = self.covers[key] = _cover(need, ways, counted)
        return got


def _row_cards(key):
    """The numbers and first columns of the cards a row key (_Relax._key) has left."""
    nums = []
    avs = []
    for n in range(8):
        a = key[5 + n]
        if a != _ABSENT:
            nums.append(n + 1)
            avs.append(a)
    return nums, avs


def _row_wins(key):
    """The ways one row can place all its cards left and use all its resets left, filling
    its slots from column k0 on: a tuple of their reset columns (bit k: a reset in column
    k). A forward pass over the columns; a state (bits 0-7: the cards placed, 8-9: resets
    left, 10..: the reset columns) keeps the lowest row value it can have. Once no reset
    is left the rest is forced (the cards left, lowest first), so it is checked at once."""
    k0, c, pending, v, supply = key[0], key[1], key[2], key[3], key[4]
    nums, avs = _row_cards(key)
    count = len(nums)
    if count + supply != 10 - k0:
        return ()
    wins = set()

    def forced(mask, val, k, cols):
        for i in range(count):
            if not mask >> i & 1:
                if nums[i] < val or avs[i] > k:
                    return
                k += 1
        wins.add(cols)

    if supply == 0:
        forced(0, v, k0, 0)
        return tuple(wins)
    states = {supply << 8: v}
    for k in range(k0, 10):
        nxt = {}
        get = nxt.get
        for st, val in states.items():
            mask = st & 255
            if k > c or pending:
                if st >> 8 & 3 == 1:
                    forced(mask, 0, k + 1, st >> 10 | 1 << k)
                else:
                    nxt[st - 256 | 1 << (10 + k)] = 0
            for i in range(count):
                if not mask >> i & 1 and nums[i] >= val and avs[i] <= k:
                    ns = st | 1 << i
                    old = get(ns)
                    if old is None or old > nums[i]:
                        nxt[ns] = nums[i]
        states = nxt
        if not states:
            break
    return tuple(wins)


def _row_pause_wins(key):
    """Like _row_wins, with up to `budget` pauses (key: _Relax._key, then the column the
    deck runs out in and the budget), each over a card of the row once the deck is empty
    (the value stays): the ways as reset columns | fewest pauses << 10. States: bits 0-7
    cards placed, 8-9 resets left, 10-11 pauses placed, 12.. reset columns."""
    k0, c, pending, v, supply = key[0], key[1], key[2], key[3], key[4]
    empty, budget = key[13], key[14]
    nums, avs = _row_cards(key)
    count = len(nums)
    if count + supply != 10 - k0:
        return ()
    full = (1 << count) - 1
    states = {supply << 8: v}
    for k in range(k0, 10):
        nxt = {}
        get = nxt.get
        for st, val in states.items():
            mask = st & 255
            if st >> 8 & 3 and (k > c or pending):
                nxt[st - 256 | 1 << (12 + k)] = 0
            for i in range(count):
                if not mask >> i & 1 and nums[i] >= val and avs[i] <= k:
                    ns = st | 1 << i
                    old = get(ns)
                    if old is None or old > nums[i]:
                        nxt[ns] = nums[i]
            if k >= empty and st >> 10 & 3 < budget:
                for i in range(count):
                    if not mask >> i & 1:
                        ns = st + 1024 | 1 << i
                        old = get(ns)
                        if old is None or old > val:
                            nxt[ns] = val
        states = nxt
        if not states:
            return ()
    return _fewest(st for st in states if st & 0x3FF == full)


def _row_reach(key):
    """For each column k (index k), the ways one row can fill its slots up to column k
    with up to `budget` pauses (key: _Relax._key, then the budget), each filling any slot
    with the value staying, from the first column a pause can be in a hand (key[14]), as
    reset columns | fewest pauses << 10: (all of them, those not resetting in column k,
    those with no reset left). The row need not place all its cards. States as in
    _row_pause_wins."""
    k0, c, pending, v, supply = key[0], key[1], key[2], key[3], key[4]
    budget, pause = key[13], key[14]
    nums, avs = _row_cards(key)
    count = len(nums)
    prefixes = [((), (), ())] * 10
    if k0 > c:  # the row's slot of this column is already filled
        prefixes[c] = (_NOTHING, _NOTHING, _NOTHING if supply == 0 else ())
    states = {supply << 8: v}
    for k in range(k0, 10):
        nxt = {}
        get = nxt.get
        for st, val in states.items():
            mask = st & 255
            if st >> 8 & 3 and (k > c or pending):
                nxt[st - 256 | 1 << (12 + k)] = 0
            for i in range(count):
                if not mask >> i & 1 and nums[i] >= val and avs[i] <= k:
                    ns = st | 1 << i
                    old = get(ns)
                    if old is None or old > nums[i]:
                        nxt[ns] = nums[i]
            if st >> 10 & 3 < budget and k >= pause:
                ns = st + 1024
                old = get(ns)
                if old is None or old > val:
                    nxt[ns] = val
        states = nxt
        if not states:
            break
        ways = _fewest(states)
        played = tuple(w for w in ways if not w >> k & 1)
        spent = tuple(w for w in ways if bin(w & 1023).count("1") == supply)
        prefixes[k] = (ways, played, spent)
    return prefixes


def _fewest(states):
    """Reset columns | fewest pauses << 10, once for each set of reset columns in the
    states (as in _row_pause_wins)."""
    fewest = {}
    for st in states:
        cols = st >> 12
        pz = st >> 10 & 3
        if fewest.get(cols, _NO_WAY) > pz:
            fewest[cols] = pz
    return tuple(cols | pz << 10 for cols, pz in fewest.items())


def _cover(need, ways, counted):
    """See _Relax._cover: one pass over the rows, keeping for each set of columns still
    needing a reset the fewest pauses used so far."""
    level = {need: 0}
    for options in ways:
        nxt = {}
        for left, used in level.items():
            for o in options:
                cols = o & 1023
                if cols & left == cols:
                    rest = left & ~cols
                    total = used + (o >> 10 if counted else 0)
                    if nxt.get(rest, _NO_WAY) > total:
                        nxt[rest] = total
        if not nxt:
            return _NO_WAY
        level = nxt
    return level.get(0, _NO_WAY)


# -- the search ------------------------------------------------------------------------


def _unused(s):
    """The pauses not placed yet (in hands or the deck)."""
    placed = 0
    for i in range(_GRID, _GRID + 50):
        if s[i] >= _PAUSE_CELL:
            placed += 1
    return s[_PAUSES] - placed


class _Search:
    """One deal's search: a stack of positions (one per depth, copied by slice), the line
    being searched (`path`) and the best line found."""

    def __init__(self, s0, limit):
        self.stack = [bytearray(s0) for _ in range(rules.SLOTS + 1)]
        self.path = [0] * rules.SLOTS
        self.limit = limit
        self.cutoff = limit  # the limit of the current search (at most `limit`)
        self.nodes = 0
        self.best = -1
        self.line = []
        self.unused = _unused(s0)
        # finding a line scoring `goal` ends a search (_Found); until step 4 none does,
        # and only a win ends steps 2 and 3
        self.goal = rules.SLOTS + _BONUS_WON[3] + 1
        self.solo = s0[_PLAYERS] == 1
        self.ring = _HANDS + s0[_PLAYERS] * s0[_HSIZE]
        self.cap = s0[_CAP]
        self.relax = _Relax(s0)
        self.seen = {}  # position and its commuting context -> what is known of it
        self.order = [b""] * rules.SLOTS  # ranks() of the column started at each depth
        self.budget = -1  # in steps 2 and 3, the pauses a win may use
        self.best_win = -1  # the best score of a win found

    # -- bookkeeping

    def enter(self, d, m):
        """Play `m` at depth `d`, counting the child position as one node."""
        self.nodes += 1
        if self.nodes > self.cutoff:
            raise _Limit
        child = self.stack[d + 1]
        child[:] = self.stack[d]
        rules.apply(child, m)
        self.path[d] = m

    def finish(self, s, d):
        """Score a finished game; keep the line if it is the best so far."""
        v = rules.score(s)
        if v > self.best:
            self.best = v
            self.line = self.path[:d]
        if s[_STATUS] == rules.WON:
            if v > self.best_win:
                self.best_win = v
            if self.budget >= 0:
                raise _Found  # steps 2 and 3 look for a win
        if v >= self.goal:
            raise _Found
        return v

    # -- step 1

    def greedy(self):
        """Play the greedy line (not limited: it is a whole game however small the limit)."""
        from array import array

        buf = array("H", bytes(2 * rules.MAX_MOVES))
        d = 0
        s = self.stack[0]
        while s[_STATUS] == rules.PLAYING:
            n = rules.legal_moves(s, buf)
            best = buf[0]
            key = 1000
            for i in range(n):
                m = buf[i]
                r = m & 7
                a = (m >> 4) & 63
                if m & 8:
                    if a != _NONE:
                        continue
                    k = 100 - s[_ROWVAL + r]
                elif a == _PAUSE:
                    b = m >> 10
                    k = 200 + (b & 7) if b != _NONE else 300 - s[_ROWVAL + r]
                else:
                    k = (a & 7) + 1 - s[_ROWVAL + r]
                if k < key:
                    key = k
                    best = m
            self.nodes += 1
            child = self.stack[d + 1]
            child[:] = s
            rules.apply(child, best)
            self.path[d] = best
            s = child
            d += 1
        self.finish(s, d)

    # -- moves

    def ranks(self, d):
        """The order of the rows in the column of depth `d`, fixed at its first move: the
        rows whose best card raises them least first, a row that cannot play last. Moves
        are tried in this order, and it says which order of commuting moves is kept."""
        s = self.stack[d]
        into = s[_MOVES] % 5
        if into and d >= into:
            return self.order[d - into]
        if into and d:
            return self.order[0]  # the search began in this column: as at its start
        seat = s[_TURN]
        base = _HANDS + seat * s[_HSIZE]
        rise = [9, 9, 9, 9, 9]
        for i in range(base, base + s[_HCOUNT + seat]):
            c = s[i]
            if c != _PAUSE:
                r = c >> 3
                k = (c & 7) + 1 - s[_ROWVAL + r]
                if 0 <= k < rise[r]:
                    rise[r] = k
        rank = bytearray(5)
        for i, r in enumerate(sorted(range(5), key=lambda r: (rise[r], r))):
            rank[r] = i
        rank = bytes(rank)
        self.order[d] = rank
        return rank

    def context(self, d, rank):
        """What the move into depth `d` was and drew, so that of two commuting moves of a
        column only the order with the lower ranked row first is searched (solo only):
        bytes (its row's rank, reset?, drawn card, drawn card, a swap may commute), or b""
        when nothing is skipped."""
        if not self.solo or d == 0:
            return b""
        parent = self.stack[d - 1]
        if parent[_MOVES] % 5 == 4:
            return b""  # it completed a column
        p = self.path[d - 1]
        a = (p >> 4) & 63
        count = parent[_COUNT]
        head = parent[_HEAD]
        t1 = t2 = _ABSENT
        if p & 8:
            if a != _NONE:
                if count < 3:
                    return b""  # the cards put under may come back at once
                t1 = parent[self.ring + head]
                if p >> 10 != _NONE:
                    t2 = parent[self.ring + (head + 1) % self.cap]
            return bytes((rank[p & 7], 1, t1, t2, 1))
        if a == _PAUSE:
            return b""
        if count:
            t1 = parent[self.ring + head]
        return bytes((rank[p & 7], 0, t1, t2, 1 if count >= 3 else 0))

    def moves(self, s, rank, ctx, pauses):
        """The moves worth trying at `s`, best first; pauses: 0 none, 1 only over a card
        (a pause over no card gives up the win), 2 all.

        Skipped, when `ctx` says the last move commutes with them and its row ranks
        higher: the same two moves in the other order were searched from the position
        before. Two plays commute unless the second plays the card the first drew; a
        plain reset commutes with a play; a reset putting cards under commutes with a play
        when neither uses a card the other drew and the deck holds 3 cards or more (so the
        cards put under cannot come back at once)."""
        g = _GRID + s[_MOVES] // 5
        filled = 0
        pending = 1
        for i in range(g, g + 50, 10):
            v = s[i]
            if v == _RESET_CELL:
                pending = 0
            elif v:
                filled += 1
        seat = s[_TURN]
        base = _HANDS + seat * s[_HSIZE]
        hand = s[base : base + s[_HCOUNT + seat]]
        prank = -1
        if ctx:
            prank, preset, t1, t2, swapok = ctx
        plays = []
        if filled < 4:
            for c in hand:
                if c == _PAUSE:
                    continue
                r = c >> 3
                if s[g + r * 10] == 0:
                    rise = (c & 7) + 1 - s[_ROWVAL + r]
                    if rise >= 0 and not (rank[r] < prank and c != t1 and c != t2):
                        plays.append((rank[r], rise, r | c << 4 | 0xFC00))
        plays.sort()
        for _, _, m in plays:
            yield m
        if pending:
            # rows that cannot play first, then the highest
            rows = []
            for r in range(5):
                if s[g + r * 10] or not s[_SUPPLY + r]:
                    continue
                playable = 0
                for c in hand:
                    if c >> 3 == r and (c & 7) + 1 >= s[_ROWVAL + r]:
                        playable = 1
                        break
                rows.append((playable, -s[_ROWVAL + r], r))
            rows.sort()
            rows = [r for _, _, r in rows]
            for r in rows:
                if rank[r] > prank:  # after a play of a higher row: tried before it
                    yield r | 0xFFF8
            if s[_COUNT]:
                low = -1
                drawn = _ABSENT
                if prank >= 0 and swapok:
                    low = prank
                    drawn = t1
                yield from self.swaps(s, hand, rows, rank, low, drawn)
        if pauses and filled < 4 and _PAUSE in hand:
            empty = s[_COUNT] == 0
            for r in range(5):
                if s[g + r * 10] == 0:
                    if empty:
                        for b in hand:
                            if b >> 3 == r:
                                yield r | _PAUSE << 4 | b << 10
                    if pauses == 2:
                        yield r | _PAUSE << 4 | 0xFC00

    def swaps(self, s, hand, rows, rank, low, drawn):
        """Resets that put cards under the deck, those least needed soon first. In a row
        ranked below `low`, only those putting under `drawn` (the card the last play drew):
        the others commute with that play."""
        keep = {}
        for c in set(hand):
            if c == _PAUSE:
                k = 60
            else:
                r = c >> 3
                n = (c & 7) + 1
                v = s[_ROWVAL + r]
                if n >= v:
                    k = 50 - (n - v)  # playable: keep the closest
                elif s[_SUPPLY + r] == 0:
                    k = 0  # never playable again
                else:
                    k = 20 - n  # playable after a reset: keep the lowest
            keep[c] = k
        distinct = sorted(set(hand))
        out = []
        for r in rows:
            commute = rank[r] < low
            for a in distinct:
                if not (commute and a != drawn):
                    out.append((keep[a] + 30, r | 8 | a << 4 | 0xFC00))
                for b in distinct:
                    if b == a and hand.count(a) < 2:
                        continue
                    if commute and a != drawn and b != drawn:
                        continue
                    out.append((keep[a] + keep[b], r | 8 | a << 4 | b << 10))
        out.sort()
        for _, m in out:
            yield m

    # -- steps 2 and 3

    def win_search(self, d):
        """Depth-first search for a win with at most `budget` pauses (0: a clean win),
        cutting positions the relaxation rules out; _Found ends it."""
        s = self.stack[d]
        if s[_STATUS] != rules.PLAYING:
            self.finish(s, d)
            return
        budget = self.budget - self.unused + _unused(s)  # the pauses still allowed
        if budget:
            if budget < 0 or self.relax.win_pauses(s, budget) > budget:
                return
        elif not self.relax.clean_win(s):
            return
        rank = self.ranks(d)
        ctx = self.context(d, rank)
        key = bytes(s) + rank + ctx
        if key in self.seen:
            return
        for m in self.moves(s, rank, ctx, 1 if budget > 0 else 0):
            self.enter(d, m)
            self.win_search(d + 1)
        self.seen[key] = 0

    # -- step 4

    def bound(self, s, floor):
        """An upper bound of the score of a loss from `s`, for a search that needs more
        than `floor` (the parts that cannot beat it are not worked out)."""
        plain = 0
        for i in range(_GRID, _GRID + 50):
            if s[i] == _PAUSE_CELL:
                plain += 1
        unused = _unused(s)
        # a loss keeping `left` pauses scores its bonus and at most 49 cards (50 less the
        # pauses over no card if there are some); work out only the ends that could beat
        # `floor`
        best = -1
        ends = []
        placed = 50 - max(1, plain)
        for left in range(unused + 1):
            cap = placed + _BONUS_LOST[left]
            if cap > floor:
                ends.append(left)
            elif cap > best:
                best = cap
        if not ends:
            return best
        c = s[_MOVES] // 5
        stuck = self.relax.stuck(s, unused - ends[0])
        # Solo, once the deck is empty a loss keeping a pause (in the hand, then) can
        # only be stuck on a reset: with a pause in hand and a slot for it, a move is left.
        count = s[_COUNT]
        plays = 4 - self.relax.filled
        if not self.solo:
            empty = 10
        elif count == 0:
            empty = c
        else:
            empty = c + 1 + max(0, count - plays + 3) // 4
        for k, fewest, four, most in stuck:
            if k < 10:
                cards = min(49, 5 * k + most) - plain
            else:  # every slot filled, one at least by a pause over no card
                cards = 50 - max(1, plain)
                if not plain:
                    fewest = max(1, fewest)
            for left in ends:
                used = unused - left
                if used < fewest or (left and empty <= k < 10 and four > used):
                    continue
                if cards + _BONUS_LOST[left] > best:
                    best = cards + _BONUS_LOST[left]
        return best

    def bnb(self, d):
        """Search below depth `d` for a line scoring `goal`, cutting positions that cannot
        beat both the best line found and `goal` - 1; return an upper bound of the best
        score below. Wins need not be counted: step 3 found the best one."""
        s = self.stack[d]
        if s[_STATUS] != rules.PLAYING:
            return self.finish(s, d)
        floor = self.goal - 1 if self.goal - 1 > self.best else self.best
        ub = self.bound(s, floor)
        if ub <= floor:
            return ub
        rank = self.ranks(d)
        ctx = self.context(d, rank)
        key = bytes(s) + rank + ctx
        got = self.seen.get(key)
        if got is not None and got <= floor:
            return got
        high = -1
        for m in self.moves(s, rank, ctx, 2):
            self.enter(d, m)
            v = self.bnb(d + 1)
            if v > high:
                high = v
        if high > ub:
            high = ub
        self.seen[key] = high
        return high


def solve(deck, pauses, players=1, start=0, limit=LIMIT):
    """The best line found for the deal `deck` (top card first) with `pauses` pauses,
    `players` seats and `start` the starting seat, within `limit` nodes (see the module
    docstring). The line replays with Game(players, pauses, deck=deck, start=start)."""
    return _solve(rules.new_state(players, pauses, deck, start), limit)


def solve_from(state, limit=LIMIT):
    """`solve` from any position (a rules state, bytes or bytearray; left unchanged):
    the line starts there."""
    return _solve(bytearray(state), limit)


def _solve(s0, limit):
    """`solve` from any position `s0` (the line starts there)."""
    search = _Search(s0, limit)
    pauses = search.unused
    exact = False
    try:
        search.greedy()
        if search.nodes >= limit:
            raise _Limit
        # step 2, then 3: a win with no more pause, 1, 2, ... (each scoring less); the
        # first found is the best win. They may take 3/4 of the nodes: if they are cut,
        # step 4 still looks for a better loss, but the answer is not exact.
        exact = True
        search.cutoff = search.nodes + (limit - search.nodes) * 3 // 4
        try:
            for budget in range(pauses + 1):
                if search.best_win >= rules.SLOTS + _BONUS_WON[pauses - budget]:
                    break  # a win as good is known
                search.budget = budget
                search.seen = {}
                try:
                    search.win_search(0)
                except _Found:
                    break
        except _Limit:
            exact = False
        # step 4: no line scores more than `goal`; search for one scoring it, and when
        # there is none, for one scoring the new bound the search returns. A search
        # taking half the nodes left is given up for a goal 5 lower (a column's worth of
        # cards), and the answer is then not exact.
        search.budget = -1
        search.seen = {}
        goal = search.bound(search.stack[0], search.best)
        while search.best < goal:
            search.goal = goal
            search.cutoff = search.nodes + (limit - search.nodes) // 2
            try:
                goal = min(goal - 1, search.bnb(0))
            except _Found:
                break
            except _Limit:
                exact = False
                if search.nodes >= limit:
                    break
                goal -= 5
    except _Limit:  # only the greedy line fits
        exact = False
    s = bytearray(s0)
    for m in search.line:
        rules.apply(s, m)
    won = rules.status(s) == rules.WON
    return Solution(search.best, won, exact, list(search.line), search.nodes, search.best_win >= 0)


# -- the command ---------------------------------------------------------------------


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--pauses", type=int, default=2)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--limit", type=int, default=LIMIT)
    ap.add_argument("--verbose", action="store_true", help="a line for each deal")
    args = ap.parse_args(argv)
    wins = winnable = exact = total = nodes = 0
    t0 = time.perf_counter()
    for seed in range(args.first, args.first + args.deals):
        t = time.perf_counter()
        sol = solve(seeded_deck(seed, args.pauses), args.pauses, args.players, 0, args.limit)
        wins += sol.won
        winnable += sol.winnable
        exact += sol.exact
        total += sol.score
        nodes += sol.nodes
        if args.verbose:
            print(seed, sol, "%.3f s" % (time.perf_counter() - t), flush=True)
    n = args.deals
    print(
        "deals %d  players %d  pauses %d  limit %d: won %d (%.1f%%, winnable %d), mean score %.2f, "
        "exact %.1f%%, mean %.0f nodes, %.3f s a deal"
        % (
            n,
            args.players,
            args.pauses,
            args.limit,
            wins,
            100 * wins / n,
            winnable,
            total / n,
            100 * exact / n,
            nodes / n,
            (time.perf_counter() - t0) / n,
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
