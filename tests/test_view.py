"""A seat's view (level10.view) hides everything the seat cannot see, and nothing the AI
computes depends on what is hidden.

Each position's view is copied and its hidden bytes poisoned in several ways (random
cards, one constant, the real hidden cards shuffled, the real cards themselves); the
hint engine must then compute exactly the same thing on every copy: its move, the
simulated moves it spent, its candidates, and each candidate's summed value and gain.
A search that read a hidden byte anywhere (the proposal, the alternatives, the deal of
the unseen cards) would tell some copies apart.
"""

import pytest

from level10 import heuristic, hint, rules, talk
from level10.game import Game
from level10.view import UNSEEN, View, seat_view
from prng import Prng

BUDGET = 150  # several deals a search at every stage of a game, and quick
MOVES = (0, 1, 2, 3, 9, 18, 27, 36, 44)  # the first moves, the middle, late


def hidden_bytes(s, seat):
    """The offsets of `s` that `seat` cannot see, worked out here from the layout: the
    deck ring (all of it, in and outside the deck), other hands' slots, its own slots
    past its hand's count."""
    players = s[rules.AT_PLAYERS]
    hsize = s[rules.AT_HSIZE]
    out = []
    for q in range(players):
        base = rules.AT_HANDS + q * hsize
        start = base + (s[rules.AT_HCOUNT + q] if q == seat else 0)
        out.extend(range(start, base + hsize))
    out.extend(range(rules.AT_HANDS + players * hsize, len(s)))
    return out


def poisoned(game, said, seat, how, rng):
    """The seat's view of `game` with its hidden bytes overwritten `how`."""
    v = seat_view(game, said, seat)
    where = hidden_bytes(game.state, seat)
    real = [game.state[i] for i in where]
    if how == "random":
        fill = [rng.below(41) for _ in where]
    elif how == "constant":
        fill = [rules.PAUSE] * len(where)
    elif how == "shuffled":
        fill = list(real)
        for i in range(len(fill) - 1, 0, -1):
            j = rng.below(i + 1)
            fill[i], fill[j] = fill[j], fill[i]
    elif how == "real":
        fill = real
    else:
        fill = [UNSEEN] * len(where)
    for i, c in zip(where, fill):
        v.state[i] = c
    return v


POISONS = ("as built", "random", "constant", "shuffled", "real")


def search(v, seed):
    """Everything the hint engine computed for view `v`."""
    m = hint.suggest(v, budget=BUDGET, seed=seed)
    return m, hint.last_sims, hint.last_candidates, list(hint.last_moves), list(hint.last_totals), list(hint.last_gains)


def positions(players, deal, said=None):
    """(game, label) at the moves of MOVES a game by rule of thumb reaches, every seat
    speaking as bots do; plus the position two undos back from the last one."""
    g = Game(players, 2, seed=deal, start=deal % players)
    out = []
    while not g.over() and g.played <= MOVES[-1]:
        if said is not None:
            for q in range(players):
                if q != g.to_move():
                    talk.announce(View(g.state, q), said)
        if g.played in MOVES:
            out.append((g.clone(), "move %d" % g.played))
        g.apply(heuristic.choose(View(g.state)))
    if g.played > 4:
        h = g.clone()
        h.undo()
        h.undo()
        if not h.over():
            out.append((h, "undone to move %d" % h.played))
    return out


def games():
    """Positions at every table size, several deals each, solo and with talk."""
    for players in range(1, 6):
        for deal in (3, 8, 21):
            said = talk.Talk() if players > 1 and deal != 8 else None
            for g, label in positions(players, deal, said):
                yield players, deal, g, label, said


CASES = list(games())


def test_the_cases_cover_every_table_and_stage():
    per_table = {}
    for players, _, g, label, _ in CASES:
        per_table.setdefault(players, set()).add(g.played)
    for players in range(1, 6):
        assert len(per_table[players]) > 5, players  # first moves, middle and late
        assert {0, 1, 2, 3} <= per_table[players]
    # some views remember cards their seat put under the deck, and some of those lie
    # near the top: the search deals them where they are
    remembered = [seat_view(g) for _, _, g, _, _ in CASES]
    assert sum(1 for v in remembered if any(v.depth)) > 10
    assert any(any(v.depth[:4]) for v in remembered)
    assert any("undone" in label for _, _, _, label, _ in CASES)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_view_keeps_no_hidden_card(players):
    for p, _, g, _, said in CASES:
        if p != players:
            continue
        for seat in range(players):
            s = g.state
            v = seat_view(g, said, seat)
            where = set(hidden_bytes(s, seat))
            assert where, "every position hides the deck"
            for i in range(len(s)):
                if i in where:
                    assert v.state[i] == UNSEEN, (i, seat)
                else:
                    assert v.state[i] == s[i], (i, seat)  # everything public is kept
            assert v.seat == seat and v.talk is said


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_nothing_the_search_computes_depends_on_hidden_bytes(players):
    searched = 0
    for p, deal, g, label, said in CASES:
        if p != players or g.over():
            continue
        seat = g.to_move()
        rng = Prng(deal * 100 + g.played)
        seed = deal + g.played
        base = search(poisoned(g, said, seat, "as built", rng), seed)
        for how in POISONS[1:]:
            assert search(poisoned(g, said, seat, how, rng), seed) == base, (deal, label, how)
        searched += base[1] > 0  # a search ran (not a forced move)
    assert searched > 2


@pytest.mark.parametrize("players", [2, 3, 5])
def test_what_a_bot_says_does_not_depend_on_hidden_bytes(players):
    for p, deal, g, label, _ in CASES:
        if p != players or g.over():
            continue
        rng = Prng(deal)
        for q in range(players):
            said = [None] * len(POISONS)
            for k, how in enumerate(POISONS):
                t = talk.Talk()
                talk.announce(poisoned(g, None, q, how, rng), t)
                said[k] = t.encode()
            assert len(set(said)) == 1, (deal, label, q)


def test_a_view_is_for_a_seat_of_the_game():
    g = Game(3, 2, seed=4)
    with pytest.raises(ValueError):
        View(g.state, 3)
    with pytest.raises(ValueError):
        hint.suggest(seat_view(g, seat=(g.to_move() + 1) % 3))  # a hint is for the seat on turn
    with pytest.raises(ValueError):
        heuristic.choose(View(g.state, (g.to_move() + 1) % 3))


def test_looking_again_is_the_same_as_a_new_view():
    g = Game(2, 2, seed=6)
    v = View(g.state)
    while not g.over() and g.played < 20:
        g.apply(heuristic.choose(v))
        v.see(g.state)
        w = View(g.state)
        assert v.state == w.state and v.depth == w.depth and v.seat == w.seat


def test_a_resumed_game_remembers_the_cards_its_seats_put_under():
    """The app's save keeps the deal and the moves (app/level10/saves.py), and resuming replays
    them: each seat's view knows its put-under cards again, so the hint is the same."""
    from app.level10 import restore, saves

    checked = 0
    for players, deal, g, label, said in CASES:
        if g.over():
            continue
        views = [seat_view(g, said, q) for q in range(players)]
        if not any(any(v.depth) for v in views):
            continue
        mode = saves.BOTS if players > 1 else 0
        back, _, said_back = restore.resume(saves.encode(g, mode, said.encode() if said else None))
        said_back = talk.Talk(said_back) if said is not None else None
        for q in range(players):
            w = seat_view(back, said_back, q)
            assert w.depth == views[q].depth and w.state == views[q].state, (deal, label, q)
        seed = g.played
        assert search(seat_view(back, said_back), seed) == search(seat_view(g, said), seed), (deal, label)
        checked += 1
    assert checked > 10


def test_a_position_without_its_moves_remembers_nothing_put_under():
    """Game.decode reads a position alone (no history): its views know no put-under
    card, which is why the app saves the moves, not the position."""
    for _, _, g, _, _ in CASES:
        if any(seat_view(g).depth):
            h = Game.decode(g.encode())
            assert not any(seat_view(h).depth)
            assert seat_view(h).state == seat_view(g).state
            return
    raise AssertionError("no position with a card put under")
