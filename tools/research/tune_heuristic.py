"""Tune the rule-of-thumb player's weights by playing seeded deals.

    python -m tools.research.tune_heuristic [--deals 2000] [--rounds 200] [--pauses 2] [--seed 1]

The weights are the `_W_...= const(N)` lines of firmware/level10/heuristic.py. Each
round changes one weight by a small step; the change is kept when the player then wins
more of deals 1..N (mean score breaks ties). The best weights and their win rate on
deals 1..N and on N fresh deals (100001..) are printed, to be copied into the firmware by
hand: the firmware keeps them as constants (no tables to look up in the hot loop). It
runs the source with changed constants under CPython, where `const` is the identity.
"""

import argparse
import multiprocessing
import random
import re
import sys
import types
from pathlib import Path

import host_sim  # noqa: F401  (firmware/ on sys.path)
from level10 import rules
from level10.game import Game

SOURCE = Path(__file__).resolve().parents[2] / "firmware" / "level10" / "heuristic.py"
WEIGHT = re.compile(r"^(_W_[A-Z_]+) = const\((-?\d+)\)", re.M)


def weights(text):
    """{name: value} of the weights in heuristic.py's source."""
    return {m.group(1): int(m.group(2)) for m in WEIGHT.finditer(text)}


def player(text, changed):
    """The heuristic module built from `text` with the weights in `changed`."""
    src = WEIGHT.sub(lambda m: f"{m.group(1)} = const({changed.get(m.group(1), m.group(2))})", text)
    mod = types.ModuleType("heuristic_tuned")
    exec(compile(src, str(SOURCE), "exec"), mod.__dict__)
    return mod


_CACHE = {}


def play(job):
    """(won, score) of one deal for weights `w` (a tuple of items)."""
    w, pauses, seed = job
    mod = _CACHE.get(w)
    if mod is None:
        mod = _CACHE[w] = player(SOURCE.read_text(), dict(w))
    s = Game(1, pauses, seed=seed).state
    while s[rules.AT_STATUS] == rules.PLAYING:
        rules.apply(s, mod.choose(s))
    return s[rules.AT_STATUS] == rules.WON, rules.score(s)


def measure(pool, w, pauses, seeds):
    res = pool.map(play, [(tuple(sorted(w.items())), pauses, s) for s in seeds], chunksize=64)
    return sum(r[0] for r in res) / len(res), sum(r[1] for r in res) / len(res)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--pauses", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="of the search's own choices")
    args = ap.parse_args(argv)
    w = weights(SOURCE.read_text())
    rnd = random.Random(args.seed)
    seeds = range(1, args.deals + 1)
    # "nothing playable" must stay dominant; what teammates asked for never matters solo
    names = [n for n in w if n != "_W_NOLIVE" and not n.startswith("_W_ASKED")]
    with multiprocessing.Pool() as pool:
        best = measure(pool, w, args.pauses, seeds)
        print("start", best, w, flush=True)
        for i in range(args.rounds):
            name = rnd.choice(names)
            trial = dict(w)
            trial[name] += rnd.choice((-2, -1, 1, 2)) * max(1, abs(w[name]) // 3)
            got = measure(pool, trial, args.pauses, seeds)
            if got > best:
                w, best = trial, got
                print(i, "better:", name, "=", trial[name], got, flush=True)
        fresh = measure(pool, w, args.pauses, range(100001, 100001 + args.deals))
    print("weights:", w)
    print(f"won {best[0]:.1%} of deals 1..{args.deals} (mean score {best[1]:.1f}),")
    print(f"{fresh[0]:.1%} of deals 100001..{100000 + args.deals} (mean score {fresh[1]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
