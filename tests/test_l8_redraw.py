"""LEVEL 8's table draws only what changed (a cursor move repaints the tiles and items
whose light moved, the seats' lines only when the position changed): after every key and
every bot's step of whole games, on every board, the emulated panel shows exactly what
drawing the table whole shows."""

import pytest
from test_app_level8 import BOARDS, Driver, power_up

from host_sim.autoplay8 import Autoplayer8


def check_against_whole(hh, app, seen):
    t = app.screen
    if type(t).__name__ != "Table" or t.hidden or t.view is None:
        return
    shown = bytes(hh.screen()[2])
    kept = t.view
    t.view = None
    t.draw(app, True)  # a fresh view, drawn whole
    app.p.flush()
    whole = bytes(hh.screen()[2])
    t.view = kept
    assert shown == whole
    seen[0] += 1


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("row, players, people, keep", [("LEVEL 8", 6, 1, False), ("Level Up", 4, 2, True)])
def test_the_table_drawn_by_parts_shows_what_it_shows_drawn_whole(
    board, row, players, people, keep, tmp_path
):
    hh, app = power_up(board, str(tmp_path))
    seen = [0]
    ap = Autoplayer8(row=row, players=players, people=people, keep=keep)
    Driver(app, lambda a: check_against_whole(hh, a, seen)).run(ap)
    assert seen[0] > 100
