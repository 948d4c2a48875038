"""The app under the real MicroPython, from the .mpy files deploy makes: a whole scripted
game (the sample record won-solo, played from the title menu by its keys) on each board,
compared with the same script under CPython: the same end screen, statistics, frame bytes
and bytes sent to the display, move by move."""

import pytest
from mainloop import program

from host_sim.autoplay import PAUSE, keys_for_record
from level10 import record
from tools import apprun

SAME = ("screen", "info", "stats", "frame", "bytes_sent", "per_move", "shows", "full", "keys", "moves")


def paused_once(keys, after):
    """True when `keys` hold PAUSE (host_sim.autoplay.pausing) once, after `after` keys."""
    at = [i for i in range(len(keys)) if tuple(keys[i : i + len(PAUSE)]) == PAUSE]
    return len(at) == 1 and at[0] >= after


@pytest.mark.parametrize("board", ["pico_display", "pico_lcd_114", "oled_128x64"])
def test_scripted_game_runs_alike_under_micropython_from_mpy(board, micropython):
    """On the OLED the game pauses once and reads How to play, which lets the table go and
    brings it back from the save (app/level10/pause.py): the same game on both runtimes."""
    with open("records/won-solo.l10") as f:
        rec = record.parse(f.read())
    after = 100 if board == "oled_128x64" else -1
    keys = keys_for_record(board, rec, after)
    assert after < 0 or paused_once(keys, after)
    micro, files = apprun.run_micropython(board, keys)
    cpy = apprun.run_cpython(board, keys)
    assert micro["screen"].startswith("You won!")
    assert micro["stats"][rec.pauses][:3] == [1, 1, 80]
    for k in SAME:
        assert micro[k] == cpy[k], k
    # it really ran from compiled files: every module but main.py is .mpy
    names = [name for name, _ in files]
    assert "main.py" in names and "board.mpy" in names
    assert all(n.endswith(".mpy") for n in names if n != "main.py")
    assert micro["moves"] == 50 and micro["peak"] > micro["at_start"] > 0


LOOP_TAIL = r"""
t = apps[-1].screen
print(len(apps), type(t).__name__, t.game.played if type(t).__name__ == "Play" else -1)
"""


@pytest.mark.parametrize(
    "board, names", [("pico_display", "A A Y Y A Y A"), ("oled_128x64", "OK OK DOWN DOWN OK DOWN OK")]
)
def test_the_firmwares_own_loop_runs_under_micropython(board, names, micropython, tmp_path):
    """app.run.main, as main.py starts it on the Pico: the board opened, the buttons
    polled and debounced, the app driven, from the deployed .mpy files."""
    apprun.stage(board, tmp_path)
    code = program(names, LOOP_TAIL, wait=300)  # two presses' time after the last
    out = micropython.run(code, firmware_dir=tmp_path, lib_dirs=[micropython.HOST_SIM / "machine.py"])
    # Level 10 (the games menu's first row), New game, Start (two downs), then a card played
    # from the hand: move 1 is on the table
    assert out.split() == ["1", "Play", "1"]


@pytest.mark.parametrize("board, row, players, people", [
    ("pico_display", "LEVEL 8", 6, 1), ("oled_128x64", "Level Up", 4, 1), ("oled_128x64", apprun.BOARD_ROW, 3, 2)])
def test_a_level8_game_by_its_keys_runs_alike_under_micropython(board, row, players, people, micropython):
    """A whole game of LEVEL 8 (or Level Up) against bots, from the games menu to the end
    screen by its keys (the bots' steps played by App.tick, as the run loop calls it), under
    MicroPython from the .mpy files and under CPython: the same end, frame and bytes sent.
    On the OLED the game pauses once to read How to play. The board game in pass and play
    too: its pass screens' words and each person's hand told what changed in it."""
    after = 100 if board == "oled_128x64" else -1
    keys = apprun.keys_for_level8(board, players=players, people=people, row=row, pause_after=after)
    assert after < 0 or paused_once(keys, after)
    micro, _ = apprun.run_micropython(board, keys, ticks=True)
    cpy = apprun.run_cpython(board, keys, ticks=True)
    assert " won" in micro["screen"] or micro["screen"].startswith("You won")
    for k in ("screen", "info", "frame", "bytes_sent", "shows", "full", "keys"):
        assert micro[k] == cpy[k], k
