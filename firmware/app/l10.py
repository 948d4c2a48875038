"""Level 10 on the handheld: its menu, a new game, resuming, the end screen,
statistics and the rules summary. The table itself is app/l10play.py; hints and
Watch a game are app/watch.py.
"""

from app import saves
from app.app import forget
from app.screen import Menu, Pager, wrap
from level10 import rules
from level10.game import Game

NAMES = ("Master", "Pro", "Standard", "Beginner")  # by number of pauses (rulebook table)
SAVE = "game"  # as app.l10play.SAVE


def difficulty(pauses):
    return NAMES[pauses]


def menu(app):
    """Level 10's title menu; Continue shows only when a game is saved."""
    items = [["New game", new_game]]
    if _saved(app):
        items.insert(0, ["Continue", lambda a: resume(a, True)])
    items += [
        ["Statistics", show_stats],
        ["How to play", show_help],
        ["Watch a game", watch],
        ["Settings", _settings],
    ]
    m = Menu("Level 10", items)
    if app.note:
        m.info = wrap(app.note, app.p.cols - 1)
        app.note = None
    return m


def _saved(app):
    try:
        return app.store.read(SAVE) is not None
    except ValueError:  # damaged: Continue would only say so; resume() clears it
        return True


def _settings(app):
    from app.setup import settings_screen

    settings_screen(app, back=lambda a: a.go(menu(a)))


# starting and resuming


def start(app, pauses, deal, deck=None):
    """A new game of deal number `deal` (or, for a game that came with its own deck, that
    deck dealt again)."""
    game = Game(players=1, pauses=pauses, seed=deal) if deck is None else Game(1, pauses, deck=deck)
    play(app, game, 0, "%s, %s. Good luck!" % (deal_name(game), difficulty(pauses)))
    app.screen.save(app)


def deal_name(game):
    """The deal's name, as in "Deal 3"; a saved game may also hold its deck rather than a deal number."""
    return "Deal %d" % game.seed if game.seed is not None else "Own deck"


def play(app, game, flags, message):
    """The table for `game`; `flags` (saves.ASSISTED, saves.HINTED) say how it was helped."""
    from app.l10play import Play

    _table(app, Play(app, game, flags, message))


def watch(app):
    """Watch a game: a random deal at the last difficulty, played by the hint engine."""
    from app.watch import Watch

    deal = app.entropy % 100000
    pauses = app.settings.pauses
    _table(app, Watch(app, pauses, deal, "Deal %d, %s" % (deal, difficulty(pauses))))


def _table(app, screen):
    app.go(screen)
    # the table needs none of the menus' code: let it go (see app.app.forget)
    forget(
        "app.l10",
        "app.screen",
        "app.setup",
        "app.stats",
        "app.l10help",
        "level10.referee",
        "level10.cards",
        "prng",
    )


def resume(app, asked=False):
    """Back into the saved game. True when there was one to resume."""
    try:
        data = app.store.read(SAVE)
        if data is None:
            return False
        game, flags = saves.decode(data)
    except ValueError as e:  # Damaged is a ValueError too
        app.store.clear_damaged(SAVE)
        app.note = "The saved game could not be read (" + str(e) + "), so it was removed."
        if asked:
            app.go(menu(app))
        return False
    play(app, game, flags, "Welcome back: %s, move %d." % (deal_name(game), game.played + 1))
    return True


class NewGame(Menu):
    """Difficulty, an optional deal number, Start. The deal number is entered digit
    by digit, as on any handheld: up/down change a digit, OK moves to the next,
    Back to the one before (from the first: random deal again)."""

    def __init__(self, app):
        self.pauses = app.settings.pauses
        self.deal = -1  # -1: a random deal
        self.digit = -1  # the digit being edited (0 = leftmost), -1 when not editing
        super().__init__(
            "New game",
            [
                [lambda: "Difficulty: " + NAMES[self.pauses], self.cycle],
                [self.deal_label, self.edit],
                ["Start", self.go],
            ],
            back=lambda a: a.go(menu(a)),
        )

    def deal_label(self):
        if self.deal < 0:
            return "Deal: random"
        text = "%05d" % self.deal
        if self.digit < 0:
            return "Deal: " + text
        return "Deal: " + text[: self.digit] + "[" + text[self.digit] + "]" + text[self.digit + 1 :]

    def cycle(self, app):
        self.pauses = (self.pauses - 1) % 4

    def edit(self, app):
        self.digit = 0
        if self.deal < 0:
            self.deal = 0

    def go(self, app):
        app.settings.pauses = self.pauses
        app.save_settings()
        start(app, self.pauses, self.deal if self.deal >= 0 else app.entropy % 100000)

    def key(self, app, k):
        if self.digit >= 0:
            unit = 10 ** (4 - self.digit)
            d = self.deal // unit % 10
            if k == "up" or k == "down":
                nd = (d + (1 if k == "up" else 9)) % 10
                self.deal += (nd - d) * unit
            elif k == "ok" or k == "right":
                self.digit += 1
                if self.digit == 5:
                    self.digit = -1
                    self.focus = 2  # on to Start
            elif k == "back" or k == "left":
                self.digit -= 1
                if self.digit < 0 and k == "back":
                    self.deal = -1
            return
        if self.focus == 0 and (k == "left" or k == "right"):
            self.pauses = (self.pauses + (1 if k == "left" else -1)) % 4
            return
        super().key(app, k)


def new_game(app):
    app.go(NewGame(app))


def menu_again(app):
    """Back to the title menu from the table: the table's code can go."""
    forget("app.l10play", "ui.l10mono", "ui.l10colour")
    app.go(menu(app))


def pause_menu(app, table):
    def back(a):
        a.go(table)

    def help_then(a):
        show_help(a)
        a.screen.leave = back

    def give_up(a):
        a.go(
            Menu(
                "Give up?",
                [
                    ["No, keep playing", back],
                    ["Yes, end this game", lambda a: finish(a, table, gave_up=True)],
                ],
                back=back,
            )
        )

    app.go(
        Menu(
            "Paused",
            [
                ["Resume", back],
                ["How to play", help_then],
                ["Give up", give_up],
                ["Save and quit", menu_again],
            ],
            back=back,
        )
    )


# the end of a game


def finish(app, table, gave_up=False):
    """Record the result, then show the score and what next. A game given up
    counts as lost, scored as it stands."""
    g = table.game
    s = g.state
    won = g.status() == rules.WON and not gave_up
    assisted = table.assisted or table.hinted
    level, resets, unused, bonus, total = rules.score_parts(s)
    pauses = rules.pauses(s)
    from app import stats

    # The save goes first: a power cut between the two writes then loses this result
    # (the move being saved), where the other order would count the game twice after
    # resuming it at its last move.
    table.save(app, ended=True)
    st = app.stats()
    best = stats.record(st, pauses, won, total, assisted) & stats.NEW_BEST
    app.save_stats(st)
    st = None
    forget("app.l10play", "ui.l10mono", "ui.l10colour", "app.stats")
    title = "You won!" if won else "Game over"
    if app.p.mono:  # 21 characters a line
        info = [
            "Score %d, %s" % (total, deal_name(g).lower()),
            "%d cards, %d resets" % (level, resets),
            "+%d: %d pause%s unused" % (bonus, unused, "" if unused == 1 else "s"),
        ]
        if best:
            title += " New best!"
        elif assisted:
            title += " (assisted)"
    else:
        info = [
            ("Score %d" % total) + ("  New best!" if best else ""),
            "%d level cards + %d resets placed" % (level, resets),
            "+%d for %d unused pause%s" % (bonus, unused, "" if unused == 1 else "s"),
            "%s, %s%s" % (deal_name(g), NAMES[pauses], " (assisted)" if assisted else ""),
        ]
    deal = g.seed
    deck = g.deck if deal is None else None
    app.go(
        Menu(
            title,
            [
                ["Play this deal again", lambda a: start(a, pauses, deal, deck)],
                ["New game", new_game],
                ["Title", menu_again],
            ],
            back=menu_again,
            info=info,
        )
    )


# statistics and rules


def show_stats(app):
    lines = []
    width = app.p.cols - 1
    from app import stats

    st = app.stats()
    for pauses in (3, 2, 1, 0):
        played, won, best, streak, best_streak, assisted = st.rows[pauses]
        rate = stats.win_rate(st, pauses)
        if width >= 30:
            lines.append("%-9s played %d, won %d (%d%%)" % (NAMES[pauses], played, won, rate))
            lines.append("   best %d, streak %d (best %d)" % (best, streak, best_streak))
            if assisted:
                lines.append("   and %d assisted game%s" % (assisted, "" if assisted == 1 else "s"))
        else:
            lines.append("%s won %d/%d" % (NAMES[pauses], won, played))
            lines.append(" rate %d%%, best %d" % (rate, best))
            lines.append(" streak %d (best %d)" % (streak, best_streak))
            if assisted:
                lines.append(" %d assisted" % assisted)
    lines += wrap("Games where Undo or a hint was used count as assisted and set no records.", width)
    forget("app.stats")
    app.go(Pager("Statistics", lines, lambda a: a.go(menu(a))))


def show_help(app):
    import app.l10help as h

    lines = wrap(h.TEXT % {"ok": app.button("ok"), "back": app.button("back")}, app.p.cols - 1)
    forget("app.l10help")  # the text is only needed while reading it
    app.go(Pager("How to play", lines, lambda a: a.go(menu(a))))
