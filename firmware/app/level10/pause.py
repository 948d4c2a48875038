"""Level 10's pause menu (Back or Menu on the table), a module of its own: the table opens
it directly, so that it is up without the game's other menus (menu.py, the game's entry),
which How to play, Give up and Save and quit reach through the app once chosen. On the
OLED the table's drawing goes too while it is up (as while a hint thinks): the table
draws itself whole again when it comes back. How to play from it is app/level10/pausehelp.py.
"""

from app.app import forget
from app.screen import Menu


def pause_menu(app, table):
    def back(a):
        a.go(table)
        forget(__name__, "app.screen", "app.level10.menu")

    def give_up(a):
        end = lambda a: a.game().finish(a, table, gave_up=True)  # noqa: E731
        a.go(Menu("Give up?", [["No, keep playing", back], ["Yes, end this game", end]], back=back))

    app.go(
        Menu(
            "Paused",
            [
                ["Resume", back],
                ["How to play", lambda a: _help(a, table, back)],
                ["Give up", give_up],
                ["Save and quit", lambda a: a.game().menu_again(a)],
            ],
            back=back,
        )
    )


def _help(app, table, back):
    from app.level10.pausehelp import show  # loaded once chosen: the pause menu is up without it

    show(app, table, back)
