"""tools/deploy.py: what it stages for a board, what it asks mpremote to do, how it fails.

No Pico here: a fake mpremote (a small script) records its arguments and plays the
device's part; the script deploy runs on the Pico to tidy its files runs on the real
MicroPython (tools/micropython.py) over a made-up device file system.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import boards
from tools import build, deploy
from tools import micropython as mpy

BOARD = "pico_display"
PORT = "/dev/ttyFAKE0"

FAKE = """\
#!{python}
# Fake mpremote: logs its arguments, answers `exec` like a Pico running MicroPython.
import json, os, sys
args = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as f:
    f.write(json.dumps(args) + "\\n")
step = "exec" if "exec" in args else "reset" if "reset" in args else "cp" if "cp" in args else "?"
if os.environ.get("FAKE_FAIL") == step:
    print("mpremote: " + os.environ.get("FAKE_ERROR", "failed"), file=sys.stderr)
    sys.exit(int(os.environ.get("FAKE_STATUS", "1")))
if step == "exec":
    print("{mark}", os.environ.get("FAKE_MPY", "6"), "1.27.0")
"""


class Fake:
    """A fake mpremote executable; str() is its path, calls() the argument lists it got."""

    def __init__(self, folder):
        self.path = folder / "mpremote"
        self.path.write_text(FAKE.format(python=sys.executable, mark=deploy.MARK))
        self.path.chmod(0o755)
        self.log = folder / "calls.jsonl"

    def __str__(self):
        return str(self.path)

    def calls(self):
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines()]


@pytest.fixture
def fake(tmp_path, monkeypatch):
    f = Fake(tmp_path)
    monkeypatch.setenv("FAKE_LOG", str(f.log))
    for name in ("FAKE_FAIL", "FAKE_STATUS", "FAKE_ERROR", "FAKE_MPY", "MPREMOTE"):
        monkeypatch.delenv(name, raising=False)
    return f


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    """(profile, files, folder) for BOARD, built once for the tests that only push."""
    out = tmp_path_factory.mktemp("stage")
    profile, files = deploy.stage(BOARD, out)
    return profile, files, out


def expected_files(board_file="board.mpy"):
    want = {board_file}
    for src in build.sources(build.FIRMWARE):
        rel = src.relative_to(build.FIRMWARE).as_posix()
        want.add(rel if rel == deploy.MAIN else rel[:-3] + ".mpy")
    return want


def parse_listing(text):
    """{path: size} and the total from a dry run's output."""
    sizes, total = {}, None
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            if parts[1] == "total":
                total = int(parts[0])
            else:
                sizes[parts[1]] = int(parts[0])
    return sizes, total


def test_dry_run_lists_every_module_compiled_and_touches_no_device(fake, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MPREMOTE", str(fake))
    out = tmp_path / "stage"
    assert deploy.main(["--board", BOARD, "--dry-run", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    sizes, total = parse_listing(text)
    assert set(sizes) == expected_files()
    assert deploy.MAIN in sizes and "main.mpy" not in sizes  # MicroPython runs main.py at boot
    assert not [f for f in sizes if f.endswith(".py") and f != deploy.MAIN]
    assert total == sum(sizes.values())
    for rel, size in sizes.items():
        assert (out / rel).stat().st_size == size
    assert (out / deploy.MAIN).read_bytes() == (build.FIRMWARE / deploy.MAIN).read_bytes()
    assert (out / "board.mpy").read_bytes()[:2] == b"M\x06"
    assert "dry run" in text
    assert fake.calls() == []


def test_top_level_files_are_listed_first(staged):
    _, files, _ = staged
    depth = [rel.count("/") > 0 for rel, _ in files]
    assert depth == sorted(depth)


def test_unknown_board_exits_2_listing_the_boards():
    proc = subprocess.run(
        [sys.executable, "-m", "tools.deploy", "--board", "no_such_board", "--dry-run"],
        cwd=build.REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "unknown board 'no_such_board'" in proc.stderr
    for name in boards.names():
        assert name in proc.stderr
    assert proc.stdout == ""


def test_a_profile_with_problems_is_refused(monkeypatch, tmp_path):
    monkeypatch.setattr(boards, "check", lambda profile: ["GPIO 99 is not a GPIO"])
    with pytest.raises(deploy.DeployError, match="GPIO 99") as e:
        deploy.stage(BOARD, tmp_path)
    assert e.value.status == 2


def test_deploy_drives_mpremote_prep_copy_reset(fake, tmp_path, capsys):
    out = tmp_path / "stage"
    rc = deploy.main(["--board", BOARD, "--port", PORT, "--mpremote", str(fake), "--out", str(out)])
    assert rc == 0, capsys.readouterr().err
    calls = fake.calls()
    assert [c[:2] for c in calls] == [["connect", PORT]] * 3
    prep, copy, reset = (c[2:] for c in calls)
    assert prep[0] == "exec" and len(prep) == 2
    assert reset == ["reset"]
    # One `fs cp LOCAL :REMOTE` per staged file, chained with "+", to the same path.
    assert copy[0] != "+"
    chunks = " ".join(copy).split(" + ")
    pairs = {}
    for chunk in chunks:
        fs, cp, local, remote = chunk.split(" ")
        assert (fs, cp) == ("fs", "cp")
        assert remote.startswith(":")
        assert Path(local) == out / remote[1:]
        pairs[remote[1:]] = local
    assert set(pairs) == expected_files()
    # The prep script makes every folder before anything is copied into it.
    for folder in {f.rpartition("/")[0] for f in pairs if "/" in f}:
        assert repr(folder) in prep[1]
    assert "restarted" in capsys.readouterr().out


def test_mpremote_from_the_environment(fake, staged, monkeypatch):
    monkeypatch.setenv("MPREMOTE", str(fake))
    assert deploy.find_mpremote() == [str(fake)]
    assert deploy.find_mpremote(str(fake)) == [str(fake)]


def test_missing_mpremote_is_reported(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("MPREMOTE", raising=False)
    missing = str(tmp_path / "nowhere" / "mpremote")
    rc = deploy.main(["--board", BOARD, "--mpremote", missing, "--out", str(tmp_path / "s")])
    assert rc == 1
    assert "mpremote command %r not found" % missing in capsys.readouterr().err
    assert not (tmp_path / "s").exists()  # it stops before building anything


def test_no_pico_on_the_port_reports_mpremotes_status(fake, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_FAIL", "exec")
    monkeypatch.setenv("FAKE_STATUS", "3")
    monkeypatch.setenv("FAKE_ERROR", "failed to access /dev/ttyFAKE0 (it may be in use by another program)")
    rc = deploy.main(
        ["--board", BOARD, "--port", PORT, "--mpremote", str(fake), "--out", str(tmp_path / "s")]
    )
    assert rc == 3
    err = capsys.readouterr().err
    assert "no MicroPython board answered on %s (mpremote exited 3)" % PORT in err
    assert "failed to access /dev/ttyFAKE0" in err
    assert len(fake.calls()) == 1  # nothing copied, no reset


def test_mpy_version_mismatch_stops_before_copying(fake, staged, monkeypatch):
    _, files, out = staged
    monkeypatch.setenv("FAKE_MPY", "5")
    with pytest.raises(deploy.DeployError, match=r"loads \.mpy version 5, but mpy-cross made version 6"):
        deploy.push([str(fake)], PORT, out, files, log=lambda s: None)
    assert len(fake.calls()) == 1


def test_copy_failure_is_reported_with_mpremotes_status(fake, staged, monkeypatch):
    _, files, out = staged
    monkeypatch.setenv("FAKE_FAIL", "cp")
    monkeypatch.setenv("FAKE_STATUS", "4")
    with pytest.raises(deploy.DeployError, match="copying to the Pico on /dev/ttyFAKE0 failed") as e:
        deploy.push([str(fake)], PORT, out, files, log=lambda s: None)
    assert e.value.status == 4
    assert [c[2] for c in fake.calls()] == ["exec", "fs"]  # no reset after a failed copy


# A Pico that ran an older deploy, with a player's saves and a script of the user's own.
DEVICE_BEFORE = {
    "main.py": "old",
    "board.py": "old profile, would shadow board.mpy",
    "compat.py": "old source, would shadow compat.mpy",
    "notes.py": "the user's own script",
    "level10/rules.py": "old source, would shadow rules.mpy",
    "level10/rules.mpy": "old",
    "app/gone.mpy": "a module this version no longer has",
    "app/level10.a": "a save slot",
    "l10/stats.b": "a save slot elsewhere",
}


def test_prep_script_on_micropython_keeps_user_data_and_drops_shadows(staged):
    _, files, _ = staged
    names = [rel for rel, _ in files]
    setup = "\n".join(
        [
            "import os",
            "os.chdir('/tmp')",
            "for d in ('level10', 'app', 'l10'):",
            "    os.mkdir(d)",
            "for p, text in %r.items():" % (DEVICE_BEFORE,),
            "    with open(p, 'w') as f:",
            "        f.write(text)",
        ]
    )
    report = "\n".join(
        [
            "def walk(d):",
            "    for e in os.ilistdir(d or '.'):",
            "        p = d + '/' + e[0] if d else e[0]",
            "        if e[1] == 0x4000:",
            "            print('DIR', p)",
            "            walk(p)",
            "        else:",
            "            print('FILE', p)",
            "walk('')",
        ]
    )
    out = mpy.run(setup + "\n" + deploy.prep_script(names, 6) + "\n" + report + "\n")
    lines = out.splitlines()
    assert lines[0].split()[:2] == [deploy.MARK, "6"]
    removed = {line.split()[2] for line in lines if line.startswith(deploy.MARK + " removed")}
    assert removed == {"board.py", "compat.py", "level10/rules.py", "app/gone.mpy"}
    left = {line.split()[1] for line in lines if line.startswith("FILE")}
    assert left == set(DEVICE_BEFORE) - removed  # saves, the user's script and main.py stay
    dirs = {line.split()[1] for line in lines if line.startswith("DIR")}
    assert {f.rpartition("/")[0] for f in names if "/" in f} <= dirs  # every folder made


def test_prep_script_touches_nothing_on_an_mpy_mismatch(staged):
    _, files, _ = staged
    names = [rel for rel, _ in files]
    setup = "import os\nos.chdir('/tmp')\nwith open('compat.py', 'w') as f:\n    f.write('x')\n"
    out = mpy.run(setup + deploy.prep_script(names, 5) + "\nprint(sorted(os.listdir('.')))\n")
    first, listing = out.splitlines()[0], out.splitlines()[-1]
    assert first.split()[:2] == [deploy.MARK, "6"]
    assert listing == "['compat.py']"


def test_real_mpremote_is_found():
    """The dev extras install mpremote; deploy finds it without being told."""
    cmd = deploy.find_mpremote()
    proc = subprocess.run(
        [*cmd, "version"], capture_output=True, text=True, check=False, env=dict(os.environ)
    )
    assert proc.returncode == 0 and "mpremote" in proc.stdout


# A deployed module that raises, and the traceback a Pico prints for it
RAISE = """
import sys
from prng import Prng
try:
    Prng(-1)
except ValueError as e:
    sys.print_exception(e)
"""


def _raise_line(folder):
    """The line the deployed prng.mpy in `folder` reports for its own raise."""
    out = mpy.run(RAISE, firmware_dir=folder)
    [at] = [line for line in out.splitlines() if '"prng"' in line]
    return at.strip()


def test_modules_are_deployed_without_line_numbers_unless_asked(staged, tmp_path, capsys):
    """Line numbers take heap on a Pico (tools/build.py): a deployed traceback names the
    module and the function at line 1; --lines keeps the real line."""
    _, files, out = staged
    raised = next(
        n
        for n, text in enumerate((build.FIRMWARE / "prng.py").read_text().splitlines(), 1)
        if "raise" in text
    )
    assert _raise_line(out) == 'File "prng", line 1, in __init__'
    kept = tmp_path / "lines"
    assert deploy.main(["--board", BOARD, "--dry-run", "--lines", "--out", str(kept)]) == 0
    assert _raise_line(kept) == 'File "prng", line %d, in __init__' % raised
    sizes, _ = parse_listing(capsys.readouterr().out)
    assert set(sizes) == {rel for rel, _ in files}
    bigger = [rel for rel, size in files if rel.endswith(".mpy") and sizes[rel] > size]
    assert len(bigger) > len(files) * 3 // 4, bigger  # nearly every module has code with lines


def test_build_takes_lines_too(tmp_path, capsys):
    assert build.main([str(tmp_path / "a")]) == 0
    assert build.main(["--lines", str(tmp_path / "b")]) == 0
    a = (tmp_path / "a" / "prng.mpy").stat().st_size
    b = (tmp_path / "b" / "prng.mpy").stat().st_size
    assert a < b
    assert build.main(["--line"]) == 2
    assert "usage" in capsys.readouterr().err


def test_the_build_drops_const_s_import_and_keeps_the_lines():
    """MicroPython's compiler folds const() itself: `from compat import const` is for CPython,
    so the build leaves it out (a blank line, so the numbers stay) and keeps the other names
    of the same import."""
    src = "from compat import const\nfrom compat import const, ticks_diff\n_A = const(1)\n"
    assert build.for_micropython(src) == "\nfrom compat import ticks_diff\n_A = const(1)\n"
    assert build.for_micropython("from compat import ticks_add as _add\n") == "from compat import ticks_add as _add\n"


def test_deployed_modules_bind_no_const(staged):
    """On the device a module's globals hold no `const` (a name in a module's dict is heap on
    a Pico), while its public constants and the other names it imports from compat are
    there, and compat's own const still is."""
    _, _, out = staged
    check = (
        "import compat, prng\nfrom app import app\nfrom level8 import layout\n"
        "print(sorted(n for n in ('prng', 'app', 'layout') if 'const' in globals()[n].__dict__),"
        " layout.KEEP_MAX, app.ticks_diff is compat.ticks_diff, compat.const(5))"
    )
    assert mpy.run(check, firmware_dir=out).strip() == "[] 4 True 5"


def test_a_source_mpy_cross_refuses_is_named_with_its_line(tmp_path):
    """The build compiles a copy of each source (`for_micropython`); a refusal names the
    source itself, at the line of its source (the import left out stays a blank line)."""
    src = tmp_path / "broken.py"
    src.write_text("from compat import const\n_A = const(1)\ndef f(:\n")
    with pytest.raises(build.CompileError) as e:
        build.compile_file(src, tmp_path / "broken.mpy", name="broken")
    assert str(e.value).startswith(f"mpy-cross failed on {src}:") and "line 3" in str(e.value)
