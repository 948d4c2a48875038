"""How far a hand is from laying out its level: the fewest cards it lacks.

A bot reads its hand into one profile (`load`): the number cards per number 1..15, the
colours held of each number, the cards per colour, and the free wilds. `short(reqs)` is
the fewest cards the hand lacks for the level `reqs`, over every way to aim at it (each
run's window of numbers, each set's number, the colour group's colour), wilds not
counted: the hand can lay the level out when `short(reqs) <= wilds`. `add` changes the
profile by one card, so a bot asks "and without this card?" or "and with that one?"
without reading the hand again.

Why this and not the meld finder: a bot asks this question hundreds of times a decision,
and it needs the answer for hands that cannot lay out yet. A requirement asks for cards
by number (runs, sets) or by colour; cards of one number are alike for the first, so the
lack is the sum over numbers of what is asked beyond what is held, except that a card
asked for by number and by the colour group goes where it is short. Sets alone depend
only on how many cards each number has, so only the best-held numbers are tried.
Nothing here allocates.
"""

from compat import const
from level8 import cards
from level8.levels import COLOUR, RUN, SET

_N = const(15)
_BIG = const(99)

cnt = bytearray(_N + 2)  # number cards per number (index 1..15)
bits = bytearray(_N + 2)  # the colours held of each number, bit c for colour c
col = bytearray(cards.N_COLOURS)  # number cards per colour
_d = bytearray(_N + 2)  # cards asked for per number by the requirements chosen so far
_SLOTS = const(6)  # best-held numbers tried for levels of sets alone
_top = bytearray(_SLOTS)  # their counts
_topn = bytearray(_SLOTS)  # ... and their numbers
_load = bytearray(_SLOTS)  # cards asked of each of them
_pick = bytearray(4)  # per requirement: the run's lowest number, the set's number (or place), the colour
_per = bytearray(cards.N_COLOURS)  # cards of each colour the numbers take
_taken = [0] * cards.N_COLOURS  # ... and their numbers, bit n
_MAX_AIMS = const(8)
aims = bytearray(4 * _MAX_AIMS)  # best ways to aim, 4 bytes each: _pick for each requirement
found = [0]  # how many of them `aims` holds
gaps = [0, 0]


def load(hand):
    """Read `hand` (card codes; Skips and unseen bytes are ignored) into the profile;
    return its free wilds."""
    for i in range(_N + 2):
        cnt[i] = 0
        bits[i] = 0
    for i in range(cards.N_COLOURS):
        col[i] = 0
    w = 0
    for c in hand:
        if c < cards.N_NUMBER_CARDS:
            add(c, 1)
        elif c == cards.WILD:
            w += 1
    return w


def add(c, k):
    """Put number card c into the profile (k = 1) or take it out (k = -1)."""
    n = c % _N + 1
    cnt[n] += k
    b = 1 << (c // _N)
    bits[n] = bits[n] | b if k > 0 else bits[n] & ~b
    col[c // _N] += k


def short(reqs, marks=False):
    """The fewest cards the profile lacks to lay out `reqs`, wilds not counted (colour
    groups listed last, as every printed level does). `aims` then holds the first best
    way to aim at it found (`found[0]` is 1), per requirement a run's lowest number, a
    set's number or a group's colour. With `marks`, every best way is searched: `aims`
    holds the first _MAX_AIMS of them, and `gaps[0]` gets bit n for each number n one more
    card of which would lower the lack, `gaps[1]` bit c for each such colour c (each is a
    gap in one of the best ways, and only such a card lowers the lack)."""
    gaps[0] = 0
    gaps[1] = 0
    found[0] = 0
    sets = True
    for r in reqs:
        if r[0] != SET:
            sets = False
    if sets:
        return _sets(reqs, marks)
    return _go(reqs, 0, 0, 0, _BIG, 1 if marks else 0)


def _leaf(k, m, best, g, gc):
    """A way to aim (`_pick` for k requirements) with lack m <= best, gaps g (numbers) and
    gc (colours): keep it among the best; the best lack."""
    if m < best:
        found[0] = 0
        gaps[0] = 0
        gaps[1] = 0
    gaps[0] |= g
    gaps[1] |= gc
    j = found[0]
    if j < _MAX_AIMS:
        for i in range(k):
            aims[4 * j + i] = _pick[i]
        found[0] = j + 1
    return m


def _sets(reqs, marks):
    """Sets alone: assign each requirement to one of the best-held numbers (several may
    share one), every way. A short number's count marks every number held as often: any
    of them can take its place."""
    k = len(reqs)
    slots = k
    if marks:  # numbers held as often as the best k are other best ways to aim
        slots = k + 2 if k + 2 < _SLOTS else _SLOTS
    for j in range(slots):
        _top[j] = 0
        _load[j] = 0
    for n in range(1, _N + 1):
        v = cnt[n]
        j = slots - 1
        if v <= _top[j]:
            continue
        while j > 0 and _top[j - 1] < v:
            _top[j] = _top[j - 1]
            _topn[j] = _topn[j - 1]
            j -= 1
        _top[j] = v
        _topn[j] = n
    n = 1
    for j in range(slots):  # numbers the hand has none of, for the places left empty
        if not _top[j]:
            while cnt[n]:
                n += 1
            _topn[j] = n
            n += 1
    best = _assign(reqs, slots, 0, 0, 0, _BIG, 1 if marks else 0)
    for j in range(found[0]):
        for i in range(4 * j, 4 * j + k):
            aims[i] = _topn[aims[i]]
    if marks:
        short_counts = gaps[0]
        g = 0
        for n in range(1, _N + 1):
            if short_counts >> cnt[n] & 1:
                g |= 1 << n
        gaps[0] = g
    return best


def _assign(reqs, slots, i, m, g, best, marks):
    if m >= best + marks:
        return best
    if i == len(reqs):
        return _leaf(i, m, best, g, 0)
    size = reqs[i][1]
    j = _pick[i - 1] if i and reqs[i - 1][1] == size else 0
    while j < slots:
        t = _top[j]
        was = _load[j]
        now = was + size
        extra = (now - t if now > t else 0) - (was - t if was > t else 0)
        _load[j] = now
        _pick[i] = j
        best = _assign(reqs, slots, i + 1, m + extra, g | (1 << t) if now > t else g, best, marks)
        _load[j] = was
        j += 1
    return best


def _go(reqs, i, m, g, best, marks):
    """Runs and sets by number, then the colour groups (the printed levels list them
    last). `marks` is 1 to find every best way (a way as good as the best is searched
    on), 0 to find the best lack only."""
    if m >= best + marks:
        return best
    if i == len(reqs):
        return _leaf(i, m, best, g, 0)
    kind, size = reqs[i]
    if kind == COLOUR:
        return _colour(reqs, i, m, g, best, marks)
    same = i and reqs[i - 1] == reqs[i]
    if kind == RUN:
        for a in range(_pick[i - 1] if same else 1, _N + 2 - size):
            extra = 0
            more = g
            for n in range(a, a + size):
                _d[n] += 1
                if _d[n] > cnt[n]:
                    extra += 1
                    more |= 1 << n
            _pick[i] = a
            best = _go(reqs, i + 1, m + extra, more, best, marks)
            for n in range(a, a + size):
                _d[n] -= 1
        return best
    for n in range(_pick[i - 1] if same else 1, _N + 1):
        was = _d[n]
        now = was + size
        c = cnt[n]
        extra = (now - c if now > c else 0) - (was - c if was > c else 0)
        _d[n] = now
        _pick[i] = n
        best = _go(reqs, i + 1, m + extra, g | (1 << n) if now > c else g, best, marks)
        _d[n] = was
    return best


def _colour(reqs, i, m, g, best, marks):
    """The colour groups reqs[i:], given what the requirements before ask by number: a card
    of the group's colour goes to its number when the number is short without it. One
    group (every level of the card games) is exact, each colour a way to aim; more take
    distinct colours, the largest group first (the board game's two-star level 6, which
    no bot plays)."""
    for c in range(cards.N_COLOURS):
        _per[c] = 0
        _taken[c] = 0
    for n in range(1, _N + 1):
        if _d[n] and _d[n] >= cnt[n] and bits[n]:
            b = bits[n]
            for c in range(cards.N_COLOURS):
                if b >> c & 1:
                    _per[c] += 1
                    _taken[c] |= 1 << n
    if i + 1 == len(reqs):
        size = reqs[i][1]
        for c in range(cards.N_COLOURS):
            have = col[c] - _per[c]
            x = m + (size - have if size > have else 0)
            if x < best + marks:
                _pick[i] = c
                # short of colour c: one more card of it, or of a number that takes a
                # card of it, fills the gap
                best = _leaf(i + 1, x, best, g | _taken[c], 1 << c) if size > have else _leaf(i + 1, x, best, g, 0)
        return best
    taken = 0
    while i < len(reqs):
        size = reqs[i][1]
        low = _BIG
        at = 0
        for c in range(cards.N_COLOURS):
            if taken >> c & 1:
                continue
            have = col[c] - _per[c]
            x = size - have if size > have else 0
            if x < low:
                low = x
                at = c
        taken |= 1 << at
        _pick[i] = at
        m += low
        i += 1
    if m >= best + marks:
        return best
    return _leaf(i, m, best, g, taken)
