"""A game's peak live heap on a Pico, its interned names counted as a Pico would intern them.

    python -m tools.research.pico_names [--board oled_128x64] [--game level10 --game level8 ...]

MicroPython keeps interned names (qstrs) in pools that are never freed, each new pool twice
the last. `tools.bench heap` weighs the firmware from a baseline taken after the harness's
own program is compiled, so the names the harness interns first, and the pools they fill,
are left out of its figures. On a Pico the firmware starts the pools itself. Its dynamic
pools grow from 20 names as the runner's do: a firmware image with frozen modules sets their
pool's size to at most 10 (mpy-tool), so the first pool made at run time holds 20.

This plays the bench's game (pad 0), lists the names before the baseline and at the end
(`micropython.qstr_info(1)`), and reads the qstr table of every deployed .mpy module the
game loaded (a second run notes them). Names the harness interned first but that those modules use too (less the
stand-in machine's, which a Pico has built in) are interned by the firmware on a Pico. The
estimate is the runner's peak, plus the pools a Pico makes for the firmware's names less
those the runner made after the baseline, plus those shared names' text, less what the
modules' paths are shorter on a Pico: MicroPython interns each module's `__file__`, which
the runner reads from /fw/ (`level8/board.mpy` as `/fw/level8/board.mpy`), a Pico from the
top of its file system, sys.path's first entry being "" there. Names that one runtime has
built in and the other does not (the rp2 port's own) are not known here.
"""

import argparse
import ast
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pools_bytes(names):
    """Bytes of the pools that hold `names` names: 20 in the first, each next twice the last,
    each a 24-byte header and 7 bytes a name in 16-byte heap blocks (as the runner's
    `qstr_info` sizes them: 176, 304, 592, ... B)."""
    total = have = 0
    cap = 20
    while have < names:
        total += (24 + 7 * cap + 15) // 16 * 16
        have += cap
        cap *= 2
    return total


def _uint(b, i):
    v = 0
    while True:
        x = b[i]
        i += 1
        v = (v << 7) | (x & 0x7F)
        if not x & 0x80:
            return v, i


def mpy_names(data):
    """The names a .mpy file interns when it loads: its qstr table less the static entries."""
    if data[:1] != b"M":
        raise ValueError("not a .mpy file")
    n, i = _uint(data, 4)
    _, i = _uint(data, i)  # the constant objects that follow
    out = []
    for _ in range(n):
        ln, i = _uint(data, i)
        if ln & 1:  # a name the runtime has built in
            continue
        ln >>= 1
        out.append(data[i : i + ln].decode())
        i += ln + 1
    return out


def machine_names():
    """The stand-in machine's names (host_sim/machine.py): the API a Pico has built in."""
    out = set()
    for node in ast.walk(ast.parse((ROOT / "host_sim" / "machine.py").read_text())):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out.add(t.id)
                elif isinstance(t, ast.Attribute):
                    out.add(t.attr)
    return out


# the second run's import hook: `from a import b` imports a.b without asking __import__ again
_SEEN = """
import builtins
SEEN = set()
_real_import = builtins.__import__


def _noted_import(name, g=None, l=None, fromlist=(), level=0):
    SEEN.add(name)
    if isinstance(fromlist, (tuple, list)):  # MicroPython may pass a bool
        for part in fromlist:
            SEEN.add(name + "." + part)
    return _real_import(name, g, l, fromlist, level)


builtins.__import__ = _noted_import
"""


FW = "/fw/"  # where the runner copies the firmware (tools/mpy_runner.mjs)


def paths_longer(names):
    """Bytes by which interned `names` that are the runner's module paths are longer than
    a Pico's paths of the same modules."""
    return len(FW) * sum(1 for q in names if q.startswith(FW))


def _dumps(text):
    """Each qstr_info(1) of a run: (its head line, the names it listed)."""
    out = []
    for line in text.splitlines():
        if line.startswith("qstr pool:"):
            out.append((line, []))
        elif line.startswith("Q(") and out:
            out[-1][1].append(line[2:-1])
    return out


def estimate(board, game):
    import host_sim  # noqa: F401  (puts firmware/ on sys.path, as on the Pico: the keys are found under CPython)
    from tools import apprun, bench
    from tools import micropython as mpy

    keys = bench.game_keys(game, board)
    prog = apprun.program(keys, board, ticks=game != "level10")
    names = prog.replace("micropython.qstr_info()", "micropython.qstr_info(1)")
    # a second run notes every module imported, even one let go within its key (which moves
    # its heap, so not the first run's)
    seen = prog.replace("\ndef STEP():\n", "\n" + _SEEN + "\n\ndef STEP():\n", 1)
    seen = seen.replace("    print(repr(R))", '    R["seen"] = sorted(SEEN)\n    print(repr(R))', 1)
    with tempfile.TemporaryDirectory() as tmp:
        apprun.stage(board, tmp)
        modules = {}
        for p in Path(tmp).rglob("*.mpy"):
            parts = list(p.relative_to(tmp).with_suffix("").parts)
            if parts[-1] == "__init__" and len(parts) > 1:
                parts.pop()
            modules[".".join(parts)] = mpy_names(p.read_bytes())
        run = lambda p: mpy.run(p, firmware_dir=tmp, lib_dirs=[mpy.HOST_SIM / "machine.py"], timeout=900)  # noqa: E731
        text = run(names)
        loaded = apprun._result(run(seen))["seen"]
    r = apprun._result(text)
    dumps = _dumps(text)
    (_, before), (_, after) = dumps[0], dumps[-1]
    used = set()
    for m in loaded:
        used.update(modules.get(m, ()))
    builtin = machine_names()
    shared = [q for q in before if q in used and q not in builtin]
    firmware = len(after) - len(before)
    runner = pools_bytes(len(before) + firmware) - pools_bytes(len(before))
    pico = pools_bytes(firmware + len(shared))
    text_bytes = sum(len(q) + 1 for q in shared)
    had = set(before)
    longer = paths_longer(q for q in after if q not in had)
    return {
        "peak": r["peak"],
        "harness": len(before),
        "firmware": firmware,
        "shared": len(shared),
        "runner_pools": runner,
        "pico_pools": pico,
        "shared_text": text_bytes,
        "paths": longer,
        "pico_peak": r["peak"] - runner + pico + text_bytes - longer,
        "last_pool_from": _last_pool_from(firmware + len(shared)),
    }


def _last_pool_from(names):
    """The first name of the pool that holds the last of `names` names."""
    have, cap = 0, 20
    while have + cap < names:
        have += cap
        cap *= 2
    return have + 1


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.research.pico_names", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--board", action="append", help="default: oled_128x64")
    ap.add_argument("--game", action="append", choices=("level10", "level8", "board"))
    args = ap.parse_args(argv)
    print(
        "| game | board | runner's peak | names: harness's / firmware's / shared | pools after the baseline "
        "| a Pico's pools | shared names' text | paths' text less | a Pico (estimate) | its last pool from name |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game in args.game or ("level10", "level8", "board"):
        for board in args.board or ["oled_128x64"]:
            e = estimate(board, game)
            print(
                f"| {game} | `{board}` | {e['peak']:,} | {e['harness']} / {e['firmware']} / {e['shared']} "
                f"| {e['runner_pools']:,} | {e['pico_pools']:,} | {e['shared_text']:,} | {e['paths']:,} "
                f"| {e['pico_peak']:,} "
                f"| {e['last_pool_from']:,} (of {e['firmware'] + e['shared']:,}) |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
