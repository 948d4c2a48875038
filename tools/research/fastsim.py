"""The solo hint engine at host speed: tools/research/fastsim.c, built and run with the firmware's weights.

    python -m tools.research.fastsim [--policy hint] [--deals 1000] [--first 1] [--pauses 2]
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

    python -m tools.research.fastsim --fit-outlook

fits the hint engine's outlook tables (level10.outlook) on the rule of thumb's games of
deals FIT_FIRST.. at each difficulty and rewrites firmware/level10/outlook_p0-3.py:
run it after changing the rule of thumb (the tables forecast how its games end).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tools" / "research" / "fastsim.c"
BINARY = ROOT / "build" / "fastsim"
HEURISTIC = ROOT / "firmware" / "level10" / "heuristic.py"
HINT = ROOT / "firmware" / "level10" / "hint.py"
OUTLOOK_DIR = ROOT / "firmware" / "level10"  # outlook_p0.py .. outlook_p3.py
# what `--fit-outlook` learns from: the rule of thumb's games of these deals, at each
# difficulty (far from the bench's deals 1-1000 and the screening sets used so far)
FIT_FIRST = 1000001
FIT_DEALS = 200000
FIT_EPOCHS = 6
POLICIES = ("rule", "hint", "nest")
# weights for what teammates said: solo games never use them, and the C port is solo only
_TEAM_ONLY = ("W_ASKED_RESET", "W_ASKED_PLAY")
# the `nest` diagnostic's own settings (no firmware counterpart; defaults in the C source)
NEST_NAMES = ("L2_DEALS", "L2_UNTIL", "L2_LEAD", "L2_INNER", "L2_SURE")

_CONST = re.compile(r"^(_?[A-Z][A-Z_]*) = const\((-?\d+)\)", re.M)
# hint.py's constants that the C search reads, by their C names
_HINT_NAMES = {
    "BUDGET": "BUDGET",
    "_SURE": "SURE",
    "_MAX_CANDIDATES": "MAX_CANDIDATES",
    "_FEW_DEALS": "FEW_DEALS",
    "_PART": "PART",
    "_WIN_BONUS": "WIN_BONUS",
    "_LOOK_COLUMNS": "LOOK_COLUMNS",
    "_LOOK_COST": "LOOK_COST",
}


class FastsimError(Exception):
    """The binary could not be built or refused its arguments; str() says why."""


def firmware_params(outlook=True):
    """{C name: value} of the firmware's weights and search constants, from their source,
    and (`outlook`) OUTLOOK: the path of its outlook tables written for the binary."""
    out = {}
    for m in _CONST.finditer(HEURISTIC.read_text()):
        if m.group(1).startswith("_W_") and m.group(1)[1:] not in _TEAM_ONLY:
            out[m.group(1)[1:]] = int(m.group(2))
    found = {m.group(1): int(m.group(2)) for m in _CONST.finditer(HINT.read_text())}
    for py, c in _HINT_NAMES.items():
        if py not in found:
            raise FastsimError("hint.py has no constant " + py + ": update tools/research/fastsim.py")
        out[c] = found[py]
    if outlook:
        out["OUTLOOK"] = str(outlook_file())
    return out


def table_path(pauses):
    """The source file of the outlook's tables for a difficulty (0-3 pauses)."""
    return OUTLOOK_DIR / ("outlook_p%d.py" % pauses)


def load_table(pauses, path=None):
    """The firmware's outlook tables for `pauses` as a module, read from its source file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("outlook_p%d" % pauses, path or table_path(pauses))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _words(b):
    """Two-byte little-endian entries stored + 32768, as ints."""
    return [(b[i] | b[i + 1] << 8) - 32768 for i in range(0, len(b), 2)]


def outlook_file(path=None):
    """The firmware's outlook tables written as the binary reads them (OUTLOOK=path): per
    difficulty a "win score" line per table term, then the sigmoid; the path."""
    path = Path(path or BINARY.with_name("outlook.txt"))
    lines = []
    for p in range(4):
        t = load_table(p)
        for w, s in zip(_words(t.WIN), _words(t.SCORE)):
            lines.append("%d %d" % (w, s))
    lines += [str(x) for x in _words(_firmware_sigmoid())]
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        tmp = path.with_name(path.name + ".%d" % os.getpid())
        tmp.write_text(text)
        os.replace(tmp, path)  # tests in parallel may write it at once
    return path


def _firmware_sigmoid():
    """level10.outlook's SIGMOID, read from its source (it is a literal there)."""
    import ast

    text = (OUTLOOK_DIR / "outlook.py").read_text()
    start = text.index("SIGMOID = (") + len("SIGMOID = ")
    return ast.literal_eval(text[start : text.index("\n)", start) + 2])


def _pack(words):
    return bytes(b for w in words for b in ((w + 32768) & 255, (w + 32768) >> 8))


def _literal(b):
    """A bytes literal over several source lines, 24 bytes a line."""
    rows = ["    " + repr(b[i : i + 24]) for i in range(0, len(b), 24)]
    return "(\n" + "\n".join(rows) + "\n)"


def fit_outlook(first=FIT_FIRST, deals=FIT_DEALS, epochs=FIT_EPOCHS, jobs=2, binary=BINARY):
    """{pauses: the source of firmware/level10/outlook_p<pauses>.py}, fitted by the binary
    on the rule of thumb's games of deals first..first+deals-1 at each difficulty."""
    params = firmware_params(outlook=False)
    params["EPOCHS"] = epochs
    last = first + deals - 1
    with ThreadPoolExecutor(max(1, jobs)) as ex:
        fits = list(ex.map(lambda p: run("fit", p, first, last, params, binary), range(4)))
    out = {}
    for p, lines in enumerate(fits):
        pairs = [line.split() for line in lines]
        text = [
            '"""Outlook tables, %d pauses (level10.outlook): made by `python -m tools.research.fastsim'
            ' --fit-outlook` from deals %d-%d; do not edit."""' % (p, first, last),
            "",
            "# fitted on the rule of thumb's games at this difficulty, sampled where a column",
            "# starts with cards in the deck (%d passes; see tools/research/fastsim.c, fit). One entry per" % epochs,
            "# table term (level10.outlook), two bytes each, little-endian, plus 32768: the",
            "# log-odds of a win in 64ths",
            "WIN = " + _literal(_pack(int(a) for a, _ in pairs)),
            "# ... the score in 16ths of a point",
            "SCORE = " + _literal(_pack(int(b) for _, b in pairs)),
        ]
        out[p] = "\n".join(text) + "\n"
    return out


def build(binary=BINARY):
    """Compile tools/research/fastsim.c into `binary` unless it is newer than the source; the path."""
    binary = Path(binary)
    if binary.exists() and binary.stat().st_mtime >= SOURCE.stat().st_mtime:
        return binary
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise FastsimError("no C compiler found (set CC, or install gcc)")
    binary.parent.mkdir(parents=True, exist_ok=True)
    tmp = binary.with_name(binary.name + ".part")
    done = subprocess.run([cc, "-O2", "-o", str(tmp), str(SOURCE), "-lm"], capture_output=True, text=True)
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
    ap = argparse.ArgumentParser(prog="python -m tools.research.fastsim", description=__doc__.split("\n\n")[0])
    ap.add_argument("--policy", choices=POLICIES, default="hint")
    ap.add_argument("--deals", type=int, default=1000, help="deals, seeds F..F+N-1 (default 1000)")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--pauses", type=int, choices=range(4), default=2, help="0-3 (default 2: Standard)")
    ap.add_argument("--set", type=parse_set, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    ap.add_argument(
        "--fit-outlook",
        action="store_true",
        help="fit the outlook's tables on the rule of thumb's games; rewrite level10/outlook_p0-3.py",
    )
    args = ap.parse_args(argv)
    if args.fit_outlook:
        try:
            build()
            text = fit_outlook(jobs=args.jobs)
        except FastsimError as e:
            print("fastsim:", e, file=sys.stderr)
            return 1
        for p, source in text.items():
            table_path(p).write_text(source)
            print("wrote", table_path(p).relative_to(ROOT))
        return 0
    if args.deals < 1 or args.first < 0 or args.first + args.deals - 1 > 0xFFFFFFFF:
        ap.error("deals must be at least 1, and seeds 0 to 4294967295")
    known = sorted(firmware_params(outlook=False)) + list(NEST_NAMES)
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
