"""The hint engine: a full move for the seat on turn, from what that seat sees.

    suggest(view, budget=BUDGET, seed=0, buf=None) -> move (an int, see `moves`)

`view` is a level10.view.View of the seat on turn (`view.seat_view(game, talk)`).

How it thinks. The rule-of-thumb player (`heuristic`) proposes a move, and a few
alternatives where its rules are least sure: the column's reset in another row, the
same reset with fewer cards put under or keeping the second card it would put under,
the reset now instead of a play, a pause.
Then, again and again, the unseen cards are dealt at random in a way that agrees
with everything the seat knows (`sight`), and each candidate is played out by the
rule-of-thumb player on that same deal: solo while the deck has cards, to the end of
the next column, where the outlook table (`outlook`) forecasts the rest; otherwise to
the end of the game. When the budget buys only a few deals, only the proposal and the
best alternative so far play on after the first quarter of it. Each play-out is worth
its score and a large bonus for a win. Every candidate meets the same deals, so luck
cancels out between them, and the proposal keeps its place unless an alternative is
surely better: solo, by more than the spread of its gains from deal to deal allows
for; teammates, by a fixed lead. Solo, once the deck is empty, nothing is hidden: the
search then looks through every line for the best win.

The budget counts simulated moves (each move applied to an imagined game; a forecast
by the outlook counts as one), so a hint is the same on every machine: same game,
budget and seed, same move. BUDGET is about one second on a Pico (docs/hint-engine.md).

Only what the seat sees is used, by construction: the view holds its own hand, the
grid, the supplies, the counts of cards in the deck and in each hand, the cards it put
under the deck itself, and what teammates said (`view.talk`, see level10.talk); the
deck order and the other hands are not in it.
"""

from array import array

from compat import const
from level10 import heuristic, outlook
from level10.rules import (
    AT_COUNT,
    AT_GRID,
    AT_HANDS,
    AT_HCOUNT,
    AT_HSIZE,
    AT_MOVES,
    AT_PAUSES,
    AT_PLAYERS,
    AT_STATUS,
    AT_SUPPLY,
    AT_TURN,
    BONUS_WON,
    MAX_MOVES,
    PAUSE,
    PLAYING,
    SLOTS,
    WON,
    apply,
    legal_moves,
    score,
    tally,
)
from level10.sight import Sight
from prng import Prng

# The tuned constants below are explained, with how they were measured, in
# docs/hint-engine.md.

# Simulated moves per hint: about a second of thought on a Pico (docs/device.md has the
# speed; `python -m tools.bench ai` measures it).
BUDGET = const(500)
_MAX_CANDIDATES = const(6)
# Solo, an alternative replaces the proposal only when it is surely better: its mean gain
# over the proposal on the same deals, less _SURE / 10 standard errors of that mean, must
# be above nothing (the best such alternative wins). A few deals make a small gain more
# often luck than a better move, and how much luck depends on the position, so the bar is
# measured in each search. With nothing hidden one deal tells all and any gain counts.
_SURE = const(15)
# Teammates keep a fixed bar: an alternative's total must beat the proposal's by this
# much (a won play-out counts _WIN_BONUS + its score).
LEAD = const(200)
# Few deals: when 1/_PART of the budget is spent within the first _FEW_DEALS deals, only
# the proposal and the best alternative so far play on: two or three more deals between
# two moves decide better than a few among six.
_FEW_DEALS = const(4)
_PART = const(4)
_WIN_BONUS = const(100)  # a won play-out counts this much above its score
# Solo, while the deck has cards, a play-out stops at the end of the column _LOOK_COLUMNS
# after this one and the outlook table (level10.outlook) judges the rest: the average of
# many games instead of one, so the same budget compares candidates with far less luck.
# A forecast costs about as much as a simulated move, so it counts as _LOOK_COST of them.
_LOOK_COLUMNS = const(1)
_LOOK_COST = const(1)
_ENDGAME_MOVES = const(32)  # legal moves a position can have once the deck is empty

# What the last suggest() computed, read by the tests and the bench only: simulated moves,
# candidates (the proposal first), and each candidate's summed value and gain over the
# proposal (empty when no play-out was needed).
last_sims = 0
last_candidates = 0
last_moves = []  # type: list[int]
last_totals = []  # type: list[int]
last_gains = []  # type: list[int]


def suggest(view, budget=BUDGET, seed=0, buf=None):
    """The hinted move for the seat on turn, from its level10.view.View. `buf`: an
    array('H') of rules.MAX_MOVES to list the legal moves in, lent by a caller that has
    one (the Game's: they are the same moves), so a hint allocates no second one."""
    global last_sims, last_candidates, last_moves, last_totals, last_gains
    s = view.state
    if s[AT_STATUS] != PLAYING:
        raise ValueError("the game is over")
    seat = view.seat
    if seat != s[AT_TURN]:
        raise ValueError("a hint is for the seat on turn")
    if buf is None:
        buf = array("H", bytes(2 * MAX_MOVES))
    n = legal_moves(s, buf)
    last_sims = 0
    last_candidates = 1
    last_totals = last_gains = []
    avoid_reset, avoid_play = _asked(view.talk, seat)
    first = heuristic.choose(view, avoid_reset, avoid_play)
    last_moves = [first]
    if n == 1:
        return buf[0]
    cands = _candidates(s, seat, first, buf, n)
    last_candidates = len(cands)
    last_moves = cands
    if len(cands) == 1:
        return first
    if not s[AT_COUNT] and s[AT_PLAYERS] == 1:
        # the deck is empty: every card is in sight, so search the rest of the game
        m = _endgame(s, cands, budget)
        if m >= 0:
            return m
    sight = Sight(view)
    k = len(cands)
    total = last_totals = [0] * k  # in sixteenths of a point, the outlook's unit
    gain = last_gains = [0] * k  # sums over the deals of a candidate's value less the proposal's ...
    gain2 = [0] * k  # ... and of its squares, in quarter points (below 2**30 for 1,000 deals)
    alive = bytearray(b"\x01" * k)  # 0 once dropped (not a total below 0: forecasts can be)
    rng = Prng((seed * 50 + s[AT_MOVES]) & 0x3FFFFFFF)
    deal = bytearray(s)
    t = bytearray(s)
    used = 0
    deals = 0
    halved = False
    v0 = 0  # the proposal's value on this deal (it plays first, and is never dropped)
    stop = SLOTS
    if s[AT_PLAYERS] == 1 and s[AT_COUNT]:
        stop = (s[AT_MOVES] // 5 + 1 + _LOOK_COLUMNS) * 5
    while used < budget:
        sight.deal(rng, deal)
        deals += 1
        for i in range(k):
            if not alive[i]:
                continue  # dropped
            t[:] = deal
            apply(t, cands[i])
            used += 1 + heuristic.play_out(t, stop)
            if t[AT_STATUS] == PLAYING:  # stopped: the outlook judges the rest
                used += _LOOK_COST
                v = outlook.value(t)
            else:
                v = (score(t) + (_WIN_BONUS if t[AT_STATUS] == WON else 0)) << 4
            total[i] += v
            if i:
                d = (v - v0) >> 2
                gain[i] += d
                gain2[i] += d * d
            else:
                v0 = v
        if not sight.hidden:
            break  # nothing unseen: one deal tells all
        if deals <= _FEW_DEALS and used * _PART >= budget and not halved:
            _halve(total, alive)
            halved = True
    last_sims = used
    if s[AT_PLAYERS] == 1:
        return cands[_surest(alive, gain, gain2, deals, sight.hidden)]
    best = 0
    lead = LEAD << 4
    for i in range(1, k):
        if alive[i] and total[i] > total[best] + lead:
            best = i
            lead = 0
    return cands[best]


def _surest(alive, gain, gain2, deals, hidden):
    """The index of the alternative surely better than the proposal (see _SURE), else 0.

    Per deal, n of them, an alternative gains d over the proposal; with S and Q the sums
    of d and d*d, n * its mean less z standard errors of the mean is S - z * sqrt(Q - S*S/n),
    compared here times ten (z = _SURE / 10) in integers."""
    if deals < 2 and hidden:
        return 0  # one deal of several possible tells nothing of the spread
    best = 0
    top = 0
    for i in range(1, len(alive)):
        if not alive[i]:
            continue  # dropped
        g = gain[i]
        m = 10 * g - _SURE * _isqrt(gain2[i] - g * g // deals)
        if m > top:
            top = m
            best = i
    return best


def _isqrt(n):
    """The integer square root of n >= 0 (Newton's method: no floats in the engine)."""
    if n < 2:
        return n
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def _halve(total, alive):
    """Keep the proposal and the alternative with the best total (the first of equals);
    mark the rest dropped in `alive`."""
    best = -1
    for i in range(1, len(total)):
        if alive[i] and (best < 0 or total[i] > total[best]):
            best = i
    for i in range(1, len(total)):
        if i != best:
            alive[i] = 0


def _endgame(s, cands, budget):
    """With nothing hidden (solo, deck empty) look for the best win, depth first; the
    move that starts it, or -1 if there is none or the budget ran out (the play-outs
    then choose, by score)."""
    global last_sims
    # hands hold at most 10 cards and nothing goes under an empty deck, so a position has
    # at most 10 plays + 5 pauses + 10 buried cards + 5 resets = 30 moves
    depth = 50 - s[AT_MOVES]
    stack = [bytearray(s) for _ in range(depth + 1)]
    lists = [array("H", bytes(2 * _ENDGAME_MOVES)) for _ in range(depth)]
    left = [budget]
    best_m = -1
    best_v = -1
    for m in cands:  # the proposal first: a budget cut short still prefers it
        t = stack[1]
        t[:] = s
        apply(t, m)
        left[0] -= 1
        v = _best(stack, lists, 1, left)
        if left[0] < 0:
            return -1
        if v > best_v:
            best_v = v
            best_m = m
    last_sims = budget - left[0]
    return best_m if best_v >= _WIN_BONUS else -1


def _best(stack, lists, d, left):
    """The best value (score, plus the win bonus) of a win reachable from stack[d], or
    a value below the win bonus when there is none.

    With the deck empty nothing is drawn, so the order in which a column's slots are
    filled changes nothing but the order: only moves into the column's first empty row
    are tried. When that row can take nothing, the column can never be completed."""
    t = stack[d]
    if t[AT_STATUS] != PLAYING:
        return score(t) + (_WIN_BONUS if t[AT_STATUS] == WON else 0)
    g = AT_GRID + t[AT_MOVES] // 5
    row = 0
    while t[g + row * 10]:
        row += 1
    buf = lists[d]
    n = legal_moves(t, buf)
    best = 0
    u = stack[d + 1]
    for i in range(n):
        m = buf[i]
        if m & 7 != row:
            continue
        if left[0] <= 0:
            left[0] = -1
            return best
        u[:] = t
        apply(u, m)
        left[0] -= 1
        v = _best(stack, lists, d + 1, left)
        if v > best:
            best = v
            if v >= _WIN_BONUS + 50 + BONUS_WON[t[AT_PAUSES] - tally(t)[2]]:
                break  # a win keeping every pause still held: nothing beats it
    return best


def _asked(talk, seat):
    """Bit masks of rows teammates asked to reset / to play in (left to them)."""
    if talk is None:
        return 0, 0
    return talk.wanted(seat)


def _candidates(s, seat, first, buf, n):
    """The proposal and a few alternatives, all legal, without repeats."""
    out = [first]
    heuristic.mark_placed(s)
    k = heuristic.survey(s, seat)
    held_pauses = k & 15
    filled = (k >> 4) & 15
    has_reset = k >> 8
    g = AT_GRID + s[AT_MOVES] // 5
    if not has_reset:
        if first & 8:
            row = first & 7
            # the same reset, nothing put under (the rule resets only when no other row
            # can take a card, so there is no playing on instead)
            _add(out, row | 0xFFF8, buf, n)
        else:
            row = heuristic.reset_row(s)
            if row >= 0:
                _add(out, heuristic.dumps(s, seat, row), buf, n)  # the reset now
        if row >= 0 and s[AT_COUNT]:
            # the same reset keeping the rule's second choice: its first and third go under
            # (while the deck has cards every hand keeps its size, so it holds a first)
            k = heuristic.ranked(s, seat, row)
            _add(out, row | 8 | (k & 63) << 4 | ((k >> 12) & 63) << 10, buf, n)
        # the reset in the other rows, best wanted first
        for _ in range(2):
            best = -(1 << 20)
            r_best = -1
            for r in range(5):
                if s[g + r * 10] or not s[AT_SUPPLY + r] or _has_reset_in(out, r):
                    continue
                d = heuristic.reset_desire(s, r)
                if d > best:
                    best = d
                    r_best = r
            if r_best >= 0:
                _add(out, heuristic.dumps(s, seat, r_best), buf, n)
    if held_pauses and filled < 4 and not s[AT_COUNT]:
        # deck empty: a pause burying a held card of the row, in the rows that have one
        base = AT_HANDS + seat * s[AT_HSIZE]
        for i in range(base, base + s[AT_HCOUNT + seat]):
            c = s[i]
            if c != PAUSE:
                _add(out, (c >> 3) | (PAUSE << 4) | (c << 10), buf, n)
    if len(out) > _MAX_CANDIDATES:
        out = out[:_MAX_CANDIDATES]
    return out


def _has_reset_in(out, r):
    for m in out:
        if m & 8 and m & 7 == r:
            return True
    return False


def _add(out, m, buf, n):
    if len(out) >= _MAX_CANDIDATES or m in out:
        return
    for i in range(n):
        if buf[i] == m:
            out.append(m)
            return
