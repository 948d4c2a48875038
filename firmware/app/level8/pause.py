"""The pause menu of LEVEL 8, Level Up and the board game (Back or Menu on the table), a
module of its own: it is up over the table's Seat with none of the game's other menus
(menu.py), whose code its How to play, Give up and Save and quit load once chosen. On
the OLED the table's code is gone while it is up, and there is no room for both.
"""

from app.level8 import forget
from app.screen import Menu


def pause_menu(app, table):
    """`table`: a Seat (app/level8/seat.py), which puts the table back."""

    def back(a):
        table.close(a)

    def give_up(a):
        a.go(
            Menu(
                "Give up?",
                [["No, keep playing", back], ["Yes, end this game", lambda a: _end(a, table)]],
                back=back,
            )
        )

    app.go(
        Menu(
            "Paused",
            [
                ["Resume", back],
                ["How to play", lambda a: _help(a, table)],
                ["Give up", give_up],
                ["Save and quit", _quit],
            ],
            back=back,
        )
    )


def _help(app, table):
    from app.level8.menu import show_help

    show_help(app)
    # its pages go back through the Seat itself, so that no menu's code stays while they are up
    app.screen.leave = table.close
    forget("app.level8.menu", "app.level8.entry", __name__)


def _end(app, table):
    from app.level8.menu import finish

    finish(app, table, gave_up=True)


def _quit(app):
    from app.level8.menu import menu_again

    menu_again(app)
