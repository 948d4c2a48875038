"""The solo hint engine at host speed: tools/fastsim.c, built and run with the firmware's weights.

    python -m tools.fastsim [--policy hint] [--deals 1000] [--first 1] [--pauses 2]
                            [--set NAME=VALUE ...] [--jobs 2]

plays deals F..F+N-1 (the AI bench's deals: `Game(1, pauses, seed=n)`) with the C port
of the solo engine and prints the wins and the mean score. It is the same player as the
bench's (tests/test_fastsim.py checks that a seeded game is the same, move for move),
about a hundred times as fast, so a change to the search can be screened on thousands of
deals before it is written in Python and measured by `tools.bench ai`. Research only:
nothing here reaches the device, and the bench's figures come from the Python engine.

The weights (`_W_...` in firmware/level10/heuristic.py) and the search's constants
(hint.py) are read from the firmware's source and passed to the binary, so a changed
weight needs no change here; `--set NAME=VALUE` overrides one for an experiment (e.g.
`--set BUDGET=5000` for ten times the budget). Policies: `rule` (the rule of thumb
alone), `hint`, and `nest`, a diagnostic whose candidates are judged by play-outs of the
hint engine itself (see the C source). Needs a C compiler (`cc`); the binary is built
into build/ when the source is newer.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "fastsim.c"
BINARY = ROOT / "build" / "fastsim"
HEURISTIC = ROOT / "firmware" / "level10" / "heuristic.py"
HINT = ROOT / "firmware" / "level10" / "hint.py"
POLICIES = ("rule", "hint", "nest")
# weights for what teammates said: solo games never use them, and the C port is solo only
_TEAM_ONLY = ("W_ASKED_RESET", "W_ASKED_PLAY")
# the `nest` diagnostic's own settings (no firmware counterpart; defaults in the C source)
NEST_NAMES = ("L2_DEALS", "L2_UNTIL", "L2_LEAD", "L2_INNER")

_CONST = re.compile(r"^(_?[A-Z][A-Z_]*) = const\((-?\d+)\)", re.M)
# hint.py's constants that the C search reads, by their C names
_HINT_NAMES = {
    "BUDGET": "BUDGET",
    "LEAD": "LEAD",
    "_MAX_CANDIDATES": "MAX_CANDIDATES",
    "_FEW_DEALS": "FEW_DEALS",
    "_PART": "PART",
    "_WIN_BONUS": "WIN_BONUS",
}


class FastsimError(Exception):
    """The binary could not be built or refused its arguments; str() says why."""


def firmware_params():
    """{C name: value} of the firmware's weights and search constants, from their source."""
    out = {}
    for m in _CONST.finditer(HEURISTIC.read_text()):
        if m.group(1).startswith("_W_") and m.group(1)[1:] not in _TEAM_ONLY:
            out[m.group(1)[1:]] = int(m.group(2))
    found = {m.group(1): int(m.group(2)) for m in _CONST.finditer(HINT.read_text())}
    for py, c in _HINT_NAMES.items():
        if py not in found:
            raise FastsimError("hint.py has no constant " + py + ": update tools/fastsim.py")
        out[c] = found[py]
    return out


def build(binary=BINARY):
    """Compile tools/fastsim.c into `binary` unless it is newer than the source; the path."""
    binary = Path(binary)
    if binary.exists() and binary.stat().st_mtime >= SOURCE.stat().st_mtime:
        return binary
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise FastsimError("no C compiler found (set CC, or install gcc)")
    binary.parent.mkdir(parents=True, exist_ok=True)
    tmp = binary.with_name(binary.name + ".part")
    done = subprocess.run([cc, "-O2", "-o", str(tmp), str(SOURCE)], capture_output=True, text=True)
    if done.returncode:
        raise FastsimError("building fastsim failed:\n" + done.stderr)
    os.replace(tmp, binary)  # never a half-written binary under the real name
    return binary


def run(policy, pauses, first, last, params, binary=BINARY):
    """The binary's output lines for deals first..last."""
    args = [str(binary), policy, str(pauses), str(first), str(last)]
    args += [k + "=" + str(v) for k, v in sorted(params.items())]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode:
        raise FastsimError(done.stderr.strip() or "fastsim failed")
    return done.stdout.splitlines()


def play(policy, deals, first=1, pauses=2, changes=None, jobs=2, binary=BINARY):
    """(wins, total score) of deals first..first+deals-1, split over `jobs` processes."""
    params = firmware_params()
    for k, v in (changes or {}).items():
        params[k] = v
    jobs = max(1, min(jobs, deals))
    bounds = [first + deals * j // jobs for j in range(jobs + 1)]
    with ThreadPoolExecutor(jobs) as ex:
        outs = list(
            ex.map(lambda j: run(policy, pauses, bounds[j], bounds[j + 1] - 1, params, binary), range(jobs))
        )
    wins = score = 0
    for lines in outs:
        words = lines[-1].split()  # "wins W of N score S"
        wins += int(words[1])
        score += int(words[5])
    return wins, score


def parse_set(text):
    name, sep, value = text.partition("=")
    if not sep or not re.fullmatch(r"-?\d+", value):
        raise argparse.ArgumentTypeError("expected NAME=INTEGER, got " + repr(text))
    return name, int(value)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.fastsim", description=__doc__.split("\n\n")[0])
    ap.add_argument("--policy", choices=POLICIES, default="hint")
    ap.add_argument("--deals", type=int, default=1000, help="deals, seeds F..F+N-1 (default 1000)")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--pauses", type=int, choices=range(4), default=2, help="0-3 (default 2: Standard)")
    ap.add_argument("--set", type=parse_set, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.first < 0 or args.first + args.deals - 1 > 0xFFFFFFFF:
        ap.error("deals must be at least 1, and seeds 0 to 4294967295")
    known = sorted(firmware_params()) + list(NEST_NAMES)
    for name, _ in args.set:
        if name not in known:
            ap.error("unknown constant " + name + "; known: " + ", ".join(known))
    try:
        build()
        wins, score = play(args.policy, args.deals, args.first, args.pauses, dict(args.set), args.jobs)
    except FastsimError as e:
        print("fastsim:", e, file=sys.stderr)
        return 1
    n = args.deals
    print(
        f"{args.policy}, {args.pauses} pauses, deals {args.first}-{args.first + n - 1}: "
        f"{wins}/{n} won ({100 * wins / n:.1f}%), mean score {score / n:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
