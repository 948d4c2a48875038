"""LEVEL 8 bots in three strengths, and the hint: what a seat does next, from its view alone.

`play(v, strength)` takes the view of the seat on turn (`level8.view`: every hidden byte
blanked) and returns the moves it makes now, in order: one draw (or its skipped turn, or
its keep choices, or NEXT), or the rest of its turn (laying out, adding cards, the discard
or the Skip it gives). It tries them on its own copy of the view, so it cannot use what
its seat does not see, and it uses no generator: the same view gives the same moves.
`hint(v)` is the strongest bot's moves for the human seat.

The strengths (`STRENGTHS`, named on the new-game screen; `_FEATURES` says what each does):
- Easy draws from the draw pile unless a discard top lets it lay out at once, lays out
  as `need` first aims, adds every card that fits (wilds too), discards the card
  that shares least with its hand, and gives a Skip to the next seat;
- Medium also takes a top that lowers the cards it lacks for its level (`level8.need`)
  or, laid out, one that fits a laid combination, discards the card whose loss leaves the
  fewest lacking, and gives a Skip to the seat nearest to winning;
- Hard (the hint) also weighs a discard by the unseen cards that would close a gap, keeps
  back what a laid-out opponent could add or what goes with cards an opponent was seen
  taking, lays out the best way to aim that leaves it the fewest cards the table cannot
  take, adds chains first, bridges a run's one-card gap with a wild and keeps its other
  wilds until it goes out, and, laid out, discards the card farthest from a laid run's
  end.
docs/level8-bots.md says how each was measured.
"""

from compat import const
from level8 import cards, need, rules
from level8.levels import COLOUR, RUN, SET
from level8.rules import (
    DRAW,
    GROUPS_PER_SEAT,
    K_ADD,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_NEXT,
    K_SKIPPED,
    K_TAKE,
    KEEP,
    NONE,
    OVER,
    PLAY,
    move,
)

STRENGTHS = ("Easy", "Medium", "Hard")
HARD = 2

# What each strength does beyond the simplest play (bits of _FEATURES[strength]).
_TAKE_FIT = const(1)  # laid out: take a discard top that fits a laid combination
_TAKE_NEAR = const(2)  # not laid out: take a top that lowers the cards lacking (else only one that lays out)
_DRAW_SHED = const(4)  # laid out or able to: take the top that lets it add the most cards, chains included
_LACK = const(8)  # discard the card whose loss leaves the fewest lacking (else the one sharing least)
_OUTS = const(16)  # ... then the one leaving the most unseen cards that close a gap
_FEED = const(32)  # ... and not a card a laid-out opponent could add
_LAYOUT = const(64)  # lay the best way to aim that leaves the fewest cards the table cannot take
WILDS = const(128)  # adds chains first, a wild bridges a run's gap, other wilds wait for going out
_GAP = const(256)  # laid out: discard the card farthest from a laid run's end
_THREAT = const(512)  # give a Skip to the seat nearest to winning (else the next seat)
_KEEP_NEED = const(1024)  # keep the cards that leave the fewest lacking (L8-9)
_MEDIUM = const(_TAKE_FIT | _TAKE_NEAR | _LACK | _THREAT)
_FEATURES = [0, _MEDIUM, _MEDIUM | _DRAW_SHED | _OUTS | _FEED | _LAYOUT | WILDS | _GAP | _KEEP_NEED]

_W = cards.WILD
_S = cards.SKIP
_NC = cards.N_NUMBER_CARDS
_vis = bytearray(_NC)  # 1: the number card is seen by the seat (anywhere)
_unseen = bytearray(17)  # number cards of each number 1..15 the seat does not see
_lo = bytearray(4 * rules.MAX_PLAYERS + 4)  # the laid runs' ends (a light model of the table)
_hi = bytearray(4 * rules.MAX_PLAYERS + 4)
_model = [0, 0, 0]  # runs, set numbers (bit n), colours (bit c)
# Discard keys (lower goes): a card lacking weighs more than any number of chances (the
# chances of a hand that lacks more are not comparable), not feeding a laid-out opponent
# more than a few; docs/level8-bots.md has the games that chose these.
_LACK_COST = const(1000)
_OUTS_COST = const(4)
_FEED_COST = const(60)
_FEED_SEEN_COST = const(10)


def play(v, strength=0):
    """The moves the seat on turn makes now, from its view `v` (a bytearray it may keep)."""
    strength = _FEATURES[strength]
    seat = rules.turn(v)
    ph = rules.phase(v)
    if ph == OVER:
        return [move(K_NEXT)]
    if ph == KEEP:
        return _keep(v, seat, strength)
    if ph == DRAW:
        if rules.skipped(v, seat):
            return [move(K_SKIPPED)]
        return [_draw(v, seat, strength)]
    if ph != PLAY:
        return []
    return _turn(bytearray(v), seat, strength)


def hint(v):
    """The strongest bot's moves for the seat on turn (the human's), from its view."""
    return play(v, HARD)


# -- what the seat sees ------------------------------------------------------------


def _scan(v, seat):
    """Mark every number card the seat sees (its hand, the tops, the combinations, the
    cards seen taken), read place by place, never from what hidden bytes hold; return the
    unseen wilds."""
    for i in range(_NC):
        _vis[i] = 0
    w = 0
    for p in range(rules.players(v)):
        h = rules.hand(v, p)
        for i in range(len(h) if p == seat else rules.known(v, p)):
            w += _see(h[i])
        w += _see(rules.pile_top(v, p))
        for c in rules.section(v, rules.FRONT + p):  # the board game's jokers wait in one
            w += _see(c)
        for r in range(GROUPS_PER_SEAT):
            for c in rules.group(v, p, r):
                w += _see(c)
    for n in range(1, 16):
        u = 0
        for k in range(n - 1, _NC, 15):
            u += 1 - _vis[k]
        _unseen[n] = u
    return cards.WILDS[rules.game(v)] - w


def _see(c):
    """Mark number card c seen; 1 for a wild."""
    if c < _NC:
        _vis[c] = 1
        return 0
    return 1 if c != NONE and cards.is_wild(c) else 0


def _outs(wilds):
    """Unseen cards that would close a gap `need.short(..., True)` marked, plus `wilds` (the
    unseen wilds)."""
    g = need.gaps[0]
    gc = need.gaps[1]
    o = wilds
    for n in range(1, 16):
        if g >> n & 1:
            o += _unseen[n]
    if gc:
        for c in range(cards.N_COLOURS):
            if gc >> c & 1:
                for k in range(c * 15, c * 15 + 15):
                    if not _vis[k] and not g >> (k - c * 15 + 1) & 1:
                        o += 1
    return o


def _laid_slots(v):
    """Bits of the group slots laid out on the table."""
    out = 0
    for slot in range(rules.players(v) * GROUPS_PER_SEAT):
        if rules.group_count(v, slot) and rules.laid(v, slot // GROUPS_PER_SEAT):
            out |= 1 << slot
    return out


def _kind(v, slot):
    return rules.reqs(v, slot // GROUPS_PER_SEAT)[slot % GROUPS_PER_SEAT][0]


def _fits_laid(v, slots, c):
    """A laid slot number card c extends, or -1."""
    for slot in range(rules.players(v) * GROUPS_PER_SEAT):
        if slots >> slot & 1 and rules.fits(v, slot, c):
            return slot
    return -1


# -- a light model of the laid combinations, to count the cards a hand could add -------


def _load_model(v, slots, layout, reqs):
    """The laid groups of `slots`, plus `layout` (groups for `reqs`) when given."""
    _model[0] = 0
    _model[1] = 0
    _model[2] = 0
    for slot in range(rules.players(v) * GROUPS_PER_SEAT):
        if slots >> slot & 1:
            g = rules.group(v, slot // GROUPS_PER_SEAT, slot % GROUPS_PER_SEAT)
            _model_add(_kind(v, slot), g)
    if layout:
        for r in range(len(layout)):
            _model_add(reqs[r][0], layout[r])


def _model_add(kind, g):
    if kind == RUN:
        k = _model[0]
        _lo[k] = cards.number(g[0])
        _hi[k] = cards.number(g[len(g) - 1])
        _model[0] = k + 1
    elif kind == SET:
        _model[1] |= 1 << cards.number(g[0])
    else:
        _model[2] |= 1 << cards.colour(g[0])


def _shed(hand, extra):
    """How many cards of `hand` (and the card `extra`, unless NONE) the light model takes,
    in chains along the runs, a free wild bridging a one-card gap, every wild counted."""
    cs = [c for c in hand if c < _NC]
    w = 0
    for c in hand:
        if c == _W:
            w += 1
    if extra != NONE:
        if extra < _NC:
            cs.append(extra)
        elif extra == _W:
            w += 1
    nr = _model[0]
    lo = bytearray(_lo[:nr])
    hi = bytearray(_hi[:nr])
    out = 0
    while True:
        moved = False
        i = len(cs) - 1
        while i >= 0:
            c = cs[i]
            n = c % 15 + 1
            ok = _model[1] >> n & 1 or _model[2] >> (c // 15) & 1
            if not ok:
                for r in range(nr):
                    if n == lo[r] - 1:
                        lo[r] = n
                        ok = True
                        break
                    if n == hi[r] + 1:
                        hi[r] = n
                        ok = True
                        break
            if ok:
                cs.pop(i)
                out += 1
                moved = True
            i -= 1
        if moved:
            continue
        if not w:
            break
        for c in cs:  # a wild bridges a one-card gap at a run's end
            n = c % 15 + 1
            for r in range(nr):
                if n == lo[r] - 2:
                    lo[r] -= 1
                    moved = True
                elif n == hi[r] + 2:
                    hi[r] += 1
                    moved = True
                if moved:
                    break
            if moved:
                break
        if not moved:
            break
        w -= 1
        out += 1
    return out + w


def _gap(c):
    """How many cards must go onto a laid run before number card c fits it (99: no run)."""
    n = c % 15 + 1
    best = 99
    for r in range(_model[0]):
        g = _lo[r] - n - 1 if n < _lo[r] else n - _hi[r] - 1
        if g < best:
            best = g
    return best


# -- drawing -------------------------------------------------------------------------


def _top(v, p):
    """Seat p's discard top; a wild as a free wild (one laid in an earlier round can come
    back to a discard pile with the value it had)."""
    c = rules.pile_top(v, p)
    return _W if c != NONE and cards.is_wild(c) else c


def _draw(v, seat, f):
    hand = rules.hand(v, seat)
    rq = rules.reqs(v, seat)
    laid = rules.laid(v, seat)
    pick = -1
    if f & _DRAW_SHED:
        pick = _draw_hard(v, seat, hand, rq, laid)
    else:
        slots = _laid_slots(v) if laid and f & _TAKE_FIT else 0
        w = need.load(hand)
        lack = need.short(rq) - w
        for p in range(rules.players(v)):
            top = _top(v, p)
            if top in (NONE, _S):
                continue
            if slots and (top == _W or _fits_laid(v, slots, top) >= 0):
                pick = p
                break
            if not laid and lack > 0:
                if top == _W:
                    better = True
                else:
                    need.add(top, 1)
                    now = need.short(rq) - w
                    better = now < lack if f & _TAKE_NEAR else now <= 0
                    need.add(top, -1)
                if better:
                    pick = p
                    break
    if pick >= 0:
        return move(K_TAKE, pick)
    if rules.draw_count(v):
        return move(K_DRAW)
    for p in range(rules.players(v)):
        if rules.pile_count(v, p):
            return move(K_TAKE, p)
    return move(K_DRAW)  # not reached: with nothing to draw the rules skip the draw


def _draw_hard(v, seat, hand, rq, laid):
    """The discard pile whose top brings the hand closest: fewer cards lacking for the
    level, or, laid out, more cards it can add (chains included); -1 for the draw pile.
    A hand that can lay out already takes a wild or a card the table takes."""
    w = need.load(hand)
    lack = need.short(rq) - w
    if laid or lack <= 0:
        _load_model(v, _laid_slots(v), None, None)
        base = _shed(hand, NONE)
    pick = -1
    gain = 0
    for p in range(rules.players(v)):
        top = _top(v, p)
        if top in (NONE, _S):
            continue
        if laid or lack <= 0:
            g = _shed(hand, top) - base
        elif top == _W:
            g = 1
        else:
            need.add(top, 1)
            g = lack - (need.short(rq) - w)
            need.add(top, -1)
        if g > gain:
            gain = g
            pick = p
    return pick


# -- the turn ------------------------------------------------------------------------


def _turn(t, seat, strength):
    """The rest of the turn, played on the copy `t` of the view."""
    out = []  # type: list[int]
    if not rules.laid(t, seat):
        hand = rules.hand(t, seat)
        rq = rules.reqs(t, seat)
        w = need.load(hand)
        lay = None
        if need.short(rq, strength & _LAYOUT) <= w and (len(hand) > _size(rq) or rules.level(t, seat) == 8):
            lay = _best_layout(t, hand, rq) if strength & _LAYOUT else _layout(hand, rq, 0)
        if lay is not None:
            rules.lay_out(lay, out)
            for m in out:
                rules.apply(t, m)
            if rules.phase(t) != PLAY:
                return out  # level 8 laid out: the game is won
    if rules.laid(t, seat):
        _add(t, seat, strength, out)
    out.append(_end(t, seat, strength))
    return out


def _layout(hand, rq, j):
    """The level laid out from the hand the j-th best way `need` found (after `need.short`):
    each run's numbers and each set's from the hand, a colour's cards the numbers do not
    take, a valued wild for each gap; the other cards are added after. Every group is as
    long as its requirement asks, so a card is left to end the turn with. None when the
    gaps outnumber the wilds held: `need` counts two colour groups (the board game's
    two-star level 6) only roughly."""
    pool = [c for c in hand if c < _NC]
    colours = 0
    for r in range(len(rq)):
        if rq[r][0] == COLOUR:
            colours |= 1 << need.aims[4 * j + r]
    wilds = len(hand) - len(pool)
    for c in hand:
        if c != _W:
            wilds -= 1 if c >= _NC else 0
    out = []
    for r in range(len(rq)):
        kind, size = rq[r]
        a = need.aims[4 * j + r]
        g = []  # type: list[int]
        if kind == COLOUR:
            for c in pool:
                if len(g) < size and c // 15 == a:
                    g.append(c)
            for c in g:
                pool.remove(c)
            while len(g) < size:
                g.append(cards.wild_as_colour(a))
                wilds -= 1
        else:
            for i in range(size):
                n = a + i if kind == RUN else a
                c = _take_number(pool, n, colours)
                if c < 0:
                    c = cards.wild_as_number(n)
                    wilds -= 1
                g.append(c)
        out.append(g)
    return out if wilds >= 0 else None


def _take_number(pool, n, colours):
    """Take a card of number n from the pool, one not of the colour groups' `colours`
    (bit c for colour c) first; -1 for none."""
    got = -1
    for c in pool:
        if c % 15 + 1 == n and (got < 0 or colours >> (got // 15) & 1):
            got = c
    if got >= 0:
        pool.remove(got)
    return got


def _best_layout(t, hand, rq):
    """Of the best ways to aim `need` found, the layout that leaves the fewest cards the
    table (with it) cannot take; wilds kept count as taken."""
    best = None
    key = 0
    slots = _laid_slots(t)
    for j in range(need.found[0]):
        lay = _layout(hand, rq, j)
        if lay is None:
            continue
        rest = list(hand)
        for g in lay:
            for c in g:
                rest.remove(_W if cards.is_wild(c) else c)
        _load_model(t, slots, lay, rq)
        k = len(rest) - _shed(rest, NONE)
        if best is None or k < key:
            best = lay
            key = k
    return best


def _size(rq):
    k = 0
    for r in rq:
        k += r[1]
    return k


def _add(t, seat, strength, out):
    """Add the cards that fit the laid combinations; with WILDS chains first, a wild
    bridging a run's one-card gap, and the other wilds only when the hand then goes out
    (held, a wild can bridge later), else every wild. A card is always kept to end the
    turn with."""
    while rules.hand_count(t, seat) > 1:
        m = _one_add(t, seat, strength)
        if m < 0:
            break
        out.append(m)
        rules.apply(t, m)
    while rules.hand_count(t, seat) > 1 and rules.holds(t, seat, _W):
        hand = rules.hand(t, seat)
        dead = 0
        for c in hand:
            if c != _W:
                dead += 1
        if strength & WILDS and dead > 1:
            break
        m = _wild_anywhere(t)
        if m < 0:
            break
        out.append(m)
        rules.apply(t, m)


def _one_add(t, seat, strength):
    """One number card onto a laid combination (a set or colour group before a run's end,
    unless the run then takes another card of the hand), or a wild bridging a gap; -1."""
    slots = _laid_slots(t)
    hand = rules.hand(t, seat)
    best = -1
    score = -1
    for i in range(len(hand)):
        c = hand[i]
        if c >= _NC or (i and hand[i - 1] == c):
            continue
        for slot in range(rules.players(t) * GROUPS_PER_SEAT):
            if not slots >> slot & 1 or not rules.fits(t, slot, c):
                continue
            s = 1
            if _kind(t, slot) == RUN:
                s = 0
                if strength & WILDS:
                    n = cards.number(c)
                    up = n + 1 if n > cards.number(rules.group(t, slot // 4, slot % 4)[0]) else n - 1
                    for d in hand:
                        if d < _NC and cards.number(d) == up:
                            s = 2
            if s > score:
                score = s
                best = move(K_ADD, slot, c)
    if best >= 0 or not strength & WILDS or not rules.holds(t, seat, _W):
        return best
    for c in hand:  # a wild bridges a one-card gap at a run's end
        if c >= _NC:
            continue
        n = cards.number(c)
        for slot in range(rules.players(t) * GROUPS_PER_SEAT):
            if slots >> slot & 1 and _kind(t, slot) == RUN:
                g = rules.group(t, slot // 4, slot % 4)
                lo = cards.number(g[0])
                hi = cards.number(g[len(g) - 1])
                if n == lo - 2:
                    return move(K_ADD, slot, cards.wild_as_number(lo - 1))
                if n == hi + 2:
                    return move(K_ADD, slot, cards.wild_as_number(hi + 1))
    return -1


def _wild_anywhere(t):
    """A wild onto the first laid combination that takes one; -1."""
    slots = _laid_slots(t)
    for slot in range(rules.players(t) * GROUPS_PER_SEAT):
        if not slots >> slot & 1:
            continue
        g = rules.group(t, slot // 4, slot % 4)
        kind = _kind(t, slot)
        if kind == SET:
            return move(K_ADD, slot, cards.wild_as_number(cards.number(g[0])))
        if kind == COLOUR:
            return move(K_ADD, slot, cards.wild_as_colour(cards.colour(g[0])))
        hi = cards.number(g[len(g) - 1])
        lo = cards.number(g[0])
        if hi < 15:
            return move(K_ADD, slot, cards.wild_as_number(hi + 1))
        if lo > 1:
            return move(K_ADD, slot, cards.wild_as_number(lo - 1))
    return -1


# -- ending the turn -------------------------------------------------------------------


def _target(v, seat, strength):
    """The seat a Skip goes to, or -1 when none may get one."""
    n = rules.players(v)
    best = -1
    key = -1
    for k in range(1, n):
        p = (seat + k) % n
        if rules.skipped(v, p):
            continue
        if not strength & _THREAT:
            return p
        # nearest to winning the game, then to ending the round
        x = rules.level(v, p) * 4 + (60 - 4 * rules.hand_count(v, p) if rules.laid(v, p) else 0)
        if x > key:
            key = x
            best = p
    return best


def _end(t, seat, f):
    """The discard, or the Skip given, that ends the turn."""
    hand = rules.hand(t, seat)
    if _S in hand:
        p = _target(t, seat, f)
        if p >= 0:
            return move(K_GIVE, p)
    if len(hand) == 1:
        return move(K_DISCARD, 0, hand[0])
    return move(K_DISCARD, 0, _discard(t, seat, hand, f))


def _worth(c, hand, reqs):
    """How much card c is worth keeping in `hand` for the level `reqs` (Easy and Medium):
    wilds most, then cards that share a number, a colour or a neighbourhood with others,
    as the level asks."""
    if cards.is_wild(c):
        return 100
    if c == _S:
        return 50
    n = cards.number(c)
    col = cards.colour(c)
    score = 0
    kinds = 0
    for r in reqs:
        kinds |= 1 << r[0]
    for d in hand:
        if d == c or d >= _NC:
            continue
        dn = cards.number(d)
        if kinds & (1 << SET) and dn == n:
            score += 4
        if kinds & (1 << COLOUR) and cards.colour(d) == col:
            score += 2
        if kinds & (1 << RUN) and dn != n and -3 < dn - n < 3:
            score += 3 - abs(dn - n)
    return score


def _discard(t, seat, hand, f, pool=None):
    """The card to discard: the one with the lowest key. Laid out (_GAP): the card farthest
    from a laid run's end. Not yet (_LACK): the card whose loss leaves the fewest cards
    lacking, then (_OUTS) the most unseen cards closing a gap. Otherwise, and to break
    ties, the card sharing least with the hand. _FEED: not a card a laid-out opponent could
    add. A wild or a Skip only when nothing else is left. `pool`: only these cards."""
    slots = _laid_slots(t)
    laid = rules.laid(t, seat)
    rq = rules.reqs(t, seat)
    if laid:
        _load_model(t, slots, None, None)
    else:
        spare = _scan(t, seat) if f & _OUTS else 0
        w = need.load(hand)
    others = slots & ~(15 << (seat * GROUPS_PER_SEAT)) if f & _FEED else 0
    best = -1
    key = 0
    for i in range(len(hand)):
        c = hand[i]
        if (i and hand[i - 1] == c) or (pool is not None and c not in pool):
            continue
        if c >= _NC:
            k = 1 << 20 if c == _W else 1 << 19
        else:
            k = _worth(c, hand, rq) * 2 - cards.number(c) // 8
            if laid:
                if f & _GAP:
                    k -= _gap(c) * 1000
            elif f & _LACK:
                need.add(c, -1)
                lack = need.short(rq, f & _OUTS) - w
                if lack < 0:
                    lack = 0
                k += lack * _LACK_COST
                if f & _OUTS and lack:
                    k -= _outs(spare) * _OUTS_COST
                need.add(c, 1)
            if others and _fits_laid(t, others, c) >= 0:
                k += _FEED_COST
            if f & _FEED:
                k += _FEED_SEEN_COST * _wanted(t, seat, c)
        if best < 0 or k < key:
            best = c
            key = k
    return best


def _wanted(t, seat, c):
    """How many cards seen taken by opponents not laid out go with card c for their level."""
    out = 0
    n = cards.number(c)
    for p in range(rules.players(t)):
        if p == seat or rules.laid(t, p) or not rules.known(t, p):
            continue
        kinds = 0
        for r in rules.reqs(t, p):
            kinds |= 1 << r[0]
        h = rules.hand(t, p)
        for i in range(rules.known(t, p)):
            d = h[i]
            if d >= _NC:
                continue
            dn = cards.number(d)
            if (
                (kinds & 2 and dn == n)
                or (kinds & 1 and dn != n and -3 < dn - n < 3)
                or (kinds & 4 and cards.colour(d) == cards.colour(c))
            ):
                out += 1
    return out


# -- keeping cards (L8-9) ---------------------------------------------------------------


def _keep(v, seat, strength):
    """Keep up to four cards for the next round (L8-9): the wilds, then (Hard) the cards
    that leave the fewest lacking and, of those, the ones worth most, or (the others)
    those worth most."""
    out = []
    hand = rules.hand(v, seat)
    rq = rules.reqs(v, seat)
    chosen = []  # type: list[int]
    for c in hand:
        if c == _W and len(chosen) < rules.KEEP_MAX:
            chosen.append(c)
    while len(chosen) < rules.KEEP_MAX:
        best = -1
        key = 0
        for c in hand:
            if c >= _NC or c in chosen:
                continue
            k = -_worth(c, hand, rq)
            if strength & _KEEP_NEED:  # the lack first; most cards tie on it, so then worth
                need.load(chosen)
                need.add(c, 1)
                k += need.short(rq) << 8
            if best < 0 or k < key:
                best = c
                key = k
        if best < 0:
            break
        chosen.append(best)
    for c in chosen:
        out.append(move(K_KEEP, 0, c))
    out.append(move(K_KEPT))
    return out
