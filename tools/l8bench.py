"""The LEVEL 8 bots' bench: the strengths against each other, and how long they think.

    python -m tools.bench level8 [--games N] [--players 2,4,6] [--game level8|levelup|keep|board]
                                 [--workers W] [--mpy-games K]

For each player count and each pairing of strengths (Hard against Easy, Hard against
Medium, Medium against Easy) it plays N games: one seat is the first strength ("the
bot"), every other seat the second. Game i is dealt from seed SEED + i by dealer
(i // players) % players, with the bot in seat i % players, so no strength always sits
first and every pairing at a player count plays the same deals. Every move is checked by
`level8.game.problem` (the game's referee) and goes through `Game.apply`, so the bench also checks the bots'
legality over thousands of games. It prints markdown (ready for docs/benchmarks.md): the bot's
wins with a 95% Wilson interval against its fair share 1/N, the mean rounds a game, the
mean milliseconds a decision on CPython (the worker's own CPU time, so other jobs on the
machine do not count); then per strength the time a decision takes on CPython, in the
real MicroPython (the runner, on the first K games of each row, which
must end as on CPython) and on a Pico (estimated from the runner, as tools/bench.py
does). A game's result is a function of its setup alone, so the counts do not depend on
the number of workers. `--game board` plays "Level 8: Das Brettspiel" (`level8.boardbot`,
every seat on the one-star side; a decision is also a roll, a space or an action's
choice, and the seat that acts may be one asked or showing cards off turn) and adds how
often each strength moves its tower to each action.
"""

import math
import os
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path, as on the Pico; level8 is imported after it)
from tools import micropython as mpy
from tools.aibench import _map, wilson, win_cell
from tools.bench import PICO_LOOP_US, PRELUDE, REFERENCE, parse, table

SEED = 80000
PAIRS = ((2, 0), (2, 1), (1, 0))  # (the bot, the other seats), strengths
# (the game, keep four): level8.cards.LEVEL8 is 0, LEVELUP 1, BOARD 2 (a test checks them)
GAMES = {"level8": (0, False), "levelup": (1, False), "keep": (1, True), "board": (2, False)}
GAME_NAMES = {
    "level8": "LEVEL 8",
    "levelup": "Level Up",
    "keep": "Level Up with keep-four (L8-9)",
    "board": "Level 8: Das Brettspiel (the board game)",
}
N_KINDS = 9  # level8.track's action kinds

# One game, the same code on both runtimes (CPython runs it with `exec`). The clock is
# set before it: ticks_us / ticks_diff from tools/bench.py's PRELUDE.
GAME = r"""
from level8 import board, bot, rules, view
from level8 import game as l8game
from level8.game import Game


def play(game_id, keep, players, focus, others, i):
    seat = i % players
    st = [others] * players
    st[seat] = focus
    g = Game(game_id, players, SEED + i, (i // players) % players, keep)
    think = bot.play
    kinds = None
    if game_id == 2:
        from level8 import boardbot

        think = boardbot.play
        kinds = board.KINDS
    v = bytearray(len(g.state))
    dec = [0, 0, 0]
    us = [0, 0, 0]
    worst = [0, 0, 0]
    acts = [0] * 27  # strength * 9 + the action kind its tower moved to
    dead = 0  # rounds the board game's dead end ended (board.dead_end)
    moves = 0
    while not g.over():
        p = g.to_move()
        view.see(g.state, p, v)
        k = st[p]
        t0 = ticks_us()
        ms = think(v, k)
        t = ticks_diff(ticks_us(), t0)
        dec[k] += 1
        us[k] += t
        if t > worst[k]:
            worst[k] = t
        if not ms:
            raise ValueError("no move in game %d" % i)
        for m in ms:
            why = l8game.problem(g.state, m)
            if why:
                raise ValueError("game %d: %s" % (i, why))
            if kinds is not None and m >> 12 == 13:  # K_GO
                acts[k * 9 + kinds[(m >> 7) & 31]] += 1
            g.apply(m)
            if rules.phase(g.state) == rules.OVER and rules.ender(g.state) == rules.NO_SEAT:
                dead += 1
        moves += len(ms)
        if moves > 50000:
            raise ValueError("game %d does not end" % i)
    return rules.winner(g.state) == seat, rules.round_no(g.state), dec, us, worst, acts, dead
"""

# The runner's part: TASKS = [(game_id, keep, players, focus, others, [i, ...]), ...].
MPY_RUN = r"""
tot = [0, 0, 0]
dec = [0, 0, 0]
worst = [0, 0, 0]
for game_id, keep, players, focus, others, games in TASKS:
    for i in games:
        won, rounds, d, u, w, _, _ = play(game_id, keep, players, focus, others, i)
        print("game", players, focus, others, i, 1 if won else 0, rounds)
        for k in range(3):
            dec[k] += d[k]
            tot[k] += u[k]
            worst[k] = max(worst[k], w[k])
for k in range(3):
    print("time", k, dec[k], tot[k], worst[k])
"""

_ns = {}


def _game():
    """The GAME code's `play`, built once a process with CPython's clock: the process's
    own CPU time, so that the other workers and jobs on the machine do not count."""
    if not _ns:
        from time import process_time_ns

        _ns["ticks_us"] = lambda: process_time_ns() // 1000
        _ns["ticks_diff"] = lambda a, b: a - b
        _ns["SEED"] = SEED
        exec(GAME, _ns)
    return _ns["play"]


class Row:
    """The totals of one (players, bot, others) over its games."""

    def __init__(self):
        self.games = self.wins = self.rounds = 0
        self.dec = [0, 0, 0]
        self.us = [0, 0, 0]
        self.worst = [0, 0, 0]
        self.acts = [0] * (3 * N_KINDS)
        self.dead = {}  # game index -> rounds the board game's dead end ended in it
        self.outcomes = {}  # game index -> (won, rounds)

    def add(self, i, result):
        won, rounds, dec, us, worst, acts, dead = result
        if dead:
            self.dead[i] = dead
        for j in range(3 * N_KINDS):
            self.acts[j] += acts[j]
        self.games += 1
        self.wins += bool(won)
        self.rounds += rounds
        self.outcomes[i] = (bool(won), rounds)
        for k in range(3):
            self.dec[k] += dec[k]
            self.us[k] += us[k]
            self.worst[k] = max(self.worst[k], worst[k])


def run_task(task):
    """Worker: (game, players, bot, others, [i, ...]) -> the task and each game's result."""
    game, players, focus, others, games = task
    game_id, keep = GAMES[game]
    play = _game()
    return task, [(i, play(game_id, keep, players, focus, others, i)) for i in games]


def play_all(game, players_list, games, workers=1):
    """{(players, bot, others): Row} over games 0..games-1, in chunks on `workers` processes."""
    chunk = max(1, min(25, math.ceil(games / (4 * max(1, workers)))))
    tasks = [
        (game, players, focus, others, list(range(lo, min(games, lo + chunk))))
        for players in players_list
        for focus, others in PAIRS
        for lo in range(0, games, chunk)
    ]
    rows = {(p, f, o): Row() for p in players_list for f, o in PAIRS}
    for (_, players, focus, others, _), results in _map(run_task, tasks, workers, "LEVEL 8 games"):
        for i, result in results:
            rows[(players, focus, others)].add(i, result)
    return rows


def run_micropython(game, players_list, count):
    """The first `count` games of every row in the runner, after the reference loop:
    ({(players, bot, others): {i: (won, rounds)}}, {strength: (decisions, us, worst us)},
    the runtime's name, the Pico slowdown measured in that run)."""
    game_id, keep = GAMES[game]
    tasks = [(game_id, keep, p, f, o, list(range(count))) for p in players_list for f, o in PAIRS]
    program = PRELUDE + REFERENCE + f"SEED = {SEED}\nTASKS = {tasks!r}\n" + GAME + MPY_RUN
    out = parse(mpy.run(program, timeout=24 * 3600))
    lines = out["game"] if isinstance(out["game"][0], list) else [out["game"]]
    games = {}
    for players, focus, others, i, won, rounds in lines:
        games.setdefault((players, focus, others), {})[i] = (bool(won), rounds)
    times = {k: (d, us, w) for k, d, us, w in out["time"]}
    loop_us, iterations = out["loop"]
    return games, times, "MicroPython " + out["runtime"][1], PICO_LOOP_US * iterations / loop_us


def _ms(us):
    ms = us / 1000
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 10:
        return f"{ms:.1f}"
    return f"{ms:.2f}"


def _strengths():
    from level8 import bot

    return bot.STRENGTHS


def report(rows, game, players_list, games, command, mp=None):
    """The markdown: the win table, the time table, the aims, the command and notes."""
    names = _strengths()
    cp_name = f"CPython {sys.version.split()[0]}"
    out = [f"## LEVEL 8 bots ({GAME_NAMES[game]})", ""]
    body = []
    for players in players_list:
        for focus, others in PAIRS:
            r = rows[(players, focus, others)]
            body.append(
                [
                    str(players),
                    names[focus],
                    names[others],
                    f"{r.wins}/{r.games}",
                    win_cell(r.wins, r.games),
                    f"{100 / players:.1f}%",
                    f"{r.rounds / r.games:.2f}",
                    f"{_ms(r.us[focus] / max(1, r.dec[focus]))} / {_ms(r.us[others] / max(1, r.dec[others]))}",
                ]
            )
    out.append(
        table(
            [
                "players",
                "bot (1 seat)",
                "other seats",
                "bot wins",
                "win rate (95% CI)",
                "fair share",
                "mean rounds",
                f"ms/decision {cp_name} (bot / others)",
            ],
            body,
        )
    )
    out.append("")
    dec = [0, 0, 0]
    us = [0, 0, 0]
    worst = [0, 0, 0]
    for r in rows.values():
        for k in range(3):
            dec[k] += r.dec[k]
            us[k] += r.us[k]
            worst[k] = max(worst[k], r.worst[k])
    header = ["strength", f"decisions ({cp_name})", "CPython mean / worst ms"]
    if mp is not None:
        _, times, runtime, slowdown = mp
        header += [
            f"decisions ({runtime}, runner)",
            "runner mean / worst ms",
            f"Pico, estimated (× {slowdown:.1f}) mean / worst ms",
        ]
    body = []
    for k in range(3):
        row = [names[k], f"{dec[k]:,}", f"{_ms(us[k] / max(1, dec[k]))} / {_ms(worst[k])}"]
        if mp is not None:
            d, u, w = times[k]
            row += [
                f"{d:,}",
                f"{_ms(u / max(1, d))} / {_ms(w)}",
                f"{_ms(u / max(1, d) * slowdown)} / {_ms(w * slowdown)}",
            ]
        body.append(row)
    out.append(table(header, body))
    out.append("")
    out.append(
        f"`{command}`: N = {games} games a row, {GAME_NAMES[game]}; game i is dealt from seed "
        f"{SEED} + i by dealer (i // players) % players, the bot in seat i % players."
    )
    out += aims(rows, players_list)
    if game == "board":
        out += ["", action_table(rows, names), ""]
        dead = [
            f"{p} players, {names[f]} against {names[o]}: {sum(r.dead.values())} in {len(r.dead)} of "
            f"{r.games} games"
            for (p, f, o), r in rows.items()
            if r.dead
        ]
        out.append(
            "Rounds ended at the dead end (every seat laid out, no card or joker off the table fits a laid "
            "combination, not only full ones laid: the round ends with nobody out, the project's reading in "
            "docs/level8-rules.md): " + ("; ".join(dead) if dead else "none") + "."
        )
        out.append("")
    if mp is not None:
        count = len(next(iter(mp[0].values())))
        out.append(
            f"The runner played the first {count} game(s) of every row, as CPython did; the Pico column is the "
            "runner's time × (Pico loop time / runner loop time) for the reference loop of docs/device.md, "
            "timed in the same run. A decision is one call of `bot.play`: a draw, or the rest of a turn"
            + (
                " (`boardbot.play`: also a roll, a space, an action's choice, a card given or shown)."
                if game == "board"
                else "."
            )
        )
    return "\n".join(out)


def action_table(rows, names):
    """How often each strength moved its tower to each action, over every row (a star
    counts as a star and again as the action it chose)."""
    from level8 import track

    acts = [0] * (3 * N_KINDS)
    for r in rows.values():
        for j in range(3 * N_KINDS):
            acts[j] += r.acts[j]
    body = []
    for k in range(3):
        row = acts[k * N_KINDS : (k + 1) * N_KINDS]
        chosen = sum(row) - row[track.STAR]
        body.append([names[k], f"{chosen:,}"] + [f"{100 * x / max(1, chosen):.1f}%" for x in row])
    return (
        "Actions chosen (share of the actions done; a star chosen counts in its column and again as the "
        "action it chose):\n\n" + table(["strength", "actions"] + list(track.ACTION_NAMES), body)
    )


def aims(rows, players_list):
    """The issue's aims, each met or not, in words."""
    lines = []
    r = rows.get((2, 2, 0))
    if r is not None:
        low, _ = wilson(r.wins, r.games)
        rate = r.wins / r.games
        lines.append(
            f"Aim: Hard wins at least 70% of 2-player games against Easy: {100 * rate:.1f}% "
            f"(95% CI from {100 * low:.1f}%): {'met' if rate >= 0.7 else 'not met'}."
        )
    for players in players_list:
        r = rows[(players, 2, 1)]
        low, _ = wilson(r.wins, r.games)
        rate = r.wins / r.games
        lines.append(
            f"Aim: Hard wins more than 1/{players} ({100 / players:.1f}%) against Medium at {players} players: "
            f"{100 * rate:.1f}% (95% CI from {100 * low:.1f}%): {'met' if rate > 1 / players else 'not met'}."
        )
    return lines


def mismatches(rows, mp_games):
    """The games the runner played otherwise than CPython, as words (none: [])."""
    return [
        f"{players} players, {_strengths()[f]} against {_strengths()[o]}, game {i}"
        for (players, f, o), games in mp_games.items()
        for i, outcome in games.items()
        if rows[(players, f, o)].outcomes[i] != outcome
    ]


def numbers(text):
    return [int(v) for v in text.split(",") if v.strip()]


def add_arguments(parser):
    """The `level8` subcommand's options (tools/bench.py registers the subcommand)."""
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--players", type=numbers, default=[2, 4, 6], help="player counts (default 2,4,6)")
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="level8",
        help="level8, levelup, keep (Level Up with keep-four) or board (the board game); default level8",
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one a core)"
    )
    parser.add_argument(
        "--mpy-games", type=int, default=2, help="games per row timed in MicroPython (default 2; 0: none)"
    )


def check(args):
    if args.games < 1:
        return "--games must be at least 1"
    if not args.players or not all(2 <= p <= 6 for p in args.players):
        return "--players must be 2 to 6"
    if args.mpy_games > 0 and mpy.missing():
        return "cannot time MicroPython (or use --mpy-games 0): " + mpy.missing()
    return None


def command_line(args):
    return (
        f"python -m tools.bench level8 --games {args.games} --players {','.join(map(str, args.players))} "
        f"--game {args.game} --mpy-games {args.mpy_games}"
    )


def run(args):
    """The bench for parsed options: the markdown report (ValueError on bad options, or
    when the runner plays a game otherwise than CPython)."""
    why = check(args)
    if why:
        raise ValueError(why)
    rows = play_all(args.game, args.players, args.games, args.workers)
    mp = None
    count = min(args.mpy_games, args.games)
    if count > 0:
        mp = run_micropython(args.game, args.players, count)
        wrong = mismatches(rows, mp[0])
        if wrong:
            raise ValueError("the runner played these games otherwise than CPython: " + "; ".join(wrong))
    return report(rows, args.game, args.players, args.games, command_line(args), mp)
