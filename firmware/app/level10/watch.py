"""Watch a game: the hint engine plays a deal by itself on the table.

It deals a random deal at the player's last difficulty and plays it by itself,
a move every PERIOD ms of app time, each one chosen by the hint engine. The table shows
the next move as a hint does (the cursor on its card, its row highlighted) and says the
move just played. It never writes the saved game or the statistics. Back stops it; OK
plays the next move at once. At the end it shows the result for a moment, then a menu.
"""

from app.level10 import NAMES
from app.level10.hints import point, say, suggest, unload
from app.level10.play import Play
from compat import const, ticks_add, ticks_diff
from level10 import rules
from level10.game import Game
from ui import theme

PERIOD = const(1500)  # ms of app time from one move of the demo to the next
# what a demo holds besides the engine; all of it goes when the demo ends
_DEMO = const(
    (
        "app.level10.watch",
        "app.level10.hints",
        "level10.cards",
        "app.level10.play",
        "ui.level10.mono",
        "ui.level10.colour",
    )
)


# Watch a game


class Watch(Play):
    """The table playing a deal by itself (a Play for its view; it never saves)."""

    def __init__(self, app, pauses, deal, message):
        super().__init__(app, Game(1, pauses, seed=deal), 0, message)
        self.deal = deal
        mono = app.p.mono
        caption = ("Deal %d %s:stop" if mono else "Watching deal %d    %s: stop") % (deal, app.button("back"))
        self.view = _captioned(type(self.view), caption)(app)
        self.due = ticks_add(app.last, PERIOD // 2)  # a moment to read the deal, then the first move
        self.focus = self.ring()  # no card under the cursor until a move is chosen
        self.ended = False

    def key(self, app, k):
        if k == "back":
            stop(app)
        elif k == "ok":
            self.due = app.last  # App.key has just set it to now

    def tick(self, app, now):
        """At each PERIOD: play the move on show, then choose and show the next one (True:
        App.tick draws it)."""
        if not app.awake or ticks_diff(now, self.due) < 0:
            return False
        app.last = now  # a demo playing keeps the screen awake, like a film
        self.due = ticks_add(now, PERIOD)
        if self.ended:  # the last position has been on show for a PERIOD
            _end(app, self)
            return True
        g = self.game
        m = self.hint
        if m:
            g.apply(m)  # chosen among this position's legal moves
            self.hint = 0
            mono = app.p.mono
            t = say(m, "Played ", mono)
            self.message = t if len(t) <= 21 or not mono else say(m, "", mono)
        if g.over():
            self.ended = True
            self.focus = self.ring()  # no card under the cursor
        else:
            m = suggest(g)
            self.survey()  # this position's moves, listed after the engine used the buffer
            point(self, m)
        return True


def _captioned(table, caption):
    """The board's table view with `caption` in place of the ring's words (Reset, Undo,
    Hint and Menu mean nothing while the game plays by itself)."""

    class Captioned(table):  # type: ignore[valid-type, misc]  # (a view class known only here)
        def draw(self, p, t, full):
            if full:
                self.captioned = False
            super().draw(p, t, full)

        def draw_bar(self, p, t):
            if self.captioned:
                return
            self.captioned = True
            if p.mono:  # the bar's line in ui/level10/mono.py and ui/level10/colour.py
                p.fill(0, 48, p.w, 8, theme.BG)
                p.text(caption, 0, 48, theme.FG)
            else:
                p.fill(0, 116, p.w, 10, theme.BG)
                p.text(caption, 2, 117, theme.HILITE)

    return Captioned


def stop(app):
    """Back to the title menu."""
    unload(*_DEMO)
    app.game().menu_again(app)


def _end(app, t):
    """The demo's result, and what next: another demo or the title menu."""
    g = t.game
    won = g.status() == rules.WON
    from app.screen import Menu

    unload(*_DEMO)
    l10 = app.game()  # its menus: reached through the app, not imported
    info = [
        "Deal %d, %s" % (t.deal, NAMES[rules.pauses(g.state)]),
        "%s, score %d" % ("Won" if won else "Lost", g.score()),
        "%d moves by the hint engine" % g.played if not app.p.mono else "in %d moves" % g.played,
    ]
    app.go(
        Menu(
            "Demo: won!" if won else "Demo: game over",
            [["Watch another", l10.watch], ["Title", l10.menu_again]],
            back=l10.menu_again,
            info=info,
        )
    )
