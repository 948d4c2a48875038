"""The outlook (level10.outlook): the table the hint engine's short play-outs end on.

What a position's terms are is checked against the hand and the grid card by card; what
the table says is checked against facts of the rules (a pause placed while the deck has
cards costs the win, ruling L10-7; a row with nothing to play can stop a column) and
against the fitter that made it; how the search uses it, by counting its calls."""

import pytest

from level10 import heuristic, hint, outlook, rules
from level10.game import Game
from level10.view import View, seat_view
from tools.research import fastsim


def words(b):
    return fastsim._words(b)


def table(pauses):
    """(WIN, SCORE) of a difficulty, as outlook loads them."""
    return tuple(outlook.tables(pauses))


def rule_game(pauses, seed, upto):
    g = Game(1, pauses, seed=seed)
    while not g.over() and g.played < upto:
        g.apply(heuristic.choose(View(g.state)))
    return g


def expected_terms(s):
    """The terms computed from scratch: the hand and the grid read cell by cell."""
    hand = [c for c in rules.hand(s, 0) if c != rules.PAUSE]
    on_grid = set()
    pauses_placed = 0
    for r in range(5):
        for col in range(10):
            x = s[rules.AT_GRID + r * 10 + col]
            if x >= rules.PAUSE_CELL:
                pauses_placed += 1
                if x > rules.PAUSE_CELL:
                    on_grid.add(x - rules.PAUSE_CELL - 1)
            elif x and x != rules.RESET_CELL:
                on_grid.add(x - 1)
    out = []
    dry = one = 0
    for r in range(5):
        v = s[rules.AT_ROWVAL + r]
        mine = [c & 7 for c in hand if c >> 3 == r]
        unseen = [n for n in range(8) if n not in mine and r * 8 + n not in on_grid]
        a = min(3, sum(1 for n in mine if n + 1 >= v))
        bh = min(2, sum(1 for n in mine if n + 1 < v))
        bu = min(2, sum(1 for n in unseen if n + 1 < v))
        cu = min(4, sum(1 for n in unseen if n + 1 >= v))
        if not all(r * 8 + n in on_grid for n in range(8)):
            dry += a == 0
            one += a == 1
        # the closest held card's distance, for a row still open in this column
        open_here = not s[rules.AT_GRID + r * 10 + s[rules.AT_MOVES] // 5]
        live = [n + 1 - v for n in mine if n + 1 >= v]
        gap = min(3, min(live)) if live and open_here else 0
        out.append(((((s[rules.AT_SUPPLY + r] * 4 + a) * 3 + bh) * 3 + bu) * 5 + cu) * 4 + gap)
    d = s[rules.AT_COUNT]
    held_pauses = rules.hand(s, 0).count(rules.PAUSE)
    out += [
        2160 + min(9, s[rules.AT_MOVES] // 5),
        2170 + (0 if d == 0 else 1 if d < 6 else 2 if d < 14 else 3 if d < 24 else 4),
        2175 + min(3, held_pauses),
        2179 + min(3, pauses_placed),
        2183 + dry,
        2189 + one,
        2195,
    ]
    return out


@pytest.mark.parametrize("pauses, seed, upto", [(2, 3, 0), (2, 5, 12), (3, 8, 23), (1, 11, 31), (0, 4, 40)])
def test_terms_read_the_hand_and_the_grid(pauses, seed, upto):
    s = rule_game(pauses, seed, upto).state
    got = [0] * outlook.TERMS
    heuristic.mark_placed(s)
    outlook.terms(s, got)
    assert got == expected_terms(s)
    assert all(0 <= i < outlook.FEATURES for i in got)


def test_a_pause_placed_while_the_deck_has_cards_is_counted_after_a_play_out():
    # heuristic.paused follows the play-out move by move; a fresh count must agree
    found = 0
    for seed in range(1, 200):
        t = bytearray(Game(1, 3, seed=seed).state)
        heuristic.play_out(t, 40)
        n = heuristic.paused[0]
        heuristic.mark_placed(t)
        assert heuristic.paused[0] == n
        found += n > 0
    assert found > 0


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
def test_the_tables_have_an_entry_for_every_term_at_every_difficulty(pauses):
    win, score = table(pauses)
    assert len(win) == len(score) == 2 * outlook.FEATURES


def test_the_sigmoid_is_the_chance_of_a_win_by_its_log_odds():
    import math

    sig = words(outlook.SIGMOID)
    bonus = hint._WIN_BONUS
    assert sig == [round(16 * bonus / (1 + math.exp(-(i - 64) / 8))) for i in range(129)]
    assert sig[64] == 8 * bonus  # log-odds 0: an even chance


def test_only_the_game_s_own_difficulty_is_loaded():
    import sys

    for name in ("level10.outlook_p0", "level10.outlook_p1", "level10.outlook_p2", "level10.outlook_p3"):
        sys.modules.pop(name, None)
    outlook._loaded[0] = 255  # nothing cached either
    t = bytearray(Game(1, 1, seed=2).state)
    heuristic.play_out(t, 10)
    outlook.value(t)
    assert [n for n in sys.modules if n.startswith("level10.outlook_p")] == ["level10.outlook_p1"]


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
def test_the_chance_of_a_win_falls_with_each_row_that_has_nothing_to_play(pauses):
    """Pinned to the fitted outlook tables (outlook_p*.py)."""
    w = words(table(pauses)[0])
    dry = w[2183:2187]  # 0, 1, 2, 3 such rows (more are rare)
    assert dry == sorted(dry, reverse=True) and len(set(dry)) == 4


@pytest.mark.parametrize("pauses", [1, 2, 3])
def test_a_pause_on_the_grid_before_the_deck_ran_out_costs_most_of_the_chance_of_a_win(pauses):
    """Pinned to the fitted outlook tables (outlook_p*.py)."""
    # ruling L10-7: such a game can no longer be fully won (no later pause makes up for it)
    w = words(table(pauses)[0])
    assert w[2180] < w[2179] - 6 * 64  # odds of a win below 1/400 of the odds without


def test_value_is_the_sum_of_the_entries():
    g = rule_game(2, 9, 15)
    s = g.state
    heuristic.mark_placed(s)
    idx = [0] * outlook.TERMS
    outlook.terms(s, idx)
    win, score = table(2)
    w = words(win)
    sc = words(score)
    z = sum(w[i] for i in idx)
    k = max(0, min(128, (z >> 3) + 64))
    assert outlook.value(s) == sum(sc[i] for i in idx) + words(outlook.SIGMOID)[k]


def test_the_committed_tables_are_what_the_fitter_makes(tmp_path):
    binary = fastsim.build(tmp_path / "fastsim")
    made = fastsim.fit_outlook(binary=binary)
    assert sorted(made) == [0, 1, 2, 3]
    for p, source in made.items():
        ns = {}
        exec(compile(source, "outlook_p%d" % p, "exec"), ns)
        committed = table(p)
        for name, old in zip(("WIN", "SCORE"), committed):
            new = words(ns[name])
            old = words(old)
            # the same games and passes; only the C library's last bits of exp() may differ
            assert max(abs(a - b) for a, b in zip(new, old)) <= 1
            assert sum(a != b for a, b in zip(new, old)) <= outlook.FEATURES // 100


def counting(monkeypatch):
    calls = []
    real = outlook.value

    def value(s):
        calls.append(s[rules.AT_MOVES])
        return real(s)

    monkeypatch.setattr(outlook, "value", value)
    return calls


def test_solo_play_outs_stop_a_column_on_and_ask_the_outlook(monkeypatch):
    calls = counting(monkeypatch)
    g = rule_game(2, 6, 7)  # in column 2, cards in the deck
    assert g.state[rules.AT_MOVES] == 7 and g.state[rules.AT_COUNT]
    hint.suggest(seat_view(g), budget=600, seed=1)
    assert hint._LOOK_COLUMNS == 1
    assert calls and all(m == 15 for m in calls)  # the end of column 3: the one after this one


def test_play_outs_go_to_the_end_with_teammates_or_once_the_deck_is_empty(monkeypatch):
    calls = counting(monkeypatch)
    g = Game(3, 2, seed=4)
    for _ in range(6):
        g.apply(heuristic.choose(View(g.state)))
    hint.suggest(seat_view(g), budget=600, seed=1)
    assert calls == []
    asked = 0
    for seed in range(1, 20):
        g = Game(1, 2, seed=seed)
        while not g.over():
            if not g.state[rules.AT_COUNT] and g.list_moves() > 1:
                hint.suggest(seat_view(g), budget=100, seed=1)  # too small a budget to search to the end
                asked += 1
            g.apply(heuristic.choose(View(g.state)))
    assert asked > 10 and calls == []
