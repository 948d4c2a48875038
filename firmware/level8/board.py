"""The rules of "Level 8: Das Brettspiel" (rulings LB-1 to LB-6) on the LEVEL 8 engine.

The state is the card games' (layout.py) with the game byte cards.BOARD, 98 cards in the
area (the 90 number cards and the 8 jokers) and a block of its own after the area
(AT_BOARD, the B_* offsets):
    0..5 each seat's tower, a space 0..27 of track.py   6..11 each seat's level side (1, 2)
    12, 13 the dice   14, 15 the two spaces they reached   16 the action under way (a
    track kind, NONE between actions)   17 its counter (piles still to take, cards
    discarded in a swap)   18 another turn to come (AGAIN)   19 the seat that must act
    when it is not the seat on turn (NO_SEAT when none)   20 the value asked for (1..15
    a number, 16..21 a colour)   21 the direction asked (0 clockwise, 1 the other way)
    22..39 the cards each seat shows for a Steal (3 a seat, NONE for none)
The jokers' stack is section JOKERS (the first seat's Skip section: the board game has no
Skips). A turn is ROLL, GO (one of the two reached spaces), the action's own steps, then
the card game's PLAY (lay out, add, discard): that step, keeping cards and the levels at a
round's end are rules.py's own code. A round that reaches the dead end no ruling covers
ends here instead (`dead_end`, the project's reading in docs/level8-rules.md).

Moves, beyond the card games' (layout.py):
    K_ROLL            roll the dice
    K_GO   target     move the tower to space `target` (a reached space; after a star, the
                      next free space of the action chosen)
    K_DRAW, K_TAKE p  take the top of the draw pile or of seat p's discard pile (+1, +2,
                      again, joker with an empty stack, an ask nobody could answer)
    K_DISCARD c       a swap's discard; at step 3 with target 1, the first of two (LB-6)
    K_KEPT            a swap: done discarding, draw one more than discarded
    K_ASK  dir, v     ask, clockwise (0) or counter-clockwise (1), for number v (1..15) or
                      colour v - 16
    K_GIVE asker, c   the asked seat, holding several, gives card c
    K_SHOW c          a seat shows card c for a Steal
    K_TAKE p, c       the seat on turn takes the shown card c of seat p
"""

from compat import const
from level8 import cards, rules, track
from level8.levels import RUN, SET
from level8.rules import (
    AT_AREA,
    AT_CARDS,
    AT_DEALER,
    AT_ENDER,
    AT_FORMAT,
    AT_GAME,
    AT_PHASE,
    AT_PLAYERS,
    AT_RNG,
    AT_ROUND,
    AT_SEATS,
    AT_SIDES,
    AT_STARTS,
    AT_TURN,
    AT_WINNER,
    DRAW,
    DRAW_PILE,
    FORMAT,
    GROUP,
    GROUPS_PER_SEAT,
    HAND,
    HAND_OF,
    K_ADD,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEPT,
    K_TAKE,
    KEEP,
    LAID,
    MAX_PLAYERS,
    N_SECTIONS,
    NO_SEAT,
    NONE,
    OVER,
    PILE,
    PLAY,
    S_GAINED,
    S_GROUPS,
    S_KEPT,
    S_KNOWN,
    S_LEVEL,
    SEAT_BYTES,
    WON,
    _dup,
    _end_turn,
    _find_in_hand,
    _gather,
    _into_hand,
    _move,
    _order,
    _out_of_hand,
    _rebuild,
    _sort,
    begin,
    draw_count,
    end,
    hand_count,
    move,
    pile_count,
    reqs,
    size,
)

N_CARDS = const(98)  # 90 number cards and 8 jokers (LB-1)
N_JOKERS = const(8)
AT_BOARD = const(192)  # AT_AREA + N_CARDS
B_POS = const(0)
B_DICE = const(12)
B_REACH = const(14)
_B_ACTION = const(16)
B_COUNT = const(17)
_B_AGAIN = const(18)
B_ACTOR = const(19)
B_ASKED = const(20)
B_SHOWN = const(22)
_BOARD_BYTES = const(40)
SIZE = const(232)  # AT_BOARD + _BOARD_BYTES
JOKERS = const(13)  # FRONT: the jokers' stack
SHOW_MAX = const(3)
COLOUR_ASK = const(16)  # an asked value from here on is a colour

# phases past the card games' (layout.py): a turn's first step and an action's choices
ROLL = const(5)  # roll the dice
GO = const(6)  # move to one of the two reached spaces
STAR = const(7)  # a star: choose the action (the next free space of its kind)
PICK = const(8)  # take the top of a pile (B_COUNT more times)
SWAP = const(9)  # discard up to three, then say done
ASK = const(10)  # name a number or colour and a direction
GIVE = const(11)  # the asked seat (B_ACTOR) chooses the card it gives
SHOW = const(12)  # the seat B_ACTOR shows its cards for a Steal
STEAL = const(13)  # the seat on turn takes one shown card
SECOND = const(14)  # the second of two discards (LB-6)

K_ROLL = const(12)
K_GO = const(13)
K_ASK = const(14)
K_SHOW = const(15)

KINDS = bytes([track.kind(p) for p in range(track.N_SPACES)])


# -- reading -------------------------------------------------------------------


def tower(s, seat):
    return s[AT_BOARD + B_POS + seat]


def side(s, seat):
    return s[AT_SIDES + seat]


def dice(s):
    return s[AT_BOARD + B_DICE], s[AT_BOARD + B_DICE + 1]


def reached(s):
    return s[AT_BOARD + B_REACH], s[AT_BOARD + B_REACH + 1]


def action(s):
    """The track kind of the action under way, NONE between actions."""
    return s[AT_BOARD + _B_ACTION]


def again(s):
    """True when the seat on turn takes another turn after this one (AGAIN)."""
    return bool(s[AT_BOARD + _B_AGAIN])


def actor(s):
    """The seat that must act now: a seat asked for a card or showing cards, else the seat
    on turn (or choosing what to keep)."""
    a = s[AT_BOARD + B_ACTOR]
    return a if a != NO_SEAT else s[AT_TURN]


def jokers_left(s):
    return size(s, JOKERS)


def shown(s, seat):
    """The cards the seat shows for a Steal under way."""
    at = AT_BOARD + B_SHOWN + seat * SHOW_MAX
    return bytes([c for c in s[at : at + SHOW_MAX] if c != NONE])


def matches(c, v):
    """True when number card c answers an Ask for v (jokers are no number: they never do)."""
    if c >= cards.N_NUMBER_CARDS:
        return False
    if v < COLOUR_ASK:
        return c % cards.N_NUMBERS + 1 == v
    return c // cards.N_NUMBERS == v - COLOUR_ASK


# -- a new game and a new round -------------------------------------------------


def new_state(n_players, seed=0, first_dealer=0, sides=None, deck=None):
    """A fresh board game dealt by `first_dealer`; `sides`: each seat's level side, 1 or 2
    (LB-5, all 1 when None); `deck`: the 90 number cards, top first, instead of a shuffle."""
    from prng import Prng, store

    if not 2 <= n_players <= MAX_PLAYERS:
        raise ValueError("players must be 2 to 6")
    if not 0 <= first_dealer < n_players:
        raise ValueError("the dealer must be one of the seats")
    if sides is None:
        sides = (1,) * n_players
    if len(sides) != n_players or [x for x in sides if x not in (1, 2)]:
        raise ValueError("each player's level side is 1 or 2")
    s = bytearray(SIZE)
    s[AT_FORMAT] = FORMAT
    s[AT_GAME] = cards.BOARD
    s[AT_PLAYERS] = n_players
    s[AT_WINNER] = NO_SEAT
    s[AT_ENDER] = NO_SEAT
    s[AT_CARDS] = N_CARDS
    store(Prng(seed), s, AT_RNG)
    for seat in range(n_players):
        s[AT_SEATS + seat * SEAT_BYTES + S_LEVEL] = 1
        s[AT_SIDES + seat] = sides[seat]
    numbers = cards.N_NUMBER_CARDS
    for k in range(1, N_SECTIONS + 1):
        s[AT_STARTS + k] = numbers if k <= JOKERS else N_CARDS
    for c in range(numbers):
        s[AT_BOARD - N_CARDS + c] = c
    for i in range(N_JOKERS):
        s[AT_BOARD - N_JOKERS + i] = cards.WILD
    s[AT_DEALER] = first_dealer
    _deal(s, deck)
    return s


def _deal(s, order):
    """The dealer (s[AT_DEALER]) deals a round (LB-1, LB-4): every joker but the kept ones
    back to the stack, every other card but the kept ones shuffled, each hand dealt up to
    ten from the dealer's left, the top card onto the dealer's pile; towers stay."""
    n = s[AT_PLAYERS]
    d = s[AT_DEALER]
    for k in range(N_SECTIONS):
        if k == JOKERS:
            continue
        keep = s[AT_SEATS + (k - HAND_OF) * SEAT_BYTES + S_KEPT] if HAND_OF <= k < HAND_OF + n else 0
        i = begin(s, k) + keep
        while i < end(s, k):
            if cards.is_wild(s[i]):
                s[i] = cards.WILD
                _move(s, i, k, JOKERS, 0)
                i = begin(s, k) + keep
            else:
                i += 1
    _gather(s, DRAW_PILE, PILE, JOKERS, False, True)
    _gather(s, DRAW_PILE, JOKERS + 1, N_SECTIONS, False, False)
    _order(s, DRAW_PILE, order)
    for seat in range(n):
        at = AT_SEATS + seat * SEAT_BYTES
        s[at + S_GROUPS] = 0
        s[at + S_KNOWN] = 0
        s[at + S_KEPT] = 0
    for _ in range(HAND):
        for k in range(1, n + 1):
            seat = (d + k) % n
            if hand_count(s, seat) < HAND and draw_count(s):
                _into_hand(s, seat, end(s, DRAW_PILE) - 1, DRAW_PILE)
    for seat in range(n):
        _sort(s, begin(s, HAND_OF + seat), end(s, HAND_OF + seat))
    _move(s, end(s, DRAW_PILE) - 1, DRAW_PILE, PILE + d, 0)
    b = AT_BOARD
    s[b + _B_ACTION] = NONE
    s[b + B_COUNT] = 0
    s[b + _B_AGAIN] = 0
    s[b + B_ACTOR] = NO_SEAT
    s[b + B_ASKED] = 0
    for i in range(MAX_PLAYERS * SHOW_MAX):
        s[b + B_SHOWN + i] = NONE
    s[AT_ROUND] += 1
    s[AT_TURN] = (d + 1) % n
    s[AT_PHASE] = ROLL


def _next_keeper(s, after, order):
    """LB-4: every seat that did not lay out may keep up to four cards, going round from
    the seat that ended the round (which deals next); then the deal. After a dead end
    (no ender) the old dealer's left neighbour deals at once."""
    n = s[AT_PLAYERS]
    e = s[AT_ENDER]
    if e == NO_SEAT:  # a dead end's round: nobody went out to deal, so L8-7's dealer;
        s[AT_DEALER] = (s[AT_DEALER] + 1) % n  # every seat laid out, so none keeps a card
        _deal(s, order)
        return
    p = (after + 1) % n
    while p != e:
        if not s[AT_SEATS + p * SEAT_BYTES + S_GROUPS] & LAID and hand_count(s, p):
            s[AT_TURN] = p
            s[AT_PHASE] = KEEP
            return
        p = (p + 1) % n
    s[AT_DEALER] = e
    _deal(s, order)


# -- dice and the track -----------------------------------------------------------


def _rand16(s):
    """prng.Prng.next16 on the generator's bytes in the state, creating no generator."""
    a = AT_RNG
    x1 = s[a] | s[a + 1] << 8
    c1 = s[a + 2] | s[a + 3] << 8
    x2 = s[a + 4] | s[a + 5] << 8
    c2 = s[a + 6] | s[a + 7] << 8
    t = 16380 * x1 + c1
    x1 = t & 0xFFFF
    c1 = t >> 16
    t = 16365 * x2 + c2
    x2 = t & 0xFFFF
    c2 = t >> 16
    s[a] = x1 & 0xFF
    s[a + 1] = x1 >> 8
    s[a + 2] = c1 & 0xFF
    s[a + 3] = c1 >> 8
    s[a + 4] = x2 & 0xFF
    s[a + 5] = x2 >> 8
    s[a + 6] = c2 & 0xFF
    s[a + 7] = c2 >> 8
    return (x1 + x2) & 0xFFFF


def _die(s):
    """1..6, as prng's below(6) + 1."""
    r = _rand16(s)
    while r >= 65532:
        r = _rand16(s)
    return r % 6 + 1


def taken(s, space, seat):
    """True when another seat's tower stands on the space (the start never counts, LB-2)."""
    if space == track.START:
        return False
    b = AT_BOARD + B_POS
    for p in range(s[AT_PLAYERS]):
        if p != seat and s[b + p] == space:
            return True
    return False


def step(s, seat, steps):
    """The space `steps` clockwise from the seat's tower, not counting taken spaces (LB-2)."""
    p = s[AT_BOARD + B_POS + seat]
    while steps:
        p = (p + 1) % track.N_SPACES
        if not taken(s, p, seat):
            steps -= 1
    return p


def next_free(s, seat, kind):
    """The next space of that kind clockwise from the seat's tower that no other tower
    takes, or NONE (a star's choice, and the start is never one)."""
    p = s[AT_BOARD + B_POS + seat]
    for _ in range(track.N_SPACES - 1):
        p = (p + 1) % track.N_SPACES
        if KINDS[p] == kind and p != track.START and not taken(s, p, seat):
            return p
    return NONE


# -- the actions ---------------------------------------------------------------------


def _sources(s):
    """True when some pile has a top card to take."""
    if draw_count(s):
        return True
    for p in range(s[AT_PLAYERS]):
        if pile_count(s, p):
            return True
    return False


def _refill(s, order):
    """L8-6: once the draw pile is empty, the discard piles but their tops become it."""
    if draw_count(s):
        return
    for p in range(s[AT_PLAYERS]):
        if pile_count(s, p) > 1:
            _rebuild(s, order)
            return


def _draw(s, seat, order):
    """The top of the draw pile into the seat's hand, rebuilt first when empty; nothing
    when there is nothing to rebuild it from."""
    _refill(s, order)
    if draw_count(s):
        _into_hand(s, seat, end(s, DRAW_PILE) - 1, DRAW_PILE)


def _pick(s, count):
    """Take the top of any pile `count` times, or nothing when no pile has a card."""
    s[AT_BOARD + B_COUNT] = count
    if _sources(s):
        s[AT_PHASE] = PICK
    else:
        _to_play(s)


def _to_play(s):
    """The action is done: step 2 and 3 (the card game's PLAY). A seat left with no card
    to discard (robbed when the draw pile could give nothing back) ends its turn there."""
    b = AT_BOARD
    s[b + _B_ACTION] = NONE
    s[b + B_COUNT] = 0
    s[b + B_ACTOR] = NO_SEAT
    s[AT_PHASE] = PLAY
    seat = s[AT_TURN]
    if not hand_count(s, seat):  # no last card discarded, so no round's end: the turn passes
        b = AT_BOARD
        if not s[b + _B_AGAIN]:
            s[AT_TURN] = (seat + 1) % s[AT_PLAYERS]
        s[b + _B_AGAIN] = 0
        s[AT_PHASE] = ROLL
        _unless_dead_end(s)


def _do(s, space, order):
    """Stack the tower on the space and start its action (LB-2)."""
    seat = s[AT_TURN]
    b = AT_BOARD
    s[b + B_POS + seat] = space
    kd = KINDS[space]
    s[b + _B_ACTION] = kd
    if kd == track.STAR:
        s[AT_PHASE] = STAR
    elif kd == track.ONE:
        _pick(s, 1)
    elif kd == track.TWO:
        _pick(s, 2)
    elif kd == track.AGAIN:
        s[b + _B_AGAIN] = 1
        _pick(s, 1)
    elif kd == track.SWAP:
        s[b + B_COUNT] = 0
        if hand_count(s, seat):
            s[AT_PHASE] = SWAP
        else:
            _to_play(s)
    elif kd == track.ALL:
        n = s[AT_PLAYERS]
        for k in range(n):
            _draw(s, (seat + k) % n, order)
        _to_play(s)
    elif kd == track.JOKER:
        if size(s, JOKERS):
            _into_hand(s, seat, begin(s, JOKERS), JOKERS, True)  # everyone sees it taken
            _to_play(s)
        else:
            _pick(s, 1)
    elif kd == track.ASK:
        s[AT_PHASE] = ASK
    else:
        for i in range(MAX_PLAYERS * SHOW_MAX):
            s[b + B_SHOWN + i] = NONE
        _next_shower(s, seat)


def _next_shower(s, after):
    """Steal: the seats after `after` clockwise show their cards; one holding three or
    fewer shows them all, one holding more chooses three (phase SHOW)."""
    n = s[AT_PLAYERS]
    seat = s[AT_TURN]
    p = (after + 1) % n
    while p != seat:
        hc = hand_count(s, p)
        if hc > SHOW_MAX:
            s[AT_BOARD + B_ACTOR] = p
            s[AT_PHASE] = SHOW
            return
        lo = begin(s, HAND_OF + p)
        for i in range(hc):
            s[AT_BOARD + B_SHOWN + p * SHOW_MAX + i] = s[lo + i]
        p = (p + 1) % n
    s[AT_BOARD + B_ACTOR] = NO_SEAT
    for i in range(MAX_PLAYERS * SHOW_MAX):
        if s[AT_BOARD + B_SHOWN + i] != NONE:
            s[AT_PHASE] = STEAL
            return
    _to_play(s)


def _shown_count(s, p, c):
    at = AT_BOARD + B_SHOWN + p * SHOW_MAX
    k = 0
    for i in range(at, at + SHOW_MAX):
        if s[i] == c:
            k += 1
    return k


def _held_count(s, p, c):
    k = 0
    for i in range(begin(s, HAND_OF + p), end(s, HAND_OF + p)):
        if s[i] == c:
            k += 1
    return k


def _make_known(s, p, c):
    """A card the seat showed goes back into its hand known to everyone (rules.known)."""
    at = AT_SEATS + p * SEAT_BYTES
    lo = begin(s, HAND_OF + p)
    for i in range(lo + s[at + S_KNOWN], end(s, HAND_OF + p)):
        if s[i] == c:
            _move(s, i, HAND_OF + p, HAND_OF + p, s[at + S_KNOWN])
            s[at + S_KNOWN] += 1
            return


def _hand_over(s, seat, c, order, known_card):
    """Card c from the seat's hand to the seat on turn's; the seat draws a replacement."""
    i = _find_in_hand(s, seat, c)
    _into_hand(s, s[AT_TURN], i, HAND_OF + seat, known_card)
    _draw(s, seat, order)


def _asked(s):
    """The first seat in the asked direction holding a match, NO_SEAT when none does."""
    n = s[AT_PLAYERS]
    seat = s[AT_TURN]
    v = s[AT_BOARD + B_ASKED]
    delta = 1 if s[AT_BOARD + B_ASKED + 1] == 0 else n - 1
    p = (seat + delta) % n
    while p != seat:
        for i in range(begin(s, HAND_OF + p), end(s, HAND_OF + p)):
            if matches(s[i], v):
                return p
        p = (p + delta) % n
    return NO_SEAT


def _finish(s, seat):
    """After the discard: the card game's turn end or round end (L8-7, L8-8), then the
    next seat's roll, or the same seat's again after an AGAIN (lost when the round ended)."""
    _end_turn(s, seat)
    b = AT_BOARD
    more = s[b + _B_AGAIN]
    s[b + _B_AGAIN] = 0
    if s[AT_PHASE] == DRAW:
        s[AT_PHASE] = ROLL
        if more:
            s[AT_TURN] = seat
        _unless_dead_end(s)


# -- LB-6: full combinations -----------------------------------------------------------


def full(s, slot):
    """True when laid group `slot` can take nothing but jokers (LB-6): a set of six or
    more, a run from 1 to 15, a colour group of all fifteen numbers or more."""
    k = GROUP + slot
    lo = begin(s, k)
    hi = end(s, k)
    kd = reqs(s, slot // GROUPS_PER_SEAT)[slot % GROUPS_PER_SEAT][0]
    if kd == RUN:
        return cards.number(s[lo]) == 1 and cards.number(s[hi - 1]) == cards.N_NUMBERS
    return hi - lo >= (6 if kd == SET else cards.N_NUMBERS)


def only_full(s):
    """True when combinations are laid and every one is full (LB-6)."""
    any_ = False
    for slot in range(s[AT_PLAYERS] * GROUPS_PER_SEAT):
        if not size(s, GROUP + slot):
            continue
        if not s[AT_SEATS + (slot // GROUPS_PER_SEAT) * SEAT_BYTES + S_GROUPS] & LAID:
            continue
        if not full(s, slot):
            return False
        any_ = True
    return any_


# -- the dead end (the project's reading: no ruling covers it) ---------------------------


def dead_end(s):
    """True at the dead end no ruling covers: every seat has laid out, some laid
    combination is not full (so LB-6's two discards are not open), and no card off the
    table (draw pile, discard piles, hands, the jokers' stack) fits a laid combination,
    none of them a joker. Nothing can then be added, ever (the combinations never change,
    so neither does what fits them): only a hand that shrinks once the draw pile cannot be
    rebuilt could still end the round, in bot games hundreds of moves later or more.

    Read at each turn's start, so it asks the cheap question first, builds nothing and
    reads the state's bytes itself: what the combinations take is two bit masks, numbers
    and colours; a combination is full as `full` says."""
    n = s[AT_PLAYERS]
    for p in range(n):
        if not s[AT_SEATS + p * SEAT_BYTES + S_GROUPS] & LAID:
            return False
    top = cards.N_NUMBERS
    nums = 0  # bit v: a card of number v fits some laid combination
    colours = 0  # bit c: a card of colour c does
    open_ = False
    for p in range(n):
        rq = reqs(s, p)
        k = AT_STARTS + GROUP + p * GROUPS_PER_SEAT
        for r in range(len(rq)):
            lo = AT_AREA + s[k + r]
            hi = AT_AREA + s[k + r + 1]
            kd = rq[r][0]
            if kd == RUN:  # either end; bits 0 and 16 stand for no card
                a = cards.number(s[lo])
                b = cards.number(s[hi - 1])
                nums |= 1 << (a - 1) | 1 << (b + 1)
                if a != 1 or b != top:
                    open_ = True
            elif kd == SET:
                nums |= 1 << cards.number(s[lo])
                if hi - lo < 6:
                    open_ = True
            else:
                colours |= 1 << cards.colour(s[lo])
                if hi - lo < top:
                    open_ = True
    if not open_:
        return False
    wild = cards.N_NUMBER_CARDS
    for i in range(AT_AREA + s[AT_STARTS + DRAW_PILE], AT_AREA + s[AT_STARTS + GROUP]):
        c = s[i]
        if c >= wild:  # a joker fits a combination that is not full
            return False
        if nums >> (c % top + 1) & 1 or colours >> (c // top) & 1:
            return False
    return True


def _unless_dead_end(s):
    """A turn is about to begin (ROLL): at a dead end the round ends instead, nobody out.
    Every seat laid out, so each goes up one as L8-7 gives those who laid out, nobody
    two; none can win by it (laying out level 8 won already). The next dealer is L8-7's,
    as no one went out to deal (LB-4): _next_keeper."""
    if not dead_end(s):
        return
    s[AT_ENDER] = NO_SEAT
    s[AT_PHASE] = OVER
    for p in range(s[AT_PLAYERS]):
        at = AT_SEATS + p * SEAT_BYTES
        s[at + S_KNOWN] = 0  # the hands go back unseen
        s[at + S_GAINED] = 1
        s[at + S_LEVEL] += 1


# -- what may be played ----------------------------------------------------------------


def legal_moves(s, out, only=-1):
    """Write the legal moves into `out` (rules.MAX_MOVES long); return how many. Laying
    out, adding, discarding and keeping are the card game's moves, with LB-6's more. With
    `only` (a card's code), only those that play that card from the hand, as
    rules.legal_moves."""
    ph = s[AT_PHASE]
    if ph <= WON:
        k = rules.legal_moves(s, out, only)
        return full_moves(s, out, k, only) if ph == PLAY else k
    if only >= 0:
        return 0
    seat = s[AT_TURN]
    n = s[AT_PLAYERS]
    b = AT_BOARD
    k = 0
    if ph == ROLL:
        out[0] = K_ROLL << 12
        return 1
    if ph == GO:
        out[0] = move(K_GO, s[b + B_REACH])
        if s[b + B_REACH + 1] == s[b + B_REACH]:
            return 1
        out[1] = move(K_GO, s[b + B_REACH + 1])
        return 2
    if ph == STAR:
        for kd in range(1, track.N_KINDS):
            p = next_free(s, seat, kd)
            if p != NONE:
                out[k] = move(K_GO, p)
                k += 1
        return k
    if ph == PICK:
        if draw_count(s):
            out[k] = K_DRAW << 12
            k += 1
        for p in range(n):
            if pile_count(s, p):
                out[k] = move(K_TAKE, p)
                k += 1
        return k
    if ph == SWAP:
        if s[b + B_COUNT]:
            out[k] = K_KEPT << 12
            k += 1
        lo = begin(s, HAND_OF + seat)
        for i in range(lo, end(s, HAND_OF + seat)):
            if not _dup(s, lo, i):
                out[k] = move(K_DISCARD, 0, s[i])
                k += 1
        return k
    if ph == ASK:
        for d in range(2):
            for v in range(1, COLOUR_ASK + cards.N_COLOURS):
                out[k] = move(K_ASK, d, v)
                k += 1
        return k
    if ph == GIVE:
        g = s[b + B_ACTOR]
        lo = begin(s, HAND_OF + g)
        for i in range(lo, end(s, HAND_OF + g)):
            if matches(s[i], s[b + B_ASKED]):
                out[k] = move(K_GIVE, seat, s[i])
                k += 1
        return k
    if ph == SHOW:
        g = s[b + B_ACTOR]
        lo = begin(s, HAND_OF + g)
        for i in range(lo, end(s, HAND_OF + g)):
            c = s[i]
            if not _dup(s, lo, i) and _held_count(s, g, c) > _shown_count(s, g, c):
                out[k] = move(K_SHOW, 0, c)
                k += 1
        return k
    if ph == STEAL:
        for p in range(n):
            at = b + B_SHOWN + p * SHOW_MAX
            for i in range(at, at + SHOW_MAX):
                if s[i] != NONE and not _dup(s, at, i):  # two jokers shown: one move
                    out[k] = move(K_TAKE, p, s[i])
                    k += 1
        return k
    lo = begin(s, HAND_OF + seat)  # SECOND
    for i in range(lo, end(s, HAND_OF + seat)):
        if not _dup(s, lo, i):
            out[k] = move(K_DISCARD, 0, s[i])
            k += 1
    return k


def full_moves(s, out, k, only=-1):
    """Step 2 and 3's moves beyond the card game's, after its `k` (LB-6): a joker onto a
    full run, two discards when only full combinations are laid out; with `only`, only
    that card's."""
    seat = s[AT_TURN]
    if not s[AT_SEATS + seat * SEAT_BYTES + S_GROUPS] & LAID:
        return k
    lo = begin(s, HAND_OF + seat)
    hi = end(s, HAND_OF + seat)
    if hi - lo < 2:
        return k
    joker = False
    for i in range(lo, hi):
        if s[i] == cards.WILD:
            joker = only < 0 or only == cards.WILD
    if joker:  # a full run takes jokers still (one past its top, as it were)
        for slot in range(s[AT_PLAYERS] * GROUPS_PER_SEAT):
            if (
                size(s, GROUP + slot)
                and s[AT_SEATS + (slot // GROUPS_PER_SEAT) * SEAT_BYTES + S_GROUPS] & LAID
                and reqs(s, slot // GROUPS_PER_SEAT)[slot % GROUPS_PER_SEAT][0] == RUN
                and full(s, slot)
            ):
                out[k] = move(K_ADD, slot, cards.wild_as_number(cards.N_NUMBERS))
                k += 1
    if only_full(s):
        for i in range(lo, hi):
            if (only < 0 or s[i] == only) and not _dup(s, lo, i):
                out[k] = move(K_DISCARD, 1, s[i])
                k += 1
    return k


# -- playing -----------------------------------------------------------------------------


def apply(s, m, order=None):
    """Play the legal move m for the seat that must act (rules.apply's contract). Laying
    out, adding and keeping are the card game's own; a discard ends the turn here, and the
    end of keeping and the next deal are the board's (LB-4)."""
    kd = m >> 12
    c = m & 127
    t = (m >> 7) & 31
    ph = s[AT_PHASE]
    if ph <= WON and kd != K_DISCARD and kd < K_KEPT:
        rules.apply(s, m, order)
        return
    seat = s[AT_TURN]
    b = AT_BOARD
    if kd == K_ROLL:
        d1 = _die(s)
        d2 = _die(s)
        s[b + B_DICE] = d1
        s[b + B_DICE + 1] = d2
        s[b + B_REACH] = step(s, seat, d1)
        s[b + B_REACH + 1] = step(s, seat, d2 if d2 != d1 else d1 + d1)
        s[AT_PHASE] = GO
    elif kd == K_GO:
        _do(s, t, order)
    elif ph == PICK:
        if kd == K_DRAW:
            _into_hand(s, seat, end(s, DRAW_PILE) - 1, DRAW_PILE)
        else:
            _into_hand(s, seat, end(s, PILE + t) - 1, PILE + t, True)
        _refill(s, order)
        if s[b + B_COUNT] > 1:
            _pick(s, s[b + B_COUNT] - 1)
        else:
            _to_play(s)
    elif ph == SWAP:
        if kd == K_DISCARD:
            _out_of_hand(s, seat, c, PILE + seat, size(s, PILE + seat))
            s[b + B_COUNT] += 1
        if kd == K_KEPT or s[b + B_COUNT] == 3 or not hand_count(s, seat):
            for _ in range(s[b + B_COUNT] + 1):
                _draw(s, seat, order)
            _to_play(s)
    elif kd == K_ASK:
        s[b + B_ASKED] = c
        s[b + B_ASKED + 1] = t
        g = _asked(s)
        if g == NO_SEAT:
            _pick(s, 1)
            return
        first = NONE
        for i in range(begin(s, HAND_OF + g), end(s, HAND_OF + g)):
            if matches(s[i], c):
                if first != NONE:
                    s[b + B_ACTOR] = g
                    s[AT_PHASE] = GIVE
                    return
                first = s[i]
        _hand_over(s, g, first, order, False)
        _to_play(s)
    elif ph == GIVE:
        _hand_over(s, s[b + B_ACTOR], c, order, False)
        _to_play(s)
    elif kd == K_SHOW:
        g = s[b + B_ACTOR]
        at = b + B_SHOWN + g * SHOW_MAX
        i = at
        while s[i] != NONE:
            i += 1
        s[i] = c
        if i == at + SHOW_MAX - 1:
            _next_shower(s, g)
    elif ph == STEAL:
        for p in range(s[AT_PLAYERS]):
            at = b + B_SHOWN + p * SHOW_MAX
            took = p != t
            for i in range(at, at + SHOW_MAX):
                x = s[i]
                if x == NONE:
                    continue
                s[i] = NONE
                if not took and x == c:
                    took = True
                    _hand_over(s, t, c, order, True)
                else:
                    _make_known(s, p, x)
        _to_play(s)
    elif kd == K_DISCARD:
        _out_of_hand(s, seat, c, PILE + seat, size(s, PILE + seat))
        if t:
            s[AT_PHASE] = SECOND
        else:
            _finish(s, seat)
    elif kd == K_KEPT:
        _next_keeper(s, seat, order)
        return
    else:  # K_NEXT (laying out, adding and keeping are the card game's own: rules.apply)
        _next_keeper(s, s[AT_ENDER], order)
        return
    ph = s[AT_PHASE]
    if ph == PLAY or ph > WON:
        _refill(s, order)
