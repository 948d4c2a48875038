"""`python -m host_sim` on a machine without a display (a server, CI, a container): one
line on stderr that says so and gives the headless command, and exit status 2, at once.
Before, SDL fell back to a driver that draws nowhere and the simulator ran unseen forever."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from host_sim import sim

REPO = Path(__file__).resolve().parent.parent
# elsewhere SDL needs no variable to find the desktop, and a window would open
X11_ONLY = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is a Linux matter")


def run_window(env_changes, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(env_changes)
    # a hang shows as TimeoutExpired: the window would otherwise run until killed
    return subprocess.run([sys.executable, "-m", "host_sim", *args], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=30)


def our_lines(stderr):
    """The simulator's own lines (SDL may add a warning of its own on stderr)."""
    return [line for line in stderr.splitlines() if line.startswith("host_sim:")]


@pytest.mark.parametrize(
    "env, why",
    [
        pytest.param({}, "neither DISPLAY nor WAYLAND_DISPLAY is set", marks=X11_ONLY),
        ({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "SDL_VIDEODRIVER=dummy"),
        ({"SDL_VIDEODRIVER": "offscreen"}, "SDL_VIDEODRIVER=offscreen"),
    ],
    ids=["no-display-variable", "sdl-dummy", "sdl-offscreen"],
)
def test_no_display_says_so_and_gives_the_headless_command(env, why):
    r = run_window(env, "--board", "oled_128x64")
    assert r.returncode == 2, r.stderr
    lines = our_lines(r.stderr)
    assert len(lines) == 1, r.stderr
    assert "no display" in lines[0] and why in lines[0]
    assert 'python -m host_sim --board oled_128x64 --headless --press "UP DOWN LEFT RIGHT OK BACK"' in lines[0]
    assert r.stdout == ""


@X11_ONLY
def test_a_display_variable_with_no_server_behind_it_is_caught_after_sdl_starts():
    # DISPLAY names a server that is not there: SDL gives up on X11 and picks an invisible driver
    r = run_window({"DISPLAY": ":97"})
    assert r.returncode == 2, r.stderr
    lines = our_lines(r.stderr)
    assert len(lines) == 1, r.stderr
    assert "no display" in lines[0] and "--headless" in lines[0] and "--board pico_display" in lines[0]


def test_the_headless_command_it_gives_works(tmp_path):
    r = run_window({"SDL_VIDEODRIVER": "dummy"}, "--board", "pico_display")
    command = our_lines(r.stderr)[0].split("run headless instead: ", 1)[1]
    shot = tmp_path / "screen.png"
    args = command.replace("python -m host_sim ", "").replace("screen.png", str(shot))
    done = run_window({}, *shlex.split(args))
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_display_reads_the_environment_of_each_platform():
    assert sim.no_display({}, "linux") == "neither DISPLAY nor WAYLAND_DISPLAY is set"
    assert sim.no_display({"DISPLAY": ":0"}, "linux") is None
    assert sim.no_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert sim.no_display({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None  # a console, chosen by hand
    assert sim.no_display({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "linux") is not None
    assert sim.no_display({}, "darwin") is None and sim.no_display({}, "win32") is None
    assert sim.no_display({"SDL_VIDEODRIVER": "offscreen"}, "win32") is not None
