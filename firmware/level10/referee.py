"""Why a move is illegal, and whether saved bytes are a game: the rules' explanations.

`rules` generates and applies moves without ever needing words; this module, above it,
holds the code that explains (check, play) and audits (problem). Callers import it only
when they need words, so the handheld's table carries it only after a refused move.
(Whether a deck is a deck is `cards.deck_problem`: building a game needs it.)
"""

from level10.cards import WORLD_NAMES
from level10.cards import name as card_name
from level10.moves import RESET, card, extra, kind, row
from level10.rules import (
    AT_CAP,
    AT_COUNT,
    AT_FORMAT,
    AT_GRID,
    AT_HANDS,
    AT_HCOUNT,
    AT_HEAD,
    AT_HSIZE,
    AT_MOVES,
    AT_PAUSES,
    AT_PLAYERS,
    AT_ROWVAL,
    AT_START,
    AT_STATUS,
    AT_SUPPLY,
    AT_TURN,
    COLUMNS,
    EMPTY,
    FORMAT,
    HAND_SIZES,
    LOST,
    NO_SEAT,
    NONE,
    PAUSE,
    PAUSE_CELL,
    PLAYING,
    RESET_CELL,
    ROWS,
    SLOTS,
    WON,
    IllegalMove,
    _census,
    apply,
    can_act,
    holds,
    tally,
)


def play(s, m):
    """`rules.apply` after `check`: raise IllegalMove with the reason when `m` is illegal."""
    reason = check(s, m)
    if reason:
        raise IllegalMove(reason)
    apply(s, m)


def check(s, m):
    """None when `m` is legal for the seat on turn, else the reason in words."""
    if s[AT_STATUS] != PLAYING:
        return "the game is over"
    if not 0 <= m < 0x10000 or row(m) >= ROWS:
        return "not a move"
    seat = s[AT_TURN]
    r = row(m)
    a = card(m)
    b = extra(m)
    col = s[AT_MOVES] // 5
    if (a > PAUSE and a != NONE) or (b > PAUSE and b != NONE):
        return "not a move"
    census = _census(s, AT_GRID + col)
    filled = census & 7
    has_reset = census & 8
    taken = s[AT_GRID + r * 10 + col] != EMPTY
    world = WORLD_NAMES[r]
    if kind(m) == RESET:
        if s[AT_SUPPLY + r] == 0:
            return "no " + world + " reset is left"
        if has_reset:
            return "column " + str(col + 1) + " already has its reset"
        if taken:
            return _taken(world, col)
        if a == NONE:
            return "not a move" if b != NONE else None
        if s[AT_COUNT] == 0:
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
        if s[AT_COUNT]:
            return "a card can be buried under a pause only once the deck is empty"
        if b >> 3 != r:
            return "only a " + world + " card can be buried under a pause in the " + world + " row"
        if not holds(s, seat, b):
            return "you hold no " + card_name(b)
        return None
    need = s[AT_ROWVAL + r]
    if (a & 7) + 1 < need:
        left = s[AT_GRID + r * 10 + col - 1]
        if left == PAUSE_CELL or left > PAUSE_CELL:
            return card_name(a) + " is below the pause to its left, which counts as " + world + " " + str(need)
        return card_name(a) + " is below " + world + " " + str(need) + " to its left"
    return None


def _taken(world, col):
    return "the " + world + " slot of column " + str(col + 1) + " is taken"


def _held_name(c):
    return "pause" if c == PAUSE else card_name(c)


def problem(s):
    """None when `s` is a consistent game (every card exactly once somewhere,
    resets accounted for, grid filled column by column), else why not.
    Used on anything read back from storage."""
    if len(s) < AT_HANDS or s[AT_FORMAT] != FORMAT:
        return "not a Level 10 game of this version"
    p = s[AT_PLAYERS]
    if not 1 <= p <= 5 or s[AT_PAUSES] > 3 or s[AT_START] >= p or s[AT_STATUS] > LOST:
        return "damaged header"
    hsize = s[AT_HSIZE]
    dealt = p * hsize
    cap = 40 + s[AT_PAUSES] - dealt + 2
    if hsize != HAND_SIZES[p - 1] or s[AT_CAP] != cap or len(s) != AT_HANDS + dealt + cap:
        return "damaged sizes"
    if s[AT_MOVES] > SLOTS or s[AT_COUNT] > cap or s[AT_HEAD] >= cap:
        return "damaged counters"
    seen = bytearray(41)
    filled = 0
    for r in range(ROWS):
        resets = 0
        value = 0
        gap = False
        for c in range(COLUMNS):
            v = s[AT_GRID + r * 10 + c]
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
        if resets + s[AT_SUPPLY + r] != 2 or s[AT_ROWVAL + r] != value:
            return "damaged grid"
    if filled != s[AT_MOVES]:
        return "damaged grid"
    for c in range(COLUMNS):
        resets = full = 0
        for r in range(ROWS):
            v = s[AT_GRID + r * 10 + c]
            if v == RESET_CELL:
                resets += 1
            elif v:
                full += 1
        if resets > 1 or full > 4 or (c < s[AT_MOVES] // 5 and resets + full != ROWS):
            return "damaged grid"
    for seat in range(p):
        n = s[AT_HCOUNT + seat]
        if n > hsize:
            return "damaged hand"
        base = AT_HANDS + seat * hsize
        for i in range(base, base + n):
            if s[i] > PAUSE or (i > base and s[i - 1] > s[i]):
                return "damaged hand"
            seen[s[i]] += 1
    ring = AT_HANDS + dealt
    for i in range(s[AT_COUNT]):
        c = s[ring + (s[AT_HEAD] + i) % cap]
        if c > PAUSE:
            return "damaged deck"
        seen[c] += 1
    for c in range(PAUSE):
        if seen[c] != 1:
            return "cards missing or doubled"
    if seen[PAUSE] != s[AT_PAUSES]:
        return "pauses missing or doubled"
    return _ending_problem(s)


def _ending_problem(s):
    """None when the status and the seat on turn fit the position (L10-7, L10-8)."""
    level, resets, _ = tally(s)
    full = s[AT_MOVES] == SLOTS
    everything = level == 40 and resets == 10
    st = s[AT_STATUS]
    seat = s[AT_TURN]
    if st == WON:
        ok = full and everything and seat == NO_SEAT
    elif st == PLAYING:
        ok = not full and seat < s[AT_PLAYERS] and can_act(s, seat)
    elif full or seat == NO_SEAT:
        ok = seat == NO_SEAT and not everything
        for p in range(s[AT_PLAYERS]):
            if can_act(s, p):
                ok = False
    else:
        ok = seat < s[AT_PLAYERS] and s[AT_HCOUNT + seat] > 0 and not can_act(s, seat)
    return None if ok else "damaged status"
