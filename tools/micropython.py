"""Run Python code under the real MicroPython from the host, for tests and benchmarks.

`run(code)` hands `code` to tools/mpy_runner.mjs, which loads MicroPython (the npm
WebAssembly port, pinned in package.json) in Node with the firmware importable, and
returns what the code printed. `run_cpython(code)` runs the same program under this
CPython, for comparison. `missing()` says why MicroPython cannot run here, if it cannot.

Both take `lib_dirs`: host folders (or single .py files) made importable besides the
firmware, e.g. `lib_dirs=[HOST_SIM / "machine.py"]` to run the hw/ drivers on the
`machine` stand-in. MicroPython has framebuf built in; CPython needs host_sim's
framebuf.py too, so give it `lib_dirs=[HOST_SIM]`.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tools" / "mpy_runner.mjs"
FIRMWARE = REPO / "firmware"
HOST_SIM = REPO / "host_sim"
PACKAGE = "@micropython/micropython-webassembly-pyscript"


class MicroPythonError(RuntimeError):
    """The code failed under MicroPython (or the runner could not start); `.stderr` holds
    the traceback, `.stdout` what was printed before."""

    def __init__(self, message, stdout="", stderr="", returncode=None):
        super().__init__(message)
        self.stdout = stdout
        self.stderr = stderr
        self.returncode = returncode


def node():
    """Path of the `node` executable, or None."""
    return shutil.which("node")


def missing():
    """None when node and the MicroPython npm package are here, else what to do about it."""
    if node() is None:
        return "node is not on PATH: install Node.js (18 or later), then run `npm ci` in " + str(REPO)
    if not (REPO / "node_modules" / PACKAGE / "micropython.mjs").exists():
        return f"the npm package {PACKAGE} is not installed: run `npm ci` in {REPO}"
    return None


def available():
    return missing() is None


def run(code, *, firmware_dir=FIRMWARE, mpy_dir=None, heap=None, timeout=120, lib_dirs=(), low_heap=False):
    """Run `code` under MicroPython and return its stdout.

    `firmware_dir` is copied to /fw (on sys.path); with `mpy_dir`, its .mpy files are used
    in place of the .py files of the same modules. Each of `lib_dirs` (a folder, or one
    .py file) is copied to /lib, next on sys.path. `heap` is the initial heap in bytes.
    The heap lies at a Pico's addresses (0x2000xxxx), so that the collector takes the same
    words for pointers as on a Pico; `low_heap` leaves it where the port puts it (see
    tools/mpy_runner.mjs, "The heap's addresses").
    Raises MicroPythonError (with the traceback) when the code raises or exits non-zero."""
    why = missing()
    if why:
        raise MicroPythonError("cannot run MicroPython: " + why)
    cmd = [node(), str(RUNNER), "--firmware", str(firmware_dir)]
    if mpy_dir is not None:
        cmd += ["--mpy", str(mpy_dir)]
    for lib in lib_dirs:
        cmd += ["--lib", str(lib)]
    if heap is not None:
        cmd += ["--heap", str(int(heap))]
    if low_heap:
        cmd.append("--low-heap")
    cmd.append("-")
    try:
        proc = subprocess.run(
            cmd, check=False, input=code, capture_output=True, text=True, timeout=timeout, cwd=REPO
        )
    except subprocess.TimeoutExpired as e:
        raise MicroPythonError(f"MicroPython run took over {timeout} s", stdout=_text(e.stdout)) from None
    if proc.returncode != 0:
        raise MicroPythonError(
            f"MicroPython run failed (exit {proc.returncode}):\n{proc.stderr.rstrip()}",
            stdout=proc.stdout,
            stderr=proc.stderr,
            returncode=proc.returncode,
        )
    return proc.stdout


def run_cpython(code, *, firmware_dir=FIRMWARE, timeout=120, lib_dirs=()):
    """Run `code` under this CPython, in a fresh process with `firmware_dir` first on
    sys.path (as /fw is for `run`), then `lib_dirs` (folders, or single .py files), and
    return its stdout; raise RuntimeError with the traceback when it fails."""
    with tempfile.TemporaryDirectory(prefix="cpython-lib-") as single:
        path = [str(firmware_dir)]
        for lib in map(Path, lib_dirs):
            if lib.is_dir():
                path.append(str(lib))
            else:  # one file: importable alone, not with the rest of its folder
                shutil.copy(lib, single)
                if single not in path:
                    path.append(single)
        return _run_cpython(code, os.pathsep.join(path), timeout)


def _run_cpython(code, pythonpath, timeout):
    env = dict(os.environ, PYTHONPATH=pythonpath, PYTHONDONTWRITEBYTECODE="1")
    try:
        proc = subprocess.run(
            [sys.executable, "-"],
            check=False,
            input=code,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=REPO,
            env=env,
        )
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"CPython run took over {timeout} s") from None
    if proc.returncode != 0:
        raise RuntimeError(f"CPython run failed (exit {proc.returncode}):\n{proc.stderr.rstrip()}")
    return proc.stdout


def _text(data):
    if data is None:
        return ""
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data
