"""A game's peak live heap were the firmware frozen into the MicroPython image, estimated
under the runner.

    python -m tools.research.frozen [--board oled_128x64] [--game level10 --game level8 ...]
    python -m tools.research.frozen --imports [--board B]   # a chooser's close: imports, bodies

A frozen module's bytecode, constants and names stay in flash: its import makes in RAM
only what its body makes when it runs (the module's globals, its function and class
objects, the data it builds). The runner cannot freeze modules, so this plays the bench's
game (pad 0) with two changes to the harness, each before its baseline:

- every firmware module is imported once, so that each name the firmware's code interns
  is interned before the baseline and left out of the figures, as a frozen image keeps
  them in flash (names made at run time, the font's characters say, still count);
- each module is then weighed, one measurement a step (the runner collects garbage only
  between steps): its import again, its names interned already (its code and what its
  body makes: `load`), and its body alone, its source compiled first and then run into a
  fresh dict (`body`). Then all are let go, and the game starts as the bench's does.

Between keys, each loaded module's code (load less body) is taken off the live heap; the
estimate is the highest of those figures. A module let go but still held (a stale word,
a closure) keeps its code in the figure: the estimate errs high there.

`--imports` times what a frozen image would save of a key's time: each module that OK on
a chooser loads on the OLED, imported from its .mpy and its body alone (all a frozen
module's import runs; its file is not read, nor its code loaded, nor its names looked up).
"""

import argparse
import ast
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The weighing, a step each; FROZEN["cut"] is then each module's code in bytes.
_WEIGH = r"""
FROZEN = {"mods": None, "done": False, "cut": None, "peak": 0, "at": 0, "code": 0}
FROZEN_LOAD = {}


def _frozen_modules():
    import os

    def walk(d, pkg, out):
        for name in sorted(os.listdir(d)):
            p = d + "/" + name
            if os.stat(p)[0] & 0x4000:
                walk(p, pkg + name + ".", out)
            elif name.endswith(".mpy"):
                m = name[:-4]
                out.append((pkg[:-1] if m == "__init__" else pkg + m, p[3:-4] + ".py"))
        return out

    return [(m, p) for m, p in walk("/fw", "", []) if m not in ("main", "board")]


def _frozen_step():
    F = FROZEN
    if F["mods"] is None:
        F["mods"] = _frozen_modules()
        for m, _ in F["mods"]:
            __import__(m)
        # every module held, so that what an import lets go (level8.game lets the board's
        # rules go) frees nothing while the next is weighed; the list made whole now, as
        # its growing would be weighed with the module imported then
        n = len(F["mods"])
        old = [None] * (3 * n)
        for i in range(n):
            old[i] = sys.modules.get(F["mods"][i][0])
        F.update(k=0, part=0, old=old)
        return
    if F["k"] == len(F["mods"]):
        for m, _ in F["mods"]:
            sys.modules.pop(m, None)
        F["cut"] = {m: FROZEN_LOAD[m][0] - FROZEN_LOAD[m][1] for m in FROZEN_LOAD}
        F.update(old=None, c=None, g=None, done=True)
        return
    m, src = F["mods"][F["k"]]
    part = F["part"]
    now = gc.mem_alloc()
    if part == 0:  # the module imported again: its names are interned already
        F["a"] = now
        at = len(F["mods"]) + 2 * F["k"]
        F["old"][at] = sys.modules.pop(m, None)
        __import__(m)
        F["old"][at + 1] = sys.modules.get(m)
    elif part == 1:  # that import weighed; its source compiled, to run its body alone
        F["load"] = now - F["a"]
        with open("/lib/src" + src) as f:
            F["c"] = compile(f.read(), m, "exec")
    elif part == 2:  # its body run into a fresh dict: what a frozen module's import makes
        F["a"] = now
        F["g"] = {"__name__": m}
        exec(F["c"], F["g"])
    else:  # and weighed
        FROZEN_LOAD[m] = (F["load"], now - F["a"])
        F.update(c=None, g=None, k=F["k"] + 1, part=0)
        return
    F["part"] = part + 1


def _frozen_key(now_live):
    F = FROZEN
    code = 0
    for m in sys.modules:
        code += F["cut"].get(m, 0)
    if now_live - code > F["peak"]:
        F.update(peak=now_live - code, at=S["i"], code=code)

"""


def program(keys, board, ticks):
    """The bench's program for `keys` on `board`, with the weighing before its baseline and
    the estimate between keys; its result has "frozen" (peak, key, code taken off there) and
    "load" ({module: (load, body)})."""
    from tools import apprun

    p = apprun.program(keys, board, ticks=ticks)
    p = p.replace("\ndef STEP():\n", "\n" + _WEIGH + "\ndef STEP():\n", 1)
    base = "        if MICRO:  # the names interned before the baseline (see _result)\n"
    key = '    if now_live > R["peak"]:\n'
    out = "    print(repr(R))\n"
    for old in (base, key, out):
        if old not in p:
            raise RuntimeError("tools/apprun.py's program changed: %r is not in it" % old)
    p = p.replace(
        base,
        '        if not FROZEN["done"]:\n            _frozen_step()\n            return True\n' + base,
        1,
    )
    p = p.replace(key, '    if S["phase"] >= 2:\n        _frozen_key(now_live)\n' + key, 1)
    p = p.replace(
        out,
        '    R["frozen"] = (FROZEN["peak"], FROZEN["at"], FROZEN["code"])\n'
        '    R["load"] = FROZEN_LOAD\n' + out,
        1,
    )
    return p


def estimate(board, game, keys=None):
    """{"frozen": peak, "at": its key, "code": the code taken off there, "peak": the
    runner's peak with every name interned before the baseline, "load": {module: (load,
    body)}} for the bench's game `game` (or `keys`) on `board`."""
    from tools import apprun, bench
    from tools import micropython as mpy

    if keys is None:
        keys = bench.game_keys(game, board)
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as lib:
        apprun.stage(board, tmp)
        # the sources, where no import finds them (/fw's packages come first)
        shutil.copytree(ROOT / "firmware", Path(lib) / "src", ignore=shutil.ignore_patterns("__pycache__"))
        text = mpy.run(
            program(keys, board, game != "level10"),
            firmware_dir=tmp,
            lib_dirs=[mpy.HOST_SIM / "machine.py", lib],
            timeout=1200,
        )
    r = apprun._result(text)
    peak, at, code = r["frozen"]
    return {"frozen": peak, "at": at, "code": code, "peak": r["peak"], "load": r["load"]}


# the modules OK on a chooser loads on the OLED (tools.l8round key: the table again, the
# move's rules, its save)
CLOSE = (
    "app.level8.entry",
    "app.level8.play",
    "ui.level8.mono",
    "app.level8.turn",
    "level8.game",
    "level8.rules",
    "app.level8.saves",
)

_TIMES = r"""
for m in MODULES:
    __import__(m)


def _least(fn, n=20):
    best = 1e9
    for _ in range(5):
        t0 = cpu_us()
        for _ in range(n):
            fn()
        best = min(best, (cpu_us() - t0) / n)
    return best


TIMES = []
for m in MODULES:
    with open("/lib/src/" + m.replace(".", "/") + ".py") as f:
        code = compile(f.read(), m, "exec")

    def again():
        sys.modules.pop(m, None)
        __import__(m)

    TIMES.append((m, _least(again), _least(lambda: exec(code, {"__name__": m}))))
print("TIMES", repr((TIMES, 15.4 / min(LOOPS))))
"""


def import_times(board, modules=CLOSE):
    """([(module, import µs, body µs)], Pico-to-runner ratio): each module's import from
    its .mpy and its body alone, run again and again in the runner (the least of 5 rounds
    of 20), as tools.l8round times a key's parts."""
    from tools import apprun, l8round
    from tools import micropython as mpy

    prog = "import sys\nMODULES = %r\n" % (list(modules),) + l8round.COMMON + _TIMES
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as lib:
        apprun.stage(board, tmp)
        shutil.copytree(ROOT / "firmware", Path(lib) / "src", ignore=shutil.ignore_patterns("__pycache__"))
        text = mpy.run(prog, firmware_dir=tmp, lib_dirs=[mpy.HOST_SIM / "machine.py", lib], timeout=600)
    for line in text.splitlines():
        if line.startswith("TIMES "):
            return ast.literal_eval(line[len("TIMES ") :])
    raise RuntimeError("no times in the run's output")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.research.frozen", description=__doc__.splitlines()[0])
    ap.add_argument("--board", action="append", help="default: oled_128x64")
    ap.add_argument("--game", action="append", choices=("level10", "level8", "board"))
    ap.add_argument(
        "--imports",
        action="store_true",
        help="time the imports of a chooser's close against their bodies instead",
    )
    args = ap.parse_args(argv)
    if args.imports:
        for board in args.board or ["oled_128x64"]:
            rows, ratio = import_times(board)
            print(f"{board}: import from .mpy / body alone, runner µs (Pico ms at ratio {ratio:.1f})")
            for m, whole, body in rows + [("together", sum(r[1] for r in rows), sum(r[2] for r in rows))]:
                print(
                    f"  {m:<20} {whole:7.1f} / {body:6.1f} µs  ({whole * ratio / 1000:5.1f} / {body * ratio / 1000:4.1f} ms)"
                )
        return 0
    print(
        "| game | board | the runner's peak, names before the baseline | frozen (estimate) | at key | code taken off there |"
    )
    print("|---|---|---|---|---|---|")
    for game in args.game or ("level10", "level8", "board"):
        for board in args.board or ["oled_128x64"]:
            e = estimate(board, game)
            print(
                f"| {game} | `{board}` | {e['peak']:,} | {e['frozen']:,} | {e['at']} | {e['code']:,} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
