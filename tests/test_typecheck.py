"""firmware/ type-checks with mypy against MicroPython's rp2 stubs, not CPython's typeshed.

The stubs (micropython-rp2-rpi-pico-stubs and its micropython-stdlib-stubs, in the dev
extras) install their modules at the top of site-packages, where mypy does not look for
them, and mypy refuses site-packages on its search path. So `stage()` copies them into a
typeshed layout under build/typeshed-rp2: the reduced stdlib plus the board's modules
(machine, framebuf, micropython, time, gc, rp2, ...) in stdlib/, with a VERSIONS file that
lists exactly those. tools/mypy-firmware.ini points mypy's custom_typeshed_dir there, so the
firmware sees the modules a Pico has and nothing else. A board profile is staged as
device/board.py, as deploy puts it beside main.py.

Run by hand (prints mypy's report, exits with its status):

    .venv/bin/python tests/test_typecheck.py
"""

import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "tools" / "mypy-firmware.ini"
TYPESHED = REPO / "build" / "typeshed-rp2"
BOARDS = REPO / "boards"
# The board package first, so its modules win over the stdlib package's on a clash.
STUB_DISTS = ("micropython-stdlib-stubs", "micropython-rp2-rpi-pico-stubs")
# Typeshed folders kept where they are; every other top-level module is the board's.
TYPESHED_DIRS = ("stdlib", "stubs")


def stub_files(dist_name):
    """[(path inside the typeshed, installed file)] for one stub distribution."""
    dist = metadata.distribution(dist_name)
    out = []
    for f in dist.files or ():
        parts = f.parts
        if parts[0].endswith(".dist-info") or "__pycache__" in parts:
            continue
        if f.suffix not in (".pyi", ".py") and f.name != "VERSIONS":
            continue  # licences, readmes, a stray pyproject.toml
        rel = Path(*parts) if parts[0] in TYPESHED_DIRS else Path("stdlib", *parts)
        out.append((rel, Path(f.locate())))
    return out


def write_versions(stdlib):
    """Rewrite stdlib/VERSIONS to list the modules present and only those: typeshed's lines
    for the ones it knows, `3.0-` for the board's own (machine, framebuf, ...)."""
    present = {p.name.removesuffix(".pyi") for p in stdlib.iterdir() if p.name != "VERSIONS"}
    path = stdlib / "VERSIONS"
    kept = []
    for line in path.read_text().splitlines():
        name = line.split("#", 1)[0].split(":", 1)[0].strip()
        if name and name.split(".")[0] in present:
            kept.append(line)
    known = {line.split(":", 1)[0].strip() for line in kept}
    kept += [f"{name}: 3.0-" for name in sorted(present - known)]
    path.write_text(
        "# Written by tests/test_typecheck.py from the installed stubs.\n" + "\n".join(kept) + "\n"
    )


def stage_board(out):
    """Copy the first board profile (by name) to out/device/board.py; its name, or None."""
    device = out / "device"
    device.mkdir(parents=True, exist_ok=True)
    profiles = sorted(p for p in BOARDS.glob("*.py") if p.name != "__init__.py")
    if not profiles:
        return None
    board = device / "board.py"
    if not board.exists() or board.read_bytes() != profiles[0].read_bytes():
        shutil.copyfile(profiles[0], board)
    return profiles[0].stem


def stage(out=TYPESHED):
    """Build the rp2 typeshed in `out` from the installed stub packages, unless it already
    holds these versions (so concurrent runs do not pull it from under each other). Raises
    PackageNotFoundError naming the package when a stub package is not installed."""
    out = Path(out)
    stamp = " ".join("%s==%s" % (d, metadata.version(d)) for d in STUB_DISTS)
    if not (out / "STAMP").exists() or (out / "STAMP").read_text() != stamp:
        tmp = out.with_name("%s.tmp%d" % (out.name, os.getpid()))
        shutil.rmtree(tmp, ignore_errors=True)
        for dist_name in STUB_DISTS:
            for rel, src in stub_files(dist_name):
                dst = tmp / rel
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
        write_versions(tmp / "stdlib")
        (tmp / "STAMP").write_text(stamp)
        shutil.rmtree(out, ignore_errors=True)
        tmp.rename(out)
    stage_board(out)
    return out


def run_mypy(*files):
    """Run mypy with tools/mypy-firmware.ini (on `files`, default the config's firmware/).
    Returns (exit status, report)."""
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(CONFIG), *map(str, files)]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
    return proc.returncode, (proc.stdout + proc.stderr).strip()


def _missing_tools():
    try:
        import mypy  # noqa: F401

        for dist_name in STUB_DISTS:
            metadata.distribution(dist_name)
    except (ImportError, metadata.PackageNotFoundError) as e:
        return f"{e}: install the dev extras (`pip install '.[dev]'`, or `bash tools/dev.sh setup`)"
    return None


@pytest.fixture(scope="module")
def typeshed():
    why = _missing_tools()
    if why:
        pytest.fail(why)  # a dev-extras install brings them: failing beats a silent skip
    return stage()


def test_firmware_typechecks_against_rp2_stubs(typeshed):
    status, report = run_mypy()
    assert status == 0, "mypy with tools/mypy-firmware.ini found errors in firmware/:\n" + report


PROBE = """\
import functools
import time

import framebuf
import machine
from micropython import const

_W = const(8)
fb = framebuf.FrameBuffer(bytearray(_W), _W, 8, framebuf.MONO_HLSB)
pal = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.GS4_HMSB)
fb.blit(fb, 0, 0, -1, pal)
fb.blit(fb, 0, 0, palette=pal)
led = machine.Pin(25, machine.Pin.OUT)
t0 = time.ticks_ms()
late = time.ticks_diff(time.ticks_ms(), t0) > 10
time.sleep_ms(1)
time.monotonic()
"""


def test_the_checker_sees_a_pico_not_cpython(typeshed, tmp_path):
    """The stubs replace CPython's typeshed: Pico-only APIs check, CPython-only ones fail,
    and so does a keyword argument to a positional-only MicroPython builtin."""
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    status, report = run_mypy(probe)
    assert status == 1, report
    errors = sorted(int(line.split(":")[1]) for line in report.splitlines() if ": error:" in line)
    assert errors == [1, 12, 17], report  # functools; blit(palette=); time.monotonic
    assert 'No library stub file for standard library module "functools"' in report or (
        'module named "functools"' in report
    ), report


def test_versions_lists_the_board_modules(typeshed):
    versions = (typeshed / "stdlib" / "VERSIONS").read_text().split()
    for name in ("machine:", "framebuf:", "micropython:", "time:", "gc:", "rp2:", "builtins:"):
        assert name in versions
    assert "functools:" not in versions  # listed by CPython's typeshed, absent on the Pico


if __name__ == "__main__":
    why = _missing_tools()
    if why:
        sys.exit(why)
    stage()
    status, report = run_mypy()
    print(report)
    sys.exit(status)
