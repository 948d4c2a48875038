"""app/screen.py's Menu: a list longer than the screen says so with a scroll bar at its
right edge, which follows the cursor; a list that fits has none."""

import pytest
from test_app_level8 import power_up

from app.screen import Menu


def _column(hh, x, y0):
    w, h, rgb = hh.screen()
    return [bytes(rgb[(y * w + x) * 3 : (y * w + x) * 3 + 3]) for y in range(y0, h)]


def _bar(hh, y0, bg):
    """The rows (from y0 down) of the screen's last column not in the background colour."""
    return [y0 + i for i, px in enumerate(_column(hh, hh.screen()[0] - 1, y0)) if px != bg]


@pytest.mark.parametrize("board", ["oled_128x64", "pico_display", "pico_lcd_114"])
def test_a_list_longer_than_the_screen_has_a_scroll_bar_that_follows_the_cursor(board, tmp_path):
    hh, app = power_up(board, str(tmp_path))
    short = Menu("Short", [["Item %d" % i, None] for i in range(2)])
    app.go(short)
    app.render()
    w, h, _ = hh.screen()
    bg = _column(hh, w - 1, h - 1)[0]
    assert _column(hh, w - 1, short.y0) == _column(hh, w - 6, short.y0)  # rows to the edge, no bar
    long = Menu("Long", [["Item %d" % i, None] for i in range(30)])
    app.go(long)
    app.render()
    first = _bar(hh, long.y0, bg)
    assert first and first[0] == long.y0 and len(first) < h - long.y0  # at the top, a part
    for _ in range(29):
        app.key("down", 0)
    app.render()
    last = _bar(hh, long.y0, bg)
    assert last and last[-1] == h - 1 and len(last) == len(first)  # at the bottom
    app.key("down", 0)  # round to the first: the bar back at the top
    app.render()
    assert _bar(hh, long.y0, bg) == first
