"""The loss analysis (tools/research/losses.py): turning points the solver can show, every pause
accounted for, and a report whose tables add up."""

import argparse

import pytest

from level10 import heuristic, notation, referee, rules
from level10.game import Game
from level10.view import View
from tools.research import losses, solver

LIMIT = 4000


def options(**given):
    args = argparse.Namespace(deals=12, first=1, pauses=2, policy="rule", check=None, limit=LIMIT, workers=1)
    for key, value in given.items():
        setattr(args, key, value)
    return args


@pytest.fixture(scope="module")
def games():
    # the rule of thumb alone loses about a third of these: enough losses to look at
    return losses.analyse(options(deals=12, pauses=2))


def replayed(seed, pauses, upto):
    """The game of `seed` played by the rule of thumb for `upto` moves."""
    game = Game(1, pauses, seed=seed)
    player = losses.aibench.POLICIES["rule"].factory()(seed)
    for _ in range(upto):
        m = player(game)
        game.list_moves()
        game.apply(m)
    return game


def test_a_turning_point_is_the_move_that_loses_the_last_win(games):
    lost = [g for g in games if not g.won and g.lost.kind not in (None, losses.DEALT)]
    assert len(lost) >= 2
    shown = 0
    for g in lost:
        t = g.lost
        assert t.column <= g.column  # decided no later than it ended
        game = replayed(g.seed, 2, t.index)
        assert bytes(game.state) == t.state
        # before it, a line wins: the solver's, which replays to a win
        sol = solver.solve_from(t.state, LIMIT)
        assert sol.winnable
        if sol.won:
            s = bytearray(t.state)
            for m in sol.moves:
                referee.check(s, m)
                rules.apply(s, m)
            assert rules.status(s) == rules.WON
            shown += 1
        # the move the player made there leaves none, proved within the limit
        m = losses.aibench.POLICIES["rule"].factory()(g.seed)(game)
        assert notation.token(m) == t.token
        assert losses.kind(m) == t.kind
        game.list_moves()
        game.apply(m)
        after = solver.solve_from(game.state, LIMIT)
        assert not after.winnable and after.exact
        assert t.column == rules.column(bytearray(t.state))
    assert shown


def replayed_moves(seed, upto):
    return list(replayed(seed, 2, upto).moves())


def test_the_solver_is_not_changed_by_solving_from_a_position():
    s = bytes(Game(1, 2, seed=5).state)
    before = bytes(s)
    a = solver.solve_from(s, 2000)
    b = solver.solve(Game(1, 2, seed=5).deck, 2, limit=2000)
    assert s == before
    assert (a.score, a.won, a.moves) == (b.score, b.won, b.moves)


def test_every_pause_is_counted_once(games):
    for g in games:
        assert g.early + g.buried + g.bare + g.held + g.in_deck == 2, g.seed
        assert g.won == (g.lost is None)
        assert (g.column == 10) == g.won


def test_a_deal_without_a_win_is_lost_before_its_first_move():
    # Master deal 88: the solver proves in a few nodes that no line wins it
    deck = Game(1, 0, seed=88).deck
    sol = solver.solve(deck, 0, limit=LIMIT)
    assert not sol.winnable and sol.exact
    lost = losses.turning_point([bytes(Game(1, 0, seed=88).state)], [], LIMIT)
    assert lost.kind == losses.DEALT and lost.index == -1
    game = losses.play(("rule", None, 0, 88, LIMIT))
    assert not game.won and game.lost.kind == losses.DEALT
    # deal 1 has a win: its start is no turning point
    assert losses.turning_point([bytes(Game(1, 0, seed=1).state)], [], LIMIT).index is None


def test_the_report_adds_up(games):
    args = options(deals=12)
    text = losses.report(games, args)
    lost = [g for g in games if not g.won]
    assert f"{12 - len(lost)} won, {len(lost)} lost" in text
    rows = {}
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.setdefault(cells[0], cells[1:])
    ended = [int(c) for c in rows["game ended"][:10]]
    turned = [int(c) for c in rows["turning point"][:10]]
    assert sum(ended) == len(lost)
    dealt = sum(1 for g in lost if g.lost.kind == losses.DEALT)
    assert sum(turned) + int(rows["turning point"][10]) + dealt == len(lost)
    kinds = [[int(c) for c in rows[f"… a {k}"][:10]] for k in ("play", "reset", "pause")]
    assert [sum(col) for col in zip(*kinds)] == turned
    won = rows["won"]
    assert int(won[0]) == 12 - len(lost)
    assert sum(int(c) for c in won[1:]) == 2 * (12 - len(lost))
    assert sum(int(c) for c in rows["lost"][1:]) == 2 * len(lost)


def test_check_asks_another_player_at_each_turning_point():
    got = losses.analyse(options(deals=12, policy="rule", check="greedy"))
    seen = [g for g in got if not g.won and g.lost.state is not None]
    assert seen
    for g in seen:
        token, verdict = g.lost.checked
        game = Game(1, 2, seed=g.seed)
        for m in replayed_moves(g.seed, g.lost.index):
            game.list_moves()
            game.apply(m)
        m = losses.aibench.POLICIES["greedy"].factory()(g.seed)(game)
        assert notation.token(m) == token
        game.list_moves()
        game.apply(m)
        assert verdict == losses.verdict(game.state, LIMIT)
    text = losses.report(got, options(deals=12, check="greedy"))
    assert f"At the {len(seen)} known turning points, greedy rule plays" in text


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--policy", "open"], "unknown player 'open'"),
        (["--check", "nobody"], "unknown player 'nobody'"),
        (["--pauses", "4"], "--pauses must be 0 to 3"),
        (["--deals", "0"], "at least 1"),
    ],
)
def test_bad_options_are_named(argv, message, capsys):
    assert losses.main(argv) == 2
    assert message in capsys.readouterr().err


def test_the_report_says_where_the_search_left_its_rule_of_thumb():
    args = options(deals=15, first=11, policy="hint")  # it loses deals 11, 15, 24 and 25
    got = losses.analyse(args)
    known = [g.lost for g in got if not g.won and g.lost.state is not None]
    assert known
    for t in known:
        assert t.rule == notation.token(heuristic.choose(View(t.state)))
    differ = sum(1 for t in known if t.token != t.rule)
    text = losses.report(got, args)
    assert (
        f"At the {len(known)} known turning points the player's move is not the rule of thumb's in {differ};"
        in text
    )


def test_the_rule_of_thumb_never_leaves_itself(games):
    text = losses.report(games, options())
    assert "the player's move is not the rule of thumb's in 0; in 0 of them" in text
