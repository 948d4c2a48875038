"""The rule-of-thumb player: a good move in well under a millisecond of thought.

The hint engine plays thousands of imagined moves with it, and bots lean on it. It reads
only what the seat on turn may know: its own hand and the table (the grid, the supplies,
how many cards the deck holds), from the seat's view (level10.view), where everything
else is blanked.

What it does, in the order it decides (the weights below were tuned by playing
seeded deals, see tools/research/tune_heuristic.py):

- Within a row, only the lowest playable card is ever worth playing: a higher one
  strands every card between them until that row's next reset.
- Each column needs exactly one reset (rulebook, placement rule 4), so the column's
  reset is kept for the row that wants it most: a row with nothing playable in hand,
  then rows standing high, with cards stranded below them, whose other reset is still
  in the supply. Rows with more playable cards in hand want it less: each keeps the
  row going another column. Its other rows are filled first, closest card first (of
  near ones, the row with cards to spare), so the cards drawn meanwhile can still
  change the plan.
- A reset puts under the deck the cards least needed soon: pauses first (one played
  while the deck has cards costs the full win, so until the deck runs out a held pause
  only takes up room in the hand; put under, it comes back just when it can bury a
  card), then cards far above their row's value, and those no reset can free again.
- A pause is played only when nothing else can be, except once the deck is empty, where
  it buries a card that no reset can free any more.
"""

from compat import const
from level10.rules import (
    AT_COUNT,
    AT_GRID,
    AT_HANDS,
    AT_HCOUNT,
    AT_HSIZE,
    AT_MOVES,
    AT_ROWVAL,
    AT_STATUS,
    AT_SUPPLY,
    AT_TURN,
    NONE,
    PAUSE,
    PAUSE_CELL,
    PLAYING,
    RESET_CELL,
    apply,
)

# Weights (integers: the engine uses no floats), tuned by playing seeded deals
# (tools/research/tune_heuristic.py, tools/research/fastsim.py); how, and what they won: docs/hint-engine.md.
_W_NOLIVE = const(1000)  # reset desire: the row has nothing playable in hand
_W_HEIGHT = const(6)  # ... per point of the row's value
_W_STRANDED_HELD = const(12)  # ... per held card of that world below the value
_W_STRANDED_UNSEEN = const(1)  # ... per unseen card of that world below the value
_W_AHEAD = const(1)  # ... less per card of that world still to come above the value
_W_SPARE = const(1)  # ... less when both of the row's resets are still in the supply
_W_LAST_HELD = const(1)  # ... less per held card of that world when it is the row's last reset
# ... per unseen card its lowest playable card would strand (a small pull the other way:
# such a row still has a card to play, and the cards it would jump may come after a reset)
_W_JUMP = const(-1)
# ... less per held card playable there now: each keeps the row going one more column.
_W_LIVE = const(3)
_W_DUMP_MIN = const(6)  # a card goes under the deck from this dump score up
_W_DUMP_DEAD = const(9)  # dump score of a card no reset can free any more
_W_DUMP_GAP = const(1)  # dump score per point above its row's value
_W_DUMP_BEHIND = const(2)  # ... per held card of that world between the value and it
_W_DUMP_PAUSE = const(10)  # dump score of a pause: it only helps once the deck is empty
_W_ASKED_RESET = const(20)  # reset desire lost when a teammate asked for that reset
# Which row to play in: the closest card (gap to the row's value, 16 a point) first, less
# this per held card playable in the row (a row with cards to spare goes first, so the
# card drawn meanwhile may still help a row with only one)
_W_PLAY_LIVE = const(3)
_W_ASKED_PLAY = const(32)  # play gap added (two points) when a teammate wants to play in that row

# Scratch space, allocated once: rollouts call choose() tens of thousands of times.
# Cards are tracked as one bit per number in a byte per world (bit n-1 for number n).
placed = bytearray(5)  # per world: numbers on the grid (buried ones included)
paused = bytearray(1)  # pauses on the grid (for level10.outlook)
held = bytearray(5)  # per world: numbers in the seat's hand
live = bytearray(5)  # per row: held cards it can take now (at or above its value)
low = bytearray(5)  # per row: the seat's lowest playable card there, 255 for none
_BITS = bytes(bin(i).count("1") for i in range(256))  # set bits of a byte


def mark_placed(s):
    """Fill `placed` and `paused` from the grid (play_out keeps them up to date move by
    move)."""
    n = 0
    for r in range(5):
        p = 0
        g = AT_GRID + r * 10
        for i in range(g, g + 10):
            x = s[i]
            if x >= PAUSE_CELL:
                n += 1
            if x and x != RESET_CELL and x != PAUSE_CELL:
                p |= 1 << ((x - 1 if x <= 40 else x - PAUSE_CELL - 1) & 7)
        placed[r] = p
    paused[0] = n


def survey(s, seat):
    """Fill `held`, `live` and `low` for `seat` (`placed` must be current); return pauses held
    + 16 * rows filled in the current column + 256 if the column has its reset (one
    small int: a tuple would allocate on every simulated move)."""
    g = AT_GRID + s[AT_MOVES] // 5
    filled = 0
    has_reset = 0
    for r in range(5):
        low[r] = 255
        held[r] = 0
        live[r] = 0
        x = s[g + r * 10]
        if x == RESET_CELL:
            has_reset = 1
        elif x:
            filled += 1
    held_pauses = 0
    base = AT_HANDS + seat * s[AT_HSIZE]
    for i in range(base, base + s[AT_HCOUNT + seat]):
        c = s[i]
        if c == PAUSE:
            held_pauses += 1
            continue
        r = c >> 3
        held[r] |= 1 << (c & 7)
        if (c & 7) + 1 >= s[AT_ROWVAL + r]:
            live[r] += 1
            # hands are sorted, so the first playable card of a world is its lowest
            if low[r] == 255 and s[g + r * 10] == 0:
                low[r] = c
    return held_pauses | filled << 4 | has_reset << 8


def reset_desire(s, r):
    """How much row `r` wants this column's reset (after survey)."""
    v = s[AT_ROWVAL + r]
    below = (1 << (v - 1)) - 1 if v > 1 else 0  # numbers 1 .. v-1: stranded until a reset
    h = held[r]
    unseen = ~(h | placed[r]) & 255
    ahead = ~(placed[r] | below) & 255  # still to come, playable without a reset
    d = (
        v * _W_HEIGHT
        + _BITS[h & below] * _W_STRANDED_HELD
        + _BITS[unseen & below] * _W_STRANDED_UNSEEN
        - _BITS[ahead] * _W_AHEAD
    )
    d -= live[r] * _W_LIVE
    if low[r] == 255:
        d += _W_NOLIVE
    else:
        # playing its lowest card would strand the unseen ones from the value up to it
        d += _BITS[unseen & ((1 << (low[r] & 7)) - 1) & ~below] * _W_JUMP
    if s[AT_SUPPLY + r] == 1:
        d -= _BITS[h] * _W_LAST_HELD
    else:
        d -= _W_SPARE
    return d


def reset_row(s, avoid=0):
    """The row that should take this column's reset (after survey), or -1; rows in the
    bit mask `avoid` only when nothing else can."""
    g = AT_GRID + s[AT_MOVES] // 5
    best = -(1 << 20)
    row = -1
    for r in range(5):
        if s[g + r * 10] or not s[AT_SUPPLY + r]:
            continue
        d = reset_desire(s, r)
        if avoid >> r & 1:
            d -= _W_ASKED_RESET
        if d > best:
            best = d
            row = r
    return row


def dumps(s, seat, row):
    """The reset of `row` as a move, with up to two held cards put under the deck: the
    ones least needed soon (after survey)."""
    if not s[AT_COUNT]:
        return row | 0xFFF8  # move bits inline (see moves), as in all of this module
    k = ranked(s, seat, row)
    n = k >> 18
    a = k & 63 if n else NONE
    b = (k >> 6) & 63 if n > 1 else NONE
    return row | 8 | (a << 4) | (b << 10)


def ranked(s, seat, row):
    """The seat's held cards least needed soon were `row` reset, best first (after survey):
    the first three as a | b << 6 | c << 12 (NONE where the hand holds fewer), plus
    << 18 how many of the first two are worth putting under (a dump score of at least
    _W_DUMP_MIN). One small int: a tuple would allocate in every play-out's resets."""
    a = b = c = NONE
    sa = sb = sc = -1
    base = AT_HANDS + seat * s[AT_HSIZE]
    for i in range(base, base + s[AT_HCOUNT + seat]):
        x = s[i]
        if x == PAUSE:
            d = _W_DUMP_PAUSE
        else:
            r = x >> 3
            v = 0 if r == row else s[AT_ROWVAL + r]
            n = (x & 7) + 1
            if n < v:  # stranded: worth keeping while a reset can still free it
                d = 0 if s[AT_SUPPLY + r] else _W_DUMP_DEAD
            else:
                # held cards between the value and it will be played first
                between = held[r] & ((1 << (n - 1)) - 1) & ~((1 << v) - 1)
                d = (n - v) * _W_DUMP_GAP + _BITS[between] * _W_DUMP_BEHIND
        # equal scores keep the earlier card first
        if d > sa:
            c = b
            sc = sb
            b = a
            sb = sa
            a = x
            sa = d
        elif d > sb:
            c = b
            sc = sb
            b = x
            sb = d
        elif d > sc:
            c = x
            sc = d
    worth = (sa >= _W_DUMP_MIN) + (sb >= _W_DUMP_MIN)
    return a | b << 6 | c << 12 | worth << 18


def play_gap(s, r):
    """How soon row `r` wants its lowest playable card (after survey; lowest first): 16 a
    point above the row's value, less _W_PLAY_LIVE per held card playable there. Both
    the seat's play and its announced wish (level10.talk) follow it."""
    return ((low[r] & 7) + 1 - s[AT_ROWVAL + r]) * 16 - live[r] * _W_PLAY_LIVE


def play_in(s, r):
    """Playing the surveyed lowest playable card into row `r`."""
    return r | (low[r] << 4) | 0xFC00


def choose(view, avoid_reset=0, avoid_play=0):
    """The rule-of-thumb move for the seat on turn, from its level10.view.View (a legal
    move; the game must be on). `avoid_reset` / `avoid_play`: bit masks of rows a teammate
    asked for (they are left to them unless nothing else can be done)."""
    s = view.state
    if view.seat != s[AT_TURN]:
        raise ValueError("the rule of thumb plays for the seat on turn")
    mark_placed(s)
    return _choose(s, avoid_reset, avoid_play)


def play_out(t, stop=50):
    """Play the game `t` by rule of thumb, every seat, to its end, or until `stop` slots
    are filled with cards still in the deck (level10.outlook judges only such positions;
    the rest of a game with the deck empty is short and has nothing left to draw); the
    moves it took."""
    mark_placed(t)
    k = 0
    while t[AT_STATUS] == PLAYING and (t[AT_MOVES] < stop or not t[AT_COUNT]):
        m = _choose(t, 0, 0)
        apply(t, m)
        if not m & 8:  # a played level card, or one buried under a pause, is placed now
            c = (m >> 4) & 63
            if c == PAUSE:
                paused[0] += 1
                c = m >> 10
            if c < PAUSE:
                placed[c >> 3] |= 1 << (c & 7)
        k += 1
    return k


def _choose(s, avoid_reset, avoid_play):
    seat = s[AT_TURN]
    k = survey(s, seat)
    held_pauses = k & 15
    filled = (k >> 4) & 15
    has_reset = k >> 8
    g = AT_GRID + s[AT_MOVES] // 5
    base = AT_HANDS + seat * s[AT_HSIZE]
    end = base + s[AT_HCOUNT + seat]
    if held_pauses and filled < 4 and not s[AT_COUNT]:
        # deck empty: a pause buries a card no reset can free any more
        for i in range(base, end):
            c = s[i]
            if c == PAUSE:
                break
            r = c >> 3
            if s[g + r * 10] == 0 and (c & 7) + 1 < s[AT_ROWVAL + r] and not s[AT_SUPPLY + r]:
                return r | (PAUSE << 4) | (c << 10)
    rr = -1 if has_reset else reset_row(s, avoid_reset)
    if filled < 4:
        best = 1 << 20
        row = -1
        for r in range(5):
            if r == rr or low[r] == 255:
                continue
            gap = play_gap(s, r)
            if avoid_play >> r & 1:
                gap += _W_ASKED_PLAY
            if gap < best:
                best = gap
                row = r
        if row >= 0:
            return play_in(s, row)
    if rr >= 0:
        return dumps(s, seat, rr)
    if filled < 4:
        for r in range(5):
            if low[r] != 255:
                return play_in(s, r)
        if held_pauses:
            for r in range(5):
                if s[g + r * 10] == 0:
                    bury = NONE
                    if not s[AT_COUNT]:
                        for i in range(base, end):
                            if s[i] >> 3 == r:
                                bury = s[i]
                                break
                    return r | (PAUSE << 4) | (bury << 10)
    raise ValueError("no move")  # rules.can_act said the seat could act
