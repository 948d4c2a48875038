"""The rules of Level 10 as pure functions over one bytearray.

The whole game lives in `s`, a bytearray laid out below (120 bytes for a
solo game at Standard difficulty, 121 at most for any setup). Cards are small ints (see `cards`), moves
are small ints (see `moves`). `legal_moves` and `apply` allocate nothing, so
a search can run thousands of them on a Pico; `check` explains in words why
a move is illegal.

Layout of `s`:
    0 format   1 players   2 pauses in the game   3 starting seat
    4 seat on turn (255 once nobody is)   5 status   6 moves applied
    7 deck head   8 cards in the deck   9 deck ring size   10 hand size
    11..15 resets left in each world's supply
    16..20 value at the right end of each row (what the next card must reach)
    21..25 cards in each seat's hand
    26..75 grid, row by row (row * 10 + column): 0 empty, 1..40 a level card
           (card + 1), 41 a reset, 42 a pause, 43..82 a pause over a buried card
    76..  hands, `hand size` bytes a seat, each sorted (worlds S..D, then pauses)
    then  the deck as a ring: the top card is at `head`; cards put under go
          to head + count. Two spare bytes hold the cards a reset puts under
          before the player draws.

Every move fills exactly one grid slot, so the current column is
moves // 5 (RULINGS L10-3) and needs no byte of its own.
"""

from compat import const

from level10.cards import WORLD_NAMES
from level10.cards import name as card_name

FORMAT = const(1)
PLAYING = const(0)
WON = const(1)
LOST = const(2)
NO_SEAT = const(255)

EMPTY = const(0)
RESET_CELL = const(41)
PAUSE_CELL = const(42)  # a pause; 43 + card when that card lies under it

ROWS = const(5)
COLUMNS = const(10)
SLOTS = const(50)
PAUSE = const(40)
NONE = const(63)
MAX_MOVES = const(540)  # 10 plays + 15 pause plays + 5 * (1 + 10 * 10) resets, rounded up

HAND_SIZES = b"\x0a\x07\x06\x05\x04"  # RULINGS L10-2, for 1..5 players

_FORMAT = const(0)
_PLAYERS = const(1)
_PAUSES = const(2)
_START = const(3)
_TURN = const(4)
_STATUS = const(5)
_MOVES = const(6)
_HEAD = const(7)
_COUNT = const(8)
_CAP = const(9)
_HSIZE = const(10)
_SUPPLY = const(11)
_ROWVAL = const(16)
_HCOUNT = const(21)
_GRID = const(26)
_HANDS = const(76)


class IllegalMove(ValueError):
    """A move the rules forbid; str() is a sentence for the player."""


# -- building a game -------------------------------------------------------


def new_state(players, pauses, deck, start=0):
    """A fresh game: `deck` (top card first) is dealt one card a seat, round
    and round (RULINGS L10-2); `start` is the 0-based starting seat."""
    if not 1 <= players <= 5:
        raise ValueError("players must be 1 to 5")
    if not 0 <= pauses <= 3:
        raise ValueError("pauses must be 0 to 3")
    if not 0 <= start < players:
        raise ValueError("the starting seat must be 1 to " + str(players))
    reason = deck_problem(deck, pauses)
    if reason:
        raise ValueError(reason)
    hsize = HAND_SIZES[players - 1]
    dealt = players * hsize
    cap = len(deck) - dealt + 2
    s = bytearray(_HANDS + dealt + cap)
    s[_FORMAT] = FORMAT
    s[_PLAYERS] = players
    s[_PAUSES] = pauses
    s[_START] = start
    s[_CAP] = cap
    s[_HSIZE] = hsize
    for r in range(ROWS):
        s[_SUPPLY + r] = 2
    i = 0
    for _ in range(hsize):
        for seat in range(players):
            _give(s, seat, deck[i])
            i += 1
    ring = _HANDS + dealt
    for j in range(len(deck) - dealt):
        s[ring + j] = deck[i + j]
    s[_COUNT] = len(deck) - dealt
    _settle(s, start)
    return s


def deck_problem(deck, pauses):
    """None when `deck` holds each level card once and `pauses` pauses, else why not."""
    seen = bytearray(41)
    for c in deck:
        if c > PAUSE:
            return "the deck holds something that is not a card"
        seen[c] += 1
    for c in range(PAUSE):
        if seen[c] != 1:
            return card_name(c) + (" is missing from the deck" if seen[c] == 0 else " is in the deck twice")
    if seen[PAUSE] != pauses:
        return "the deck holds " + str(seen[PAUSE]) + " pauses, not " + str(pauses)
    return None


# -- reading a game ----------------------------------------------------------


def players(s):
    return s[_PLAYERS]


def pauses(s):
    return s[_PAUSES]


def start_seat(s):
    return s[_START]


def status(s):
    return s[_STATUS]


def to_move(s):
    """0-based seat on turn, or NO_SEAT once the game is over."""
    return s[_TURN] if s[_STATUS] == PLAYING else NO_SEAT


def stuck_seat(s):
    """The seat whose turn it was when the game was lost, or NO_SEAT."""
    return s[_TURN]


def moves_played(s):
    return s[_MOVES]


def column(s):
    """0-based current column, or -1 when the grid is full."""
    m = s[_MOVES]
    return m // 5 if m < SLOTS else -1


def cell(s, row, col):
    return s[_GRID + row * 10 + col]


def row_value(s, row):
    """What the next level card in `row` must reach (0 after a reset)."""
    return s[_ROWVAL + row]


def supply(s, row):
    return s[_SUPPLY + row]


def deck_count(s):
    return s[_COUNT]


def hand_count(s, seat):
    return s[_HCOUNT + seat]


def hand_card(s, seat, i):
    return s[_HANDS + seat * s[_HSIZE] + i]


def hand(s, seat):
    """A copy of a seat's hand, sorted (allocates: not for hot loops)."""
    base = _HANDS + seat * s[_HSIZE]
    return bytes(s[base : base + s[_HCOUNT + seat]])


def deck(s):
    """A copy of the deck, top card first (allocates)."""
    ring = _HANDS + s[_PLAYERS] * s[_HSIZE]
    cap = s[_CAP]
    head = s[_HEAD]
    return bytes(s[ring + (head + i) % cap] for i in range(s[_COUNT]))


def tally(s):
    """(level cards placed, buried included; resets placed; pauses placed)."""
    level = resets = paused = 0
    for i in range(_GRID, _GRID + SLOTS):
        v = s[i]
        if v == EMPTY:
            continue
        if v <= PAUSE:
            level += 1
        elif v == RESET_CELL:
            resets += 1
        else:
            paused += 1
            if v > PAUSE_CELL:
                level += 1
    return level, resets, paused


_BONUS_WON = b"\x00\x0a\x1e\x32"  # 0, 10, 30, 50 for 0..3 unused pauses
_BONUS_LOST = b"\x00\x05\x14\x28"  # 0, 5, 20, 40


def score_parts(s):
    """(level cards placed, resets placed, unused pauses, bonus, total) by
    RULINGS L10-9; while playing, scored as if the game ended now unwon."""
    level, resets, paused = tally(s)
    unused = s[_PAUSES] - paused
    table = _BONUS_WON if s[_STATUS] == WON else _BONUS_LOST
    bonus = table[unused]
    return level, resets, unused, bonus, level + resets + bonus


def score(s):
    return score_parts(s)[4]


# -- hands and deck ----------------------------------------------------------


def _give(s, seat, c):
    base = _HANDS + seat * s[_HSIZE]
    i = base + s[_HCOUNT + seat]
    while i > base and s[i - 1] > c:
        s[i] = s[i - 1]
        i -= 1
    s[i] = c
    s[_HCOUNT + seat] += 1


def _take(s, seat, c):
    base = _HANDS + seat * s[_HSIZE]
    end = base + s[_HCOUNT + seat]
    i = base
    while s[i] != c:
        i += 1
    while i < end - 1:
        s[i] = s[i + 1]
        i += 1
    s[_HCOUNT + seat] -= 1


def holds(s, seat, c, copies=1):
    base = _HANDS + seat * s[_HSIZE]
    n = 0
    for i in range(base, base + s[_HCOUNT + seat]):
        if s[i] == c:
            n += 1
    return n >= copies


def _draw(s, seat):
    ring = _HANDS + s[_PLAYERS] * s[_HSIZE]
    head = s[_HEAD]
    c = s[ring + head]
    s[_HEAD] = (head + 1) % s[_CAP]
    s[_COUNT] -= 1
    _give(s, seat, c)


def _put_under(s, seat, c):
    _take(s, seat, c)
    ring = _HANDS + s[_PLAYERS] * s[_HSIZE]
    s[ring + (s[_HEAD] + s[_COUNT]) % s[_CAP]] = c
    s[_COUNT] += 1


# -- moves -------------------------------------------------------------------


def _census(s, g):
    """Level/pause cards in the column whose Sky slot is s[g], plus 8 if it has its reset."""
    n = 0
    for i in range(g, g + 50, 10):
        v = s[i]
        if v == RESET_CELL:
            n |= 8
        elif v:
            n += 1
    return n


def legal_moves(s, out):
    """Write every legal move of the seat on turn into `out` (an array('H')
    of at least MAX_MOVES); return how many. Allocates nothing."""
    if s[_STATUS] != PLAYING:
        return 0
    g = _GRID + s[_MOVES] // 5
    census = _census(s, g)
    filled = census & 7
    has_reset = census & 8
    seat = s[_TURN]
    base = _HANDS + seat * s[_HSIZE]
    hn = s[_HCOUNT + seat]
    n = 0
    if filled < 4:
        prev = 255
        for i in range(base, base + hn):
            c = s[i]
            if c == prev:
                continue  # a second pause gives the same moves
            prev = c
            if c == PAUSE:
                bury = s[_COUNT] == 0
                for r in range(ROWS):
                    if s[g + r * 10] == EMPTY:
                        out[n] = r | 0xFC00 | (PAUSE << 4)
                        n += 1
                        if bury:
                            for j in range(base, base + hn):
                                b = s[j]
                                if b >> 3 == r:
                                    out[n] = r | (PAUSE << 4) | (b << 10)
                                    n += 1
            else:
                r = c >> 3
                if s[g + r * 10] == EMPTY and (c & 7) + 1 >= s[_ROWVAL + r]:
                    out[n] = r | (c << 4) | 0xFC00
                    n += 1
    if not has_reset:
        swap = s[_COUNT] > 0
        for r in range(ROWS):
            if s[g + r * 10] != EMPTY or s[_SUPPLY + r] == 0:
                continue
            out[n] = r | 0xFFF8
            n += 1
            if not swap:
                continue
            for i in range(hn):
                a = s[base + i]
                if i and s[base + i - 1] == a:
                    continue
                out[n] = r | 8 | (a << 4) | 0xFC00
                n += 1
                for j in range(hn):
                    b = s[base + j]
                    # one move per distinct second card (pauses repeat)
                    if j == i or (j and j - 1 != i and s[base + j - 1] == b):
                        continue
                    out[n] = r | 8 | (a << 4) | (b << 10)
                    n += 1
    return n


def can_act(s, seat):
    """True when `seat` has at least one legal move in the current column."""
    col = s[_MOVES] // 5
    if col >= COLUMNS:
        return False
    g = _GRID + col
    census = _census(s, g)
    if not census & 8:
        for r in range(ROWS):
            if s[g + r * 10] == EMPTY and s[_SUPPLY + r]:
                return True
    if census & 7 < 4:
        base = _HANDS + seat * s[_HSIZE]
        for i in range(base, base + s[_HCOUNT + seat]):
            c = s[i]
            if c == PAUSE:
                return True  # an empty level slot exists since filled < 4
            r = c >> 3
            if s[g + r * 10] == EMPTY and (c & 7) + 1 >= s[_ROWVAL + r]:
                return True
    return False


def apply(s, m):
    """Play move `m` for the seat on turn. `m` must be legal (see `check`)."""
    seat = s[_TURN]
    r = m & 7
    a = (m >> 4) & 63
    b = (m >> 10) & 63
    at = _GRID + r * 10 + s[_MOVES] // 5
    if m & 8:
        s[at] = RESET_CELL
        s[_SUPPLY + r] -= 1
        s[_ROWVAL + r] = 0
        swapped = 0
        if a != NONE:
            _put_under(s, seat, a)
            swapped = 1
            if b != NONE:
                _put_under(s, seat, b)
                swapped = 2
        while swapped:
            _draw(s, seat)
            swapped -= 1
    else:
        _take(s, seat, a)
        if a == PAUSE:
            if b != NONE:
                _take(s, seat, b)
                s[at] = PAUSE_CELL + 1 + b
            else:
                s[at] = PAUSE_CELL
        else:
            s[at] = a + 1
            s[_ROWVAL + r] = (a & 7) + 1
        if s[_COUNT]:
            _draw(s, seat)
    done = s[_MOVES] + 1
    s[_MOVES] = done
    if done == SLOTS:
        _finish(s)
        s[_TURN] = NO_SEAT
    elif s[_PLAYERS] == 5 and done % 5 == 0:
        _settle(s, seat)  # L10-10: who completes a column starts the next
    else:
        _settle(s, (seat + 1) % s[_PLAYERS])


def _settle(s, seat):
    """Give the turn to `seat` or the first one after it who can act (L10-8)."""
    for _ in range(s[_PLAYERS]):
        if can_act(s, seat):
            s[_TURN] = seat
            return
        if s[_HCOUNT + seat]:
            s[_TURN] = seat  # holds cards and cannot act: all lose
            s[_STATUS] = LOST
            return
        seat = (seat + 1) % s[_PLAYERS]
    s[_TURN] = NO_SEAT
    _finish(s)


def _finish(s):
    # 40 level cards + 10 resets = 50 placed: count slots holding a level card,
    # a reset or a pause over a buried card (no tuple from tally: this runs in searches).
    placed = 0
    for i in range(_GRID, _GRID + SLOTS):
        v = s[i]
        if v and v != PAUSE_CELL:
            placed += 1
    s[_STATUS] = WON if placed == SLOTS else LOST


def check(s, m):
    """None when `m` is legal for the seat on turn, else the reason in words."""
    if s[_STATUS] != PLAYING:
        return "the game is over"
    if not 0 <= m < 0x10000 or (m & 7) >= ROWS:
        return "not a move"
    seat = s[_TURN]
    r = m & 7
    a = (m >> 4) & 63
    b = (m >> 10) & 63
    col = s[_MOVES] // 5
    if (a > PAUSE and a != NONE) or (b > PAUSE and b != NONE):
        return "not a move"
    census = _census(s, _GRID + col)
    filled = census & 7
    has_reset = census & 8
    taken = s[_GRID + r * 10 + col] != EMPTY
    world = WORLD_NAMES[r]
    if m & 8:
        if s[_SUPPLY + r] == 0:
            return "no " + world + " reset is left"
        if has_reset:
            return "column " + str(col + 1) + " already has its reset"
        if taken:
            return _taken(world, col)
        if a == NONE:
            return "not a move" if b != NONE else None
        if s[_COUNT] == 0:
            return "cards go under the deck only while it has cards"
        if not holds(s, seat, a):
            return "you hold no " + _held_name(a)
        if b != NONE:
            if a == b and not holds(s, seat, a, 2):
                return "you hold only one " + _held_name(a)
            if not holds(s, seat, b):
                return "you hold no " + _held_name(b)
        return None
    if a == NONE:
        return "not a move"
    if not holds(s, seat, a):
        return "you hold no " + _held_name(a)
    if a != PAUSE and r != a >> 3:
        return card_name(a) + " belongs in the " + WORLD_NAMES[a >> 3] + " row"
    if a != PAUSE and b != NONE:
        return "only a pause can have a card buried under it"
    if taken:
        return _taken(world, col)
    if filled >= 4:
        return "column " + str(col + 1) + " holds four cards already: it needs its reset"
    if a == PAUSE:
        if b == NONE:
            return None
        if s[_COUNT]:
            return "a card can be buried under a pause only once the deck is empty"
        if b >> 3 != r:
            return "only a " + world + " card can be buried under a pause in the " + world + " row"
        if not holds(s, seat, b):
            return "you hold no " + card_name(b)
        return None
    need = s[_ROWVAL + r]
    if (a & 7) + 1 < need:
        left = s[_GRID + r * 10 + col - 1]
        if left == PAUSE_CELL or left > PAUSE_CELL:
            return card_name(a) + " is below the pause to its left, which counts as " + world + " " + str(need)
        return card_name(a) + " is below " + world + " " + str(need) + " to its left"
    return None


def _taken(world, col):
    return "the " + world + " slot of column " + str(col + 1) + " is taken"


def _held_name(c):
    return "pause" if c == PAUSE else card_name(c)


def play(s, m):
    """`apply` after `check`: raise IllegalMove with the reason when illegal."""
    reason = check(s, m)
    if reason:
        raise IllegalMove(reason)
    apply(s, m)


# -- saving ------------------------------------------------------------------


def problem(s):
    """None when `s` is a consistent game (every card exactly once somewhere,
    resets accounted for, grid filled column by column), else why not.
    Used on anything read back from storage."""
    if len(s) < _HANDS or s[_FORMAT] != FORMAT:
        return "not a Level 10 game of this version"
    p = s[_PLAYERS]
    if not 1 <= p <= 5 or s[_PAUSES] > 3 or s[_START] >= p or s[_STATUS] > LOST:
        return "damaged header"
    hsize = s[_HSIZE]
    dealt = p * hsize
    cap = 40 + s[_PAUSES] - dealt + 2
    if hsize != HAND_SIZES[p - 1] or s[_CAP] != cap or len(s) != _HANDS + dealt + cap:
        return "damaged sizes"
    if s[_MOVES] > SLOTS or s[_COUNT] > cap or s[_HEAD] >= cap:
        return "damaged counters"
    seen = bytearray(41)
    filled = 0
    for r in range(ROWS):
        resets = 0
        value = 0
        gap = False
        for c in range(COLUMNS):
            v = s[_GRID + r * 10 + c]
            if v == EMPTY:
                gap = True
                continue
            if gap or v > PAUSE_CELL + 1 + 39:
                return "damaged grid"
            filled += 1
            if v <= PAUSE:
                seen[v - 1] += 1
                if (v - 1) >> 3 != r or (v - 1) % 8 + 1 < value:
                    return "damaged grid"
                value = (v - 1) % 8 + 1
            elif v == RESET_CELL:
                resets += 1
                value = 0
            else:
                seen[PAUSE] += 1
                if v > PAUSE_CELL:
                    if (v - PAUSE_CELL - 1) >> 3 != r:
                        return "damaged grid"
                    seen[v - PAUSE_CELL - 1] += 1
        if resets + s[_SUPPLY + r] != 2 or s[_ROWVAL + r] != value:
            return "damaged grid"
    if filled != s[_MOVES]:
        return "damaged grid"
    for c in range(COLUMNS):
        resets = full = 0
        for r in range(ROWS):
            v = s[_GRID + r * 10 + c]
            if v == RESET_CELL:
                resets += 1
            elif v:
                full += 1
        if resets > 1 or full > 4 or (c < s[_MOVES] // 5 and resets + full != ROWS):
            return "damaged grid"
    for seat in range(p):
        n = s[_HCOUNT + seat]
        if n > hsize:
            return "damaged hand"
        base = _HANDS + seat * hsize
        for i in range(base, base + n):
            if s[i] > PAUSE or (i > base and s[i - 1] > s[i]):
                return "damaged hand"
            seen[s[i]] += 1
    ring = _HANDS + dealt
    for i in range(s[_COUNT]):
        c = s[ring + (s[_HEAD] + i) % cap]
        if c > PAUSE:
            return "damaged deck"
        seen[c] += 1
    for c in range(PAUSE):
        if seen[c] != 1:
            return "cards missing or doubled"
    if seen[PAUSE] != s[_PAUSES]:
        return "pauses missing or doubled"
    return _ending_problem(s)


def _ending_problem(s):
    """None when the status and the seat on turn fit the position (L10-7, L10-8)."""
    level, resets, _ = tally(s)
    full = s[_MOVES] == SLOTS
    everything = level == 40 and resets == 10
    st = s[_STATUS]
    seat = s[_TURN]
    if st == WON:
        ok = full and everything and seat == NO_SEAT
    elif st == PLAYING:
        ok = not full and seat < s[_PLAYERS] and can_act(s, seat)
    elif full or seat == NO_SEAT:
        ok = seat == NO_SEAT and not everything
        for p in range(s[_PLAYERS]):
            if can_act(s, p):
                ok = False
    else:
        ok = seat < s[_PLAYERS] and s[_HCOUNT + seat] > 0 and not can_act(s, seat)
    return None if ok else "damaged status"
