"""tools/research/fastsim: the C port of the solo engine plays the very games the Python engine does.

Its figures are only worth reading while that holds, so each test plays seeded deals both
ways and compares every move, the result and the score."""

import shutil

import pytest

from level10 import heuristic, hint, rules
from level10.game import Game
from level10.view import View
from tools import policies
from tools.research import fastsim, tune_heuristic


@pytest.fixture(scope="module")
def binary(tmp_path_factory):
    if not (shutil.which("cc") or shutil.which("gcc")):
        pytest.fail("a C compiler (cc) is needed to build tools/research/fastsim.c", pytrace=False)
    return fastsim.build(tmp_path_factory.mktemp("fastsim") / "fastsim")


def python_games(policy, pauses, seeds, budget=hint.BUDGET, player=None):
    """The trace lines the binary prints, played by the bench's own players under CPython
    (`player`: a rule of thumb built with other weights, for the rule policy)."""
    lines = []
    for seed in seeds:
        if policy == "rule":
            chooser = policies.Rule() if player is None else (lambda game: player.choose(View(game.state)))
        else:
            chooser = policies.Hint(budget, seed)
        g = Game(1, pauses, seed=seed)
        policies.play_out(g, chooser, lambda: 0, lambda a, b: 0)
        played = " ".join(str(m) for m in g.moves())
        lines.append(played + " | %d %d" % (g.status(), g.score()))
    return lines


def c_games(binary, policy, pauses, first, last, changes=None):
    params = fastsim.firmware_params()
    params.update(changes or {})
    out = fastsim.run("trace-" + policy, pauses, first, last, params, binary)
    return out[:-1]  # the last line is the tally


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
def test_rule_of_thumb_games_match(binary, pauses):
    seeds = range(1, 41)
    assert c_games(binary, "rule", pauses, 1, 40) == python_games("rule", pauses, seeds)


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
def test_hint_games_match(binary, pauses):
    # deals with resets put under, halving, the deck running out and the endgame search
    assert c_games(binary, "hint", pauses, 7, 9) == python_games("hint", pauses, range(7, 10))


def test_hint_at_ten_times_the_budget_matches(binary):
    budget = 10 * hint.BUDGET
    got = c_games(binary, "hint", 2, 3, 3, {"BUDGET": budget})
    assert got == python_games("hint", 2, [3], budget=budget)


def test_a_changed_weight_reaches_both_engines_alike(binary):
    """Weights come from the firmware's source: with one changed, the binary follows
    the Python rule of thumb built with the same change (tools.research.tune_heuristic), and
    its games differ from the shipped weights' games."""
    changed = {"_W_NOLIVE": 0, "_W_HEIGHT": 20}
    player = tune_heuristic.player(tune_heuristic.SOURCE.read_text(), changed)
    seeds = range(1, 41)
    want = python_games("rule", 2, seeds, player=player)
    got = c_games(binary, "rule", 2, 1, 40, {"W_NOLIVE": 0, "W_HEIGHT": 20})
    assert got == want
    assert got != c_games(binary, "rule", 2, 1, 40)


def test_nest_is_the_hint_engine_where_its_judge_has_nothing_to_say(binary):
    hint_games = c_games(binary, "hint", 2, 7, 9)
    # from move L2_UNTIL on, nest plays the hint engine's own moves
    assert c_games(binary, "nest", 2, 7, 9, {"L2_UNTIL": 0}) == hint_games
    # one imagined deal tells nothing of the spread, so the sure bar keeps the hint's
    # move; a bare lead of 0 follows that one deal's luck
    quick = {"L2_UNTIL": 10, "L2_DEALS": 1, "L2_INNER": 60}
    assert c_games(binary, "nest", 2, 7, 9, dict(quick, L2_SURE=1)) == hint_games
    assert c_games(binary, "nest", 2, 7, 9, quick) != hint_games


def test_play_counts_wins_and_scores(binary):
    lines = python_games("rule", 2, range(1, 41))
    wins = sum(line.split("| ")[1].split()[0] == str(rules.WON) for line in lines)
    score = sum(int(line.split()[-1]) for line in lines)
    assert 0 < wins < 40
    assert fastsim.play("rule", 40, 1, 2, jobs=3, binary=binary) == (wins, score)


def test_firmware_params_cover_the_search_constants():
    params = fastsim.firmware_params()
    assert params["BUDGET"] == hint.BUDGET
    assert params["SURE"] == hint._SURE
    assert params["W_NOLIVE"] == heuristic._W_NOLIVE
    assert "W_ASKED_RESET" not in params  # teammates' weights: solo never reads them


def test_refuses_bad_arguments(binary):
    with pytest.raises(fastsim.FastsimError, match="unknown NO_SUCH"):
        fastsim.run("hint", 2, 1, 1, {"NO_SUCH": 1}, binary)
    with pytest.raises(fastsim.FastsimError, match="unknown policy"):
        fastsim.run("solver", 2, 1, 1, {}, binary)
    with pytest.raises(fastsim.FastsimError, match="pauses"):
        fastsim.run("hint", 4, 1, 1, {}, binary)


def test_command_line_refuses_an_unknown_constant(capsys):
    with pytest.raises(SystemExit) as e:
        fastsim.main(["--deals", "2", "--set", "NO_SUCH=1"])
    assert e.value.code == 2
    assert "unknown constant NO_SUCH" in capsys.readouterr().err
