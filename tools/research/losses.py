"""Where a player's games are lost: the move after which no line wins, and its pauses.

    python -m tools.research.losses [--deals N] [--first F] [--pauses P] [--policy hint]
                           [--check hint10] [--limit NODES] [--workers W]

plays deals F..F+N-1 (`Game(1, pauses, seed=n)`, the AI bench's deals) with one of the
bench's shipped players (tools/aibench.py POLICIES) and prints, in markdown:

- for each lost game, its **turning point**: the first move after which the open-hand
  solver (tools/research/solver.py, which knows the deck order) proves that no line wins any
  more. Every move before it left a win possible, so the game was decided there, even
  if the player went on for many columns. The table counts them by column and by kind
  of move, next to the column where the game ended. Unknown: the solver reached its
  node limit before it found a win or proved there is none.
- with `--check NAME`, what another player (say the hint engine at ten times its
  budget) would have played at each turning point, and how often that move leaves a
  win possible. A stronger player's move at the very position where a game was lost
  says whether more thinking, there, would have saved it.
- for every game, where its pauses went: placed while the deck still had cards (which
  costs the full win, ruling L10-7), placed to bury
  a card, or never placed (in the hand or still in the deck at the end), won and lost.

Solo only: with seats the solver's proofs mostly end at the limit. Host only (it uses
the solver); the players are the ones that ship, so the games are the bench's games.
"""

import argparse
import os
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path, as on the Pico)
from level10 import heuristic, notation, rules
from level10.game import Game
from level10.view import View
from tools import aibench
from tools.research import solver

WIN_POSSIBLE = "win possible"
NO_WIN = "no win"
UNKNOWN = "unknown"
DEALT = "dealt"  # a Lost's kind when no line wins the deal from its first move


class Lost:
    """A lost game's turning point: `index` (moves played before the move that lost it;
    -1 when no line wins the deal at all, None when the solver could not tell), the
    `column` of that move, its `kind` ("play", "reset", "pause"; DEALT for a deal with
    no win), its record `token`, and the position before it (`state`, bytes)."""

    __slots__ = ("index", "column", "kind", "token", "state", "checked", "rule")

    def __init__(self, index, column, kind, token, state):
        self.index = index
        self.column = column
        self.kind = kind
        self.token = token
        self.state = state
        self.checked = None  # (the other player's move, WIN_POSSIBLE / NO_WIN / UNKNOWN)
        # the rule of thumb's move there (the hint engine's proposal), to see whether the
        # search's own choice lost the game
        self.rule = notation.token(heuristic.choose(View(state))) if state else None


class Game1:
    """One deal as played: `seed`, `won`, the `column` it ended in (0-based; 10 when the
    grid is full), its pauses by where they went (`early`: placed with cards in the
    deck; `buried`: placed over a card; `bare`: placed with the deck empty, over nothing;
    `held` and `in_deck` at the end), and `lost` (a Lost, for a loss)."""

    __slots__ = ("seed", "won", "column", "early", "buried", "bare", "held", "in_deck", "lost")


def verdict(state, limit):
    """Whether a line still wins from `state` (the solver knows the deck order)."""
    sol = solver.solve_from(state, limit)
    if sol.winnable:
        return WIN_POSSIBLE
    return NO_WIN if sol.exact else UNKNOWN


def kind(m):
    if m & 8:
        return "reset"
    return "pause" if (m >> 4) & 63 == rules.PAUSE else "play"


def turning_point(states, moves, limit):
    """The Lost of a game lost along `states` (states[i] before moves[i], the last one
    the end). Once no line wins, none does later either (the deck order is fixed and
    every later line is a line from before), so the first such state is found by
    walking forward: positions with a win are quick to solve, and games are decided
    early."""
    for i in range(len(states)):
        v = verdict(states[i], limit)
        if v == NO_WIN:
            if i == 0:
                return Lost(-1, None, DEALT, None, None)
            m = moves[i - 1]
            s = states[i - 1]
            return Lost(i - 1, rules.column(bytearray(s)), kind(m), notation.token(m), s)
        if v == UNKNOWN:
            break
    return Lost(None, None, None, None, None)


def play(job):
    """Worker: (policy name, check name or None, pauses, seed, limit) -> Game1."""
    name, check, pauses, seed, limit = job
    game = Game(1, pauses, seed=seed)
    player = aibench.POLICIES[name].factory()(seed)
    states = [bytes(game.state)]
    moves = []
    early = buried = bare = 0
    while game.status() == rules.PLAYING:
        m = player(game)
        if kind(m) == "pause":
            if rules.deck_count(game.state):
                early += 1
            elif m >> 10 != rules.NONE:
                buried += 1
            else:
                bare += 1
        game.list_moves()
        game.apply(m)
        moves.append(m)
        states.append(bytes(game.state))
    s = game.state
    out = Game1()
    out.seed = seed
    out.won = game.status() == rules.WON
    out.column = min(10, rules.moves_played(s) // 5)
    out.early = early
    out.buried = buried
    out.bare = bare
    out.held = sum(1 for c in rules.hand(s, 0) if c == rules.PAUSE)
    out.in_deck = sum(1 for c in rules.deck(s) if c == rules.PAUSE)
    out.lost = None
    if not out.won:
        out.lost = turning_point(states, moves, limit)
        if check and out.lost.state is not None:
            out.lost.checked = checked(check, out.lost, pauses, seed, moves, limit)
    return out


def checked(name, lost, pauses, seed, moves, limit):
    """What player `name` plays at the turning point, and whether a line then still wins."""
    game = Game(1, pauses, seed=seed)
    for m in moves[: lost.index]:
        game.list_moves()
        game.apply(m)
    m = aibench.POLICIES[name].factory()(seed)(game)
    game.list_moves()
    game.apply(m)
    return notation.token(m), verdict(game.state, limit)


def check_options(args):
    """What is wrong with the options, or None."""
    for name in [args.policy] + ([args.check] if args.check else []):
        if name not in aibench.POLICIES or not aibench.POLICIES[name].device:
            players = ", ".join(n for n, p in aibench.POLICIES.items() if p.device)
            return f"unknown player {name!r} (one of: {players})"
    if args.deals < 1 or args.first < 1:
        return "--deals and --first must be at least 1"
    if not 0 <= args.pauses <= 3:
        return "--pauses must be 0 to 3"
    if args.limit < 1:
        return "--limit must be at least 1"
    return None


def analyse(args):
    jobs = [
        (args.policy, args.check, args.pauses, s, args.limit)
        for s in range(args.first, args.first + args.deals)
    ]
    return aibench._map(play, jobs, args.workers, "deals")


def _row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def report(games, args):
    """The markdown report of `games` (Game1s) for the options `args`."""
    games = sorted(games, key=lambda g: g.seed)
    lost = [g for g in games if not g.won]
    label = aibench.POLICIES[args.policy].label
    last = args.first + args.deals - 1
    out = [
        f"Player: {label}; {aibench.DIFFICULTY[args.pauses]} ({args.pauses} pauses), solo, "
        f"deals {args.first}–{last}: {len(games) - len(lost)} won, {len(lost)} lost.",
        f"Command: `python -m tools.research.losses --deals {args.deals} --first {args.first} --pauses "
        f"{args.pauses} --policy {args.policy}"
        + (f" --check {args.check}" if args.check else "")
        + f" --limit {args.limit}`",
        "",
        "Lost games by column (1–10): where the game ended, and its turning point (the move",
        "after which no line wins, even knowing the deck order), by the kind of that move.",
        "",
        _row(["column"] + [str(c + 1) for c in range(10)] + [UNKNOWN]),
        _row(["---"] * 12),
    ]
    ended = [0] * 10
    turn = {"play": [0] * 10, "reset": [0] * 10, "pause": [0] * 10}
    unknown = dealt = 0
    for g in lost:
        ended[min(9, g.column)] += 1
        if g.lost.index is None:
            unknown += 1
        elif g.lost.kind == DEALT:
            dealt += 1
        else:
            turn[g.lost.kind][g.lost.column] += 1
    out.append(_row(["game ended"] + ended + [""]))
    total = [sum(turn[k][c] for k in turn) for c in range(10)]
    out.append(_row(["turning point"] + total + [unknown]))
    for k in ("play", "reset", "pause"):
        out.append(_row([f"… a {k}"] + turn[k] + [""]))
    out += ["", f"Deals no line wins at all (lost before the first move): {dealt}."]
    known = [g.lost for g in lost if g.lost.state is not None]
    differ = [t for t in known if t.token != t.rule]
    reset = sum(1 for t in differ if t.kind == "reset" and not t.rule.startswith("R>"))
    out += [
        "",
        f"At the {len(known)} known turning points the player's move is not the rule of "
        f"thumb's in {len(differ)}; in {reset} of them it is a reset where the rule of thumb "
        "plays a card.",
    ]
    if args.check:
        seen = [g for g in lost if g.lost.checked]
        kept = sum(1 for g in seen if g.lost.checked[1] == WIN_POSSIBLE)
        same = sum(1 for g in seen if g.lost.checked[0] == g.lost.token)
        ruled = sum(1 for g in seen if g.lost.checked[1] == WIN_POSSIBLE and g.lost.checked[0] == g.lost.rule)
        check_label = aibench.POLICIES[args.check].label
        out += [
            "",
            f"At the {len(seen)} known turning points, {check_label} plays the same move in "
            f"{same}, and a move after which a line still wins in {kept} (the rule of "
            f"thumb's move in {ruled} of them).",
        ]
    out += [
        "",
        "Pauses, each counted once: placed while the deck had cards, placed over a card it",
        "buried, placed with the deck empty over nothing, or never placed (held or in the",
        "deck at the end):",
        "",
        _row(
            [
                "games",
                "count",
                "placed, deck not empty",
                "buried a card",
                "over nothing",
                "held",
                "in the deck",
            ]
        ),
        _row(["---"] * 7),
    ]
    for name, part in (("won", [g for g in games if g.won]), ("lost", lost)):
        out.append(
            _row(
                [
                    name,
                    len(part),
                    sum(g.early for g in part),
                    sum(g.buried for g in part),
                    sum(g.bare for g in part),
                    sum(g.held for g in part),
                    sum(g.in_deck for g in part),
                ]
            )
        )
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.research.losses", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100, help="deals, seeds F..F+N-1 (default 100)")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--pauses", type=int, default=2, help="difficulty by pauses (default 2: Standard)")
    ap.add_argument("--policy", default="hint", help="the player (default hint: the device budget)")
    ap.add_argument("--check", help="another player to ask at each turning point (e.g. hint10)")
    ap.add_argument("--limit", type=int, default=solver.LIMIT, help="solver nodes a position")
    ap.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one a core)"
    )
    args = ap.parse_args(argv)
    why = check_options(args)
    if why:
        print(why, file=sys.stderr)
        return 2
    print(report(analyse(args), args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
