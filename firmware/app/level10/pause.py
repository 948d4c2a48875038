"""Level 10's pause menu (Back or Menu on the table), a module of its own: the table opens
it directly, so that it is up without the game's other menus (menu.py, the game's entry),
which How to play, Give up and Save and quit reach through the app once chosen. On the
OLED the table's drawing goes too while it is up (as while a hint thinks): the table
draws itself whole again when it comes back. How to play on the OLED lets the whole table
go (its pages and the table's code together are more than the OLED's budget): the game
is saved after every move, so its pages come back to it from the save, as Continue does.
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
    app.game().show_help(app)
    if app.p.mono:
        shown = table.mode and not table.hidden  # pass and play: the hand was in view

        def again(a):
            g = a.game()
            if not g.resume(a, message=""):  # no save to come back to: its menu says why
                a.go(g.menu(a))
            elif shown:
                a.screen.hidden = False
            forget(__name__)

        app.screen.leave = again
        forget("app.level10.play", "app.level10.team", "level10.talk", "app.level10.say")
    else:
        app.screen.leave = back
    forget("app.level10.menu")  # its pages need none of it
