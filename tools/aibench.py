"""The AI bench: how often each player wins the same seeded deals, and how long it thinks.

    python -m tools.bench ai [--deals N] [--players 1,2,...] [--pauses 0,1,2,3]
                             [--policies random,greedy,rule,hint,hint10,hint50,open]
                             [--workers W]
                             [--mpy-deals K] [--open-limit NODES] [--firmware DIR]

Deal n (n = 1..N) is `Game(players, pauses, seed=n)`, the same for every policy. For
each player count, difficulty and policy it prints a markdown table row (ready for
docs/benchmarks.md): wins, the win rate with its 95% Wilson interval, the mean score, and the mean
time a decision takes inside the policy on CPython, in the real MicroPython (the runner,
on the first K deals) and on a Pico (estimated from the runner, as tools/bench.py does).

A policy is a row of POLICIES: the players that ship to the device (random, greedy, the
hint engine's rule of thumb alone, the hint engine at its budget and at 10 or 50 times it)
are built from one expression that both runtimes evaluate (tools/policies.py is
importable in the runner); the open-hand solver (tools/research/solver.py), which sees the whole
deck order, is an upper bound for the host only. Every seat of a multiplayer game is
played by the same policy, each seeing only its own hand. A deal's result is a function
of (policy, players, pauses, seed) alone, so the table's counts do not depend on the
number of workers. `--firmware DIR` (through `python -m tools.bench ai`, which sets it up
before the engine loads) plays a copy of firmware/ in DIR instead, on both runtimes.
"""

import argparse
import importlib.util
import math
import multiprocessing
import os
import sys
import time

import host_sim  # noqa: F401  (puts firmware/ on sys.path, as on the Pico)
from app.level10.stats import NAMES as DIFFICULTY
from level10 import hint, rules
from level10.game import Game
from tools import micropython as mpy
from tools import policies
from tools.bench import PICO_LOOP_US, PRELUDE, REFERENCE, parse, table

# The solver is written separately; until it exists the bench runs without its row.
solver = None
if importlib.util.find_spec("tools.research.solver") is not None:
    from tools.research import solver

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


class Policy:
    """One row of the table. `make` is a Python expression of `seed` that builds the player
    from the names of tools/policies.py, evaluated by CPython and, for a player that ships
    (`device`), by MicroPython too; `play(policy, players, pauses, seed, options)` plays
    one deal and returns a Deal; `note(row)` is the table's notes cell; `missing()` says
    why the policy cannot run here (None: it can)."""

    def __init__(self, name, label, make=None, device=True, play=None, note=None, missing=None, default=True):
        self.name = name
        self.label = label
        self.make = make
        self.device = device
        self.default = default  # in the rows a bench without --policies runs
        self.play = play or play_moves
        self.note = note or (lambda row: "")
        self.missing = missing or (lambda: None)
        self._factory = None

    def factory(self):
        """seed -> a fresh player (built once per process from `make`)."""
        if self._factory is None:
            self._factory = eval("lambda seed: " + self.make, vars(policies))
        return self._factory


class Deal:
    """What one deal gave: won, score, decisions, ns (time inside the policy), sims
    (simulated moves, the hint engine's), exact (the solver proved its score best)."""

    __slots__ = ("won", "score", "decisions", "ns", "sims", "exact")

    def __init__(self, won, score, decisions, ns, sims=0, exact=False):
        self.won = won
        self.score = score
        self.decisions = decisions
        self.ns = ns
        self.sims = sims
        self.exact = exact

    def outcome(self):
        """Everything but the time: what must not depend on the machine or the workers."""
        return (self.won, self.score, self.decisions, self.sims, self.exact)


def play_moves(policy, players, pauses, seed, options):
    """A deal played move by move by a shipped policy (tools/policies.play_out)."""
    game = Game(players, pauses, seed=seed)
    player = policy.factory()(seed)
    decisions, ns, sims = policies.play_out(game, player, time.perf_counter_ns, lambda a, b: a - b)
    return Deal(game.status() == rules.WON, game.score(), decisions, ns, sims)


def play_open(policy, players, pauses, seed, options):
    """A deal solved with the whole deck known; its line is replayed on a Game to check it.
    Its time per decision is the solve time over the moves of the line."""
    game = Game(players, pauses, seed=seed)
    t0 = time.perf_counter_ns()
    solution = solver.solve(game.deck, pauses, players=players, start=0, limit=options["open_limit"])
    ns = time.perf_counter_ns() - t0
    for m in solution.moves:
        game.list_moves()
        game.apply(m)
    won = game.status() == rules.WON
    if (won, game.score()) != (bool(solution.won), solution.score):
        raise RuntimeError(
            f"solver line for deal {seed} ({players} players, {pauses} pauses) gives score "
            f"{game.score()} won={won}, the solver says {solution.score} won={solution.won}"
        )
    # The bound on wins is whether a winning line exists (`winnable`): the best-scoring line
    # can be a loss that keeps its pauses (stuck at move 44 with two pauses unused scores
    # 64, a win using a pause 60), which still means the deal could be won.
    return Deal(bool(solution.winnable), game.score(), len(solution.moves), ns, 0, bool(solution.exact))


def sims_note(row):
    return f"{row.sims / row.decisions:,.0f} sims/decision" if row.decisions else ""


def exact_note(row):
    return f"host only; wins: a winning line exists; solved exactly {100 * row.exact / row.deals:.0f}%"


# Add a player here (a talking hint engine, say) and it gets its row everywhere.
POLICIES = {
    p.name: p
    for p in [
        Policy("random", "random legal move", "RandomPolicy(seed)"),
        Policy("greedy", "greedy rule", "Greedy()"),
        Policy("rule", "rule of thumb alone", "Rule()"),
        Policy("hint", "hint, device budget", "Hint(hint.BUDGET, seed)", note=sims_note),
        Policy("hint10", "hint, 10× budget", "Hint(10 * hint.BUDGET, seed)", note=sims_note),
        # slow (about 20 s a deal on CPython): asked for by name only
        Policy("hint50", "hint, 50× budget", "Hint(50 * hint.BUDGET, seed)", note=sims_note, default=False),
        Policy("talk", "hint, announcing", "Hint(hint.BUDGET, seed, True)", note=sims_note),
        Policy(
            "open",
            "open-hand bound",
            device=False,
            play=play_open,
            note=exact_note,
            missing=lambda: None if solver else "the open-hand solver (tools/research/solver.py) is not there yet",
        ),
    ]
}


def runs(name, players):
    """Whether policy `name` has a row for `players`: announcing needs teammates."""
    return not (name == "talk" and players == 1)


def available(name):
    """Why policy `name` cannot run here, or None."""
    if name not in POLICIES:
        return f"unknown policy {name!r} (known: {', '.join(POLICIES)})"
    return POLICIES[name].missing()


# -- playing the deals ----------------------------------------------------------------


def run_task(task):
    """Worker: (policy name, players, pauses, seeds, options) -> the same with its Deals."""
    name, players, pauses, seeds, options = task
    policy = POLICIES[name]
    return task, [policy.play(policy, players, pauses, seed, options) for seed in seeds]


def play_all(names, players_list, pauses_list, deals, workers=1, options=None):
    """{(name, players, pauses): [Deal for seeds 1..deals]}, the deals spread over
    `workers` processes in chunks."""
    options = options or {}
    chunk = max(1, min(20, math.ceil(deals / (4 * max(1, workers)))))
    tasks = []
    for players in players_list:
        for pauses in pauses_list:
            for name in names:
                if not runs(name, players):
                    continue
                for lo in range(1, deals + 1, chunk):
                    seeds = tuple(range(lo, min(deals, lo + chunk - 1) + 1))
                    tasks.append((name, players, pauses, seeds, options))
    results = {}
    for (name, players, pauses, seeds, _), got in _map(run_task, tasks, workers, "CPython batches"):
        results.setdefault((name, players, pauses), {}).update(zip(seeds, got))
    return {key: [by_seed[s] for s in sorted(by_seed)] for key, by_seed in results.items()}


def _map(fn, items, workers, what=""):
    """[fn(item) for item in items] in any order, on `workers` processes; counts the
    finished items on standard error when it is a terminal."""
    show = what and sys.stderr.isatty()
    if workers <= 1 or len(items) <= 1:
        done = map(fn, items)
        pool = None
    else:
        # fork: the workers inherit sys.path and the loaded modules instead of importing again
        methods = multiprocessing.get_all_start_methods()
        pool = multiprocessing.get_context("fork" if "fork" in methods else None).Pool(
            min(workers, len(items))
        )
        done = pool.imap_unordered(fn, items)
    results = []
    try:
        for result in done:
            results.append(result)
            if show:
                print(f"\r{what}: {len(results)}/{len(items)}", end="", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    if show:
        print(file=sys.stderr)
    return results


# -- MicroPython ----------------------------------------------------------------------

# Plays the TASKS in the runner with the very code CPython ran (tools/policies.py).
MPY_PLAY = r"""
from level10.game import Game
from policies import *  # the names the `make` expressions use, as on CPython

for name, make, players, pauses, seeds in TASKS:
    for seed in seeds:
        game = Game(players, pauses, seed=seed)
        decisions, us, sims = play_out(game, make(seed), ticks_us, ticks_diff)
        print("deal", name, players, pauses, seed, int(game.status() == 1), game.score(), decisions, us, sims)
"""


def run_micropython(task):
    """Worker: (name, [(players, pauses)], seeds): a policy's rows played in the runner,
    after the reference loop of tools/bench.py -> the task, the runtime's name,
    {(players, pauses, seed): Deal} and the Pico slowdown measured in that very run. The
    runner's clock ticks in whole milliseconds, so a quick policy's time is right only on
    average over many decisions."""
    name, setups, seeds = task
    make = POLICIES[name].make
    tasks = ", ".join(f"({name!r}, make, {players}, {pauses}, {seeds!r})" for players, pauses in setups)
    program = PRELUDE + REFERENCE + f"make = lambda seed: {make}\nTASKS = [{tasks}]\n" + MPY_PLAY
    out = parse(
        mpy.run(program, firmware_dir=firmware_dir(), lib_dirs=[policies.__file__], timeout=24 * 3600)
    )
    lines = out["deal"] if isinstance(out["deal"][0], list) else [out["deal"]]
    deals = {}
    for _, players, pauses, seed, won, score, decisions, us, sims in lines:
        deals[(players, pauses, seed)] = Deal(bool(won), score, decisions, us * 1000, sims)
    loop_us, iterations = out["loop"]
    return task, "MicroPython " + out["runtime"][1], deals, PICO_LOOP_US * iterations / loop_us


class Runner:
    """What the runner measured: `deals[(name, players, pauses)]` the first deals of each
    shipped policy's row (times in ns), `slowdown[...]` Pico time / runner time for each,
    and `runtime`, the MicroPython's name and version."""

    def __init__(self, deals, slowdown, runtime):
        self.deals = deals
        self.slowdown = slowdown
        self.runtime = runtime


def measure_micropython(names, players_list, pauses_list, count, workers=1):
    """The first `count` deals of each shipped policy's rows, played in the runner (one run
    a policy, each timing the reference loop first): a Runner."""
    setups = [(players, pauses) for players in players_list for pauses in pauses_list]
    seeds = tuple(range(1, count + 1))
    tasks = [(name, setups, seeds) for name in names if POLICIES[name].device]
    deals, slowdown, runtime = {}, {}, "MicroPython"
    for (name, _, _), runtime, played, factor in _map(run_micropython, tasks, workers, "MicroPython runs"):
        for players, pauses in setups:
            deals[(name, players, pauses)] = [played[(players, pauses, seed)] for seed in seeds]
            slowdown[(name, players, pauses)] = factor
    return Runner(deals, slowdown, runtime)


# -- the table ------------------------------------------------------------------------


def wilson(wins, n, z=Z95):
    """The Wilson score interval (low, high) for `wins` successes in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


class Row:
    """The totals of one (policy, players, pauses) over its deals."""

    def __init__(self, deals):
        self.deals = len(deals)
        self.wins = sum(d.won for d in deals)
        self.score = sum(d.score for d in deals)
        self.decisions = sum(d.decisions for d in deals)
        self.ns = sum(d.ns for d in deals)
        self.sims = sum(d.sims for d in deals)
        self.exact = sum(d.exact for d in deals)

    def ms_per_decision(self):
        return self.ns / 1e6 / self.decisions if self.decisions else 0.0


def fmt_ms(ms):
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 10:
        return f"{ms:.1f}"
    if ms >= 1:
        return f"{ms:.2f}"
    return f"{ms:.3f}"


def win_cell(wins, n):
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def report(results, names, players_list, pauses_list, deals, options, command, mp=None):
    """The markdown: the table, the command and N, the hint / open-hand ratio, the notes."""
    cp_name = f"CPython {sys.version.split()[0]}"
    header = [
        "players",
        "difficulty",
        "policy",
        "wins",
        "win rate (95% CI)",
        "mean score",
        f"ms/decision {cp_name}",
    ]
    if mp is not None:
        header += [f"ms/decision {mp.runtime} (runner)", "ms/decision Pico (est.)"]
    header.append("notes")
    rows = []
    for players in players_list:
        for pauses in pauses_list:
            for name in names:
                if not runs(name, players):
                    continue
                policy = POLICIES[name]
                row = Row(results[(name, players, pauses)])
                cells = [
                    str(players),
                    f"{DIFFICULTY[pauses]} ({pauses})",
                    policy.label,
                    f"{row.wins}/{row.deals}",
                    win_cell(row.wins, row.deals),
                    f"{row.score / row.deals:.1f}",
                    fmt_ms(row.ms_per_decision()),
                ]
                if mp is not None:
                    if policy.device:
                        key = (name, players, pauses)
                        runner = Row(mp.deals[key]).ms_per_decision()
                        cells += [fmt_ms(runner), fmt_ms(runner * mp.slowdown[key])]
                    else:
                        cells += ["—", "—"]
                cells.append(policy.note(row))
                rows.append(cells)
    out = ["## AI benchmark", "", table(header, rows), ""]
    out.append(f"`{command}`: N = {deals} deals (seeds 1–{deals}) per row, the same deals for every policy.")
    if 2 in pauses_list and "hint" in names and "open" in names:
        for players in players_list:
            h = Row(results[("hint", players, 2)])
            o = Row(results[("open", players, 2)])
            ratio = f"{h.wins / o.wins:.2f}" if o.wins else "— (the bound won no deal)"
            out.append(
                f"Hint engine at device budget / open-hand bound, wins at Standard, {players} "
                f"player{'s' if players > 1 else ''}: {ratio} ({h.wins} / {o.wins} wins; aim ≥ 0.90)."
            )
    if 2 in pauses_list and {"hint", "talk"} <= set(names):
        for players in players_list:
            if players == 1:
                continue
            h = Row(results[("hint", players, 2)])
            t = Row(results[("talk", players, 2)])
            out.append(
                f"Bots announcing / silent, {players} players at Standard: {t.wins} / {h.wins} wins,"
                f" mean score {t.score / t.deals:.1f} / {h.score / h.deals:.1f}."
            )
    out.append("Every seat plays by its row's policy, seeing only its own hand; times are inside the policy.")
    if any(POLICIES[name].note is sims_note for name in names):  # the hint engine's rows
        out.append(
            f"The hint engine's device budget is {hint.BUDGET} simulated moves a decision (`hint.BUDGET`),"
            " its seed the deal number."
        )
    if "open" in names:
        out.append(
            "The open-hand solver knows the whole deck order (an upper bound; host only, never a hint):"
            f" exact where it finished within {options['open_limit']:,} nodes a deal, best found"
            " otherwise; its time per decision is the solve time over the moves of its line."
        )
    if mp is not None:
        differ = mismatches(results, mp.deals)
        same = "played them as CPython did (result, score, decisions, sims)"
        low, high = min(mp.slowdown.values()), max(mp.slowdown.values())
        out.append(
            f"MicroPython: the first {min(len(v) for v in mp.deals.values())} deal(s) of each shipped"
            f" policy's row in the runner, which"
            f" {same if not differ else 'DIFFERED from CPython on ' + ', '.join(differ)}; its clock ticks in"
            " milliseconds, so quick policies' times are rough. Pico = runner time × the ratio of the"
            " reference loop of docs/device.md (Pico / runner), timed in each run:"
            f" {low:.1f}" + ("" if high - low < 0.05 else f"–{high:.1f}") + "."
        )
    return "\n".join(out)


def mismatches(results, mp):
    """The deals the runner played otherwise than CPython, as words (none: [])."""
    return [
        f"{name} deal {i + 1} ({players} players, {pauses} pauses)"
        for (name, players, pauses), deals in mp.items()
        if runs(name, players)
        for i, d in enumerate(deals)
        if d.outcome() != results[(name, players, pauses)][i].outcome()
    ]


# -- the command ----------------------------------------------------------------------


def numbers(text):
    return [int(v) for v in text.split(",") if v.strip()]


def add_arguments(parser):
    """The `ai` subcommand's options (tools/bench.py registers the subcommand)."""
    parser.add_argument("--deals", type=int, default=50, help="deals per row, seeds 1..N (default 50)")
    parser.add_argument(
        "--players", type=numbers, default=[1], help="player counts, e.g. 1,2,3,4,5 (default 1)"
    )
    parser.add_argument(
        "--pauses", type=numbers, default=[0, 1, 2, 3], help="difficulties by pauses (default 0,1,2,3)"
    )
    parser.add_argument(
        "--policies",
        type=lambda t: [v.strip() for v in t.split(",") if v.strip()],
        help=f"comma list of {','.join(POLICIES)} (default: every one that can run here)",
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one a core)"
    )
    parser.add_argument(
        "--mpy-deals",
        type=int,
        default=2,
        help="deals per shipped policy's row timed in MicroPython (default 2; 0: none)",
    )
    parser.add_argument("--open-limit", type=int, help="solver nodes a deal (default: the solver's LIMIT)")
    parser.add_argument(
        "--firmware",
        help="play the firmware in this folder (a patched copy of firmware/) instead, on both runtimes",
    )


def check(args):
    """What is wrong with the options, or None; fills in the default policies."""
    if not args.policies:
        args.policies = [
            name
            for name in POLICIES
            if POLICIES[name].default and available(name) is None and any(runs(name, p) for p in args.players)
        ]
    if args.open_limit is None and solver is not None:
        args.open_limit = solver.LIMIT
    for name in args.policies:
        why = available(name)
        if why:
            return why
    if args.deals < 1:
        return "--deals must be at least 1"
    if not all(1 <= p <= 5 for p in args.players):
        return "--players must be 1 to 5"
    if not all(0 <= p <= 3 for p in args.pauses):
        return "--pauses must be 0 to 3"
    if args.mpy_deals > 0 and mpy.missing():
        return "cannot time MicroPython (or use --mpy-deals 0): " + mpy.missing()
    if getattr(args, "firmware", None) and firmware_dir() != os.path.realpath(args.firmware):
        return f"--firmware {args.firmware}: the engine was loaded from {firmware_dir()} (use tools.bench ai)"
    return None


def firmware_dir():
    """The folder the engine was loaded from: firmware/, or the bench's --firmware."""
    return os.path.dirname(os.path.dirname(os.path.realpath(hint.__file__)))


def command_line(args):
    words = ["python -m tools.bench ai", f"--deals {args.deals}"]
    words.append("--players " + ",".join(map(str, args.players)))
    words.append("--pauses " + ",".join(map(str, args.pauses)))
    words.append("--policies " + ",".join(args.policies))
    words.append(f"--mpy-deals {args.mpy_deals}")
    if "open" in args.policies:
        words.append(f"--open-limit {args.open_limit}")
    if getattr(args, "firmware", None):
        words.append(f"--firmware {args.firmware}")
    return " ".join(words)


def run(args):
    """The bench for parsed options: the markdown report (raises ValueError on bad options)."""
    why = check(args)
    if why:
        raise ValueError(why)
    options = {"open_limit": args.open_limit}
    results = play_all(args.policies, args.players, args.pauses, args.deals, args.workers, options)
    mp = None
    count = min(args.mpy_deals, args.deals)
    if count > 0 and any(POLICIES[name].device for name in args.policies):
        mp = measure_micropython(args.policies, args.players, args.pauses, count, args.workers)
    command = command_line(args)
    return report(results, args.policies, args.players, args.pauses, args.deals, options, command, mp)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.aibench", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        print(run(args))
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
