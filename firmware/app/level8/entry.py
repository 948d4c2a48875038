"""The entry of LEVEL 8, of Level Up and of the board game (their rows of app/games.py), as
app.game() imports it: each function loads only the part of the game it needs. The
menus (menu.py) come for the game's menu, resuming and a game's end, the pause menu
(pause.py) alone for itself; the
table coming back from a screen over it, the most frequent of them (every chooser's
close on the OLED), loads the table's code and none of the menus'.
"""

from app.level8 import forget


def menu(app):
    from app.level8.menu import menu

    return menu(app)


def resume(app):
    from app.level8.menu import resume

    return resume(app)


def pause_menu(app, table):
    from app.level8.pause import pause_menu

    pause_menu(app, table)


def finish(app, table):
    from app.level8.menu import finish

    finish(app, table)


def table_again(app, seat):
    """The table back from a screen over it, as the Seat `seat` kept it (app/level8/seat.py);
    the menus' code goes too (the pause menu, pause.py, is one such screen: COVER_CODE)."""
    from app.level8.play import Table
    from app.level8.seat import COVER_CODE

    t = Table(app, memo=seat)
    app.go(t)
    forget("app.level8.menu", __name__, *COVER_CODE)
    return t
