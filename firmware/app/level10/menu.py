"""Level 10's entry (see app/games.py): its menu, a new game, resuming, the end screen,
statistics and the rules summary. The table itself is play.py (team.py with teammates:
bots or pass and play), its pause menu pause.py; hints are hints.py, Watch a game
watch.py. Those come back here through app.game(), not by importing this module.
"""

from app.app import forget
from app.level10 import NAMES, SAVE, saves
from app.screen import Menu, Pager, wrap
from compat import const
from level10 import rules
from level10.game import Game

_TEAMMATES = const(("bots", "pass and play"))  # by mode: saves.BOTS >> 4, saves.PASS >> 4


def menu(app):
    """Level 10's title menu; Continue shows only when a game is saved."""
    forget("app.level10.newgame", "app.level10.pause")  # back from New game, or from a game
    items = [["New game", new_game]]
    try:
        saved = app.store.read(SAVE) is not None
    except ValueError:  # damaged: Continue would only say so; resume() clears it
        saved = True
    if saved:
        items.insert(0, ["Continue", lambda a: resume(a, True)])
    items += [
        ["Statistics", show_stats],
        ["How to play", show_help],
        ["Watch a game", watch],
        ["Settings", _settings],
    ]
    m = Menu("Level 10", items, back=lambda a: a.home())  # the games menu (or this one again)
    if app.note:
        m.info = wrap(app.note, app.p.cols - 1)
        app.note = None
    return m


def _settings(app):
    from app.setup import settings_screen

    settings_screen(app, back=lambda a: a.go(menu(a).to("Settings")))


# starting and resuming


def start(app, pauses, deal, deck=None, players=1, mode=0):
    """A new game of deal number `deal` (or, for a game that came with its own deck, that
    deck dealt again); with 2-5 `players`, `mode` says who the teammates are (saves.BOTS or
    saves.PASS)."""
    if deck is None:
        game = Game(players=players, pauses=pauses, seed=deal)
    else:
        game = Game(players, pauses, deck=deck)
    text = deal_name(game) + ", " + NAMES[pauses]
    if players > 1:
        text += ", %d players" % players
    play(app, game, mode if players > 1 else 0, text + ". Good luck!")
    app.screen.save(app)


def deal_name(game):
    """The deal's name, as in "Deal 3"; a saved game may also hold its deck rather than a deal number."""
    return "Deal %d" % game.seed if game.seed is not None else "Own deck"


def play(app, game, flags, message, said=None):
    """The table for `game`; `flags` (saves.ASSISTED, saves.HINTED) say how it was helped,
    and its mode (saves.BOTS, saves.PASS) who the teammates are: their table, with `said`
    (what was said, as saved), is app/level10/team.py, loaded only for them."""
    if flags & saves.MODE:
        from app.level10.team import Team

        _table(app, Team(app, game, flags, message, said))
        return
    from app.level10.play import Play

    _table(app, Play(app, game, flags, message))


def watch(app):
    """Watch a game: a random deal at the last difficulty, played by the hint engine."""
    from app.level10 import choices
    from app.level10.watch import Watch

    deal = app.entropy % 100000
    pauses = choices.load(app).pauses
    _table(app, Watch(app, pauses, deal, "Deal %d, %s" % (deal, NAMES[pauses])))


def _table(app, screen):
    app.go(screen)
    # the table needs none of the menus' code: let it go (see app.app.forget)
    forget(
        "app.level10.menu",
        "app.screen",
        "app.setup",
        "app.settings",
        "app.level10.stats",
        "app.level10.help",
        "app.level10.newgame",
        "app.level10.choices",
        "app.level10.pause",
        "level10.referee",
        "level10.cards",
        "prng",
    )


def resume(app, asked=False, message=None):
    """Back into the saved game, saying `message` (default: welcome back). True when there
    was one to resume."""
    try:
        data = app.store.read(SAVE)
        if data is None:
            return False
        from app.level10 import restore  # only power-up and Continue need it

        game, flags, said = restore.resume(data)
        forget("app.level10.restore")
    except ValueError as e:  # Damaged is a ValueError too
        forget("app.level10.restore")
        app.store.clear_damaged(SAVE)
        app.note = "The saved Level 10 game could not be read (" + str(e) + "), so it was removed."
        if app.p.mono:  # two lines: the menu under it keeps its rows
            app.note = "Level 10: save damaged, removed."
        if asked:
            app.go(menu(app))
        return False
    if message is None:
        message = "Welcome back: %s, move %d." % (deal_name(game), game.played + 1)
    play(app, game, flags, message, said)
    return True


def new_game(app):
    """The New game menu (app/level10/newgame.py: loaded only while it is open)."""
    from app.level10.newgame import NewGame

    app.go(NewGame(app, start, lambda a: a.go(menu(a).to("New game"))))


def let_table_go():
    """Unload the table's code (solo or with teammates, its drawing, its talk), which no
    menu and no page of How to play needs."""
    forget(
        "app.level10.play",
        "app.level10.team",
        "app.level10.say",
        "ui.level10.mono",
        "ui.level10.colour",
        "level10.talk",
        "level10.view",
    )


def menu_again(app):
    """Back to the title menu from the table: the table's code can go."""
    let_table_go()
    app.go(menu(app))


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
    players = rules.players(s)
    mode = getattr(table, "mode", 0)  # a Team's: who the teammates were
    best = 0
    # The save goes first: a power cut between the two writes then loses this result
    # (the move being saved), where the other order would count the game twice after
    # resuming it at its last move.
    table.save(app, ended=True)
    if not mode:  # the statistics are solo games' (a team's score is the team's)
        from app.level10 import stats

        st = stats.load(app)
        best = stats.record(st, pauses, won, total, assisted) & stats.NEW_BEST
        stats.save(app, st)
        st = None
    forget(
        "app.level10.play",
        "ui.level10.mono",
        "ui.level10.colour",
        "app.level10.stats",
        "app.level10.team",
        "level10.talk",
    )
    title = ("Team won!" if mode else "You won!") if won else "Game over"
    if app.p.mono:  # 21 characters a line
        info = [
            "Score %d, %s" % (total, deal_name(g).lower()),
            "%d cards, %d resets" % (level, resets),
            "+%d: %d pause%s unused" % (bonus, unused, "" if unused == 1 else "s"),
        ]
        if mode:
            info.append(("%d players, pass&play" if mode == saves.PASS else "%d players, bots") % players)
        if best:
            title += " New best!"
        elif assisted:
            title += " (assisted)"
    else:
        info = [
            (("Team score %d" if mode else "Score %d") % total) + ("  New best!" if best else ""),
            "%d level cards + %d resets placed" % (level, resets),
            "+%d for %d unused pause%s" % (bonus, unused, "" if unused == 1 else "s"),
            "%s, %s%s" % (deal_name(g), NAMES[pauses], " (assisted)" if assisted else ""),
        ]
        if mode:
            info.append("%d players, %s: no statistics" % (players, _TEAMMATES[mode >> 4]))
    deal = g.seed
    deck = g.deck if deal is None else None
    app.go(
        Menu(
            title,
            [
                ["Play this deal again", lambda a: start(a, pauses, deal, deck, players, mode)],
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
    from app.level10 import stats

    st = stats.load(app)
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
    lines += wrap("Only solo games are counted: games with bots or pass and play are not.", width)
    forget("app.level10.stats")
    app.go(Pager("Statistics", lines, lambda a: a.go(menu(a).to("Statistics"))))


def show_help(app):
    import app.level10.help as h
    from app.pages import Lines

    lines = Lines(h.TEXT % {"ok": app.button("ok"), "back": app.button("back")}, app.p.cols - 1)
    forget("app.level10.help", "app.pages")  # the text is only needed while reading it
    app.go(Pager("How to play", lines, lambda a: a.go(menu(a).to("How to play"))))
