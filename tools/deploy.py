"""Put the game on a Pico: compile the firmware, add the board profile, copy it with mpremote.

    python -m tools.deploy --board NAME [--port PORT] [--dry-run] [--lines] [--mpremote CMD]

Stages everything in build/deploy/NAME: each firmware module compiled to .mpy by mpy-cross
(tools/build.py; without line numbers unless --lines: see there), except main.py, kept as
source because MicroPython runs main.py at boot, and the board profile boards/NAME.py
compiled to board.mpy (main.py does `import board`). --dry-run lists those files with
their sizes and the total, and touches no device.

Otherwise three mpremote runs (PORT defaults to mpremote's `auto`, the first USB serial
device it finds):
  1. `connect PORT exec PREP`: checks that the Pico's MicroPython loads this .mpy version,
     creates the folders, and removes the .py files that would shadow a new .mpy (a .py wins
     over a .mpy of the same name) and the modules a previous deploy left in our folders.
     Nothing else is touched: saves and other user files stay.
  2. `connect PORT fs cp FILE :PATH + ...`: copies every file; mpremote skips a file whose
     copy on the Pico is already identical.
  3. `connect PORT reset`: restarts the Pico, which then runs main.py. (mpremote's
     soft-reset resets in raw-REPL mode, in which MicroPython skips main.py.)

The mpremote command is --mpremote CMD, else $MPREMOTE, else `mpremote` on PATH or next to
this Python, else `python -m mpremote`. Exit status: 0 done, 2 bad arguments or unknown
board or a profile with problems, 1 a build failure or no mpremote, else mpremote's own
status when a step on the device fails.
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from tools import build

REPO = build.REPO
FIRMWARE = build.FIRMWARE
STAGE_ROOT = REPO / "build" / "deploy"
MAIN = "main.py"
# Printed by the PREP script before anything else: this marker, then the .mpy version the
# Pico loads and its MicroPython version.
MARK = "L10-DEPLOY"


class DeployError(RuntimeError):
    """A step failed; str() says what to do, `.status` is the exit status to use."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


def stage(board_name, out_dir=None, firmware_dir=FIRMWARE, lines=False):
    """Build the files for `board_name` in `out_dir` (default build/deploy/NAME), emptied first;
    `lines` keeps the modules' line numbers (build.compile_file).

    Returns (profile module, [(path relative to out_dir as posix str, size in bytes)]) in
    copy order: files at the top, then folder by folder. Raises boards.UnknownBoard,
    DeployError (profile problems, no main.py) or build.CompileError."""
    import boards

    profile = boards.load(board_name)
    problems = boards.check(profile)
    if problems:
        raise DeployError("board %s has problems:\n  %s" % (board_name, "\n  ".join(problems)), status=2)
    firmware_dir = Path(firmware_dir)
    if not (firmware_dir / MAIN).is_file():
        raise DeployError(
            "%s is missing: there is nothing to start the app at power-up" % (firmware_dir / MAIN)
        )
    out_dir = Path(out_dir) if out_dir is not None else STAGE_ROOT / board_name
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)

    for src in build.sources(firmware_dir):
        rel = src.relative_to(firmware_dir)
        if rel.as_posix() == MAIN:
            shutil.copyfile(src, out_dir / MAIN)
        else:
            build.compile_file(
                src, out_dir / rel.with_suffix(".mpy"), name=build.module_name(rel), lines=lines
            )
    build.compile_file(profile.__file__, out_dir / "board.mpy", name="board", lines=lines)
    return profile, listing(out_dir)


def listing(out_dir):
    """[(posix path, size)] of every file under `out_dir`, top-level files first."""
    out_dir = Path(out_dir)
    files = [p for p in out_dir.rglob("*") if p.is_file()]
    rels = sorted((p.relative_to(out_dir) for p in files), key=lambda r: (len(r.parts) > 1, r.as_posix()))
    return [(r.as_posix(), (out_dir / r).stat().st_size) for r in rels]


def mpy_version(out_dir):
    """The .mpy format version (byte 1 of the header) of the staged .mpy files."""
    for path in sorted(Path(out_dir).rglob("*.mpy")):
        head = path.read_bytes()[:2]
        if len(head) == 2 and head[:1] == b"M":
            return head[1]
    raise DeployError("no .mpy file was built in %s" % out_dir)


def prep_script(names, mpy):
    """MicroPython code that checks the .mpy version, makes the folders and removes stale
    modules, printing MARK lines for the host to read."""
    dirs = sorted({f.rpartition("/")[0] for f in names if "/" in f}, key=lambda d: (d.count("/"), d))
    keep = {}
    for f in names:
        d, _, name = f.rpartition("/")
        if d:
            keep.setdefault(d, []).append(name)
    # At the top only the .py twins of our own .mpy modules go: the rest may be the user's.
    shadows = [f[:-4] + ".py" for f in names if "/" not in f and f.endswith(".mpy")]
    return "\n".join(
        [
            "import os, sys",
            "v = getattr(sys.implementation, '_mpy', 0) & 0xFF",
            "print(%r, v, '%%d.%%d.%%d' %% sys.implementation.version[:3])" % MARK,
            "if v == %d:" % mpy,
            "    def rm(p):",
            "        try:",
            "            os.remove(p)",
            "            print(%r, 'removed', p)" % MARK,
            "        except OSError:",
            "            pass",
            "    for d in %r:" % (dirs,),
            "        try:",
            "            os.mkdir(d)",
            "        except OSError:",
            "            pass",
            "    keep = %r" % (keep,),
            "    for d in keep:",
            "        for e in os.ilistdir(d):",
            "            n = e[0]",
            "            if e[1] == 0x8000 and n not in keep[d] and (n.endswith('.py') or n.endswith('.mpy')):",
            "                rm(d + '/' + n)",
            "    for p in %r:" % (shadows,),
            "        rm(p)",
        ]
    )


def copy_args(out_dir, names):
    """mpremote arguments that copy every staged file to the same path on the Pico."""
    args = []
    for rel in names:
        if args:
            args.append("+")
        args += ["fs", "cp", str(Path(out_dir) / rel), ":" + rel]
    return args


def find_mpremote(explicit=None):
    """The mpremote command as a list, or raise DeployError saying how to get it."""
    value = explicit or os.environ.get("MPREMOTE")
    if value:
        cmd = [value] if os.path.exists(value) else shlex.split(value)
        if cmd and (os.path.exists(cmd[0]) or shutil.which(cmd[0])):
            return cmd
        raise DeployError("mpremote command %r not found" % value)
    found = shutil.which("mpremote")
    if found:
        return [found]
    beside = Path(sys.executable).parent / ("mpremote.exe" if os.name == "nt" else "mpremote")
    if beside.exists():
        return [str(beside)]
    try:
        import mpremote  # noqa: F401
    except ImportError:
        raise DeployError(
            "mpremote not found: install the dev tools (`bash tools/dev.sh setup`, or "
            "`pip install mpremote`), or name it with --mpremote PATH or $MPREMOTE"
        )
    return [sys.executable, "-m", "mpremote"]


def _run(cmd, capture=False):
    try:
        return subprocess.run(cmd, capture_output=capture, text=True, check=False)
    except OSError as e:
        raise DeployError("cannot run %s: %s" % (cmd[0], e))


def push(mpremote, port, out_dir, files, log=print):
    """Copy the staged files (`files` as stage() returns them) to the Pico on `port` and
    restart it; DeployError on failure."""
    names = [rel for rel, _ in files]
    mpy = mpy_version(out_dir)
    where = "the Pico" if port == "auto" else "the Pico on %s" % port
    prep = _run([*mpremote, "connect", port, "exec", prep_script(names, mpy)], capture=True)
    if prep.returncode != 0:
        raise DeployError(
            "no MicroPython board answered %s (mpremote exited %d):\n%s\n"
            "Is the Pico plugged in with a data cable, running MicroPython (not in BOOTSEL mode), "
            "and not open in another program (Thonny, a serial terminal)? "
            "`mpremote connect list` shows the ports; pick one with --port."
            % (
                "on any USB serial port" if port == "auto" else "on " + port,
                prep.returncode,
                (prep.stdout + prep.stderr).strip(),
            ),
            status=prep.returncode,
        )
    marks = [line.split() for line in prep.stdout.splitlines() if line.startswith(MARK)]
    if not marks or len(marks[0]) < 2 or not marks[0][1].isdigit():
        raise DeployError("%s did not report its MicroPython version:\n%s" % (where, prep.stdout.strip()))
    device_mpy = int(marks[0][1])
    version = " ".join(marks[0][2:])
    if device_mpy != mpy:
        raise DeployError(
            "the Pico runs MicroPython %s, which loads .mpy version %d, but mpy-cross made version %d: "
            "flash MicroPython 1.20 or later, any 1.2x (see the README), or install an mpy-cross that "
            "matches the Pico" % (version or "?", device_mpy, mpy)
        )
    log("%s runs MicroPython %s" % (where, version))
    for m in marks[1:]:
        if m[1:2] == ["removed"]:
            log("removed stale :%s" % m[2])
    copy = _run([*mpremote, "connect", port, *copy_args(out_dir, names)])
    if copy.returncode != 0:
        raise DeployError(
            "copying to %s failed (mpremote exited %d)" % (where, copy.returncode), copy.returncode
        )
    reset = _run([*mpremote, "connect", port, "reset"])
    if reset.returncode != 0:
        raise DeployError(
            "the files are on the Pico but it did not restart (mpremote exited %d): "
            "unplug it and plug it in again" % reset.returncode,
            reset.returncode,
        )


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.deploy",
        description="Compile the firmware and copy it, with a board profile, onto a Pico running MicroPython.",
    )
    parser.add_argument("--board", required=True, help="board profile name (boards/NAME.py)")
    parser.add_argument("--port", default="auto", help="serial port (default: mpremote's auto)")
    parser.add_argument("--dry-run", action="store_true", help="build and list the files; touch no device")
    parser.add_argument(
        "--lines", action="store_true", help="keep line numbers in tracebacks (about 1.3 KB more heap)"
    )
    parser.add_argument("--mpremote", help="mpremote command to use (default: $MPREMOTE, then mpremote)")
    parser.add_argument("--out", type=Path, help="staging folder (default: build/deploy/BOARD)")
    args = parser.parse_args(argv)

    import boards

    out_dir = args.out or STAGE_ROOT / args.board
    try:
        mpremote = None if args.dry_run else find_mpremote(args.mpremote)
        profile, files = stage(args.board, out_dir, lines=args.lines)
    except boards.UnknownBoard as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    except (DeployError, build.CompileError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return getattr(e, "status", 1)

    print("%s (%s): %d files in %s" % (profile.NAME, profile.TITLE, len(files), out_dir))
    for rel, size in files:
        print("%8d  %s" % (size, rel))
    print("%8d  total" % sum(size for _, size in files))
    if args.dry_run:
        print("dry run: no device touched")
        return 0
    try:
        push(mpremote, args.port, out_dir, files)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return e.status
    print("done: the Pico restarted into the game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
