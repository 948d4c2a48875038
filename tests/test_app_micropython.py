"""The app under the real MicroPython, from the .mpy files deploy makes: a whole scripted
game (the sample record won-solo, played from the title menu by its keys) on each board,
compared with the same script under CPython: the same end screen, statistics, frame bytes
and bytes sent to the display, move by move."""

import pytest

from host_sim.autoplay import keys_for_record
from level10 import record
from tools import apprun

SAME = ("screen", "info", "stats", "frame", "bytes_sent", "per_move", "shows", "full", "keys", "moves")


@pytest.mark.parametrize("board", ["pico_display", "pico_lcd_114", "oled_128x64"])
def test_scripted_game_runs_alike_under_micropython_from_mpy(board, micropython):
    with open("records/won-solo.l10") as f:
        rec = record.parse(f.read())
    keys = keys_for_record(board, rec)
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
