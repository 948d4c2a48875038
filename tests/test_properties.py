"""Property tests over random legal playouts (1-5 players, 0-3 pauses).

The reference legal-move enumerator below is written straight from
ruling L10-3 .. L10-6 and reads the position only through the public
readers (`rules.hand`, `rules.deck`, `rules.cell`, `rules.supply`); it never
calls `rules.legal_moves`, `referee.check` or `rules.can_act`. Likewise the Model
of a move (ruling L10-4 .. L10-10) never calls `rules.apply`: applying a move to it
must give the position rules.apply gives, draws and put-under cards included.
"""

import random
from collections import namedtuple

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from l10helpers import script_deck, scripts

from level10 import cards, moves, notation, referee, rules
from level10.game import Game, seeded_deck
from prng import Prng

PAUSE = cards.PAUSE
NONE = rules.NONE
HAND_SIZES = (10, 7, 6, 5, 4)

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Setup = namedtuple("Setup", "players pauses deck start script")


def _scripted_setups():
    out = []
    for players, pauses, tokens, keep in scripts():
        deck, seated = script_deck(players, tokens, pauses, keep=keep)
        out.append(Setup(players, pauses, bytes(deck), 0, [notation.parse(t.split(":")[1]) for t in seated]))
    return out


SCRIPTED = _scripted_setups()


@st.composite
def setups(draw):
    """A deal: shuffled by a seed (the real thing), nearly sorted (long games),
    or one of the known complete games of l10helpers (late-game rules)."""
    kind = draw(st.sampled_from(["seeded", "gentle", "scripted", "scripted"]), label="deal")
    if kind == "scripted":
        return draw(st.sampled_from(SCRIPTED))
    players = draw(st.integers(1, 5), label="players")
    pauses = draw(st.integers(0, 3), label="pauses")
    start = draw(st.integers(0, players - 1), label="start")
    if kind == "seeded":
        deck = seeded_deck(draw(st.integers(0, 2**32 - 1), label="seed"), pauses)
    else:
        deck = [w * 8 + n for n in range(8) for w in range(5)]
        for i, j in draw(
            st.lists(st.tuples(st.integers(0, 39), st.integers(-6, 6)), max_size=12), label="swaps"
        ):
            j = min(39, max(0, i + j))
            deck[i], deck[j] = deck[j], deck[i]
        for k in range(pauses):
            deck.insert(draw(st.integers(0, len(deck)), label="pause at"), PAUSE)
    return Setup(players, pauses, bytes(deck), start, None)


def new_game(setup):
    return Game(players=setup.players, pauses=setup.pauses, deck=setup.deck, start=setup.start)


# -- reading a cell the way rules.py documents it ------------------------------


def cell_kind(v):
    """('empty'|'level'|'reset'|'pause', level card or None, buried card or None)."""
    if v == 0:
        return "empty", None, None
    if 1 <= v <= 40:
        return "level", v - 1, None
    if v == 41:
        return "reset", None, None
    if v == 42:
        return "pause", None, None
    assert 43 <= v <= 82, f"cell value {v}"
    return "pause", None, v - 43


def grid(s):
    return [[cell_kind(rules.cell(s, r, col)) for col in range(10)] for r in range(5)]


# -- the reference rules ---------------------------------------------------------


def ref_column(g):
    """L10-3: the leftmost column that is not full, or None."""
    for col in range(10):
        if any(g[r][col][0] == "empty" for r in range(5)):
            return col
    return None


def ref_value_left_of(g, r, col):
    """L10-3/L10-4/L10-5: 0 left of column 1; a level card's number; 0 after
    a reset; a pause takes the value to its left."""
    value = 0
    for k in range(col):
        kind, card, _ = g[r][k]
        if kind == "level":
            value = card % 8 + 1
        elif kind == "reset":
            value = 0
    return value


def ref_allowed_play(g, col, deck_n, hand, card, r, bury):
    """L10-4 and L10-6 for playing `card` into row `r`, burying `bury` (or None)."""
    if g[r][col][0] != "empty":
        return False
    kinds = [g[q][col][0] for q in range(5)]
    if sum(1 for k in kinds if k in ("level", "pause")) >= 4:
        return False
    if card == PAUSE:
        if bury is None:
            return True
        return deck_n == 0 and bury != PAUSE and bury // 8 == r and bury in hand
    if bury is not None:
        return False
    return card // 8 == r and card % 8 + 1 >= ref_value_left_of(g, r, col)


def ref_allowed_reset(g, col, deck_n, s, r, under):
    """L10-5: slot empty, a reset left in that world, none yet in the column;
    cards under the deck only while it has cards."""
    if g[r][col][0] != "empty" or rules.supply(s, r) == 0:
        return False
    if any(g[q][col][0] == "reset" for q in range(5)):
        return False
    return not under or deck_n > 0


def ref_candidates(s, seat):
    """Every move a player could name with their hand, with the reference's verdict."""
    g = grid(s)
    col = ref_column(g)
    hand = list(rules.hand(s, seat))
    deck_n = len(rules.deck(s))
    out = {}
    if col is None:
        return out
    for i, card in enumerate(hand):
        others = [None] + [hand[j] for j in range(len(hand)) if j != i]
        for r in range(5):
            for bury in others:
                m = moves.play(card, r, NONE if bury is None else bury)
                ok = ref_allowed_play(g, col, deck_n, hand, card, r, bury)
                out[m] = out.get(m, False) or ok
    choices = [()]
    choices += [(hand[i],) for i in range(len(hand))]
    choices += [(hand[i], hand[j]) for i in range(len(hand)) for j in range(len(hand)) if i != j]
    for r in range(5):
        for under in choices:
            first = under[0] if under else NONE
            second = under[1] if len(under) > 1 else NONE
            m = moves.reset(r, first, second)
            ok = ref_allowed_reset(g, col, deck_n, s, r, under)
            out[m] = out.get(m, False) or ok
    return out


def ref_legal(s, seat):
    return {m for m, ok in ref_candidates(s, seat).items() if ok}


def ref_can_act(s, seat):
    return bool(ref_legal(s, seat))


def ref_placed(s):
    """(level cards placed incl. buried, resets placed, pauses placed, slots filled)."""
    level = resets = paused = filled = 0
    for row in grid(s):
        for kind, card, buried in row:
            if kind == "empty":
                continue
            filled += 1
            if kind == "level":
                level += 1
            elif kind == "reset":
                resets += 1
            else:
                paused += 1
                if buried is not None:
                    level += 1
    return level, resets, paused, filled


def ref_score(s, won):
    level, resets, paused, _ = ref_placed(s)
    unused = rules.pauses(s) - paused
    bonus = (0, 10, 30, 50)[unused] if won else (0, 5, 20, 40)[unused]
    return level + resets + bonus


def inventory_problem(s):
    """None when every card is in exactly one place, else what is wrong."""
    places = {x: [] for x in range(40)}
    pauses = 0
    p = rules.players(s)
    for seat in range(p):
        h = rules.hand(s, seat)
        if len(h) > HAND_SIZES[p - 1]:
            return f"seat {seat} holds {len(h)} cards"
        for x in h:
            if x == PAUSE:
                pauses += 1
            elif x < 40:
                places[x].append(("hand", seat))
            else:
                return f"seat {seat} holds {x}"
    for x in rules.deck(s):
        if x == PAUSE:
            pauses += 1
        elif x < 40:
            places[x].append("deck")
        else:
            return f"deck holds {x}"
    for r in range(5):
        resets = 0
        for col in range(10):
            kind, card, buried = cell_kind(rules.cell(s, r, col))
            if kind == "level":
                if card // 8 != r:
                    return f"{cards.token(card)} in row {r}"
                places[card].append(("slot", r, col))
            elif kind == "reset":
                resets += 1
            elif kind == "pause":
                pauses += 1
                if buried is not None:
                    if buried // 8 != r:
                        return f"{cards.token(buried)} buried in row {r}"
                    places[buried].append(("buried", r, col))
        if resets + rules.supply(s, r) != 2:
            return f"row {r}: {resets} resets placed, {rules.supply(s, r)} in supply"
    for x, where in places.items():
        if len(where) != 1:
            return f"{cards.token(x)} is in {len(where)} places: {where!r}"
    if pauses != rules.pauses(s):
        return f"{pauses} pauses found, {rules.pauses(s)} in the game"
    return None


def expected_after(s, mover):
    """(status, seat on turn or stuck seat) by L10-7, L10-8 and L10-10 after
    `mover` moved, computed with the reference."""
    level, resets, _, filled = ref_placed(s)
    won = level == 40 and resets == 10
    if filled == 50:
        return (rules.WON if won else rules.LOST), None
    p = rules.players(s)
    seat = mover if p == 5 and filled % 5 == 0 else (mover + 1) % p
    for _ in range(p):
        if ref_can_act(s, seat):
            return rules.PLAYING, seat
        if rules.hand(s, seat):
            return rules.LOST, seat
        seat = (seat + 1) % p
    return (rules.WON if won else rules.LOST), None


# -- the reference model of a move ------------------------------------------------


class Model:
    """A position laid out as on the table (a grid of cells, hands and the deck as lists,
    the supplies), read through the public readers, and a move applied to it straight
    from ruling L10-4 .. L10-8 and L10-10. Written without rules.apply's code: if
    rules.apply forgets a draw, a put-under card, a burial or a turn, the two disagree."""

    def __init__(self, s):
        self.players = rules.players(s)
        self.pauses = rules.pauses(s)
        self.grid = grid(s)
        self.hands = [list(rules.hand(s, seat)) for seat in range(self.players)]
        self.deck = list(rules.deck(s))  # top card first
        self.supply = [rules.supply(s, r) for r in range(5)]
        self.status = rules.status(s)
        self.turn = rules.to_move(s)
        self.stuck = rules.NO_SEAT

    def apply(self, m):
        seat = self.turn
        hand = self.hands[seat]
        col = ref_column(self.grid)
        r, card, extra = moves.row(m), moves.card(m), moves.extra(m)
        if moves.kind(m) == moves.PLAY:
            # L10-4: the card goes to the slot (L10-6: a pause may take a card under it),
            # then the player draws one card if the deck has any
            hand.remove(card)
            if card == PAUSE:
                buried = None if extra == NONE else extra
                if buried is not None:
                    hand.remove(buried)
                self.grid[r][col] = ("pause", None, buried)
            else:
                self.grid[r][col] = ("level", card, None)
            if self.deck:
                hand.append(self.deck.pop(0))
        else:
            # L10-5: a reset from the supply; the named cards go under the deck one after
            # another, then the player draws as many from the top
            self.grid[r][col] = ("reset", None, None)
            self.supply[r] -= 1
            under = [c for c in (card, extra) if c != NONE]
            for c in under:
                hand.remove(c)
                self.deck.append(c)
            for _ in under:
                hand.append(self.deck.pop(0))
        self.pass_turn(seat)

    def placed(self):
        """(level cards placed, buried ones included; resets; pauses; slots filled)."""
        cells = [c for row in self.grid for c in row if c[0] != "empty"]
        level = sum(1 for kind, _, buried in cells if kind == "level" or buried is not None)
        resets = sum(1 for kind, _, _ in cells if kind == "reset")
        paused = sum(1 for kind, _, _ in cells if kind == "pause")
        return level, resets, paused, len(cells)

    def can_act(self, seat):
        """L10-4 or L10-5 allows some move of `seat` in the current column."""
        col = ref_column(self.grid)
        if col is None:
            return False
        kinds = [self.grid[q][col][0] for q in range(5)]
        if "reset" not in kinds and any(kinds[q] == "empty" and self.supply[q] for q in range(5)):
            return True
        if sum(1 for k in kinds if k in ("level", "pause")) >= 4:
            return False
        for c in self.hands[seat]:
            if c == PAUSE:
                if "empty" in kinds:
                    return True
            elif kinds[c // 8] == "empty" and c % 8 + 1 >= ref_value_left_of(self.grid, c // 8, col):
                return True
        return False

    def pass_turn(self, mover):
        """L10-8 and L10-10: the next seat that can act; a seat holding cards that cannot
        act loses the game; the game ends on a full grid or when nobody can act."""
        level, resets, _, filled = self.placed()
        if filled < 50:
            seat = mover if self.players == 5 and filled % 5 == 0 else (mover + 1) % self.players
            for _ in range(self.players):
                if self.can_act(seat):
                    self.turn = seat
                    return
                if self.hands[seat]:
                    self.status, self.turn, self.stuck = rules.LOST, rules.NO_SEAT, seat
                    return
                seat = (seat + 1) % self.players
        self.status = rules.WON if (level, resets) == (40, 10) else rules.LOST
        self.turn = rules.NO_SEAT

    def score(self):
        """L10-9."""
        level, resets, paused, _ = self.placed()
        unused = self.pauses - paused
        table = (0, 10, 30, 50) if self.status == rules.WON else (0, 5, 20, 40)
        return level + resets + table[unused]

    def view(self):
        return {
            "grid": self.grid,
            "hands": [sorted(h) for h in self.hands],
            "deck": self.deck,
            "supply": self.supply,
            "row values": [ref_value_left_of(self.grid, r, 10) for r in range(5)],
            "status": self.status,
            "on turn": self.turn,
            "lost on the turn of": self.stuck,
            "score": self.score(),
        }


def rules_view(s):
    """What Model.view() says, read from a state through the public readers."""
    return {
        "grid": grid(s),
        "hands": [list(rules.hand(s, seat)) for seat in range(rules.players(s))],
        "deck": list(rules.deck(s)),
        "supply": [rules.supply(s, r) for r in range(5)],
        "row values": [rules.row_value(s, r) for r in range(5)],
        "status": rules.status(s),
        "on turn": rules.to_move(s),
        "lost on the turn of": rules.stuck_seat(s) if rules.status(s) == rules.LOST else rules.NO_SEAT,
        "score": rules.score(s),
    }


def moves_to_model(s, ms):
    """Every play, every reset with no card or one card put under, and six resets putting
    two cards under: these differ only in which cards, and there are up to 450 of them."""
    two = [m for m in ms if moves.kind(m) == moves.RESET and moves.extra(m) != NONE]
    rng = random.Random(bytes(s))
    sampled = set(two)
    return [m for m in ms if m not in sampled] + rng.sample(two, min(6, len(two)))


def check_apply(g, before=None, m=None, mover=None):
    """rules.apply of each move of moves_to_model gives the model's position."""
    s = g.state
    for m in moves_to_model(s, g.legal_moves()):
        after = bytearray(s)
        rules.apply(after, m)
        model = Model(s)
        model.apply(m)
        got, want = rules_view(after), model.view()
        wrong = [k for k in want if got[k] != want[k]]
        assert not wrong, "%s: %s" % (
            notation.token(m),
            "; ".join("%s is %r, the rules say %r" % (k, got[k], want[k]) for k in wrong),
        )
        assert rules.moves_played(after) == rules.moves_played(s) + 1


# -- playouts --------------------------------------------------------------------


def heuristic(s, m):
    """Lower is better: the column's planned reset row (column % 5) waits for
    its reset, other rows take the card closest to their value, a pause buries
    when it can and otherwise waits."""
    col = rules.moves_played(s) // 5
    r = moves.row(m)
    if moves.kind(m) == moves.RESET:
        if moves.card(m) != NONE:
            return 60
        return 2 if r == col % 5 else 50
    card = moves.card(m)
    if card == PAUSE:
        return 1 if moves.extra(m) != NONE else 30
    if r == col % 5 and rules.supply(s, r) > 0:
        return 40
    return card % 8 + 1 - rules.row_value(s, r)


def planned(s, ms, k):
    """The k-th best move (k = 0, 1, 2) by `heuristic`, avoiding a move that
    loses at once when another does not."""
    ms = sorted(ms, key=lambda m: (heuristic(s, m), m))
    safe = []
    for m in ms:
        t = bytearray(s)
        rules.apply(t, m)
        if rules.status(t) != rules.LOST:
            safe.append(m)
            if len(safe) > k:
                break
    ms = safe or ms
    return ms[min(k, len(ms) - 1)]


def playout(data, setup, each=None):
    """Play one game with every choice drawn by hypothesis: follow the deal's
    script (if any) up to a drawn move, then play well with drawn slips, or
    play at random throughout. Call `each(game, before_bytes, move, mover)`
    after every move. Returns the game."""
    g = new_game(setup)
    modes = ["script", "script then planned", "planned", "random"] if setup.script else ["planned", "random"]
    mode = data.draw(st.sampled_from(modes), label="mode")
    follow = 0
    if mode == "script":
        follow = 50
    elif mode == "script then planned":
        follow = data.draw(st.integers(0, 49), label="follow script for")
    while not g.over():
        ms = g.legal_moves()
        assert ms, "a game in progress offers no move"
        i = g.played
        if i < follow and i < len(setup.script or ()) and setup.script[i] in ms:
            m = setup.script[i]
        elif mode == "random":
            m = ms[data.draw(st.integers(0, len(ms) - 1), label="pick")]
        else:
            slip = data.draw(st.integers(0, 19), label="slip")
            if slip == 19:
                m = ms[data.draw(st.integers(0, len(ms) - 1), label="pick")]
            else:
                m = planned(g.state, ms, max(0, slip - 16))
        before = g.encode()
        mover = g.to_move()
        if rules.deck_count(g.state) == 0:
            event("deck ran out")
        if not rules.hand(g.state, mover):
            event("empty hand on turn")
        if moves.kind(m) == moves.PLAY and moves.extra(m) != NONE:
            event("buried a card")
        g.apply(m)
        p = setup.players
        due = mover if p == 5 and g.played % 5 == 0 else (mover + 1) % p
        if not g.over() and g.to_move() != due:
            event("a seat was skipped")
        if each:
            each(g, before, m, mover)
    event(f"{len(g.moves()) // 10 * 10}+ moves, " + ("won" if g.status() == rules.WON else "lost"))
    return g


# -- the properties -------------------------------------------------------------


# -- what must hold after every move ---------------------------------------------


def check_consistent(g, before=None, m=None, mover=None):
    """Every card in exactly one place (computed here), and referee.problem agrees."""
    s = g.state
    assert inventory_problem(s) is None, inventory_problem(s)
    assert referee.problem(s) is None, referee.problem(s)


def check_moves(g, rng):
    """Generated moves = the reference's legal moves, no duplicates, and check
    agrees with the reference on every candidate and on random move numbers."""
    s = g.state
    if rules.status(s) != rules.PLAYING:
        assert g.legal_moves() == []
        return
    seat = rules.to_move(s)
    buf = [0] * rules.MAX_MOVES
    generated = buf[: rules.legal_moves(s, buf)]
    assert len(generated) == len(set(generated)), "duplicate moves"
    cands = ref_candidates(s, seat)
    legal = {m for m, ok in cands.items() if ok}
    missing = sorted(notation.token(m) for m in legal - set(generated))
    extra = sorted(notation.token(m) for m in set(generated) - legal)
    assert not missing and not extra, f"missing: {missing}; extra: {extra}"
    for m, ok in cands.items():
        assert (referee.check(s, m) is None) == ok, notation.token(m)
    for _ in range(40):
        m = rng.randrange(0x10000)
        assert (referee.check(s, m) is None) == (m in legal), hex(m)


def check_end(g, before, m, mover):
    """L10-7, L10-8, L10-10: who is on turn next, or how and on whose turn the game ended."""
    s = g.state
    status, seat = expected_after(s, mover)
    assert rules.status(s) == status
    if status == rules.PLAYING:
        assert rules.to_move(s) == seat
    else:
        assert rules.to_move(s) == rules.NO_SEAT
        if seat is not None:  # lost on this seat's turn
            assert rules.stuck_seat(s) == seat
            assert rules.hand(s, seat) and not ref_can_act(s, seat)
    if rules.status(s) == rules.WON:
        assert ref_placed(s)[:2] == (40, 10)


def check_score(g, before=None, m=None, mover=None):
    """L10-9: placed level cards (buried too) + resets + the bonus, at most 100."""
    s = g.state
    won = rules.status(s) == rules.WON
    assert rules.score(s) == ref_score(s, won)
    assert 0 <= rules.score(s) <= 100
    level, resets, _paused, _filled = ref_placed(s)
    assert rules.score_parts(s)[:2] == (level, resets)


def check_count(g, before=None, m=None, mover=None):
    """Every move fills one slot, so a game has at most 50 moves."""
    assert len(g.moves()) == rules.moves_played(g.state) == ref_placed(g.state)[3] <= 50


def check_undo(g, before, m, mover):
    """Game.undo gives back the exact bytes from before the move."""
    h = g.clone()
    assert h.undo()
    assert h.encode() == before
    assert h.moves() == g.moves()[:-1]
    h.apply(m)
    assert h.encode() == g.encode()


def check_round_trip(g, before=None, m=None, mover=None):
    data_ = g.encode()
    h = Game.decode(data_)
    assert h.encode() == data_
    assert sorted(h.legal_moves()) == sorted(g.legal_moves())
    assert h.status() == g.status() and h.to_move() == g.to_move() and h.score() == g.score()


# -- the properties over random playouts --------------------------------------------


@SETTINGS
@given(st.data(), setups())
def test_every_card_is_in_exactly_one_place_and_every_state_is_consistent(data, setup):
    check_consistent(new_game(setup))
    playout(data, setup, check_consistent)


@settings(SETTINGS, max_examples=150)
@given(st.data(), setups())
def test_generated_moves_are_exactly_the_reference_legal_moves_without_duplicates(data, setup):
    rng = random.Random(setup.deck)
    check_moves(new_game(setup), rng)
    playout(data, setup, lambda g, before, m, mover: check_moves(g, rng))


@settings(SETTINGS, max_examples=150)
@given(st.data(), setups())
def test_the_game_ends_exactly_when_the_rules_say_and_turns_follow_the_rulings(data, setup):
    assert new_game(setup).to_move() == setup.start  # everybody can act at the start
    assert playout(data, setup, check_end).over()


@SETTINGS
@given(st.data(), setups())
def test_apply_gives_the_models_position_for_every_play_and_reset_tried(data, setup):
    """L10-4 .. L10-6, L10-10: the draw after a play (a pause too), the cards put under
    by a reset and drawn back, burial, supplies, turns and the end, against the Model,
    for the moves of moves_to_model in every position of the game."""
    g = new_game(setup)
    check_apply(g)
    playout(data, setup, check_apply)


@SETTINGS
@given(st.data(), setups())
def test_score_is_placed_cards_plus_bonus_and_never_above_100(data, setup):
    playout(data, setup, check_score)


@SETTINGS
@given(st.data(), setups())
def test_a_game_has_at_most_50_moves_and_each_fills_one_slot(data, setup):
    assert len(playout(data, setup, check_count).moves()) <= 50


@SETTINGS
@given(st.data(), setups())
def test_undo_restores_the_exact_bytes_after_every_move(data, setup):
    g = playout(data, setup, check_undo)
    while g.undo():
        pass
    assert g.encode() == g.first and g.moves() == []


@SETTINGS
@given(st.data(), setups())
def test_encode_decode_round_trips_every_reachable_state(data, setup):
    check_round_trip(new_game(setup))
    playout(data, setup, check_round_trip)


@pytest.mark.parametrize(
    "setup", SCRIPTED, ids=[f"{x.players}p-{x.pauses}pauses-{i}" for i, x in enumerate(SCRIPTED)]
)
def test_every_property_along_the_known_complete_games(setup):
    """The late-game rules (deck empty, burying, empty hands, skips, five-player
    turns, a full grid) are reached for sure along the scripted games."""
    rng = random.Random(1)
    g = new_game(setup)
    check_consistent(g)
    check_moves(g, rng)
    for m in setup.script:
        before, mover = g.encode(), g.to_move()
        g.apply(m)
        for check in (check_consistent, check_end, check_score, check_count, check_undo, check_round_trip):
            check(g, before, m, mover)
        check_moves(g, rng)
    assert g.over()


# -- decode against damaged bytes --------------------------------------------------


def logical(s):
    """What a position means, leaving out bytes that mean nothing (a deck ring's
    free slots, the unused tail of a hand)."""
    p = rules.players(s)
    return (
        p,
        rules.pauses(s),
        rules.start_seat(s),
        rules.status(s),
        rules.stuck_seat(s),
        rules.moves_played(s),
        rules.deck(s),
        tuple(rules.hand(s, seat) for seat in range(p)),
        tuple(rules.cell(s, r, col) for r in range(5) for col in range(10)),
        tuple(rules.supply(s, r) for r in range(5)),
        tuple(rules.row_value(s, r) for r in range(5)),
    )


def decoded_or_none(data):
    """The Game, or None when decode refuses with ValueError (any other exception fails)."""
    try:
        return Game.decode(data)
    except ValueError:
        return None


def plausible_status(s):
    """None when status and turn fit the grid and hands (L10-7, L10-8), else why not."""
    level, resets, _, filled = ref_placed(s)
    won = level == 40 and resets == 10
    status = rules.status(s)
    if status == rules.WON and not won:
        return f"won with {level} level cards and {resets} resets placed"
    if status == rules.PLAYING:
        if filled == 50:
            return "still playing on a full grid"
        if not ref_can_act(s, rules.to_move(s)):
            return f"seat {rules.to_move(s)} is on turn but cannot act"
    if status == rules.LOST:
        if won:
            return "lost with everything placed"
        if filled < 50:
            stuck = rules.stuck_seat(s)
            p = rules.players(s)
            if stuck < p:
                if not rules.hand(s, stuck) or ref_can_act(s, stuck):
                    return f"lost on the turn of seat {stuck}, who can act or holds nothing"
            elif any(ref_can_act(s, seat) for seat in range(p)):
                return "lost though a player can act"
    return None


def corruptions(data_, rng):
    """(index, new byte) pairs: for every byte a few alterations."""
    out = []
    for i, v in enumerate(data_):
        for w in {v ^ 1, v ^ 0x80, (v + 1) & 255, (v - 1) & 255, 0, 255, rng.randrange(256)}:
            if w != v:
                out.append((i, w))
    return out


def reachable_states(data, setup):
    """A state somewhere in a random game, and the game's final state."""
    states = [new_game(setup).encode()]
    playout(data, setup, lambda g, before, m, mover: states.append(g.encode()))
    k = data.draw(st.integers(0, len(states) - 1), label="state")
    return [states[k], states[-1]]


@settings(SETTINGS, max_examples=20)
@given(st.data(), setups())
def test_decode_rejects_damaged_bytes_with_valueerror_and_accepts_only_consistent_positions(data, setup):
    rng = random.Random(setup.deck)
    for original in reachable_states(data, setup):
        meaning = logical(original)
        for i, w in corruptions(original, rng):
            bad = bytearray(original)
            bad[i] = w
            g = decoded_or_none(bytes(bad))
            if g is None or logical(g.state) == meaning:
                continue
            # accepted with another meaning: must still be a whole, consistent game
            assert inventory_problem(g.state) is None, (i, w, inventory_problem(g.state))
            assert referee.problem(g.state) is None
        # a live card byte changed always loses or doubles a card
        for i in live_card_bytes(original):
            for w in (original[i] ^ 1, (original[i] + 9) % 41):
                if w == original[i]:
                    continue
                bad = bytearray(original)
                bad[i] = w
                assert decoded_or_none(bytes(bad)) is None, (i, original[i], w)
        for cut in (0, 1, len(original) // 2, len(original) - 1):
            assert decoded_or_none(original[:cut]) is None
        assert decoded_or_none(original + b"\x00") is None
        garbage = data.draw(
            st.lists(st.tuples(st.integers(0, len(original) - 1), st.integers(0, 255)), max_size=6)
        )
        bad = bytearray(original)
        for i, w in garbage:
            bad[i] = w
        g = decoded_or_none(bytes(bad))
        if g is not None:
            assert inventory_problem(g.state) is None


def live_card_bytes(b):
    """Offsets of the bytes that hold the grid, the hand cards and the deck
    cards, by the layout documented at the top of rules.py."""
    players, hsize, cap, head, count = b[1], b[10], b[9], b[7], b[8]
    out = list(range(26, 76))
    for seat in range(players):
        base = 76 + seat * hsize
        out.extend(range(base, base + b[21 + seat]))
    ring = 76 + players * hsize
    out.extend(ring + (head + i) % cap for i in range(count))
    return out


@settings(SETTINGS, max_examples=10, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.data(), setups())
def test_decode_rejects_a_damaged_status_or_turn_that_contradicts_the_position(data, setup):
    original = reachable_states(data, setup)[data.draw(st.integers(0, 1), label="which")]
    meaning = logical(original)
    for i in range(26):  # the header
        for w in range(256):
            if w == original[i]:
                continue
            bad = bytearray(original)
            bad[i] = w
            g = decoded_or_none(bytes(bad))
            if g is None or logical(g.state) == meaning:
                continue
            why = plausible_status(g.state)
            assert why is None, f"header byte {i} changed from {original[i]} to {w} is accepted: {why}"


def test_check_agrees_with_legal_moves_for_every_move_value():
    """Game.apply trusts membership in legal_moves and asks check only for the words:
    the two must agree on every move value, in positions across many games."""
    from array import array

    buf = array("H", bytes(2 * rules.MAX_MOVES))
    rng = Prng(99)
    positions = 0
    for seed in range(12):
        g = Game(players=1 + seed % 5, pauses=seed % 4, seed=seed)
        while not g.over():
            if rng.below(3) == 0:
                n = rules.legal_moves(g.state, buf)
                legal = set(buf[:n])
                for m in range(0, 0x10000, 1 + rng.below(3)):
                    assert (referee.check(g.state, m) is None) == (m in legal), (seed, hex(m))
                positions += 1
            moves_now = g.legal_moves()
            g.apply(moves_now[rng.below(len(moves_now))])
    assert positions >= 10


def test_listing_moves_first_changes_nothing_but_the_work():
    """Game.apply looks the move up in a list made by list_moves() when there is one for
    the position (the table's), and generates it otherwise: same games either way, the
    same refusals, and never a stale list after apply or undo."""
    rng = Prng(5)
    for seed in range(30):
        a = Game(players=1 + seed % 5, pauses=seed % 4, seed=seed)
        b = Game(players=1 + seed % 5, pauses=seed % 4, seed=seed)
        while not a.over():
            n = a.list_moves()
            assert list(a.buf[:n]) == b.legal_moves()
            wrong = next(m for m in range(0x10000) if m not in set(a.buf[:n]))
            with pytest.raises(rules.IllegalMove):
                a.apply(wrong)
            m = a.buf[rng.below(n)]
            a.apply(m)
            b.apply(m)
            assert a.listed == -1 and bytes(a.state) == bytes(b.state)
            if rng.below(5) == 0 and a.played:
                a.list_moves()
                assert a.undo() and b.undo() and a.listed == -1
                assert bytes(a.state) == bytes(b.state)
