"""The rules of Level 10 as pure functions over one bytearray.

The whole game lives in `s`, a bytearray laid out below (120 bytes for a
solo game at Standard difficulty, 121 at most for any setup). Cards are small ints (see `cards`), moves
are small ints (see `moves`). `legal_moves` and `apply` allocate nothing, so
a search can run thousands of them on a Pico. Why a move is illegal, in words,
is `referee.check` (a module above this one, loaded only when a move is refused).

Layout of `s` (the offsets are the AT_* constants below):
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
moves // 5 (ruling L10-3) and needs no byte of its own.
"""

from compat import const

# "No card" in a move's card fields. It lives here, not in cards, because rules is always
# loaded and cards (names and words) is not.
NONE = const(63)

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
MAX_MOVES = const(540)  # 10 plays + 15 pause plays + 5 * (1 + 10 * 10) resets, rounded up

HAND_SIZES = b"\x0a\x07\x06\x05\x04"  # ruling L10-2, for 1..5 players

# offsets into `s`; public so `referee` can read the same layout
AT_FORMAT = const(0)
AT_PLAYERS = const(1)
AT_PAUSES = const(2)
AT_START = const(3)
AT_TURN = const(4)
AT_STATUS = const(5)
AT_MOVES = const(6)
AT_HEAD = const(7)
AT_COUNT = const(8)
AT_CAP = const(9)
AT_HSIZE = const(10)
AT_SUPPLY = const(11)
AT_ROWVAL = const(16)
AT_HCOUNT = const(21)
AT_GRID = const(26)
AT_HANDS = const(76)


class IllegalMove(ValueError):
    """A move the rules forbid; str() is a sentence for the player."""


# -- building a game -------------------------------------------------------


def new_state(players, pauses, deck, start=0):
    """A fresh game: `deck` (top card first) is dealt one card a seat, round
    and round (ruling L10-2); `start` is the 0-based starting seat."""
    if not 1 <= players <= 5:
        raise ValueError("players must be 1 to 5")
    if not 0 <= pauses <= 3:
        raise ValueError("pauses must be 0 to 3")
    if not 0 <= start < players:
        raise ValueError("the starting seat must be 1 to " + str(players))
    from level10.cards import deck_problem  # words: loaded only to build a game

    reason = deck_problem(deck, pauses)
    if reason:
        raise ValueError(reason)
    hsize = HAND_SIZES[players - 1]
    dealt = players * hsize
    cap = len(deck) - dealt + 2
    s = bytearray(AT_HANDS + dealt + cap)
    s[AT_FORMAT] = FORMAT
    s[AT_PLAYERS] = players
    s[AT_PAUSES] = pauses
    s[AT_START] = start
    s[AT_CAP] = cap
    s[AT_HSIZE] = hsize
    for r in range(ROWS):
        s[AT_SUPPLY + r] = 2
    i = 0
    for _ in range(hsize):
        for seat in range(players):
            give(s, seat, deck[i])
            i += 1
    ring = AT_HANDS + dealt
    for j in range(len(deck) - dealt):
        s[ring + j] = deck[i + j]
    s[AT_COUNT] = len(deck) - dealt
    _settle(s, start)
    return s


# -- reading a game ----------------------------------------------------------


def players(s):
    return s[AT_PLAYERS]


def pauses(s):
    return s[AT_PAUSES]


def start_seat(s):
    return s[AT_START]


def status(s):
    return s[AT_STATUS]


def to_move(s):
    """0-based seat on turn, or NO_SEAT once the game is over."""
    return s[AT_TURN] if s[AT_STATUS] == PLAYING else NO_SEAT


def stuck_seat(s):
    """The seat whose turn it was when the game was lost, or NO_SEAT."""
    return s[AT_TURN]


def moves_played(s):
    return s[AT_MOVES]


def column(s):
    """0-based current column, or -1 when the grid is full."""
    m = s[AT_MOVES]
    return m // 5 if m < SLOTS else -1


def cell(s, row, col):
    return s[AT_GRID + row * 10 + col]


def row_value(s, row):
    """What the next level card in `row` must reach (0 after a reset)."""
    return s[AT_ROWVAL + row]


def supply(s, row):
    return s[AT_SUPPLY + row]


def deck_count(s):
    return s[AT_COUNT]


def hand_count(s, seat):
    return s[AT_HCOUNT + seat]


def hand_card(s, seat, i):
    return s[AT_HANDS + seat * s[AT_HSIZE] + i]


def hand(s, seat):
    """A copy of a seat's hand, sorted (allocates: not for hot loops)."""
    base = AT_HANDS + seat * s[AT_HSIZE]
    return bytes(s[base : base + s[AT_HCOUNT + seat]])


def deck(s):
    """A copy of the deck, top card first (allocates)."""
    ring = AT_HANDS + s[AT_PLAYERS] * s[AT_HSIZE]
    cap = s[AT_CAP]
    head = s[AT_HEAD]
    return bytes(s[ring + (head + i) % cap] for i in range(s[AT_COUNT]))


def tally(s):
    """(level cards placed, buried included; resets placed; pauses placed)."""
    level = resets = paused = 0
    for i in range(AT_GRID, AT_GRID + SLOTS):
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


# ruling L10-9, by pauses never placed (0..3): the bonus of a won game, of a lost one
BONUS_WON = b"\x00\x0a\x1e\x32"  # 0, 10, 30, 50
BONUS_LOST = b"\x00\x05\x14\x28"  # 0, 5, 20, 40


def score_parts(s):
    """(level cards placed, resets placed, unused pauses, bonus, total) by
    ruling L10-9; while playing, scored as if the game ended now unwon."""
    level, resets, paused = tally(s)
    unused = s[AT_PAUSES] - paused
    table = BONUS_WON if s[AT_STATUS] == WON else BONUS_LOST
    bonus = table[unused]
    return level, resets, unused, bonus, level + resets + bonus


def score(s):
    return score_parts(s)[4]


# -- hands and deck ----------------------------------------------------------


def give(s, seat, c):
    """Put card `c` into `seat`'s hand, keeping it sorted (the one insertion sort of hands)."""
    base = AT_HANDS + seat * s[AT_HSIZE]
    i = base + s[AT_HCOUNT + seat]
    while i > base and s[i - 1] > c:
        s[i] = s[i - 1]
        i -= 1
    s[i] = c
    s[AT_HCOUNT + seat] += 1


def _take(s, seat, c):
    base = AT_HANDS + seat * s[AT_HSIZE]
    end = base + s[AT_HCOUNT + seat]
    i = base
    while s[i] != c:
        i += 1
    while i < end - 1:
        s[i] = s[i + 1]
        i += 1
    s[AT_HCOUNT + seat] -= 1


def holds(s, seat, c, copies=1):
    base = AT_HANDS + seat * s[AT_HSIZE]
    n = 0
    for i in range(base, base + s[AT_HCOUNT + seat]):
        if s[i] == c:
            n += 1
    return n >= copies


def _draw(s, seat):
    ring = AT_HANDS + s[AT_PLAYERS] * s[AT_HSIZE]
    head = s[AT_HEAD]
    c = s[ring + head]
    s[AT_HEAD] = (head + 1) % s[AT_CAP]
    s[AT_COUNT] -= 1
    give(s, seat, c)


def _put_under(s, seat, c):
    _take(s, seat, c)
    ring = AT_HANDS + s[AT_PLAYERS] * s[AT_HSIZE]
    s[ring + (s[AT_HEAD] + s[AT_COUNT]) % s[AT_CAP]] = c
    s[AT_COUNT] += 1


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
    of at least MAX_MOVES); return how many. Allocates nothing; move bits
    inline (see moves)."""
    if s[AT_STATUS] != PLAYING:
        return 0
    g = AT_GRID + s[AT_MOVES] // 5
    census = _census(s, g)
    filled = census & 7
    has_reset = census & 8
    seat = s[AT_TURN]
    base = AT_HANDS + seat * s[AT_HSIZE]
    hn = s[AT_HCOUNT + seat]
    n = 0
    if filled < 4:
        prev = 255
        for i in range(base, base + hn):
            c = s[i]
            if c == prev:
                continue  # a second pause gives the same moves
            prev = c
            if c == PAUSE:
                bury = s[AT_COUNT] == 0
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
                if s[g + r * 10] == EMPTY and (c & 7) + 1 >= s[AT_ROWVAL + r]:
                    out[n] = r | (c << 4) | 0xFC00
                    n += 1
    if not has_reset:
        swap = s[AT_COUNT] > 0
        for r in range(ROWS):
            if s[g + r * 10] != EMPTY or s[AT_SUPPLY + r] == 0:
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
    col = s[AT_MOVES] // 5
    if col >= COLUMNS:
        return False
    g = AT_GRID + col
    census = _census(s, g)
    if not census & 8:
        for r in range(ROWS):
            if s[g + r * 10] == EMPTY and s[AT_SUPPLY + r]:
                return True
    if census & 7 < 4:
        base = AT_HANDS + seat * s[AT_HSIZE]
        for i in range(base, base + s[AT_HCOUNT + seat]):
            c = s[i]
            if c == PAUSE:
                return True  # an empty level slot exists since filled < 4
            r = c >> 3
            if s[g + r * 10] == EMPTY and (c & 7) + 1 >= s[AT_ROWVAL + r]:
                return True
    return False


def apply(s, m):
    """Play move `m` for the seat on turn. `m` must be legal (see `referee.check`).
    Move bits inline (see moves)."""
    seat = s[AT_TURN]
    r = m & 7
    a = (m >> 4) & 63
    b = (m >> 10) & 63
    at = AT_GRID + r * 10 + s[AT_MOVES] // 5
    if m & 8:
        s[at] = RESET_CELL
        s[AT_SUPPLY + r] -= 1
        s[AT_ROWVAL + r] = 0
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
            s[AT_ROWVAL + r] = (a & 7) + 1
        if s[AT_COUNT]:
            _draw(s, seat)
    done = s[AT_MOVES] + 1
    s[AT_MOVES] = done
    if done == SLOTS:
        _finish(s)
        s[AT_TURN] = NO_SEAT
    elif s[AT_PLAYERS] == 5 and done % 5 == 0:
        _settle(s, seat)  # L10-10: who completes a column starts the next
    else:
        _settle(s, (seat + 1) % s[AT_PLAYERS])


def _settle(s, seat):
    """Give the turn to `seat` or the first one after it who can act (L10-8)."""
    for _ in range(s[AT_PLAYERS]):
        if can_act(s, seat):
            s[AT_TURN] = seat
            return
        if s[AT_HCOUNT + seat]:
            s[AT_TURN] = seat  # holds cards and cannot act: all lose
            s[AT_STATUS] = LOST
            return
        seat = (seat + 1) % s[AT_PLAYERS]
    s[AT_TURN] = NO_SEAT
    _finish(s)


def _finish(s):
    # 40 level cards + 10 resets = 50 placed: count slots holding a level card,
    # a reset or a pause over a buried card (no tuple from tally: this runs in searches).
    placed = 0
    for i in range(AT_GRID, AT_GRID + SLOTS):
        v = s[i]
        if v and v != PAUSE_CELL:
            placed += 1
    s[AT_STATUS] = WON if placed == SLOTS else LOST
