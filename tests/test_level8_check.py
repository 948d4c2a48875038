"""`python -m host_sim level8 check|extend`, the combination checker others test against:
its arguments, JSON (keys and their order), exit status 0 for valid and not valid, and
exit status 2 with one line on stderr and nothing on stdout for every malformed call.
Rulings: L8-1 (decks), L8-2 and LB-5 (levels), L8-3 (combinations), L8-4 (the whole level,
extending), the interface's rules; LB-6 (full combinations still take jokers) is not one of
them, so the board game's checker does not apply it (the game does, in play).
"""

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from host_sim import level8

REPO = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    """(exit status, parsed JSON or None, stderr) of one call."""
    status = level8.main(list(argv))
    out, err = capsys.readouterr()
    if status == 0:
        assert err == ""
        assert out.endswith("\n") and out.count("\n") == 1
        return status, json.loads(out), err
    assert out == "", "nothing on stdout for a malformed call"
    return status, None, err


def check(capsys, *argv):
    status, out, err = run(capsys, "check", *argv)
    assert status == 0, err
    return out


def extend(capsys, *argv):
    status, out, err = run(capsys, "extend", *argv)
    assert status == 0, err
    return out


# -- check ---------------------------------------------------------------------------


def test_the_spec_example_with_its_keys_in_order(capsys):
    out = check(capsys, "--level", "1", "R4 O5 W", "G7 G8 G9")
    assert list(out) == ["valid", "game", "side", "level", "groups"]
    assert out == {"valid": True, "game": "level8", "side": 1, "level": 1, "groups": [
        {"kind": "run", "need": 3, "cards": ["R4", "O5", "W=6"]},
        {"kind": "run", "need": 3, "cards": ["G7", "G8", "G9"]}]}
    assert all(list(grp) == ["kind", "need", "cards"] for grp in out["groups"])


def test_not_valid_is_exit_0_with_a_reason(capsys):
    out = check(capsys, "--level", "1", "R4 O5 W", "G7 G8 G10")
    assert list(out) == ["valid", "game", "side", "level", "reason"]
    assert out["valid"] is False and "G7 G8 G10" in out["reason"]


def test_commas_spaces_and_lower_case_all_work(capsys):
    out = check(capsys, "--game=levelup", "--level=3", "r4,o5, y6", "  b1 b2,b12 W ")
    assert out["valid"] and out["game"] == "levelup"
    assert out["groups"][1] == {"kind": "colour", "need": 4, "cards": ["B1", "B2", "B12", "W=B"]}


def test_l8_2_every_one_star_level_of_the_card_games(capsys):
    layouts = ["R1 O2 Y3|G7 B8 V9", "R1 O1|R2 O2|R3 O3|R4 O4", "R1 O2 Y3|B1 B5 B9 B13", "R1 O2 Y3 G4 B5 V6|R9 O9",
               "R1 O2 Y3 G4 B5 V6 R7", "R1 O1|R2 O2 Y2|R3 O3 Y3", "R1 O1 Y1|B1 B5 B9 B13 B15",
               "R1 O1|R2 O2 Y2|R3 O3 Y3 G3"]
    for game in ("level8", "levelup"):
        for n, layout in enumerate(layouts, 1):
            assert check(capsys, "--game", game, "--level", str(n), *layout.split("|"))["valid"], (game, n)
            assert not check(capsys, "--game", game, "--level", str(n % 8 + 1), *layout.split("|"))["valid"]


@pytest.mark.parametrize("side,layouts", [
    (1, ["R1 O1 Y1|R5 O6 Y7", "R1 O1|R2 O2|R3 O3 Y3", "R1 O2 Y3 G4|B1 B5 B9 B13", "R1 O2 Y3 G4 B5 V6 R7 O8",
         "R1 O1 Y1|B1 B5 B9 B13 B15", "R1 O2 Y3 G4 B5 V6 R7 O8 Y9", "R1 O1 Y1 G1|B2 B5 B9 B13 B15",
         "R1 O1 Y1 G1|R2 O2 Y2 G2"]),
    (2, ["R1 O1 Y1|R5 O6 Y7 G8 B9", "R1 O1|R2 O2 Y2|R3 O3 Y3", "R1 O1 Y1|B1 B5 B9 B13 B15",
         "R1 O2 Y3 G4 B5 V6 R7 O8 Y9", "R1 O1 Y1|B1 B5 B9", "R1 O1|B1 B5 B9|G2 G3 G4",
         "R1 O1 Y1|R2 O2 Y2 G2 B2", "R1 O1 Y1 G1|R2 O2 Y2 G2 B2"]),
])
def test_lb_5_every_level_on_both_sides_of_the_board_game(capsys, side, layouts):
    for n, layout in enumerate(layouts, 1):
        out = check(capsys, "--game", "board", "--side", str(side), "--level", str(n), *layout.split("|"))
        assert out["valid"] and out["side"] == side, (side, n, out)


def test_l8_3_sets_of_one_level_may_share_a_number(capsys):
    assert check(capsys, "--level", "6", "R6 O6", "Y6 G6 B6", "V6 W W")["valid"]


def test_l8_3_a_run_never_wraps_from_15_to_1(capsys):
    assert not check(capsys, "--level", "5", "R13 O14 Y15 G1 B2 V3 W")["valid"]
    assert check(capsys, "--level", "5", "R9 O10 Y11 G12 B13 V14 W")["groups"][0]["cards"][-1] == "W=15"
    assert check(capsys, "--level", "5", "R10 O11 Y12 G13 B14 V15 W")["groups"][0]["cards"][-1] == "W=9"


def test_l8_3_a_wild_with_a_value_keeps_it(capsys):
    assert check(capsys, "--level", "1", "R4 O5 W=6", "G7 G8 W=9")["valid"]
    assert not check(capsys, "--level", "1", "R4 O5 W=7", "G7 G8 G9")["valid"]
    assert not check(capsys, "--level", "3", "R4 O5 Y6", "B1 B2 B3 W=3")["valid"]


def test_l8_3_wilds_alone_meet_any_requirement_of_their_size(capsys):
    out = check(capsys, "--level", "4", "W W", "R1 O2 Y3 G4 B5 V6")
    assert out["groups"][0] == {"kind": "set", "need": 2, "cards": ["W=1", "W=1"]}


def test_l8_3_a_skip_is_never_part_of_a_combination(capsys):
    out = check(capsys, "--level", "1", "R4 O5 S", "G7 G8 G9")
    assert not out["valid"] and "Skip" in out["reason"]


def test_l8_4_more_cards_than_needed_but_never_more_or_fewer_groups(capsys):
    assert check(capsys, "--level", "1", "R4 O5 Y6 G7 B8", "G9 G10 G11")["valid"]
    assert not check(capsys, "--level", "1", "R4 O5 Y6")["valid"]
    assert not check(capsys, "--level", "1", "R4 O5 Y6", "G9 G10 G11", "B1 B2 B3")["valid"]


def test_lb_6_a_full_six_of_a_kind_and_a_full_run_still_take_jokers(capsys):
    out = check(capsys, "--game", "board", "--level", "8", "R4 O4 Y4 G4 B4 V4 W W", "R9 O9 Y9 G9")
    assert out["groups"][0]["cards"][-2:] == ["W=4", "W=4"]
    full = "R1 O2 Y3 G4 B5 V6 R7 O8 Y9 G10 B11 V12 R13 W O15"
    assert check(capsys, "--game", "board", "--level", "6", full)["groups"][0]["cards"][13] == "W=14"


def test_l8_1_exactly_as_many_wilds_as_the_game_has(capsys):
    assert check(capsys, "--level", "2", "W W", "W W", "W W", "R1 O1")["valid"]
    assert check(capsys, "--game", "board", "--level", "8", "W W W W", "W W W W")["valid"]


# -- extend --------------------------------------------------------------------------


def test_extend_json_and_its_keys(capsys):
    out = extend(capsys, "run", "R4 O5 W", "R7", "W")
    assert list(out) == ["valid", "kind", "cards"]
    assert out == {"valid": True, "kind": "run", "cards": ["R4", "O5", "W=6", "R7", "W=8"]}
    out = extend(capsys, "set", "R8 O8", "Y8", "G9")
    assert list(out) == ["valid", "kind", "cards", "reason"]
    assert out["valid"] is False and out["cards"] == ["R8", "O8", "Y8"]


def test_l8_4_runs_at_either_end_sets_by_number_colour_groups_by_colour(capsys):
    assert extend(capsys, "run", "R4 O5 Y6", "G3", "G2", "B7")["valid"]
    assert not extend(capsys, "run", "R4 O5 Y6", "G8")["valid"]
    assert extend(capsys, "set", "R8 O8 Y8", "G8", "W")["valid"]
    assert extend(capsys, "colour", "R1 R9", "R2", "W", "W=R")["valid"]
    assert not extend(capsys, "colour", "R1 R9", "O2")["valid"]
    assert not extend(capsys, "set", "R8 O8", "S")["valid"]


def test_extend_a_wild_in_a_run_needs_room_at_an_end(capsys):
    full = " ".join("R%d" % n for n in range(1, 16))
    out = extend(capsys, "run", full, "W")
    assert not out["valid"] and "no room" in out["reason"]
    assert extend(capsys, "--game", "board", "set", "R4 O4 Y4 G4 B4 V4", "W")["valid"]  # a set has no top


def test_extend_a_full_run_takes_no_wild_in_any_game(capsys):
    """The interface: "a wild added to a run needs room at an end", its rules L8-1 to L8-3
    and LB-5. So a run from 1 to 15 takes no wild in the board game either, though the
    board game's table lets a joker go there (LB-6, level8.combos.extend_one in play)."""
    from level8 import cards, combos
    from level8.levels import RUN

    full = "R1 O2 Y3 G4 B5 V6 R7 O8 Y9 G10 B11 V12 R13 W O15"
    for game in ("level8", "levelup", "board"):
        for wild in ("W", "W=15"):
            out = extend(capsys, "--game", game, "run", full, wild)
            assert not out["valid"] and "no room" in out["reason"], (game, wild)
            assert out["cards"][13] == "W=14" and len(out["cards"]) == 15
    out = extend(capsys, "--game", "board", "run", full, "G5")
    assert not out["valid"] and out["reason"] == "the run already has a 5"
    laid = combos.resolve(level8.parse_group(full), RUN, 1)
    assert combos.extend_one(RUN, laid, cards.WILD, True)[0] is not None  # the game's LB-6
    out = extend(capsys, "--game", "board", "run", "R2 O3 Y4 G5 B6 V7 R8 O9 Y10 G11 B12 V13 R14 O15", "W")
    assert out["valid"] and out["cards"][-1] == "W=1"  # not full: the joker goes where there is room


def test_extend_laid_wilds_take_any_consistent_value(capsys):
    assert extend(capsys, "run", "R5 W", "R3")["cards"] == ["R5", "W=4", "R3"]
    # but one value each for the whole call: "W W" then R5 is 3 4 5 or 5 6 7, and R7 goes
    # on at an end of neither
    out = extend(capsys, "run", "W W", "R5", "R7")
    assert not out["valid"] and out["cards"] == ["W=3", "W=4", "R5"] and "R7" in out["reason"]
    assert extend(capsys, "run", "W W", "R7", "W", "R9")["cards"] == ["W=5", "W=6", "R7", "W=8", "R9"]
    assert extend(capsys, "set", "W W", "B12")["cards"] == ["W=12", "W=12", "B12"]


# -- malformed calls: exit 2, one line on stderr, nothing on stdout -----------------------

MALFORMED = [
    ("unknown card token", ["check", "--level", "1", "R4 O5 X6", "G7 G8 G9"]),
    ("number out of range", ["check", "--level", "1", "R4 O5 R16", "G7 G8 G9"]),
    ("number zero", ["check", "--level", "1", "R0 O5 Y6", "G7 G8 G9"]),
    ("leading zero", ["check", "--level", "1", "R04 O5 Y6", "G7 G8 G9"]),
    ("wild value too high", ["check", "--level", "1", "R4 O5 W=16", "G7 G8 G9"]),
    ("wild value zero", ["check", "--level", "1", "R4 O5 W=0", "G7 G8 G9"]),
    ("wild of no colour", ["check", "--level", "1", "R4 O5 W=X", "G7 G8 G9"]),
    ("card twice in a group", ["check", "--level", "1", "R4 O5 R4", "G7 G8 G9"]),
    ("card twice across groups", ["check", "--level", "1", "R4 O5 Y6", "r4 G8 G9"]),
    ("7 wilds in LEVEL 8", ["check", "--level", "1", "W W W W", "W W W"]),
    ("6 jokers in Level Up", ["check", "--game", "levelup", "--level", "1", "W W W", "W W W"]),
    ("9 jokers in the board game", ["check", "--game", "board", "--level", "8", "W W W W W", "W W W W"]),
    ("level 0", ["check", "--level", "0", "R4 O5 Y6", "G7 G8 G9"]),
    ("level 9", ["check", "--level", "9", "R4 O5 Y6", "G7 G8 G9"]),
    ("level not a number", ["check", "--level", "one", "R4 O5 Y6", "G7 G8 G9"]),
    ("no level", ["check", "R4 O5 Y6", "G7 G8 G9"]),
    ("unknown game", ["check", "--game", "level10", "--level", "1", "R4 O5 Y6", "G7 G8 G9"]),
    ("side 2 of LEVEL 8", ["check", "--side", "2", "--level", "1", "R4 O5 Y6", "G7 G8 G9"]),
    ("side 2 of Level Up", ["check", "--game", "levelup", "--side", "2", "--level", "1", "R4 O5 Y6", "G7 G8 G9"]),
    ("side 3", ["check", "--game", "board", "--side", "3", "--level", "1", "R4 O5 Y6", "G7 G8 G9"]),
    ("no group", ["check", "--level", "1"]),
    ("an empty group", ["check", "--level", "1", "R4 O5 Y6", " , "]),
    ("unknown option", ["check", "--colour", "R", "--level", "1", "R4 O5 Y6", "G7 G8 G9"]),
    ("option without value", ["check", "R4 O5 Y6", "G7 G8 G9", "--level"]),
    ("no command", []),
    ("unknown command", ["lay", "--level", "1", "R4 O5 Y6"]),
    ("extend: unknown kind", ["extend", "triple", "R4 O4 Y4", "G4"]),
    ("extend: no kind", ["extend"]),
    ("extend: no group", ["extend", "run"]),
    ("extend: no card", ["extend", "run", "R4 O5 Y6"]),
    ("extend: group not a run", ["extend", "run", "R4 O5 Y7", "G8"]),
    ("extend: group not a set", ["extend", "set", "R4 O5", "G4"]),
    ("extend: group not a colour", ["extend", "colour", "R4 O5", "R6"]),
    ("extend: group with a Skip", ["extend", "set", "R4 S", "G4"]),
    ("extend: unknown card", ["extend", "run", "R4 O5 Y6", "Q7"]),
    ("extend: card twice", ["extend", "run", "R4 O5 Y6", "R7", "r7"]),
    ("extend: card already laid", ["extend", "set", "R4 O4", "R4"]),
    ("extend: too many wilds", ["extend", "--game", "levelup", "run", "W W W", "W", "W", "W"]),
    ("extend: unknown game", ["extend", "--game", "uno", "run", "R4 O5 Y6", "G7"]),
]


@pytest.mark.parametrize("argv", [a for _, a in MALFORMED], ids=[why for why, _ in MALFORMED])
def test_malformed_calls_exit_2_with_one_line(capsys, argv):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert err.endswith("\n") and err.count("\n") == 1 and len(err) > 10


def test_a_double_dash_ends_the_options(capsys):
    plain = run(capsys, "check", "--level", "1", "R4 O5 W", "G7 G8 G9")
    assert run(capsys, "check", "--level", "1", "--", "R4 O5 W", "G7 G8 G9") == plain
    assert run(capsys, "extend", "--game", "levelup", "--", "run", "R4 O5 Y6", "G7")[1]["valid"] is True
    status, _, err = run(capsys, "check", "--", "--level", "1", "R4 O5 W", "G7 G8 G9")
    assert status == 2 and "--level N is missing" in err  # after --, "--level" is no option


def test_help_only_where_an_option_may_stand(capsys):
    """-h/--help prints the usage (status 0) where an option may stand; as an option's
    value it is that value, and after -- a card, so the call is malformed as any other."""
    for argv in (["--help"], ["check", "-h"], ["extend", "--help"], ["check", "--level", "1", "R4", "-h"]):
        assert level8.main(argv) == 0
        out, err = capsys.readouterr()
        assert out.startswith("usage: ") and err == ""
    for argv, why in ((["check", "--level", "-h", "R4 O5 W", "G7 G8 G9"], "--level is 1 to 8"),
                      (["check", "--game", "--help", "--level", "1", "R4 O5 W", "G7 G8 G9"], "unknown game"),
                      (["check", "--level", "1", "--", "R4 O5 W", "--help"], "no card --help"),
                      (["extend", "run", "R4 O5 W", "--", "-h"], "no card -h")):
        status, _, err = run(capsys, *argv)
        assert status == 2 and why in err, err


@pytest.mark.parametrize("odd", ["\r", "\v", "\x85", "\u2028", "\n"])
def test_a_line_break_echoed_from_a_malformed_call_is_escaped(capsys, odd):
    """The spec's one line on stderr holds whatever the call was: a line break of any kind
    (as str.splitlines reads them) in an echoed option or card is written as its escape."""
    for argv in (["check", "--fo" + odd + "o"], ["extend", "--game", "un" + odd + "o", "run", "R4 O5 Y6", "G7"]):
        status, _, err = run(capsys, *argv)
        assert status == 2
        assert len(err.splitlines()) == 1 and odd.encode("unicode_escape").decode() in err, err


def test_the_module_entry_point_prints_json_and_exits_2_on_stderr_only():
    cmd = [sys.executable, "-m", "host_sim", "level8"]
    ok = subprocess.run(cmd + ["check", "--level", "1", "R4 O5 W", "G7 G8 G9"], capture_output=True, text=True,
                        cwd=REPO, check=False)
    assert ok.returncode == 0 and ok.stderr == ""
    assert json.loads(ok.stdout)["groups"][0]["cards"] == ["R4", "O5", "W=6"]
    bad = subprocess.run(cmd + ["extend", "run", "R4 O5 Y7", "G8"], capture_output=True, text=True, cwd=REPO,
                         check=False)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1


def test_the_examples_in_the_docs_print_what_the_docs_show(capsys):
    lines = (REPO / "docs" / "level8-check.md").read_text(encoding="utf-8").splitlines()
    examples = [(lines[i], lines[i + 1]) for i in range(len(lines) - 1)
                if lines[i].startswith("    $ python -m host_sim level8 ")]
    assert len(examples) == 4
    for call, shown in examples:
        argv = shlex.split(call.split("level8 ", 1)[1])
        assert level8.main(argv) == 0
        assert capsys.readouterr().out.strip() == shown.strip(), call
