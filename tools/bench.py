"""Benchmarks, under CPython and under the real MicroPython (tools/mpy_runner.mjs).

    python -m tools.bench engine [--seconds S]
    python -m tools.bench app [--board NAME]
    python -m tools.bench heap [--board NAME] [--game level10|level8|board]
    python -m tools.bench meld [--per N] [--limit L]...
    python -m tools.bench level8 [--games N] [--players 2,4,6] [--game level8|levelup|keep]
                                 [--workers W] [--mpy-games K]
    python -m tools.bench ai [--deals N] [--players 1,2] [--pauses 0,1,2,3] [--policies ...]
                             [--firmware DIR]

prints a markdown table (ready for docs/benchmarks.md) of the rules engine's figures: random full
games a second, legal-move generations and applied moves a second, the game state's size,
heap bytes allocated (MicroPython, collector off) and the compiled engine's size. Every
figure is measured on each run. The Pico column is an estimate: the runner's time scaled
by the reference loop of docs/device.md, timed in the same run.

`app` plays a whole scripted game on each board under MicroPython from the deployed .mpy
files and prints its peak live heap, the bytes sent to the display and the .mpy size.
`heap` plays the same games (Level 10's, LEVEL 8's, the board game's) and prints only the peak
live heap in each heap layout, the quick check of a memory change.
`meld` times the Level 8 meld finder on seeded eleven-card hands with 2 to 6 wilds, every
level of every side: mean and worst time per call on both runtimes and for the Pico, the
heap a call takes and how deep its calls nest, for the best layout and the best 20.
`level8` seats the LEVEL 8 bots' strengths against each other and prints win rates with
95% intervals, mean rounds and time per decision: see tools/l8bench.py.
`ai` plays the same seeded deals with each AI player (random, greedy, the hint engine, the
open-hand bound) and prints win rates and time per decision: see tools/aibench.py. With
`--firmware DIR` it plays the firmware in DIR instead of firmware/ (a patched copy, say),
on both runtimes, so a figure measured on a patch comes from one command.
"""

import argparse
import sys
import tempfile
from pathlib import Path

from tools import micropython as mpy
from tools.build import FIRMWARE, compile_firmware

# docs/device.md: its reference loop takes 15.4 us an iteration on an RP2040
# at 125 MHz and 0.86 us in the runner on the machine it was measured on (about 18x). The
# runner's speed here varies with the machine and its load, so the Pico estimate divides
# the Pico's loop time by the loop time measured in the same run, not by a fixed 18.
PICO_LOOP_US = 15.4

# Timing that runs on both runtimes.
PRELUDE = r"""
import gc
import sys
try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b

MICRO = sys.implementation.name == "micropython"
print("runtime", sys.implementation.name, ".".join(str(v) for v in sys.implementation.version[:3]))
"""

# The engine figures; BUDGET_US (time per timed figure) is set before it. Games are dealt
# from seeds 0, 1, 2, ... with players 1..5 and pauses 0..3 in turn, and played out with
# moves chosen by the project's Prng, so both runtimes play the very same games.
ENGINE = r"""
from array import array
from level10 import rules
from level10.game import Game, seeded_deck
from prng import Prng

buf = array("H", bytes(2 * rules.MAX_MOVES))


def setup(i):
    players = 1 + i % 5
    pauses = (i // 5) % 4
    return i, players, pauses, i % players


def playout(i):
    seed, players, pauses, start = setup(i)
    s = rules.new_state(players, pauses, seeded_deck(seed, pauses), start)
    rng = Prng(seed)
    moves = 0
    while True:
        n = rules.legal_moves(s, buf)
        if n == 0:
            return moves
        rules.apply(s, buf[rng.below(n)])
        moves += 1


def timed_games():
    games = moves = 0
    t0 = ticks_us()
    while True:
        moves += playout(games)
        games += 1
        us = ticks_diff(ticks_us(), t0)
        if us >= BUDGET_US:
            return games, moves, us


def record(count):
    # (setup, first state, moves, states before each move) of the first `count` games
    games = []
    for i in range(count):
        seed, players, pauses, start = setup(i)
        s = rules.new_state(players, pauses, seeded_deck(seed, pauses), start)
        first = bytes(s)
        rng = Prng(seed)
        ms = array("H")
        before = []
        while True:
            n = rules.legal_moves(s, buf)
            if n == 0:
                break
            before.append(bytes(s))
            m = buf[rng.below(n)]
            ms.append(m)
            rules.apply(s, m)
        games.append((setup(i), first, ms, before))
    return games


def timed_legal(states):
    calls = generated = 0
    t0 = ticks_us()
    while True:
        for s in states:
            generated += rules.legal_moves(s, buf)
        calls += len(states)
        us = ticks_diff(ticks_us(), t0)
        if us >= BUDGET_US:
            return calls, generated, us


def timed_apply(games):
    work = [(bytearray(first), first, ms) for _, first, ms, _ in games]
    applied = 0
    t0 = ticks_us()
    while True:
        for s, first, ms in work:
            s[:] = first
            for m in ms:
                rules.apply(s, m)
            applied += len(ms)
        us = ticks_diff(ticks_us(), t0)
        if us >= BUDGET_US:
            return applied, us


def heap_engine(games):
    # bytes allocated by legal_moves + apply replaying every recorded game, gc off
    total = moves = 0
    for _, first, ms, _ in games:
        s = bytearray(first)
        gc.collect()  # small heap: gc.mem_alloc() takes time in proportion to it
        a = gc.mem_alloc()
        for m in ms:
            rules.legal_moves(s, buf)
            rules.apply(s, m)
        rules.legal_moves(s, buf)
        total += gc.mem_alloc() - a
        moves += len(ms)
    return total, moves


def heap_game_apply(games):
    # bytes allocated by Game.apply (checked, with history), gc off
    total = moves = 0
    for (seed, players, pauses, start), _, ms, _ in games:
        g = Game(players, pauses, seed=seed, start=start)
        gc.collect()
        a = gc.mem_alloc()
        for m in ms:
            g.apply(m)
        total += gc.mem_alloc() - a
        moves += len(ms)
    return total, moves


def heap_of(make, count):
    # average bytes allocated by make(i), gc off
    total = 0
    for i in range(count):
        gc.collect()
        a = gc.mem_alloc()
        make(i)
        total += gc.mem_alloc() - a
    return total // count


def deal(i):
    seed, players, pauses, start = setup(i)
    return rules.new_state(players, pauses, seeded_deck(seed, pauses), start)


def new_game(i):
    seed, players, pauses, start = setup(i)
    return Game(players, pauses, seed=seed, start=start)


def main():
    playout(0)  # warm-up
    print("games", *timed_games())
    games = record(60)
    states = []
    for g in games:
        states.extend(g[3])
    print("legal", *timed_legal(states))
    print("apply", *timed_apply(games))
    for players in range(1, 6):
        sizes = [len(rules.new_state(players, q, seeded_deck(0, q))) for q in range(4)]
        print("state", players, min(sizes), max(sizes))
    if MICRO:
        gc.disable()
        print("heap_engine", *heap_engine(games))
        print("heap_game_apply", *heap_game_apply(games))
        print("heap_deal", heap_of(deal, 40))
        print("heap_game", heap_of(new_game, 40))
        s = deal(0)
        print("heap_state_copy", heap_of(lambda i: bytearray(s), 10))
        gc.enable()


main()
"""

# Heap kept by importing the engine. The runner's MicroPython collects garbage only when
# Python returns to it (gc.collect() inside Python just asks), so the program works in
# STEPs that the runner calls right after a collection: the baseline, then the imports,
# then the live heap they left.
IMPORTS = r"""
_S = [0, 0]


def STEP():
    if _S[0] == 0:
        _S[0] = 1
        _S[1] = gc.mem_alloc()
        import compat, prng
        MODULES
        return True
    print("import", gc.mem_alloc() - _S[1])
    return False
"""


# The reference loop of docs/device.md, to compare this machine with the one
# the ratio was measured on.
REFERENCE = r"""
def f(n):
    a = bytearray(50)
    s = 0
    for i in range(n):
        j = i % 50
        a[j] = (a[j] + i) & 255
        s += a[j]
    return s


f(1000)
best = None
for _ in range(5):
    t0 = ticks_us()
    f(200000)
    us = ticks_diff(ticks_us(), t0)
    best = us if best is None or us < best else best
print("loop", best, 200000)
"""


def engine_modules(firmware_dir=FIRMWARE):
    """The engine: firmware/level10 with prng and compat, as module names."""
    names = ["level10." + p.stem for p in sorted((Path(firmware_dir) / "level10").glob("*.py"))]
    return [n for n in names if n != "level10.__init__"]


def parse(output):
    """The program's `key value ...` lines as {key: [values]} (a repeated key: a list of them)."""
    figures = {}
    for line in output.splitlines():
        key, *values = line.split()
        values = [v if not v.lstrip("-").isdigit() else int(v) for v in values]
        figures.setdefault(key, []).append(values)
    return {k: v[0] if len(v) == 1 else v for k, v in figures.items()}


def run_both(code):
    return parse(mpy.run_cpython(code)), parse(mpy.run(code))


# -- formatting ----------------------------------------------------------------


def fmt_int(n):
    return f"{n:,}"


def fmt_rate(per_s):
    if per_s >= 100:
        return f"{per_s:,.0f}"
    if per_s >= 10:
        return f"{per_s:.1f}"
    return f"{per_s:.2f}"


def fmt_time(us):
    if us >= 1000:
        return f"{us / 1000:,.1f} ms"
    if us >= 10:
        return f"{us:.0f} µs"
    return f"{us:.2f} µs"


def rate_cell(count, us):
    """`1,234 /s (810 µs each)` for `count` things done in `us` microseconds."""
    return f"{fmt_rate(count * 1e6 / us)} /s ({fmt_time(us / count)} each)"


def table(header, rows):
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join(
        [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows]
    )


# -- the engine ------------------------------------------------------------------


def bench_engine(seconds):
    budget = f"BUDGET_US = {int(seconds * 1e6)}\n"
    cp, mp = run_both(PRELUDE + budget + ENGINE)
    imports = IMPORTS.replace("MODULES", "; ".join("import " + m for m in engine_modules()))
    with tempfile.TemporaryDirectory() as tmp:
        built = compile_firmware(tmp)
        engine_files = [
            (p, size)
            for p, size in built
            if Path(p).relative_to(tmp).parts[0] == "level10" or Path(p).name in ("prng.mpy", "compat.mpy")
        ]
        imp_py = parse(mpy.run(PRELUDE + imports))["import"][0]
        imp_mpy = parse(mpy.run(PRELUDE + imports, mpy_dir=tmp))["import"][0]
    loop = parse(mpy.run(PRELUDE + REFERENCE))["loop"]
    loop_us = loop[0] / loop[1]
    slowdown = PICO_LOOP_US / loop_us

    cp_name = "CPython " + cp["runtime"][1]
    mp_name = "MicroPython " + mp["runtime"][1] + " (runner)"
    pico = f"Pico, estimated (runner time × {slowdown:.1f})"
    rows = []

    def timed(label, key, count_index=0, us_index=-1):
        c, m = cp[key], mp[key]
        rows.append(
            [
                label,
                rate_cell(c[count_index], c[us_index]),
                rate_cell(m[count_index], m[us_index]),
                rate_cell(m[count_index], m[us_index] * slowdown),
            ]
        )

    g = mp["games"]
    timed(f"random full games (avg {g[1] / g[0]:.1f} moves, 1–5 players)", "games")
    rows.append(
        [
            "moves in those games (legal_moves + Prng choice + apply)",
            rate_cell(cp["games"][1], cp["games"][2]),
            rate_cell(g[1], g[2]),
            rate_cell(g[1], g[2] * slowdown),
        ]
    )
    lg = mp["legal"]
    timed(f"`rules.legal_moves` (avg {lg[1] / lg[0]:.0f} moves generated)", "legal")
    timed("`rules.apply`", "apply")
    for (players, lo, hi), (_, lo2, hi2) in zip(cp["state"], mp["state"]):
        assert (lo, hi) == (lo2, hi2), "state sizes differ between the runtimes"
        label = f"game state, {players} player{'s' if players > 1 else ''} (0–3 pauses)"
        rows.append([label, f"{lo}–{hi} B", f"{lo2}–{hi2} B", "same"])
    he, moves = mp["heap_engine"]
    ga, gmoves = mp["heap_game_apply"]
    mpy_size = sum(size for _, size in engine_files)
    for label, value in [
        (
            "heap per applied move: `legal_moves` + `apply` (gc off)",
            f"{he / moves:g} B ({he} B in {moves} moves)",
        ),
        (
            "heap per move via `Game.apply` (checked, with history)",
            f"{ga / gmoves:g} B ({ga} B in {gmoves} moves)",
        ),
        ("heap to deal a game (`seeded_deck` + `new_state`)", f"{fmt_int(mp['heap_deal'][0])} B"),
        ("heap for a `Game` (deal, history, move buffer)", f"{fmt_int(mp['heap_game'][0])} B"),
        ("heap for a copy of the state (`bytearray(s)`)", f"{fmt_int(mp['heap_state_copy'][0])} B"),
        (
            "heap kept by importing the engine from .py / from .mpy",
            f"{fmt_int(imp_py)} B / {fmt_int(imp_mpy)} B",
        ),
        (f"engine .mpy size ({len(engine_files)} files: level10/, prng, compat)", f"{fmt_int(mpy_size)} B"),
    ]:
        rows.append([label, "—", value, "same"])
    out = [
        "## Engine benchmark",
        "",
        table(["figure", cp_name, mp_name, pico], rows),
        "",
        f"Timed figures ran for {seconds:g} s each; games are dealt from seeds 0, 1, 2, … with 1–5 players",
        "and 0–3 pauses in turn, and moves chosen by `prng.Prng`, the same games on both runtimes.",
        "The Pico column is an estimate: the runner's time × (Pico loop time / runner loop time)",
        f"for the reference loop of docs/device.md, which took {loop_us:.2f} µs an",
        f"iteration in the runner in this run (Pico: {PICO_LOOP_US} µs; the machine docs/device.md was measured on: 0.86 µs,",
        "about 18×). Heap figures are for the runner, a 32-bit MicroPython like the Pico's.",
    ]
    return "\n".join(out)


# -- the app -----------------------------------------------------------------------

# The heap targets (code included): a Pico has about 200 KB free after boot.
HEAP_BUDGET = {"oled_128x64": 48 * 1024, "pico_display": 96 * 1024, "pico_lcd_114": 96 * 1024}
APP_RECORD = "records/won-solo.l10"
LAYOUTS = (0, 16, 48, 112)  # pads (see apprun.program): the plain game's heap weighed in each layout
PAUSE_AFTER = 100  # every app game pauses once after this many keys, to read How to play


def kb(b):
    """Bytes as the app tables write them: kilobytes, one decimal."""
    return f"{b / 1024:.1f} KB"


def _names_cell(r, n):
    """An app table's cell of the names a game interned by its end (both tables' row)."""
    return f"{kb(r['qstr_bytes'])} ({fmt_int(r['qstrs'])} names)"


def _median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0


def bus_us_per_byte(name):
    """µs board `name`'s display bus takes a byte on a Pico, where the caller waits while
    the C bus sends: SPI 8 bits a byte at the rate the RP2040 really gives the profile's
    baudrate (from the peripheral clock its MACHINE_FREQ sets, as hw/boot.py does); I2C
    9 bits a byte (with its acknowledge) at the profile's freq, the address bytes left out."""
    import boards as board_profiles
    from host_sim import machine

    p = board_profiles.load(name)
    d = p.DISPLAY
    if d["bus"] == "i2c":
        return 9e6 / d["freq"]
    kept = list(machine._clocks)
    try:
        if getattr(p, "MACHINE_FREQ", None):
            machine.freq(*p.MACHINE_FREQ)
        rate = machine._spi_rate(d["baudrate"])
    finally:
        machine._clocks[:] = kept
    return 8e6 / rate


def run_slowdown(r):
    """The Pico-to-runner ratio of one apprun run: the reference loop timed in it, before
    and after the game (the machine's load changes from run to run)."""
    return PICO_LOOP_US / (sum(r["loop"]) / len(r["loop"]))


def pico_key_us(r, per_byte):
    """Each key's Pico estimate (µs) from a run with the bus as C (apprun's c_bus): the
    runner's time × that run's ratio, plus the bytes the key sent at the bus's rate."""
    slowdown = run_slowdown(r)
    return [u * slowdown + b * per_byte for u, b in zip(r["key_us_each"], r["per_key"])]


def reference_slowdown():
    loop = parse(mpy.run(PRELUDE + REFERENCE))["loop"]
    return PICO_LOOP_US / (loop[0] / loop[1])


def _level8_run(name, keys, per_byte):
    """A LEVEL 8 table's game by its keys under MicroPython (App.tick after each key): as it
    plays, again with the bus as C (times), and in the other heap layouts (the peak's spread)."""
    from tools import apprun

    r, _ = apprun.run_micropython(name, keys, ticks=True)
    r["c"], _ = apprun.run_micropython(name, keys, ticks=True, c_bus=True)
    r["pico"] = pico_key_us(r["c"], per_byte)
    r["spread"] = [r["peak"]] + [
        apprun.run_micropython(name, keys, pad=pad, ticks=True)[0]["peak"] for pad in LAYOUTS[1:]
    ]
    return r


def _peak_rows(row, label):
    """The peak's two rows of an app table: the peak against the board's budget, then its
    spread over the heap layouts (`row(label, cell)` adds a row)."""
    row(label, lambda r, n: f"{kb(r['peak'])} (target ≤ {kb(HEAP_BUDGET.get(n, 0))})")
    row(
        f"… lowest–highest over {len(LAYOUTS)} heap layouts",
        lambda r, n: f"{kb(min(r['spread']))}–{kb(max(r['spread']))}",
    )


def _level8_rows(l8, names, per_byte):
    """The table rows of `_level8_run`'s results by board."""
    rows = []

    def row8(label, cell):
        rows.append([label] + [cell(l8[n], n) for n in names])

    def keys_of(r, kind, us):
        return [u for u, k in zip(us, r["kind"]) if k == kind]

    def cells(kind):
        # the runner's time (bus as C) at the median; the Pico's estimate at the median and most
        def cell(r, n):
            runner = keys_of(r, kind, r["c"]["key_us_each"])
            pico = keys_of(r, kind, r["pico"])
            return f"{fmt_time(_median(runner))} / {fmt_time(_median(pico))}; {fmt_time(max(pico))}"

        return cell

    _peak_rows(row8, "peak live heap between keys (code included)")
    row8("live heap at the games menu", lambda r, n: kb(r["at_start"]))
    row8(
        "names interned by the end (qstrs, never freed: in every figure after their first use)",
        _names_cell,
    )
    row8("bound on the heap during a bot's step (nothing freed)", lambda r, n: kb(r["tick_peak"]))
    row8("key moving the cursor on the table, runner / Pico (median; max)", cells(1))
    row8("key that opens a screen, runner / Pico (median; max)", cells(3))
    row8("key that plays a move (or hurries a bot) on the table, runner / Pico (median; max)", cells(2))
    row8(
        "longest key in the runner, stand-in bus / bus as C",
        lambda r, n: f"{fmt_time(max(r['key_us_each']))} / {fmt_time(max(r['c']['key_us_each']))}",
    )
    row8(
        "the display bus on a Pico: a full frame (estimate)",
        lambda r, n: f"{fmt_time(r['frame_bus'] * per_byte[n])} ({fmt_int(r['frame_bus'])} B)",
    )
    row8(
        "longest bot step, runner / Pico (bus as C; the bus extra)",
        lambda r, n: (
            f"{fmt_time(r['c']['tick_us_max'])} / {fmt_time(r['c']['tick_us_max'] * run_slowdown(r['c']))}"
        ),
    )
    row8("Pico-to-runner ratio of the run with the bus as C", lambda r, n: f"{run_slowdown(r['c']):.1f}")
    row8("key presses / full-screen pushes", lambda r, n: f"{r['keys']} / {r['full']}")
    return rows


GAMES = ("level10", "level8", "board")  # the games `heap` weighs, as bench_app plays them


def game_keys(game, board):
    """The keys bench_app presses for `game` on `board`: Level 10's sample record solo, or a
    6-player LEVEL 8 or board game (you and 5 bots) from the games menu to the end screen;
    each game pauses once on its way, after PAUSE_AFTER keys, to read How to play."""
    from tools import apprun

    if game == "level10":
        from host_sim.autoplay import keys_for_record
        from level10 import record

        with open(Path(__file__).resolve().parent.parent / APP_RECORD) as f:
            return keys_for_record(board, record.parse(f.read()), PAUSE_AFTER)
    row = apprun.BOARD_ROW if game == "board" else "LEVEL 8"
    return apprun.keys_for_level8(board, players=6, row=row, pause_after=PAUSE_AFTER)


def bench_heap(boards=None, games=GAMES):
    """Only the peak live heap of bench_app's games, in each of its heap layouts: the quick
    check of a memory change (a minute or so a game and board)."""
    import boards as board_profiles
    from tools import apprun

    lines = [
        "| game | board | peak per heap layout (pads "
        + " / ".join(map(str, LAYOUTS))
        + " B) | highest | budget | names at the end |",
        "|---|---|---|---|---|---|",
    ]
    for game in games:
        for name in boards or board_profiles.names():
            keys = game_keys(game, name)
            # Level 10's bench weighs its game without a tick after each key, as bench_app does
            runs = [
                apprun.run_micropython(name, keys, pad=pad, ticks=game != "level10")[0] for pad in LAYOUTS
            ]
            peaks = [r["peak"] for r in runs]
            top = max(peaks)
            budget = HEAP_BUDGET.get(name, 0)
            lines.append(
                f"| {game} | `{name}` | {' / '.join(fmt_int(p) for p in peaks)} | {fmt_int(top)} "
                f"| {fmt_int(budget)} ({'within' if top <= budget else 'over'}) "
                f"| {fmt_int(runs[-1]['qstrs'])} ({fmt_int(runs[-1]['qstr_bytes'])} B) |"
            )
            print(lines[-1], file=sys.stderr, flush=True)  # progress: a row can take minutes
    return "\n".join(lines)


def bench_app(seconds=None, boards=None):
    """Per board: a whole game (the sample record won-solo, from the title menu to the end
    screen, by the keys a player would press) under MicroPython from the deployed .mpy."""
    import boards as board_profiles
    from level10 import record
    from tools import apprun

    with open(Path(__file__).resolve().parent.parent / APP_RECORD) as f:
        rec = record.parse(f.read())
    names = boards or board_profiles.names()
    slowdown = reference_slowdown()
    results = {}
    for name in names:
        keys = game_keys("level10", name)
        results[name], files = apprun.run_micropython(name, keys)
        results[name]["spread"] = [results[name]["peak"]] + [
            apprun.run_micropython(name, keys, pad=pad)[0]["peak"] for pad in LAYOUTS[1:]
        ]
        results[name]["mpy"] = sum(size for _, size in files)
        results[name]["files"] = len(files)
        results[name]["c"], _ = apprun.run_micropython(name, keys, c_bus=True)
        hint_keys, hints = apprun.keys_with_hints(name, rec)
        results[name]["hint"], _ = apprun.run_micropython(
            name, hint_keys, hints=hints, deal=(rec.pauses, rec.seed)
        )
    rows = []

    def row(label, cell):
        rows.append([label] + [cell(results[n], n) for n in names])

    _peak_rows(row, "peak live heap over the game (code included)")
    row("live heap at the title menu", lambda r, n: kb(r["at_start"]))
    row("of which the display's frame buffer", lambda r, n: f"{fmt_int(r['frame_bytes'])} B")
    row(
        "names interned by the end (qstrs, never freed: in every figure after their first use)",
        _names_cell,
    )
    row(
        "peak live heap while a hint is computed (estimate)",
        lambda r, n: kb(r["hint"]["hint_before"] + r["hint"]["hint_code"] + r["hint"]["hint_work"]),
    )
    row(
        "… of which the hint's code / the engine's working memory",
        lambda r, n: f"{fmt_int(r['hint']['hint_code'])} / {fmt_int(r['hint']['hint_work'])} B",
    )
    row(
        "bytes to the display per move (median / max)",
        lambda r, n: f"{fmt_int(_median(r['per_move']))} / {fmt_int(max(r['per_move']))} B",
    )

    def by_kind(kind):
        return lambda r, n: fmt_int(_median([b for b, k in zip(r["per_key"], r["kind"]) if k == kind])) + " B"

    row("… per cursor press on the table (median)", by_kind(1))
    row("… per key that plays a card or reset (median)", by_kind(2))
    row("full-screen pushes / screen changes", lambda r, n: f"{r['full']} / {r['changes'] + 1}")
    per_byte = {n: bus_us_per_byte(n) for n in names}
    row(
        "time per key press in the runner, stand-in bus / bus as C",
        lambda r, n: f"{fmt_time(r['key_us'] / r['keys'])} / {fmt_time(r['c']['key_us'] / r['keys'])}",
    )
    row(
        "time per key press, Pico (estimate: bus as C × ratio, plus the bus)",
        lambda r, n: fmt_time(sum(pico_key_us(r["c"], per_byte[n])) / r["keys"]),
    )
    row("deployed files: count, total size", lambda r, n: f"{r['files']}, {fmt_int(r['mpy'])} B")
    l8 = {n: _level8_run(n, game_keys("level8", n), per_byte[n]) for n in names}
    rows8 = _level8_rows(l8, names, per_byte)
    bg = {n: _level8_run(n, game_keys("board", n), per_byte[n]) for n in names}
    rows_board = _level8_rows(bg, names, per_byte)
    first = results[names[0]]
    out = [
        "## App benchmark",
        "",
        table(["figure"] + [f"`{n}`" for n in names], rows),
        "",
        f"One scripted game per board: the sample record `{APP_RECORD}` (deal {rec.seed},",
        f"{len(rec.moves)} moves, a win) played from the title menu to the end screen by "
        f"{first['keys']} key presses (pausing once, after {PAUSE_AFTER} keys, to read two lines",
        "of How to play: `host_sim.autoplay.pausing`),",
        "under MicroPython from the .mpy files `tools.deploy` stages, on the `machine` stand-in.",
        "The live heap is `gc.mem_alloc()` right after a collection, between key presses (the",
        "runner collects only when Python returns to it, so each key is one step); the baseline",
        "is taken with the stand-in `machine`, `os` and `time` loaded, which a Pico has built in.",
        "The collector is conservative (a word that looks like a pointer keeps a block), so the",
        f"peak is also weighed with objects at other addresses ({len(LAYOUTS)} layouts: padding made",
        "before the baseline); the first row is the unpadded run.",
        "A second run asks for five hints (moves 0, 10, 20, 30, 40): the hint figure is the live",
        "heap before the largest of them, once the table has let go of its drawing code as a",
        "hint does (`hints.make_room`), plus the code a hint loads (collected and measured",
        "apart), plus everything the engine allocates while thinking with the collector off.",
        "A move's bytes include every key pressed to choose it; screen changes count the first",
        "screen.",
        "Times: the stand-in `machine` is Python in the runner, where a Pico's bus and pins are C",
        "that send while the caller waits, so each game is played once more with the display's",
        "bus and pins as C functions that send nothing (`apprun`'s `c_bus`). A key's Pico",
        "estimate is that run's time × that run's ratio (docs/device.md's reference loop, timed",
        "before and after its game: "
        + ", ".join(f"{run_slowdown(results[n]['c']):.1f}" for n in names)
        + f"; {slowdown:.1f} in a run of its own before the games) plus the bytes it sent at the bus's rate: "
        + "; ".join(f"`{n}` {per_byte[n]:.3g} µs a byte" for n in names)
        + " (SPI 8 bits a byte at",
        "the rate the RP2040 gives the profile's baudrate once MACHINE_FREQ raised its peripheral",
        "clock, I2C 9 bits a byte at the profile's freq). The runner's clock ticks in whole ms.",
        "",
        "### LEVEL 8, you and five bots",
        "",
        table(["figure"] + [f"`{n}`" for n in names], rows8),
        "",
        "One whole game of LEVEL 8 per board, 6 players (you and 5 bots of the middle strength),",
        "from the games menu to the end screen, your moves chosen by the bot and pressed through",
        "the table and its choosers (`host_sim/autoplay8.py`, `tools.apprun.keys_for_level8`),",
        "a key every 200 ms and `App.tick` 10 ms after each (the bots' steps play there; OK",
        "hurries them). Heap figures as above, between keys; the bot step's bound is the live",
        "heap right after a tick run with the collector off (its code, loaded for the step, and",
        "everything it allocated, garbage included). A cursor key is up or down on the table;",
        "a screen key puts up another screen (a chooser, the pause menu, the table again), drawn",
        "whole. Times as above: the runner's with the bus as C, the Pico's estimate with the bus.",
        "",
        "### Das Brettspiel (the board game), you and five bots",
        "",
        table(["figure"] + [f"`{n}`" for n in names], rows_board),
        "",
        "One whole board game per board, as LEVEL 8's above: 6 players (you and 5 bots of the",
        "middle strength, every seat on the one-star side New game first offers), from the games",
        "menu's Das Brettspiel row to the end screen, your moves chosen by the board game's bot",
        "and pressed through the table, the track screen and the action choosers",
        "(`host_sim/autoplay8b.py`, `tools.apprun.keys_for_level8(..., row=apprun.BOARD_ROW)`).",
    ]
    return "\n".join(out)


# -- the meld finder ---------------------------------------------------------------

# The hardest hands for `level8.meld.layouts`: eleven cards, 2 to 6 of them wilds, the rest
# dealt from the 90 number cards by the project's Prng, for every level of every side. Each
# call is repeated for a round of at least MIN_US, ROUNDS times, by the CPU time of the
# process (node's, read through the WebAssembly port's `js` module; CPython's own), so that
# other jobs on the machine do not count; the fastest round counts. Reading node's clock
# takes about 0.1 ms, so it is read once per round. Then, per call: the heap it allocates
# (the runner collects only between steps, so nothing is freed during a call: a bound on
# its peak) and what its answer keeps (MicroPython only); and how deep its Python calls
# nest, counted by wrapping every function of level8.meld.
MELD = r"""
from level8 import cards, levels, meld, sides
from prng import Prng

SIDES = ((cards.LEVEL8, 1), (cards.BOARD, 1), (cards.BOARD, 2))
ROUNDS = 3
MIN_US = 30000 if MICRO else 3000


def deal(rng, wilds):
    pool = bytearray(range(cards.N_NUMBER_CARDS))
    out = []
    for i in range(11 - wilds):
        j = i + rng.below(cards.N_NUMBER_CARDS - i)
        pool[i], pool[j] = pool[j], pool[i]
        out.append(pool[i])
    return out + [cards.WILD] * wilds


def hands():
    rng = Prng(SEED)
    out = []
    for game, side in SIDES:
        for n in range(1, 9):
            reqs = sides.level(game, side, n)
            for wilds in range(2, 7):
                for _ in range(PER):
                    out.append((game, side, n, wilds, deal(rng, wilds), reqs))
    return out


def timed(hand, reqs, limit):
    # How many calls make a round, by the wall clock; then the rounds by the CPU's.
    calls = 0
    t0 = ticks_us()
    while True:
        found, capped = meld.layouts(hand, reqs, limit)
        calls += 1
        if ticks_diff(ticks_us(), t0) >= MIN_US:
            break
    best = None
    for _ in range(ROUNDS):
        t0 = cpu_us()
        for _ in range(calls):
            meld.layouts(hand, reqs, limit)
        ns = (cpu_us() - t0) * 1000 // calls
        best = ns if best is None or ns < best else best
    return best, found, capped


DEPTH = [0, 0]


def probe(f):
    def wrapped(*args):
        DEPTH[0] += 1
        if DEPTH[0] > DEPTH[1]:
            DEPTH[1] = DEPTH[0]
        try:
            return f(*args)
        finally:
            DEPTH[0] -= 1
    return wrapped


def probe_all():
    # Every function of the module and every method of its search: calls between them
    # look their names up at run time, so each goes through a wrapper.
    for name in dir(meld):
        f = getattr(meld, name)
        if type(f) is type(probe) and name not in ("layouts", "count"):
            setattr(meld, name, probe(f))
    for name in dir(meld._Search):
        f = getattr(meld._Search, name)
        if type(f) is type(probe) and not name.startswith("__"):
            setattr(meld._Search, name, probe(f))


def depths():
    probe_all()
    for limit in LIMITS:
        for game, side, n, wilds, hand, reqs in HANDS:
            DEPTH[1] = 0
            meld.layouts(hand, reqs, limit)
            print("depth", limit, game, side, n, wilds, 1 + DEPTH[1])


HANDS = hands()
HEAP = [0, 0, 0, None]  # the next (limit, hand) to weigh, and a call's mem_alloc before, after, answer


def STEP():
    # The runner collects garbage before each step (MicroPython only): one step runs a
    # call and keeps its answer, the next weighs what is left. First, while the heap is
    # small (a collection takes time in proportion to it); then the timings.
    i = HEAP[0]
    limit = LIMITS[i // len(HANDS)]
    game, side, n, wilds, hand, reqs = HANDS[i % len(HANDS)]
    if HEAP[3] is None:
        HEAP[1] = gc.mem_alloc()
        HEAP[3] = meld.layouts(hand, reqs, limit)
        HEAP[2] = gc.mem_alloc()
        return True
    print("heap", limit, game, side, n, wilds, HEAP[2] - HEAP[1], gc.mem_alloc() - HEAP[1])
    HEAP[3] = None
    HEAP[0] = i + 1
    if HEAP[0] < len(LIMITS) * len(HANDS):
        return True
    main()
    return False


def main():
    meld.layouts(HANDS[0][4], HANDS[0][5], 1)  # warm-up
    for limit in LIMITS:
        for i in range(len(HANDS)):
            game, side, n, wilds, hand, reqs = HANDS[i]
            ns, found, capped = timed(hand, reqs, limit)
            print("call", limit, game, side, n, wilds, ns, len(found), 1 if capped else 0)
            if i % 8 == 0:
                reference(50000)  # the reference loop now and then, among the calls
    depths()
    reference(200000)


if not MICRO:
    main()
"""
MELD_SEED = 22
MELD_LIMITS = (1, 20)  # a bot's move needs the best layout; the layout chooser shows up to 20
MELD_SIDES = {
    (0, 1): "LEVEL 8 / Level Up, one star",
    (2, 1): "board game, one star",
    (2, 2): "board game, two stars",
}


# The reference loop again, among the meld calls: the fastest of all its timings counts,
# as the fastest round of each call does.
MELD_REFERENCE = r"""
try:
    import js

    def cpu_us():
        return js.process.cpuUsage().user
except ImportError:  # CPython
    from time import process_time_ns

    def cpu_us():
        return process_time_ns() // 1000


def reference(n):
    best = None
    for _ in range(3):
        t0 = cpu_us()
        f(n)
        us = cpu_us() - t0
        best = us if best is None or us < best else best
    print("loop", best, n)


reference(200000)
"""


def bench_meld(per=2, limits=MELD_LIMITS):
    """Time `meld.layouts` on the same seeded hardest hands in CPython and the runner, with
    the heap a call takes and how deep its calls nest."""
    head = PRELUDE + f"SEED = {MELD_SEED}\nLIMITS = {tuple(limits)!r}\nPER = {per}\n"
    # The reference loop first, among the calls and last, in the same run: the fastest counts.
    code = head + REFERENCE.split("f(1000)")[0] + MELD_REFERENCE + MELD
    cp, mp = parse(mpy.run_cpython(code, timeout=1200)), parse(mpy.run(code, timeout=1200))
    loop = min(mp["loop"], key=lambda x: x[0] / x[1])
    slowdown = PICO_LOOP_US / (loop[0] / loop[1])
    out = ["## Meld finder benchmark", ""]
    for limit in limits:
        out += _meld_table(limit, cp, mp, slowdown)
    out += [
        "Eleven-card hands with 2–6 free wilds, the other cards dealt from the 90 number cards by",
        f"`prng.Prng({MELD_SEED})`: {per} hand(s) for each level of each side and each number of wilds, the",
        "same hands and answers on both runtimes. A call's time is the fastest of 3 rounds of",
        "at least 30 ms each, in CPU time of the process. The Pico column is the runner's time ×",
        "(Pico loop time / runner loop time) for the reference loop of docs/device.md, timed",
        "the same way in the same run (the fastest of its timings at the start, among the calls",
        "and at the end). Heap (MicroPython): the bytes a call allocates, nothing collected",
        "meanwhile (a bound on its peak), and what its answer keeps after a collection. Frames:",
        "the deepest nesting of Python calls, `layouts` being 1.",
    ]
    return "\n".join(out)


def _meld_table(limit, cp, mp, slowdown):
    """The markdown lines of one limit's figures (see bench_meld)."""
    calls = [(c, m) for c, m in zip(cp["call"], mp["call"]) if c[0] == limit]
    for c, m in calls:
        assert c[:5] == m[:5] and c[6:] == m[6:], "the runtimes found different layouts"
    heap = {tuple(h[1:5]): h[5:] for h in mp["heap"] if h[0] == limit}
    depth = {tuple(d[1:5]): d[5] for d in mp["depth"] if d[0] == limit}
    assert depth == {tuple(d[1:5]): d[5] for d in cp["depth"] if d[0] == limit}, (
        "the runtimes nest differently"
    )

    def row(label, picked):
        cpu = [c[5] / 1000 for c, _ in picked]
        mpu = [m[5] / 1000 for _, m in picked]
        cell = lambda us, k=1: f"{fmt_time(sum(us) / len(us) * k)} / {fmt_time(max(us) * k)}"
        keys = [tuple(c[1:5]) for c, _ in picked]
        return [
            label,
            str(len(picked)),
            cell(cpu),
            cell(mpu),
            cell(mpu, slowdown),
            f"{fmt_int(max(heap[k][0] for k in keys))} / {fmt_int(max(heap[k][1] for k in keys))} B",
            str(max(depth[k] for k in keys)),
            f"{sum(c[6] > 0 for c, _ in picked)} / {sum(c[7] for c, _ in picked)}",
        ]

    rows = [row(name, [x for x in calls if tuple(x[0][1:3]) == side]) for side, name in MELD_SIDES.items()]
    rows += [row(f"{w} wilds", [x for x in calls if x[0][4] == w]) for w in range(2, 7)]
    rows.append(row("**all**", calls))
    worst = max(calls, key=lambda x: x[1][5])[0]
    return [
        f"`level8.meld.layouts(hand, level, {limit})`:",
        "",
        table(
            [
                "hands",
                "calls",
                cp_name(cp) + " mean / worst",
                mp_name(mp) + " mean / worst",
                f"Pico, estimated (× {slowdown:.1f}) mean / worst",
                "heap: allocated / kept, most",
                "frames, most",
                "with a layout / capped",
            ],
            rows,
        ),
        "",
        f"The slowest call in the runner: game {worst[1]}, side {worst[2]}, level {worst[3]}, {worst[4]} wilds.",
        "",
    ]


def cp_name(figures):
    return "CPython " + figures["runtime"][1]


def mp_name(figures):
    return "MicroPython " + figures["runtime"][1] + " (runner)"


def bench_ai(args):
    from tools import aibench  # it imports this module's helpers

    return aibench.run(args)


BENCHES = {"engine": bench_engine, "app": bench_app, "ai": bench_ai, "meld": bench_meld}


def use_firmware(argv):
    """`ai --firmware DIR`: put DIR ahead of firmware/ on sys.path, before anything imports
    the engine (aibench and its players import it when they load); the error, or None."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--firmware")
    known, _ = pre.parse_known_args(argv)
    if known.firmware is None:
        return None
    where = Path(known.firmware).resolve()
    if not (where / "level10" / "hint.py").is_file():
        return f"--firmware {known.firmware}: no level10/hint.py there (a copy of firmware/ is expected)"
    if "level10" in sys.modules:
        loaded = Path(sys.modules["level10"].__file__).resolve().parent.parent
        if loaded != where:
            return f"--firmware {known.firmware}: the engine is already loaded from {loaded}"
        return None
    import host_sim  # noqa: F401  (it puts firmware/ first: DIR goes ahead of it)

    sys.path.insert(0, str(where))
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="bench", required=True, metavar="BENCH")
    engine = sub.add_parser("engine", help="the rules engine: speed, state size, heap, .mpy size")
    engine.add_argument("--seconds", type=float, default=1.0, help="time for each timed figure (default 1)")
    app = sub.add_parser("app", help="the handheld app per board: peak heap, display bytes, .mpy size")
    app.add_argument("--board", action="append", help="only this board (may repeat; default: all)")
    heap = sub.add_parser("heap", help="only the app's peak heap per game, board and heap layout")
    heap.add_argument("--board", action="append", help="only this board (may repeat; default: all)")
    heap.add_argument(
        "--game", action="append", choices=GAMES, help="only this game (may repeat; default: all)"
    )
    meld = sub.add_parser("meld", help="the Level 8 meld finder on the hardest hands: time per call")
    meld.add_argument("--per", type=int, default=2, help="hands per level and number of wilds (default 2)")
    meld.add_argument(
        "--limit", type=int, action="append", help="layouts asked for (may repeat; default: 1 and 20)"
    )
    why = use_firmware(sys.argv[1:] if argv is None else argv)
    if why:
        print(why, file=sys.stderr)
        return 2
    from tools import aibench, l8bench

    aibench.add_arguments(sub.add_parser("ai", help="the AI players: win rates, time per decision"))
    l8bench.add_arguments(sub.add_parser("level8", help="the LEVEL 8 bots' strengths against each other"))
    args = parser.parse_args(argv)
    why = mpy.missing()
    if why and getattr(args, "mpy_deals", 1) > 0:
        print("cannot benchmark MicroPython: " + why, file=sys.stderr)
        return 1
    if args.bench == "app":
        print(bench_app(boards=args.board))
    elif args.bench == "heap":
        print(bench_heap(args.board, args.game or GAMES))
    elif args.bench == "meld":
        print(bench_meld(args.per, args.limit or MELD_LIMITS))
    elif args.bench == "ai":
        try:
            print(bench_ai(args))
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
    elif args.bench == "level8":
        try:
            print(l8bench.run(args))
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
    else:
        print(BENCHES[args.bench](args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
