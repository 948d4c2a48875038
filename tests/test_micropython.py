"""The firmware on the real MicroPython: it compiles with mpy-cross, plays exactly as under
CPython, allocates nothing in the engine's hot path, and runs from .mpy files.

MicroPython here is the npm WebAssembly port run by tools/mpy_runner.mjs. These tests fail
(they do not skip) when node or the package is missing: CI installs them with `npm ci`.
"""

from pathlib import Path

import pytest

from tools import micropython as mpy
from tools.build import FIRMWARE, compile_file, compile_firmware, sources

# Seeds at the edges of the PRNG's two 16-bit halves and of MicroPython's small ints
# (2**30 and up are long ints on a 32-bit port), then spread ones.
EDGE_SEEDS = [
    0,
    1,
    2,
    3,
    0xFFFF,
    0x10000,
    0x10001,
    2**29,
    2**30 - 1,
    2**30,
    2**30 + 1,
    2**31 - 1,
    2**31,
    2**32 - 2,
    4294967295,
]
DECK_SEEDS = EDGE_SEEDS + list(range(4, 100)) + [(i * 2654435761) % 2**32 for i in range(1, 200)]
PLAYOUT_SEEDS = EDGE_SEEDS + list(range(4, 20)) + [(i * 2246822519) % 2**32 for i in range(1, 10)]

# Runs under both runtimes. Deals each game from its seed, then plays it out choosing
# moves with the project's Prng, so both runtimes choose identically. Odd seeds prefer
# playing a card over placing a reset (when any play is legal), which reaches deeper
# positions (an empty deck, pauses burying cards) than uniform choice does.
PLAYS_ONLY = r"""
def plays_only(buf, n):
    # Keep only card plays (no resets) at the front of buf, when there are any.
    k = 0
    for i in range(n):
        if not buf[i] & 8:
            buf[k] = buf[i]
            k += 1
    return k if k else n
"""

PLAYOUT = PLAYS_ONLY + r"""
from array import array
from level10 import referee, rules
from level10.game import seeded_deck
from prng import Prng


def playout(seed, players, pauses, buf):
    s = rules.new_state(players, pauses, seeded_deck(seed, pauses), seed % players)
    rng = Prng(seed)
    print("game", seed, players, pauses, s.hex())
    while True:
        n = rules.legal_moves(s, buf)
        if n == 0:
            break
        legal = bytes(buf[:n])
        if seed & 1:
            n = plays_only(buf, n)
        m = buf[rng.below(n)]
        rules.apply(s, m)
        print(m, legal.hex(), s.hex())
    print("end", rules.status(s), rules.stuck_seat(s), rules.score_parts(s), referee.problem(s))


buf = array("H", bytes(2 * rules.MAX_MOVES))
for seed in SEEDS:
    for players in range(1, 6):
        for pauses in range(4):
            playout(seed, players, pauses, buf)
"""

DECKS = r"""
from level10.game import seeded_deck
from prng import Prng

for seed in SEEDS:
    r = Prng(seed)
    print(seed, [r.next16() for _ in range(4)], [r.below(n) for n in (1, 2, 3, 41, 65535, 65536)],
          *[seeded_deck(seed, q).hex() for q in range(4)])
for bad in (-1, 2**32, 2**40):
    try:
        Prng(bad)
        print(bad, "accepted")
    except ValueError:
        print(bad, "rejected")
"""

# MicroPython only. Measured inside a function (locals live on the stack, so the
# measurement itself stores nothing on the heap), with the collector off. `engine` counts
# only what legal_moves and apply allocate; `loop` counts the whole playout loop,
# move choice (Prng) included.
ALLOCATION = PLAYS_ONLY + r"""
import gc
from array import array
from level10 import rules
from level10.game import seeded_deck
from prng import Prng


def one_game(s, buf, rng, plays_first):
    engine = 0
    moves = 0
    start = gc.mem_alloc()
    while True:
        a = gc.mem_alloc()
        n = rules.legal_moves(s, buf)
        engine += gc.mem_alloc() - a
        if n == 0:
            break
        if plays_first:
            n = plays_only(buf, n)
        m = buf[rng.below(n)]
        a = gc.mem_alloc()
        rules.apply(s, m)
        engine += gc.mem_alloc() - a
        moves += 1
    return gc.mem_alloc() - start, engine, moves


def main():
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    games = []
    for seed in range(24):
        for players in range(1, 6):
            for pauses in range(4):
                games.append((seed, players, pauses))
    # warm-up: one game of each size before measuring anything
    for players in range(1, 6):
        one_game(rules.new_state(players, 2, seeded_deck(999, 2)), buf, Prng(999), False)
    gc.disable()  # gc.collect() still runs when called
    total_loop = total_engine = total_moves = 0
    for seed, players, pauses in games:
        s = rules.new_state(players, pauses, seeded_deck(seed, pauses), seed % players)
        rng = Prng(seed)
        gc.collect()  # keeps the heap small: gc.mem_alloc() takes time in proportion to it
        loop, engine, moves = one_game(s, buf, rng, seed & 1)
        if loop or engine:
            print("allocated", seed, players, pauses, "loop", loop, "engine", engine, "moves", moves)
        total_loop += loop
        total_engine += engine
        total_moves += moves
    gc.enable()
    print("total", len(games), total_moves, total_loop, total_engine)


main()
"""


def program(template, seeds):
    return "SEEDS = " + repr(list(seeds)) + "\n" + template


@pytest.fixture(scope="session")
def mpy_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("mpy")
    compile_firmware(out)
    return out


def compare(cpython_out, micropython_out, what):
    """Assert equal outputs, pointing at the first differing line when they are not."""
    a = cpython_out.splitlines()
    b = micropython_out.splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            pytest.fail(f"{what}: first difference at line {i + 1}\n  CPython:     {x}\n  MicroPython: {y}")
    assert len(a) == len(b), f"{what}: CPython printed {len(a)} lines, MicroPython {len(b)}"
    assert a, what + ": nothing printed"


# -- compiling ---------------------------------------------------------------


@pytest.mark.parametrize("src", sources(), ids=lambda p: p.relative_to(FIRMWARE).as_posix())
def test_compiles_with_mpy_cross(src, tmp_path):
    out = compile_file(src, tmp_path / src.with_suffix(".mpy").name)
    data = out.read_bytes()
    assert data[:2] == b"M\x06", "not a .mpy of format 6: " + repr(data[:4])


def test_the_runners_heap_is_at_a_picos_addresses():
    """MicroPython's collector is conservative: a word that equals a block's address keeps
    the block, so which words do depends on where the heap lies. The runner puts it where a
    Pico's is, in the RP2040's RAM (0x20000000-0x20042000), where a word must have 0x20
    for its top byte; the port alone (--low-heap) puts it near the bottom of its memory,
    where a game state's small numbers spell addresses."""
    code = "print(id(bytearray(100)))\n"
    assert 0x20000000 <= int(mpy.run(code)) < 0x20042000
    assert int(mpy.run(code, low_heap=True)) < 0x00100000


# -- CPython and MicroPython agree --------------------------------------------


def test_seeded_decks_match(micropython):
    code = program(DECKS, DECK_SEEDS)
    expected = mpy.run_cpython(code)
    compare(expected, micropython.run(code), "Prng numbers and seeded decks")
    assert expected.count("rejected") == 3


def test_playouts_match(micropython):
    code = program(PLAYOUT, PLAYOUT_SEEDS)
    expected = mpy.run_cpython(code)
    compare(expected, micropython.run(code), "state after every move")
    games = expected.count("\ngame ") + expected.startswith("game ")
    assert games == len(PLAYOUT_SEEDS) * 5 * 4
    assert "end 2" in expected  # games are played to their end
    assert all(line.endswith(" None") for line in expected.splitlines() if line.startswith("end "))


# -- the engine's hot path allocates nothing ----------------------------------


def test_legal_moves_and_apply_allocate_nothing(micropython):
    out = micropython.run(ALLOCATION)
    last = out.splitlines()[-1].split()
    assert last[0] == "total", out
    games, moves, loop, engine = (int(x) for x in last[1:])
    assert games == 24 * 5 * 4 and moves > games
    assert engine == 0, "rules.legal_moves / rules.apply allocated on the heap:\n" + out
    assert loop == 0, "the playout loop (Prng move choice) allocated on the heap:\n" + out


# -- the compiled firmware ----------------------------------------------------


def test_mpy_files_load_and_play(micropython, mpy_dir):
    engine = ["compat", "prng", "level10.cards", "level10.moves", "level10.rules", "level10.game"]
    where = "import sys\n" + "".join(
        f"import {name}\nprint({name!r}, sys.modules[{name!r}].__file__)\n" for name in engine
    )
    seeds = [0, 7, 4294967295]
    out = micropython.run(where + program(PLAYOUT, seeds), mpy_dir=mpy_dir)
    lines = out.splitlines()
    for name, line in zip(engine, lines):
        assert line.startswith(name + " /fw/") and line.endswith(".mpy"), line
    compare(
        mpy.run_cpython(program(PLAYOUT, seeds)), "\n".join(lines[len(engine) :]), "games from .mpy files"
    )


def test_firmware_of_mpy_files_only(micropython, mpy_dir):
    """No .py at all on the MicroPython side: the compiled tree stands on its own."""
    out = micropython.run(
        "from level10.game import Game\nimport level10.rules as r\n"
        "g = Game(players=3, pauses=2, seed=12345)\n"
        "while not g.over():\n    g.apply(g.legal_moves()[0])\n"
        "print(r.__file__, g.status(), g.score(), len(g.moves()))\n"
        "g.undo()\nprint(g.status(), len(g.moves()))\n",
        firmware_dir=mpy_dir,
    )
    first, second = out.splitlines()
    assert first.startswith("/fw/level10/rules.mpy ")
    assert second.split()[1] == str(int(first.split()[3]) - 1)


def test_runner_reports_errors(micropython):
    with pytest.raises(mpy.MicroPythonError) as info:
        micropython.run("print('before')\nimport level10.rules\nlevel10.rules.new_state(9, 0, b'')\n")
    assert "ValueError: players must be 1 to 5" in info.value.stderr
    assert info.value.stdout == "before\n"


# -- game records read and write the same on the device ------------------------

RECORDS = r"""
from level10 import record, rules


def show(name, text):
    try:
        rec = record.parse(text)
        g = rec.replay()
    except record.RecordError as e:
        print(name, "error", e)
        return
    s = g.state
    print(name, rules.status(s), rules.score_parts(s), s.hex())
    print(name, "written", record.write(record.of_game(g)).replace("\n", "|"))


for name, text in TEXTS:
    show(name, text)
"""


def test_records_parse_write_and_replay_alike(micropython):
    root = Path(__file__).resolve().parent.parent / "records"
    texts = [(p.name, p.read_text()) for p in sorted(root.glob("*.l10"))]
    head = '[Game "Level 10"]\n[Seed "1"]\n'
    texts += [
        ("unknown-tag", head + '[Colour "red"]\n'),
        ("bad-deck", '[Game "Level 10"]\n[Deck "S1 S1"]\n'),
        ("big-seed", '[Game "Level 10"]\n[Seed "4294967296"]\n'),
        ("bad-token", head + "R>W-F5-F1 X9\n"),
        ("illegal", head + "S7 F5 V5 D3 R>W S4\n"),
        ("crlf", head.replace("\n", "\r\n") + "1. R>W-F5-F1\r\n"),
    ]
    code = "TEXTS = " + repr(texts) + "\n" + RECORDS
    expected = mpy.run_cpython(code)
    compare(expected, micropython.run(code), "records")
    assert expected.count(" error ") == 5
    assert "won-solo.l10 1 (40, 10, 2, 30, 80)" in expected


ENDINGS = r"""
import gc
from array import array
from level10 import rules
from level10.record import parse


def measure(s, ms, buf):
    used = 0
    for m in ms:
        a = gc.mem_alloc()
        rules.legal_moves(s, buf)
        rules.apply(s, m)
        used += gc.mem_alloc() - a
    return used


buf = array("H", bytes(2 * rules.MAX_MOVES))
for name, text in TEXTS:
    rec = parse(text)
    s = rec.game().state
    ms = array("H", rec.moves)
    gc.collect()
    gc.disable()
    used = measure(s, ms, buf)
    gc.enable()
    print(name, rules.status(s), used)
"""


def test_games_that_end_won_or_with_a_full_grid_allocate_nothing(micropython):
    """Random playouts mostly end with a stuck hand; the full-grid ending runs other code."""
    root = Path(__file__).resolve().parent.parent / "records"
    texts = [(p.name, p.read_text()) for p in sorted(root.glob("*.l10"))]
    out = micropython.run("TEXTS = " + repr(texts) + "\n" + ENDINGS)
    rows = [line.split() for line in out.splitlines()]
    assert len(rows) == len(texts) and any(r[1] == "1" for r in rows), out
    assert all(r[2] == "0" for r in rows), "heap allocated while playing a whole game:\n" + out
