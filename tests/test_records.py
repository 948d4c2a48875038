"""Game records (.l10) and the replay tool, against docs/record-format.md."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_sim.replay import summary
from level10 import moves, notation, record, rules
from level10.game import Game, seeded_deck
from level10.record import RecordError, parse
from prng import Prng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "records")
SAMPLES = sorted(f for f in os.listdir(RECORDS) if f.endswith(".l10"))


def replay_cli(path, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "host_sim", "replay", path],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
    )


def play_out(game, seed):
    """Random legal moves (project PRNG) until the game ends."""
    rng = Prng(seed)
    while not game.over():
        ms = game.legal_moves()
        game.apply(ms[rng.below(len(ms))])
    return game


# -- the sample records --------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_record_replays_to_its_json(name):
    path = os.path.join(RECORDS, name)
    out = replay_cli(path)
    assert out.returncode == 0, out.stderr
    assert out.stderr == b""
    with open(path[:-4] + ".json") as f:
        assert json.loads(out.stdout) == json.load(f)


def sample(name):
    with open(os.path.join(RECORDS, name)) as f:
        return parse(f.read()).replay()


def test_won_solo_sample_scores_80_with_two_unused_pauses():
    s = sample("won-solo.l10").state
    assert rules.status(s) == rules.WON
    assert rules.score_parts(s) == (40, 10, 2, 30, 80)


def test_burial_sample_counts_buried_cards_as_placed():
    g = sample("won-burial.l10")
    out = summary(g)
    assert out["status"] == "won"
    buried = [t for row in out["grid"] for t in row.split() if t.startswith("P+")]
    assert buried == ["P+S5", "P+S6"]
    assert out["placed"] == 50 and out["score"] == 50


def test_five_player_sample_gives_the_column_completer_the_next_turn():
    with open(os.path.join(RECORDS, "five-players.l10")) as f:
        rec = parse(f.read())
    g = rec.game()
    for m in rec.moves[:5]:
        seat = g.to_move()
        g.apply(m)
    assert seat == 4 and g.to_move() == 4  # seat 5 closed column 1 and starts column 2
    assert rules.column(g.state) == 1


def test_lost_sample_is_lost_with_nobody_on_turn():
    out = summary(sample("lost-solo.l10"))
    assert out["status"] == "lost" and out["to_move"] is None
    assert out["column"] == 2 and out["turn"] == 10
    assert out["score"] == 8 + 5  # one pause never placed


# -- writing and reading back --------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 5),
    pauses=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
    start=st.integers(0, 4),
    deck_form=st.booleans(),
)
def test_written_record_parses_back_to_the_same_game(players, pauses, seed, start, deck_form):
    start %= players
    if deck_form:
        g = Game(players, pauses, deck=seeded_deck(seed, pauses), start=start)
    else:
        g = Game(players, pauses, seed=seed, start=start)
    play_out(g, seed)
    text = record.write(record.of_game(g))
    rec = parse(text)
    assert rec.moves == g.moves()
    assert (rec.seed, rec.deck) == ((None, g.deck) if deck_form else (seed, None))
    assert rec.replay().encode() == g.encode()
    assert record.write(rec) == text


def test_move_numbers_comments_blank_lines_and_crlf_are_ignored():
    text = '# a comment\r\n\r\n[Game "Level 10"]\r\n# another\r\n[Seed "1"]\r\n\r\n1. R>W-F5-F1   2. V5\r\n3.\tS7\r\n'
    rec = parse(text)
    assert [notation.token(m) for m in rec.moves] == ["R>W-F5-F1", "V5", "S7"]
    assert rec.players == 1 and rec.pauses == 2 and rec.start == 1


def test_defaults_and_every_tag():
    rec = parse('[Game "Level 10"]\n[Players "3"]\n[Pauses "0"]\n[Seed "4294967295"]\n[Start "3"]\n')
    assert (rec.players, rec.pauses, rec.seed, rec.start) == (3, 0, 4294967295, 3)
    assert rules.start_seat(rec.replay().state) == 2
    # a decimal number may have leading zeros, however many
    rec = parse('[Game "Level 10"]\n[Players "03"]\n[Seed "00000000000000000003"]\n')
    assert (rec.players, rec.seed) == (3, 3)


def test_deck_form_deals_one_card_a_seat_from_the_top():
    deck = " ".join(["S1", "S2", "S3"] + ["F%d" % n for n in range(1, 9)])
    rest = " ".join(w + str(n) for w in "WVD" for n in range(1, 9))
    text = '[Game "Level 10"]\n[Players "2"]\n[Pauses "1"]\n[Deck "%s %s P S4 S5 S6 S7 S8"]\n' % (deck, rest)
    s = parse(text).replay().state
    assert [notation.token(moves.play(c)) for c in rules.hand(s, 0)][:2] == ["S1", "S3"]
    assert rules.hand(s, 1)[0] == 1  # S2 went to seat 2
    assert rules.deck_count(s) == 41 - 14


def test_all_token_forms_round_trip():
    for tok in ["S1", "D8", "P>W", "P>W+W3", "R>D", "R>D-S3", "R>D-S3-P", "R>S-P-P"]:
        assert notation.token(notation.parse(tok)) == tok


# -- errors --------------------------------------------------------------------

HEAD = '[Game "Level 10"]\n[Seed "1"]\n'
BAD = [
    ('[Game "Level 10"]\n[Seed "1"]\n[Colour "red"]\n', "line 3: unknown tag Colour"),
    ('[Game "Level 10"]\n[Seed "1"]\n[Seed "2"]\n', "line 3: Seed is given twice"),
    ('[Game "Level 8"]\n[Seed "1"]\n', "line 1: this is a record of Level 8, not Level 10"),
    ('[Seed "1"]\n[Game "Level 10"]\n', 'line 1: a record starts with [Game "Level 10"]'),
    ("S1 S2\n", 'line 1: a record starts with [Game "Level 10"]'),
    ("", "empty record"),
    ("# only a comment\n", "empty record"),
    ('[Game "Level 10"]\n', "line 1: a record gives exactly one of Seed and Deck"),
    ('[Game "Level 10"]\n[Seed "1"]\n[Deck "S1"]\n', "line 1: a record gives exactly one of Seed and Deck"),
    ('[Game "Level 10"]\n[Players "6"]\n[Seed "1"]\n', "line 2: Players must be 1 to 5, not 6"),
    ('[Game "Level 10"]\n[Pauses "4"]\n[Seed "1"]\n', "line 2: Pauses must be 0 to 3, not 4"),
    ('[Game "Level 10"]\n[Pauses "-1"]\n[Seed "1"]\n', "line 2: Pauses must be a whole number from 0 to 3"),
    ('[Game "Level 10"]\n[Seed "4294967296"]\n', "line 2: Seed must be 0 to 4294967295, not 4294967296"),
    ('[Game "Level 10"]\n[Seed "00042949672960"]\n', "line 2: Seed must be a whole number from 0 to 4294967295"),
    ('[Game "Level 10"]\n[Seed "12x"]\n', "line 2: Seed must be a whole number"),
    # digits of other scripts: CPython's isdigit takes them, MicroPython's does not
    ('[Game "Level 10"]\n[Seed "\u00b2"]\n', "line 2: Seed must be a whole number"),
    ('[Game "Level 10"]\n[Seed "\u0663"]\n', "line 2: Seed must be a whole number"),
    ('[Game "Level 10"]\n[Players "2"]\n[Start "3"]\n[Seed "1"]\n', "line 3: Start must be a seat from 1 to 2"),
    ('[Game "Level 10"]\n[Seed 1]\n', 'line 2: a header line looks like [Name "value"]'),
    ('[Game "Level 10"]\n[Seed "1"\n', 'line 2: a header line looks like [Name "value"]'),
    ('[Game "Level 10"]\n[Deck "S1 S1"]\n', "line 2: Sky 1 is in the deck twice"),
    ('[Game "Level 10"]\n[Deck "S1"]\n', "line 2: Sky 2 is missing from the deck"),
    ('[Game "Level 10"]\n[Deck "S9"]\n', "line 2: Deck: no card S9: numbers run from 1 to 8"),
    (HEAD + "S1\n[Start \"1\"]\n", "line 4: header lines come before the moves"),
    (HEAD + "R>W-F5-F1 X9\n", "move 2 (X9): no card X9"),
    (HEAD + "R>W-F5-F1 s7\n", "move 2 (s7): no card s7"),
    (HEAD + "S10\n", "move 1 (S10): not a move"),
    (HEAD + "P\n", "move 1 (P): not a move: a pause needs its row"),
    (HEAD + "P>X\n", "move 1 (P>X): not a move: rows are S F W V D"),
    (HEAD + "P>W+P\n", "move 1 (P>W+P): not a move: only a level card can go under a pause"),
    (HEAD + "R>D-S1-S2-S3\n", "move 1 (R>D-S1-S2-S3): not a move: at most two cards go under"),
    (HEAD + "R>W-F5-F1 V5 S1\n", "move 3 (S1): you hold no Sky 1"),
    (HEAD + "S7 F5 V5 D3 R>W S4\n", "move 6 (S4): Sky 4 is below Sky 7 to its left"),
    (HEAD + "R>W-F5-F1 V5 S7 D3 F6 R>W-W2-V2 V7 P>F D5 S2\n", "move 10 (S2): the game is over"),
]


@pytest.mark.parametrize("text,message", BAD, ids=[m[:40] for _, m in BAD])
def test_bad_record_is_rejected_with_one_clear_line(text, message):
    with pytest.raises(RecordError) as e:
        parse(text).replay()
    assert str(e.value).startswith(message)
    assert "\n" not in str(e.value)


# (BAD[2], another game's record, the tool answers in its own words: tests/test_records_l8.py)
@pytest.mark.parametrize("text,message", BAD[:2] + BAD[3:4] + BAD[-3:], ids=[m[:40] for _, m in BAD[:2] + BAD[3:4] + BAD[-3:]])
def test_replay_tool_exits_2_with_one_line_on_stderr(text, message):
    out = replay_cli("-", stdin=text.encode())
    assert out.returncode == 2
    assert out.stdout == b""
    err = out.stderr.decode()
    assert err.startswith(message) and err.count("\n") == 1


def test_replay_tool_refuses_a_superscript_digit_with_one_line():
    out = replay_cli("-", stdin='[Game "Level 10"]\n[Seed "\u00b2"]\n'.encode())
    assert out.returncode == 2
    assert out.stderr.decode().startswith("line 2: Seed must be a whole number")


def test_replay_tool_reports_unreadable_files(tmp_path):
    out = replay_cli(str(tmp_path / "missing.l10"))
    assert out.returncode == 2 and out.stdout == b""
    assert b"cannot read" in out.stderr and out.stderr.count(b"\n") == 1
    bad = tmp_path / "latin1.l10"
    bad.write_bytes(b'[Game "Level 10"]\n# caf\xe9\n')
    out = replay_cli(str(bad))
    assert out.returncode == 2 and out.stderr == b"line 2: not UTF-8 text (its byte 6)\n"


@pytest.mark.parametrize("odd", ["\v", "\r", "\x85", "\u2028", "\x1e"])
def test_replay_tool_escapes_a_line_break_echoed_from_the_record_or_its_name(tmp_path, odd):
    """A record's line or a file's name holding a line break of any kind (as str.splitlines
    reads them) is echoed escaped, so the error is still one line. (A `.l10` record's
    tokens are split at such characters, which Python counts as white space.)"""
    for text in ('[Game "Level 10"]\n[Seed "1"]\n1. R>W' + odd + "X\n", '[Game "LEVEL 8"]\n[Players "2"]\n[Seed "5"]\n1: draw\n1: discard V1' + odd + "X\n"):
        out = replay_cli("-", stdin=text.encode())
        err = out.stderr.decode()
        assert out.returncode == 2 and out.stdout == b""
        assert len(err.splitlines()) == 1, err
    assert odd.encode("unicode_escape").decode() in err, err  # the .l8 record's line, quoted
    out = replay_cli(str(tmp_path / ("no" + odd + "such.l8")))
    err = out.stderr.decode()
    assert out.returncode == 2 and err.startswith("cannot read ") and len(err.splitlines()) == 1


def test_replay_tool_stops_quietly_when_its_reader_has_gone():
    """`replay FILE | head -1`: a reader that stops early is not an error of the record's,
    and no traceback. `true` reads nothing: it has often gone when the JSON is written."""
    import shlex

    record = os.path.join(RECORDS, "l8-bots-three.l8")
    line = "set -o pipefail; %s -m host_sim replay %s | true" % (shlex.quote(sys.executable), shlex.quote(record))
    for _ in range(3):
        out = subprocess.run(["bash", "-c", line], capture_output=True, cwd=ROOT, check=False)
        assert out.returncode == 0 and out.stderr == b""


def test_replay_tool_reads_standard_input():
    with open(os.path.join(RECORDS, "won-solo.l10"), "rb") as f:
        out = replay_cli("-", stdin=f.read())
    assert out.returncode == 0
    assert json.loads(out.stdout)["score"] == 80


def test_replay_json_mid_game_matches_the_spec_fields():
    out = replay_cli("-", stdin=(HEAD + "1. R>W-F5-F1 2. V5 3. S7\n").encode())
    data = json.loads(out.stdout)
    assert list(data) == ["status", "score", "placed", "turn", "to_move", "column", "grid", "hands", "deck", "resets"]
    assert data["status"] == "playing" and data["to_move"] == 1 and data["turn"] == 4
    assert data["placed"] == 3 and data["column"] == 1
    assert data["score"] == 3 + 20  # two unused pauses, scored as if the game ended now
    assert data["grid"][2] == "R . . . . . . . . ."
    assert data["resets"] == {"S": 2, "F": 2, "W": 1, "V": 2, "D": 2}
    assert all(len(row.split()) == 10 for row in data["grid"])
    assert data["deck"] == 32 - 2  # the reset swapped two cards, the plays drew one each
