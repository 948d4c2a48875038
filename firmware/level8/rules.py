"""The rules of LEVEL 8 and Level Up (rulings L8-1 to L8-9) as functions over one bytearray.
The board game (game byte cards.BOARD) is board.py, built on this code; game.py plays
any game of the family, passing each to its rules.

The state's layout and the functions that read it are layout.py; every name of it is
here too, so a caller that plays moves needs one module. `legal_moves` and `apply`
allocate nothing except when a move shuffles (a new round, a rebuilt draw pile), so a
bot can play many of them. Why a move is refused, in words, is `referee.problem`.
"""

from compat import const
from level8 import cards
from level8.layout import (  # noqa: F401  (re-exported: a caller reads a game through rules too)
    AT_AREA,
    AT_ENDER,
    AT_GAME,
    AT_PHASE,
    AT_PLAYERS,
    AT_ROUND,
    AT_SEATS,
    AT_STARTS,
    AT_TURN,
    AT_UNDER,
    AT_WINNER,
    DRAW,
    DRAW_PILE,
    FRONT,
    GROUP,
    GROUPS_PER_SEAT,
    HAND_OF,
    K_ADD,
    K_CANCEL,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_NEXT,
    K_PUT,
    K_SKIPPED,
    K_TAKE,
    KEEP,
    KEEP_MAX,
    LAID,
    NO_SEAT,
    NONE,
    OVER,
    PILE,
    PLAY,
    S_GAINED,
    S_GROUPS,
    S_KEPT,
    S_LEVEL,
    SEAT_BYTES,
    WON,
    begin,
    card,
    draw_count,
    end,
    ender,
    gained,
    game,
    group,
    group_count,
    hand,
    hand_count,
    kept,
    kind,
    laid,
    level,
    move,
    phase,
    pile_top,
    players,
    round_no,
    section,
    size,
    skipped,
    target,
    turn,
    winner,
)
from level8.levels import CARD_ONE_STAR, COLOUR, RUN

# The state's bytes and the move kind only the rules write (and the bots, records and
# checker, which read them here); layout.py names what the screens read as well, and its
# docstring lays the bytes out.
MAX_PLAYERS = const(6)
VICTORY = const(9)  # the level past the last one
AT_FORMAT = const(0)
AT_OPTIONS = const(3)
OPT_KEEP = const(1)  # bit of the options: keep four (L8-9)
AT_DEALER = const(4)
AT_CARDS = const(10)
AT_RNG = const(12)
S_KNOWN = const(2)  # a seat's byte: how many of its hand's first cards everyone knows
N_SECTIONS = const(43)
K_LAY = const(4)  # lay out the level: every requirement's group is there and meets it

FORMAT = const(1)
_BOARD = const(2)  # cards.BOARD: its own steps are board.py
AT_SIDES = const(198)  # the board game: each seat's level side (LB-5), in board.py's block
HAND = const(10)  # cards dealt to each seat (L8-1)
_KEEP_FROM = const(5)  # ... from this level on
MAX_MOVES = const(640)


class IllegalMove(ValueError):
    """A move the rules forbid; str() is a sentence for the player."""


# -- reading what only the rules and the bots need (the rest is layout.py)


_SIDES = []  # type: list  # the board game's levels by side, read from boardsides.py once asked


def reqs(s, seat):
    """The requirements of the seat's current level (L8-2; the board game: its side, LB-5)."""
    lv = level(s, seat)
    lv = lv if lv < 8 else 8
    if s[AT_GAME] != _BOARD:
        return CARD_ONE_STAR[lv - 1]
    if not _SIDES:
        from level8.boardsides import side  # a comprehension here would make a cell every call

        _SIDES.append(side(1))
        _SIDES.append(side(2))
    return _SIDES[s[AT_SIDES + seat] - 1][lv - 1]


def dealer(s):
    return s[AT_DEALER]


def pile_count(s, seat):
    return size(s, PILE + seat)


def pending(s, seat):
    """Bits of the requirements whose groups hold cards while the level is not yet laid."""
    g = s[AT_SEATS + seat * SEAT_BYTES + S_GROUPS]
    return 0 if g & LAID else g


def known(s, seat):
    return s[AT_SEATS + seat * SEAT_BYTES + S_KNOWN]


def holds(s, seat, c):
    """True when the seat's hand holds card `c` (a valued wild: a free wild)."""
    if cards.is_wild(c):
        c = cards.WILD
    lo = begin(s, HAND_OF + seat)
    for i in range(lo, end(s, HAND_OF + seat)):
        if s[i] == c:
            return True
    return False


def under(s):
    """Skips lying face up under the draw pile (L8-5)."""
    return s[AT_UNDER]


# -- moving cards -------------------------------------------------------------


def _move(s, i, a, b, j):
    """Move the card at area byte `i` (in section a) to position j of section b."""
    c = s[i]
    st = AT_STARTS
    if a < b:
        t = AT_AREA + s[st + b] - 1 + j
        while i < t:
            s[i] = s[i + 1]
            i += 1
        for k in range(a + 1, b + 1):
            s[st + k] -= 1
    else:
        t = AT_AREA + s[st + b] + j
        while i > t:
            s[i] = s[i - 1]
            i -= 1
        for k in range(b + 1, a + 1):
            s[st + k] += 1
    s[t] = c


def _sorted_at(s, b, c, skip, by_number):
    """Where card c goes in section b to keep it sorted past its first `skip` cards."""
    lo = begin(s, b)
    hi = end(s, b)
    k = cards.number(c) if by_number else c
    j = skip
    while lo + j < hi:
        d = s[lo + j]
        if (cards.number(d) if by_number else d) > k:
            break
        j += 1
    return j


def _into_hand(s, seat, i, a, known_card=False):
    """Move the card at area byte i (section a) into the seat's hand: after the known
    cards when everyone saw it taken, else in code order among the rest."""
    at = AT_SEATS + seat * SEAT_BYTES
    b = HAND_OF + seat
    c = s[i]
    if cards.is_wild(c):
        s[i] = c = cards.WILD  # a wild taken back loses its value
    if known_card:
        _move(s, i, a, b, s[at + S_KNOWN])
        s[at + S_KNOWN] += 1
    else:
        _move(s, i, a, b, _sorted_at(s, b, c, s[at + S_KNOWN], False))


def _find_in_hand(s, seat, c):
    """Area byte of card c (a valued wild: a free wild) in the seat's hand, preferring a
    known copy, whose knowledge then goes with it; -1 when it is not there."""
    if cards.is_wild(c):
        c = cards.WILD
    at = AT_SEATS + seat * SEAT_BYTES
    lo = begin(s, HAND_OF + seat)
    for i in range(lo, end(s, HAND_OF + seat)):
        if s[i] == c:
            if i - lo < s[at + S_KNOWN]:
                s[at + S_KNOWN] -= 1
            return i
    return -1


def _out_of_hand(s, seat, c, b, j):
    """Move card c from the seat's hand to position j of section b, as the code c (a
    valued wild keeps the value it is given)."""
    i = _find_in_hand(s, seat, c)
    s[i] = c
    _move(s, i, HAND_OF + seat, b, j)


# -- building a game ----------------------------------------------------------


def new_state(game_id, n_players, seed=0, first_dealer=0, keep=False, deck=None):
    """A fresh game of LEVEL 8 or Level Up, dealt by `first_dealer` (0-based): from `deck`
    (every card of the game's deck, top first) when given, else shuffled by the project's
    PRNG from `seed`, which also shuffles every later deal and draw pile. The board game
    is board.new_state's (game.new_state deals any game of the family)."""
    from prng import Prng, store

    if game_id not in (cards.LEVEL8, cards.LEVELUP):
        raise ValueError("no such game")
    if not 2 <= n_players <= MAX_PLAYERS:
        raise ValueError("players must be 2 to 6")
    if not 0 <= first_dealer < n_players:
        raise ValueError("the dealer must be one of the seats")
    if keep and game_id != cards.LEVELUP:
        raise ValueError("keeping four cards is Level Up's option")
    full = cards.deck(game_id)
    n = len(full)
    s = bytearray(AT_AREA + n)
    s[AT_FORMAT] = FORMAT
    s[AT_GAME] = game_id
    s[AT_PLAYERS] = n_players
    s[AT_OPTIONS] = OPT_KEEP if keep else 0
    s[AT_WINNER] = NO_SEAT
    s[AT_ENDER] = NO_SEAT
    s[AT_CARDS] = n
    store(Prng(seed), s, AT_RNG)
    for seat in range(n_players):
        s[AT_SEATS + seat * SEAT_BYTES + S_LEVEL] = 1
    for k in range(1, N_SECTIONS + 1):
        s[AT_STARTS + k] = n
    s[AT_AREA:] = full
    # the first dealer deals as if the round before had been dealt by the seat on its right
    s[AT_DEALER] = (first_dealer + n_players - 1) % n_players
    _deal(s, deck)
    return s


def _gather(s, b, lo, hi, top, keep):
    """Move every card of sections lo..hi-1 into section b (b < lo), but each section's top
    card with `top` and a hand's kept cards with `keep` (both bools). A laid wild comes back
    without its value (L8-3 fixes it only while it lies in its combination), so the cards
    to shuffle are the same whatever was laid, and an explicit order names them plainly."""
    for k in range(lo, hi):
        stay = 0
        if top and size(s, k):
            stay = 1
        if keep and HAND_OF <= k < HAND_OF + MAX_PLAYERS:
            stay = s[AT_SEATS + (k - HAND_OF) * SEAT_BYTES + S_KEPT]
        while size(s, k) > stay:
            i = end(s, k) - 1 if keep else begin(s, k)
            _move(s, i, k, b, size(s, b))
            j = end(s, b) - 1
            if s[j] > cards.SKIP:  # a valued wild
                s[j] = cards.WILD


def _sort(b, lo, hi):
    """Sort b[lo:hi] in place by code (an insertion sort: a hand's ten cards)."""
    for i in range(lo + 1, hi):
        c = b[i]
        j = i
        while j > lo and b[j - 1] > c:
            b[j] = b[j - 1]
            j -= 1
        b[j] = c


def _order(s, k, order, counts=None):
    """Sort section k, then shuffle it with the game's generator, or, with `order` (top
    first), check it holds the same cards and put them in that order. An empty bytearray
    as `order` asks for the generator's shuffle and gets its order (top first) appended:
    a record's writer learns a shuffle that happened mid-move (the board game's).
    `counts`: how many of each code the section holds, when the caller counted them
    already (the deal)."""
    lo = begin(s, k)
    hi = end(s, k)
    # a counting sort: the pile is most of the deck, too long for _sort's insertion sort
    # (a round's deal on a Pico), and shuffling may allocate
    if counts is None:
        counts = bytearray(cards.N_CODES)
        for c in s[lo:hi]:
            counts[c] += 1
    i = lo
    for c in range(cards.N_CODES):
        m = counts[c]
        while m:
            s[i] = c
            i += 1
            m -= 1
    if order is not None and (len(order) or hi == lo):
        if len(order) != hi - lo or sorted(order) != list(s[lo:hi]):
            raise ValueError("the cards given are not the " + str(hi - lo) + " cards to be shuffled")
        for i in range(hi - lo):
            s[hi - 1 - i] = order[i]
        return
    # Fisher-Yates by prng.Prng's generator, kept in the state (prng.load, below, store),
    # its steps written out here: a method call a number costs most of a deal on a Pico
    g = AT_RNG
    x1 = s[g] | s[g + 1] << 8
    c1 = s[g + 2] | s[g + 3] << 8
    x2 = s[g + 4] | s[g + 5] << 8
    c2 = s[g + 6] | s[g + 7] << 8
    i = hi - 1
    while i > lo:
        n = i - lo + 1
        limit = 65536 - 65536 % n
        r = limit
        while r >= limit:
            t = 16380 * x1 + c1
            x1 = t & 0xFFFF
            c1 = t >> 16
            t = 16365 * x2 + c2
            x2 = t & 0xFFFF
            c2 = t >> 16
            r = (x1 + x2) & 0xFFFF
        j = lo + r % n
        s[i], s[j] = s[j], s[i]
        i -= 1
    s[g] = x1 & 0xFF
    s[g + 1] = x1 >> 8
    s[g + 2] = c1 & 0xFF
    s[g + 3] = c1 >> 8
    s[g + 4] = x2 & 0xFF
    s[g + 5] = x2 >> 8
    s[g + 6] = c2 & 0xFF
    s[g + 7] = c2 >> 8
    if order is not None:
        for i in range(hi - lo):
            order.append(s[hi - 1 - i])


def _deal(s, order=None):
    """Gather every card but the kept ones, shuffle (or take `order`), deal ten to each
    seat less what it kept, one at a time from the dealer's left, and turn the top card
    onto the new dealer's discard pile (L8-1, L8-7, L8-9).

    The area is written whole rather than a card at a time (a round's deal on a Pico):
    every card of the area is counted (a laid wild as a plain one, L8-3) but the kept
    cards (at the front of their hands, L8-9), which wait in `hands`; the counts are the
    sorted draw pile, shuffled in place; then the pile's rest, its top card on the
    dealer's pile and each hand in code order."""
    n = s[AT_PLAYERS]
    s[AT_DEALER] = d = (s[AT_DEALER] + 1) % n
    s[AT_UNDER] = 0
    total = s[AT_CARDS]
    counts = bytearray(cards.N_CODES)  # a deal shuffles, so it may allocate
    for c in s[AT_AREA : AT_AREA + total]:
        counts[c] += 1
    for c in range(cards.SKIP + 1, cards.N_CODES):
        counts[cards.WILD] += counts[c]
        counts[c] = 0
    hands = bytearray(n * HAND)
    got = bytearray(n)
    pile = total
    for seat in range(n):
        lo = begin(s, HAND_OF + seat)
        got[seat] = m = s[AT_SEATS + seat * SEAT_BYTES + S_KEPT]
        pile -= m
        for i in range(m):
            c = s[lo + i]
            hands[seat * HAND + i] = c
            counts[c] -= 1
    for k in range(1, N_SECTIONS + 1):
        s[AT_STARTS + k] = pile  # the draw pile alone (the kept cards are in `hands`)
    _order(s, DRAW_PILE, order, counts)
    top = AT_AREA + pile
    for _ in range(HAND):
        for k in range(1, n + 1):
            seat = (d + k) % n
            if got[seat] < HAND:
                top -= 1
                hands[seat * HAND + got[seat]] = s[top]
                got[seat] += 1
    r = top - 1 - AT_AREA  # the draw pile's rest; the card at r goes onto the dealer's pile
    for seat in range(n):
        _sort(hands, seat * HAND, seat * HAND + HAND)
        at = AT_SEATS + seat * SEAT_BYTES
        s[at + S_GROUPS] = 0
        s[at + S_KNOWN] = 0
        s[at + S_KEPT] = 0
    s[AT_AREA + r + 1 : AT_AREA + total] = hands
    for p in range(MAX_PLAYERS):
        s[AT_STARTS + PILE + p] = r if p <= d else r + 1
        s[AT_STARTS + HAND_OF + p] = r + 1 + HAND * min(p, n)
    for k in range(FRONT, N_SECTIONS + 1):
        s[AT_STARTS + k] = total
    s[AT_ROUND] += 1
    s[AT_TURN] = (d + 1) % n
    s[AT_PHASE] = DRAW
    _settle(s, None)


def _rebuild(s, order):
    """Every discard pile but its top card, and the Skips under it, become the new draw
    pile, shuffled (L8-5, L8-6)."""
    n = s[AT_PLAYERS]
    _gather(s, DRAW_PILE, PILE, PILE + n, True, False)
    s[AT_UNDER] = 0
    _order(s, DRAW_PILE, order)


def _settle(s, order):
    """Rebuild the draw pile once no face-down card is left in it; a seat that can draw
    nothing at all (no draw pile, every discard pile empty) goes straight on to play."""
    if draw_count(s) == 0 and s[AT_PHASE] <= PLAY:
        spare = s[AT_UNDER]
        for seat in range(s[AT_PLAYERS]):
            if pile_count(s, seat) > 1:
                spare += pile_count(s, seat) - 1
        if spare:
            _rebuild(s, order)
    if s[AT_PHASE] == DRAW and draw_count(s) == 0 and not skipped(s, s[AT_TURN]):
        for seat in range(s[AT_PLAYERS]):
            if pile_count(s, seat):
                return
        s[AT_PHASE] = PLAY


# -- what may be played -------------------------------------------------------


def _first_value(k):
    """The first valued wild code a free wild may be put down as for a requirement kind k:
    a colour for a colour group, a number for a run or a set."""
    return cards.WILD_COLOUR if k == COLOUR else cards.WILD_NUMBER


def _end_value(k):
    """One past the last valued wild code for a requirement kind k (see _first_value)."""
    return cards.N_CODES if k == COLOUR else cards.WILD_COLOUR


def _kind_of_slot(s, slot):
    if s[AT_GAME] == _BOARD:
        return reqs(s, slot // GROUPS_PER_SEAT)[slot % GROUPS_PER_SEAT][0]
    return CARD_ONE_STAR[level(s, slot // GROUPS_PER_SEAT) - 1][slot % GROUPS_PER_SEAT][0]


def fits(s, slot, c):
    """True when card c (a valued wild for a wild) extends the laid combination in group
    `slot` (L8-4): at either end of a run, by number to a set, by colour to a colour group."""
    k = GROUP + slot
    lo = begin(s, k)
    hi = end(s, k)
    kind_ = _kind_of_slot(s, slot)
    if c == cards.SKIP or c == cards.WILD:
        return False
    if kind_ == RUN:
        v = cards.number(c)
        return v != 0 and (v == cards.number(s[lo]) - 1 or v == cards.number(s[hi - 1]) + 1)
    if kind_ == COLOUR:
        return cards.colour(c) >= 0 and cards.colour(c) == cards.colour(s[lo])
    return cards.number(c) != 0 and cards.number(c) == cards.number(s[lo])


def lay_out(groups, out):
    """Append to list `out` the moves that lay out `groups`, a list of cards for each of the
    level's requirements (wilds valued): each card put into its requirement's group, then
    the level laid."""
    for r in range(len(groups)):
        for c in groups[r]:
            out.append(move(K_PUT, r, c))
    out.append(move(K_LAY))
    return out


def played(m):
    """The card of the hand that move `m` plays in the play phase (a free wild for a valued
    one; the Skip it gives), or -1 for a move that plays none (draw, lay out, cancel)."""
    k = m >> 12
    if k in (K_PUT, K_ADD, K_DISCARD):
        c = m & 127
        return cards.WILD if cards.is_wild(c) else c
    return cards.SKIP if k == K_GIVE else -1


def wild_adds(s, slot, kind_, out, k):
    """A free wild's adds to the laid combination in group `slot` (of requirement kind
    `kind_`), written into `out` from `k`: one for each value that `fits`, in the order of
    the values' codes; the new `k`. Read off the combination's ends rather than by trying
    each of the fifteen values (a bot's and a card's chooser's listing, many times a turn)."""
    g = GROUP + slot
    first = s[begin(s, g)]
    if kind_ == RUN:
        v = cards.number(first) - 1
        if v > 0:
            out[k] = move(K_ADD, slot, cards.wild_as_number(v))
            k += 1
        v = cards.number(s[end(s, g) - 1]) + 1
        if v <= cards.N_NUMBERS:
            out[k] = move(K_ADD, slot, cards.wild_as_number(v))
            k += 1
    elif kind_ == COLOUR:
        v = cards.colour(first)
        if v >= 0:
            out[k] = move(K_ADD, slot, cards.wild_as_colour(v))
            k += 1
    else:
        v = cards.number(first)
        if v:
            out[k] = move(K_ADD, slot, cards.wild_as_number(v))
            k += 1
    return k


def legal_moves(s, out, only=-1):
    """Write the legal moves into `out` (an array of at least MAX_MOVES); return how many.
    With `only` (a card's code), only the moves of the play phase that play that card from
    the hand (`played`): put into a group, added (a wild's at each value), discarded, a
    Skip given. A card's chooser lists those, and Game.apply checks such a move by them."""
    ph = s[AT_PHASE]
    if only >= 0 and ph != PLAY:
        return 0
    seat = s[AT_TURN]
    n = s[AT_PLAYERS]
    at = AT_SEATS + seat * SEAT_BYTES
    k = 0
    if ph == DRAW:
        if skipped(s, seat):
            out[0] = move(K_SKIPPED)
            return 1
        if draw_count(s):
            out[k] = move(K_DRAW)
            k += 1
        for p in range(n):
            if pile_count(s, p):
                out[k] = move(K_TAKE, p)
                k += 1
        return k
    if ph == OVER:
        out[0] = move(K_NEXT)
        return 1
    if ph == KEEP:
        out[0] = move(K_KEPT)
        k = 1
        if s[at + S_KEPT] < KEEP_MAX:
            lo = begin(s, HAND_OF + seat)
            hi = end(s, HAND_OF + seat)
            for i in range(lo + s[at + S_KEPT], hi):
                if not _dup(s, lo + s[at + S_KEPT], i):
                    out[k] = move(K_KEEP, 0, s[i])
                    k += 1
        if s[at + S_KEPT]:  # the cards kept taken back, to choose again
            out[k] = move(K_CANCEL)
            k += 1
        return k
    if ph != PLAY:
        return 0
    groups = s[at + S_GROUPS]
    hc = hand_count(s, seat)
    lo = begin(s, HAND_OF + seat)
    hi = end(s, HAND_OF + seat)
    if not groups & LAID:
        lv = level(s, seat)
        rq = reqs(s, seat)
        if hc >= 2 or (lv == 8 and hc >= 1):
            for r in range(len(rq)):
                seen = 0
                for i in range(lo, hi):
                    c = s[i]
                    if c == cards.SKIP or (only >= 0 and c != only):
                        continue
                    if c == cards.WILD:
                        if seen & 1:
                            continue
                        seen |= 1
                        v = _first_value(rq[r][0])
                        while v < _end_value(rq[r][0]):
                            out[k] = move(K_PUT, r, v)
                            k += 1
                            v += 1
                    elif not _dup(s, lo, i):
                        out[k] = move(K_PUT, r, c)
                        k += 1
        if groups:
            if only < 0:  # no card's moves
                if groups == (1 << len(rq)) - 1 and _whole(s, seat, rq):
                    out[k] = move(K_LAY)
                    k += 1
                out[k] = move(K_CANCEL)
                k += 1
            return k  # the turn goes on only with the whole level laid or taken back
    elif hc >= 2:
        for slot in range(n * GROUPS_PER_SEAT):
            if not size(s, GROUP + slot):
                continue
            if not s[AT_SEATS + (slot // GROUPS_PER_SEAT) * SEAT_BYTES + S_GROUPS] & LAID:
                continue
            kind_ = _kind_of_slot(s, slot)
            wild_seen = False
            for i in range(lo, hi):
                c = s[i]
                if only >= 0 and c != only:
                    continue
                if c == cards.WILD:
                    if wild_seen:
                        continue
                    wild_seen = True
                    k = wild_adds(s, slot, kind_, out, k)
                elif not _dup(s, lo, i) and fits(s, slot, c):
                    out[k] = move(K_ADD, slot, c)
                    k += 1
    for i in range(lo, hi):
        if (only < 0 or s[i] == only) and not _dup(s, lo, i):
            out[k] = move(K_DISCARD, 0, s[i])
            k += 1
    if (only < 0 or only == cards.SKIP) and holds(s, seat, cards.SKIP):
        for p in range(n):
            if p != seat and not skipped(s, p):
                out[k] = move(K_GIVE, p)
                k += 1
    return k


def _whole(s, seat, rq):
    """True when each of the seat's groups meets its requirement. Every wild in a group has
    its value and runs lie sorted by number, so this reads the bytes as they are."""
    for r in range(len(rq)):
        k = GROUP + seat * GROUPS_PER_SEAT + r
        lo = begin(s, k)
        hi = end(s, k)
        if hi - lo < rq[r][1]:
            return False
        kind_ = rq[r][0]
        first = s[lo]
        for i in range(lo, hi):
            c = s[i]
            if kind_ == RUN:
                if cards.number(c) != cards.number(first) + i - lo or not cards.number(c):
                    return False
            elif kind_ == COLOUR:
                if cards.colour(c) < 0 or cards.colour(c) != cards.colour(first):
                    return False
            elif not cards.number(c) or cards.number(c) != cards.number(first):
                return False
    return True


def _dup(s, lo, i):
    """True when the card at area byte i already appeared earlier in the hand from lo."""
    c = s[i]
    for j in range(lo, i):
        if s[j] == c:
            return True
    return False


# -- playing ------------------------------------------------------------------


def apply(s, m, order=None):
    """Play the legal move m for the seat on turn (legality is the caller's: Game checks).
    When the move shuffles (a new deal, a rebuilt draw pile), `order` (top first) gives
    the cards' order instead of the game's generator: a record's explicit deals."""
    kd = m >> 12
    c = m & 127
    t = (m >> 7) & 31
    seat = s[AT_TURN]
    at = AT_SEATS + seat * SEAT_BYTES
    if kd == K_DRAW:
        _into_hand(s, seat, end(s, DRAW_PILE) - 1, DRAW_PILE)
        s[AT_PHASE] = PLAY
    elif kd == K_TAKE:
        _into_hand(s, seat, end(s, PILE + t) - 1, PILE + t, True)
        s[AT_PHASE] = PLAY
    elif kd == K_SKIPPED:
        _move(s, begin(s, FRONT + seat), FRONT + seat, DRAW_PILE, 0)
        s[AT_UNDER] += 1
        _next_seat(s)
    elif kd == K_PUT:
        b = GROUP + seat * GROUPS_PER_SEAT + t
        run = reqs(s, seat)[t][0] == RUN
        _out_of_hand(s, seat, c, b, _sorted_at(s, b, c, 0, run))
        s[at + S_GROUPS] |= 1 << t
    elif kd == K_LAY:
        s[at + S_GROUPS] |= LAID
        if s[at + S_LEVEL] == 8:  # L8-8: laying out level 8 wins at once
            s[at + S_LEVEL] = VICTORY
            s[AT_WINNER] = seat
            s[AT_PHASE] = WON
    elif kd == K_CANCEL and s[AT_PHASE] == KEEP:  # the cards kept, back among the rest
        s[at + S_KEPT] = 0
        _sort(s, begin(s, HAND_OF + seat), end(s, HAND_OF + seat))
    elif kd == K_CANCEL:
        for r in range(GROUPS_PER_SEAT):
            b = GROUP + seat * GROUPS_PER_SEAT + r
            while size(s, b):
                _into_hand(s, seat, begin(s, b), b)
        s[at + S_GROUPS] = 0
    elif kd == K_ADD:
        b = GROUP + t
        _out_of_hand(s, seat, c, b, _sorted_at(s, b, c, 0, _kind_of_slot(s, t) == RUN))
    elif kd == K_DISCARD:
        _out_of_hand(s, seat, c, PILE + seat, size(s, PILE + seat))
        _end_turn(s, seat)
    elif kd == K_GIVE:
        _out_of_hand(s, seat, cards.SKIP, FRONT + t, 0)
        _end_turn(s, seat)
    elif kd == K_KEEP:
        front = begin(s, HAND_OF + seat) + s[at + S_KEPT]
        i = front
        while s[i] != c:
            i += 1
        while i > front:  # kept cards go to the front of the hand, in the order chosen
            s[i] = s[i - 1]
            i -= 1
        s[front] = c
        s[at + S_KEPT] += 1
    elif kd == K_KEPT:
        _next_keeper(s, seat, order)
    elif kd == K_NEXT:
        _next_keeper(s, s[AT_ENDER], order)
    if s[AT_PHASE] <= PLAY:
        _settle(s, order)


def _next_seat(s):
    s[AT_TURN] = (s[AT_TURN] + 1) % s[AT_PLAYERS]
    s[AT_PHASE] = DRAW


def _end_turn(s, seat):
    """After a discard or a Skip given: the round ends when the hand is empty (L8-7, a
    Skip given last has no effect, L8-5), else the next seat plays."""
    if hand_count(s, seat):
        _next_seat(s)
        return
    n = s[AT_PLAYERS]
    # L8-5: a Skip given as the last card has no effect; it goes back with the rest
    s[AT_ENDER] = seat
    s[AT_PHASE] = OVER
    for p in range(n):
        at = AT_SEATS + p * SEAT_BYTES
        s[at + S_KNOWN] = 0  # the hands go back unseen
        gain = 2 if p == seat else (1 if s[at + S_GROUPS] & LAID else 0)
        s[at + S_GAINED] = gain
        s[at + S_LEVEL] = min(s[at + S_LEVEL] + gain, VICTORY)
    if s[AT_SEATS + seat * SEAT_BYTES + S_LEVEL] == VICTORY:  # L8-8: level 7 laid out, then out
        s[AT_WINNER] = seat
        s[AT_PHASE] = WON


def keeper(s, p):
    """True when seat p may keep cards at this round's end (L8-9): the option is on, p is
    on level 5 to 8 and did not lay out."""
    at = AT_SEATS + p * SEAT_BYTES
    return bool(s[AT_OPTIONS] & OPT_KEEP) and s[at + S_LEVEL] >= _KEEP_FROM and not s[at + S_GROUPS] & LAID


def _next_keeper(s, after, order):
    """Hand the choice to the next seat after `after` that may keep cards, going round
    from the seat that ended the round (never a keeper: it laid out), or deal."""
    n = s[AT_PLAYERS]
    p = (after + 1) % n
    while p != s[AT_ENDER]:
        if keeper(s, p):
            s[AT_TURN] = p
            s[AT_PHASE] = KEEP
            return
        p = (p + 1) % n
    _deal(s, order)
