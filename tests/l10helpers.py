"""Helpers for building exact Level 10 positions in tests.

Cards are written as tokens (`S1` .. `D8`, `P`), moves as record tokens
(`F5`, `P>W`, `P>W+W3`, `R>D`, `R>D-S3-P`, see `notation.parse`). Seats are
0-based in code; "seat 1" of the rulebook is seat 0 here.

The deal (ruling L10-2): the deck, top card first, goes one card at a time
to seat 0, 1, 2, ... round and round until every hand is full; the rest is
the draw deck, top first.
"""

from array import array

from level10 import cards, moves, notation, referee, rules

WORLDS = cards.WORLDS
ALL_LEVEL = [cards.token(c) for c in range(40)]


def c(tok):
    """Card code of a token."""
    return cards.parse(tok)


def toks(codes):
    """Tokens of an iterable of card codes (e.g. a hand), in order."""
    return [cards.token(x) for x in codes]


def hand_size(players):
    return rules.HAND_SIZES[players - 1]



def _level_cards_once(codes, pauses):
    """The level cards among `codes`; ValueError if one repeats or pauses exceed `pauses`."""
    level = [x for x in codes if x != cards.PAUSE]
    if len(set(level)) != len(level):
        raise ValueError("a card is used twice")
    if len(codes) - len(level) > pauses:
        raise ValueError("more pauses used than in the game")
    return level

def build_deck(players, hands, deck=(), pauses=0, fill="end"):
    """A deck (list of card codes, top first) dealing exactly `hands`.

    `hands[seat]` lists the tokens that seat must hold (fewer than the hand
    size is allowed: the hand is topped up with unused level cards, highest
    Desert first, so fillers rarely matter). `deck` lists the tokens at the
    top of the draw deck, in order. Every card not named goes to the bottom
    of the deck (pauses last) when `fill == "end"`.
    """
    hsize = hand_size(players)
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    named = [t for h in hands for t in h] + list(deck)
    codes = [c(t) for t in named]
    level = _level_cards_once(codes, pauses)
    unused = [x for x in range(40) if x not in level]
    unused.sort(reverse=True)  # fillers: D8, D7, ... first
    for h in hands:
        if len(h) > hsize:
            raise ValueError(f"a hand holds at most {hsize} cards")
        while len(h) < hsize:
            h.append(cards.token(unused.pop(0)))
    out = []
    for i in range(hsize):
        for seat in range(players):
            out.append(c(hands[seat][i]))
    out.extend(c(t) for t in deck)
    rest = sorted(unused) + [cards.PAUSE] * (pauses - codes.count(cards.PAUSE))
    if fill == "end":
        out.extend(rest)
    assert len(out) == 40 + pauses, f"deck has {len(out)} cards"
    return out


def new(players, hands, deck=(), pauses=0, start=0):
    """A fresh state dealt from `build_deck(players, hands, deck, pauses)`."""
    return rules.new_state(players, pauses, build_deck(players, hands, deck, pauses), start)


def move(tok):
    return notation.parse(tok)


def play_all(s, tokens, seats=None):
    """Play each move token with `referee.play` (IllegalMove names the reason).

    A token may be prefixed with the 0-based seat expected on turn, as in
    `"2:F5"`; that seat is asserted before the move.
    """
    for i, tok in enumerate(tokens):
        seat, tok = _split_seat(tok)
        if seat is not None:
            on_turn = rules.to_move(s)
            assert on_turn == seat, f"move {i} ({tok}): seat {on_turn} on turn, expected {seat}"
        try:
            referee.play(s, notation.parse(tok))
        except rules.IllegalMove as e:
            raise AssertionError(f"move {i} ({tok}) illegal: {e}") from None
    return s


def _split_seat(tok):
    if ":" in tok:
        a, b = tok.split(":", 1)
        return int(a), b
    return None, tok


def layout_moves(grid, orders=None):
    """Move tokens that build `grid` column by column.

    `grid` is five strings (rows Sky..Desert) of space-separated cells:
    a level token (`S3`), `R` (reset), `P` (pause) or `P+S7` (pause burying
    Sky 7); `.` or a missing cell leaves the slot empty. `orders[col]`, when
    given, is the order of rows (indices or letters) in which that column's
    cells are played; the default is top to bottom.
    """
    rows = [r.split() for r in grid]
    assert len(rows) == 5
    ncols = max(len(r) for r in rows)
    out = []
    for col in range(ncols):
        order = range(5)
        if orders and col < len(orders) and orders[col] is not None:
            order = [WORLDS.index(o) if isinstance(o, str) else o for o in orders[col]]
        for r in order:
            if col >= len(rows[r]) or rows[r][col] == ".":
                continue
            out.append(cell_move(r, rows[r][col]))
    return out


def cell_move(r, cell):
    """The move token that puts `cell` (grid notation) into row `r`."""
    if cell == "R":
        return "R>" + WORLDS[r]
    if cell == "P":
        return "P>" + WORLDS[r]
    if cell.startswith("P+"):
        return "P>" + WORLDS[r] + "+" + cell[2:]
    if cell[0] != WORLDS[r]:
        raise ValueError(cell + " cannot go in row " + WORLDS[r])
    return cell


def predicted_seats(players, tokens, start=0):
    """The seat of each move when nobody is skipped: clockwise from `start`,
    and in a five-player game whoever completes a column (not the last)
    plays again (ruling L10-10)."""
    seat = start
    out = []
    for i, _ in enumerate(tokens):
        out.append(seat)
        done = i + 1
        if not (players == 5 and done % 5 == 0 and done < rules.SLOTS):
            seat = (seat + 1) % players
    return out


def script_deck(players, tokens, pauses=0, start=0, keep=None, undrawn=()):
    """A deck that lets the move `tokens` be played as written.

    Each token may carry its seat (`"2:F5"`), otherwise the seat comes from
    `predicted_seats`. Plays and plain resets only (no cards under the deck).
    Every seat gets the cards it plays in the order it plays them; the cards
    it receives after those are `keep[seat]` (tokens), then anything. The
    cards that are never drawn start with `undrawn` (top first).
    """
    keep = keep or {}
    hsize = hand_size(players)
    dealt = players * hsize
    ndeck = 40 + pauses - dealt
    plain = [_split_seat(t) for t in tokens]
    guess = predicted_seats(players, tokens, start)
    seats = [g if s is None else s for (s, _), g in zip(plain, guess)]
    # which seat receives each deck position
    receiver = [i % players for i in range(dealt)]
    needs = [[] for _ in range(players)]
    for seat, (_, tok) in zip(seats, plain):
        m = notation.parse(tok)
        if moves.kind(m) == moves.RESET:
            if moves.card(m) != rules.NONE:
                raise ValueError("script_deck does not handle cards put under the deck")
            continue
        needs[seat].append(moves.card(m))
        if moves.extra(m) != rules.NONE:
            needs[seat].append(moves.extra(m))
        if len(receiver) < dealt + ndeck:
            receiver.append(seat)
    while len(receiver) < dealt + ndeck:
        receiver.append(None)  # never drawn
    deck = [None] * (dealt + ndeck)
    got = [[i for i, r in enumerate(receiver) if r == seat] for seat in range(players)]
    for seat in range(players):
        want = needs[seat] + [c(t) for t in keep.get(seat, ())]
        if len(want) > len(got[seat]):
            raise ValueError(f"seat {seat} needs {len(want)} cards but receives {len(got[seat])}")
        for pos, card in zip(got[seat], want):
            deck[pos] = card
    tail = [i for i, r in enumerate(receiver) if r is None]
    for pos, tok in zip(tail, undrawn):
        deck[pos] = c(tok)
    used = [x for x in deck if x is not None]
    level_used = _level_cards_once(used, pauses)
    rest = [x for x in range(40) if x not in level_used]
    rest += [cards.PAUSE] * (pauses - used.count(cards.PAUSE))
    for i in range(len(deck)):
        if deck[i] is None:
            deck[i] = rest.pop(0)
    assert not rest
    return deck, [f"{seat}:{tok}" for seat, (_, tok) in zip(seats, plain)]


def scripted(players, tokens, pauses=0, start=0, keep=None, undrawn=(), upto=None):
    """A state after playing `tokens` (or the first `upto` of them) from a
    deck made by `script_deck`; each move's seat is asserted on the way."""
    deck, seated = script_deck(players, tokens, pauses, start, keep, undrawn)
    s = rules.new_state(players, pauses, deck, start)
    play_all(s, seated[:upto] if upto is not None else seated)
    return s


# -- reading the grid --------------------------------------------------------


def grid_rows(s):
    """The grid as five strings in `layout_moves` notation (`.` for empty)."""
    out = []
    for r in range(5):
        cells = []
        for col in range(10):
            v = rules.cell(s, r, col)
            cells.append(cell_token(v))
        out.append(" ".join(cells))
    return out


def cell_token(v):
    if v == rules.EMPTY:
        return "."
    if v <= 40:
        return cards.token(v - 1)
    if v == rules.RESET_CELL:
        return "R"
    if v == rules.PAUSE_CELL:
        return "P"
    return "P+" + cards.token(v - rules.PAUSE_CELL - 1)


def legal_tokens(s):
    """The legal moves of the seat on turn as a sorted list of record tokens."""
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    n = rules.legal_moves(s, buf)
    return sorted(notation.token(m) for m in buf[:n])


def legal_set(s):
    """The legal moves of the seat on turn, in the engine's order."""
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    n = rules.legal_moves(s, buf)
    return list(buf[:n])


# A complete game that places every card: resets of row r in columns r and
# r + 5, levels in order. Used (with pauses left in hands or the deck) for the
# full-win tests.
FULL_GRID = (
    "R  S1 S2 S3 S4 R  S5 S6 S7 S8",
    "F1 R  F2 F3 F4 F5 R  F6 F7 F8",
    "W1 W2 R  W3 W4 W5 W6 R  W7 W8",
    "V1 V2 V3 R  V4 V5 V6 V7 R  V8",
    "D1 D2 D3 D4 R  D5 D6 D7 D8 R",
)

# The Sky row starts with a pause played while the deck still has cards,
# so Sky 8 never finds a slot (ruling L10-7).
PAUSE_FIRST_GRID = (
    "P  R  S1 S2 S3 S4 R  S5 S6 S7",
    "F1 F2 R  F3 F4 F5 F6 R  F7 F8",
    "W1 W2 W3 R  W4 W5 W6 W7 R  W8",
    "V1 V2 V3 V4 R  V5 V6 V7 V8 R",
    "R  D1 D2 D3 D4 R  D5 D6 D7 D8",
)

# The rulebook's Andrea: both Forest resets used, Forest 8 at the end of the
# Forest row, column 10 holds its reset and everything but the Forest card.
ANDREA_GRID = (
    "R  S1 S2 S3 S4 R  S5 S6 S7 S8",
    "F1 F2 R  F3 F4 F5 R  F7 F8 .",
    "W1 R  W2 W3 W4 W5 W6 R  W7 W8",
    "V1 V2 V3 R  V4 V5 V6 V7 R  V8",
    "D1 D2 D3 D4 R  D5 D6 D7 D8 R",
)

# FULL_GRID, solo with one pause: columns 1-7, then Sky 6, Forest 6 and
# Volcano 7 of column 8 make 31 plays, which empty the deck; the pause stays
# in hand and can bury a card (ruling L10-6).
BURY_ORDERS = [None] * 7 + ["SFVWD"]


def empty_hand_tokens():
    """FULL_GRID for two players: seat 0 plays its last card at move 45, places
    the last reset with an empty hand at move 46 and is skipped at moves 48
    and 49 (ruling L10-8)."""
    orders = [None] * 10
    orders[6] = "SWVFD"
    orders[8] = "SVFWD"
    orders[9] = "SDFWV"
    tokens = layout_moves(FULL_GRID, orders)
    tokens[48] = "1:" + tokens[48]
    tokens[49] = "1:" + tokens[49]
    return tokens


def five_player_orders():
    """Row orders for FULL_GRID with five players: column c's reset goes to
    seat c % 5, so every seat has cards enough (ruling L10-10)."""
    orders = []
    for col in range(10):
        r = col % 5
        o = [x for x in range(5) if x != r]
        o.insert((2 * col) % 5, r)
        orders.append(o)
    return orders


def scripts():
    """Known complete games: (players, pauses, move tokens, keep) for `script_deck`."""
    out = [(1, k, layout_moves(FULL_GRID), None) for k in range(4)]
    out += [(p, 3, layout_moves(FULL_GRID), None) for p in (2, 3, 4)]
    out.append((5, 0, layout_moves(FULL_GRID, five_player_orders()), None))
    out.append((2, 0, empty_hand_tokens(), None))
    bury = layout_moves(FULL_GRID, BURY_ORDERS)
    bury = bury[:38] + ["P>D+D7"] + [t for t in bury[38:] if t != "D7"]
    out.append((1, 1, bury, {0: []}))
    out.append((1, 1, layout_moves(PAUSE_FIRST_GRID), {0: ["S8"]}))
    out.append((1, 2, layout_moves(PAUSE_FIRST_GRID), {0: ["S8", "P"]}))
    out.append((2, 0, layout_moves(ANDREA_GRID), {1: ["F6"]}))
    out.append((1, 1, layout_moves(ANDREA_GRID) + ["P>F+F6"], None))
    return out
