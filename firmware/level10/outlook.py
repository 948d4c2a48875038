"""The outlook: what the rest of a solo game is worth from here, read from a table.

    value(s) -> the expected score plus the win bonus times the chance of a win, in
                sixteenths of a point (an int: the engine uses no floats)

The hint engine's play-outs stop a column on (hint._LOOK_COLUMNS) and ask this instead of playing
to the end. A play-out to the end is one roll of the dice for the rest of the game;
the table is the average of a great many: it was learned from the rule of thumb's own
games (`python -m tools.research.fastsim --fit-outlook` writes level10/outlook_p0.py .. p3.py, one
a difficulty), so with the same budget the search judges its candidates with far less
luck. Only the game's own difficulty's table is loaded (a quarter of the heap all four take).

What it reads is what the seat knows, and only in a few words a row (solo: seat 0):
how many resets the row has left, how many held cards it can take now (0-3+), how far
the lowest of them is above the row's value (0-3+), how many held and unseen cards are
stranded below its value (0-2+ each), how many unseen cards it can still take (0-4+);
and for the whole game the column, the deck's size, pauses held and placed, and how
many rows have no card to play or only one. Each such term has its entry, for each
difficulty: the log-odds of a win and the score; the sum of a position's entries is its
forecast. `heuristic.placed` and `heuristic.paused` must be current (play_out keeps
them), and the position at the start of a column (where play-outs stop), for
`heuristic.low` to find each row's closest card.
"""

from compat import const
from level10 import heuristic
from level10.rules import AT_COUNT, AT_MOVES, AT_PAUSES, AT_ROWVAL, AT_SUPPLY

TERMS = const(12)  # table entries summed for a position
FEATURES = const(2196)  # entries per table: 2160 row words, then the whole game's
_OFFSET = const(393216)  # TERMS * 32768: the tables store each entry + 32768
# 129 two-byte entries like the tables': 16 x the win bonus (100) x the chance of a win
# at log-odds (i - 64) / 8, rounded (tests/test_outlook.py checks them against that)
SIGMOID = (
    b'\x01\x80\x01\x80\x01\x80\x01\x80\x01\x80\x01\x80\x01\x80\x01\x80\x01\x80\x02\x80\x02\x80\x02\x80'
    b'\x02\x80\x03\x80\x03\x80\x03\x80\x04\x80\x04\x80\x05\x80\x06\x80\x07\x80\x07\x80\x08\x80\t\x80'
    b'\x0b\x80\x0c\x80\x0e\x80\x10\x80\x12\x80\x14\x80\x17\x80\x19\x80\x1d\x80!\x80%\x80*\x80'
    b'/\x805\x80<\x80C\x80L\x80U\x80`\x80l\x80y\x80\x88\x80\x99\x80\xab\x80'
    b'\xbf\x80\xd5\x80\xed\x80\x07\x81$\x81C\x81d\x81\x88\x81\xae\x81\xd7\x81\x01\x82.\x82'
    b'\\\x82\x8c\x82\xbd\x82\xee\x82 \x83R\x83\x83\x83\xb4\x83\xe4\x83\x12\x84?\x84i\x84'
    b'\x92\x84\xb8\x84\xdc\x84\xfd\x84\x1c\x859\x85S\x85k\x85\x81\x85\x95\x85\xa7\x85\xb8\x85'
    b'\xc7\x85\xd4\x85\xe0\x85\xeb\x85\xf4\x85\xfd\x85\x04\x86\x0b\x86\x11\x86\x16\x86\x1b\x86\x1f\x86'
    b"#\x86'\x86)\x86,\x86.\x860\x862\x864\x865\x867\x868\x869\x86"
    b'9\x86:\x86;\x86<\x86<\x86=\x86=\x86=\x86>\x86>\x86>\x86>\x86'
    b'?\x86?\x86?\x86?\x86?\x86?\x86?\x86?\x86?\x86'
)

# heuristic's scratch arrays, which its play_out keeps current. This module and heuristic
# are loaded and unloaded together (app.level10.hints forgets all the engine's modules at once):
# one loaded again alone would read the other's old arrays.
_BITS = heuristic._BITS
_held = heuristic.held
_live = heuristic.live
_low = heuristic.low
_placed = heuristic.placed
_paused = heuristic.paused


def terms(s, out):
    """Fill `out` (TERMS ints) with the table entries of position `s`, rows first."""
    hp = heuristic.survey(s, 0) & 15
    dry = 0
    one = 0
    for r in range(5):
        v = s[AT_ROWVAL + r]
        below = (1 << (v - 1)) - 1 if v > 1 else 0
        h = _held[r]
        p = _placed[r]
        u = ~(h | p) & 255
        a = _live[r]
        if a > 3:
            a = 3
        bh = _BITS[h & below]
        if bh > 2:
            bh = 2
        bu = _BITS[u & below]
        if bu > 2:
            bu = 2
        c = _BITS[u & ~below & 255]
        if c > 4:
            c = 4
        if p != 255:  # a finished row needs nothing more
            if a == 0:
                dry += 1
            elif a == 1:
                one += 1
        # how far the row's closest held card is: one a step away plays now and keeps the
        # row low for the cards after it (survey finds it: a column starts empty)
        gap = 0 if _low[r] == 255 else (_low[r] & 7) + 1 - v
        if gap > 3:
            gap = 3
        out[r] = ((((s[AT_SUPPLY + r] * 4 + a) * 3 + bh) * 3 + bu) * 5 + c) * 4 + gap
    col = s[AT_MOVES] // 5
    out[5] = 2160 + (col if col < 9 else 9)
    d = s[AT_COUNT]
    out[6] = 2170 + (0 if d == 0 else 1 if d < 6 else 2 if d < 14 else 3 if d < 24 else 4)
    out[7] = 2175 + (hp if hp < 3 else 3)
    n = _paused[0]
    out[8] = 2179 + (n if n < 3 else 3)
    out[9] = 2183 + dry
    out[10] = 2189 + one
    out[11] = 2195


_idx = [0] * TERMS  # scratch: value() runs once a play-out
_loaded = bytearray(b"\xff")  # the pauses _table is for (255: none yet)
_table = [b"", b""]  # WIN and SCORE of that difficulty


def tables(pauses):
    """[WIN, SCORE] of the difficulty with `pauses` (0-3), its module loaded on first use."""
    t = _table
    if _loaded[0] != pauses:
        m = __import__("level10.outlook_p%d" % pauses, None, None, ("WIN",))
        t[0] = m.WIN
        t[1] = m.SCORE
        _loaded[0] = pauses
    return t


def value(s):
    """The forecast for position `s` (deck not empty), in sixteenths of a point."""
    terms(s, _idx)
    p = s[AT_PAUSES]
    t = _table if _loaded[0] == p else tables(p)
    w = t[0]
    sc = t[1]
    z = 0
    y = 0
    for i in _idx:
        i += i
        z += w[i] | w[i + 1] << 8
        y += sc[i] | sc[i + 1] << 8
    k = ((z - _OFFSET) >> 3) + 64
    if k < 0:
        k = 0
    elif k > 128:
        k = 128
    k += k
    return y - _OFFSET + (SIGMOID[k] | SIGMOID[k + 1] << 8) - 32768
