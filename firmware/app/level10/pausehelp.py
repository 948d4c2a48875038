"""How to play from Level 10's pause menu (app/level10/pause.py). On the OLED its pages
and the table's code together are more than the budget, so the whole table goes while
the pages are up: the game is saved after every move, and the pages come back to it from
the save, as Continue does, putting back what the table showed and did not save (the
cursor, a hint, a bot's move on show, the pass screen). The colour boards keep the table.
"""

from app.app import forget


def show(app, table, back):
    """The pages, over the pause menu of `table`; `back` puts the table back as it is."""
    app.game().show_help(app)
    if app.p.mono:
        # what the table shows but does not save: the cursor, a hint on show, a bot's move
        # on show (a team's table), the seat whose line the OLED shows
        shown = ("focus", "hint", "hint_at", "pending", "told", "message", "shown")
        kept = [(k, getattr(table, k)) for k in shown if hasattr(table, k)]
        hidden = table.mode and table.hidden  # pass and play: the pass screen was up

        def again(a):
            a.screen.lines = None  # the pages' text goes before the table is made again
            g = a.game()
            if g.resume(a, message=""):
                t = a.screen
                for k, v in kept:
                    setattr(t, k, v)
                if t.mode:  # a team's table (app/level10/team.py)
                    t.hidden = hidden
                    t.fresh = bool(t.pending)  # a bot's move on show: shown again for its time
            else:  # no save to come back to (one that was damaged is gone, with a note)
                a.go(g.menu(a))
            forget(__name__)

        app.screen.leave = again
        app.game().let_table_go()
        forget("app.level10.pause")
    else:
        app.screen.leave = back
        forget(__name__)
    forget("app.level10.menu")  # its pages need none of it
