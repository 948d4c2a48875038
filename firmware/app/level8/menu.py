"""The menus of LEVEL 8, of Level Up and of the board game, reached through their entry
(entry.py): a game's menu, a new game, resuming, the pause menu, the end of a game,
statistics and how to play. The board game's own New game menu and how-to-play pages are
modules of their own (boardnew.py, boardhelp.py), loaded for it only. The table is
play.py; its choosers (which pile, which layout, what a card does, the laid combinations)
are act.py. Those come back here through app.game() and the entry, not by importing this
module; the table coming back from a chooser needs none of it (entry.table_again).
"""

import sys

from app.level8 import BY_COLOUR, GAME, drop, file, forget, name, which
from app.screen import Menu, Pager, wrap
from compat import const

_BOARD = const(2)  # level8.cards.BOARD


def _table_gone():
    """The table's, its drawing's and the engine's code go (the game's menus are back):
    every module of the family but the package and this one. Found by name in sys.modules
    rather than listed, so that each game's own modules (the board game's too) go without
    a list of names held in the heap of every game."""
    for n in list(sys.modules):
        family = n.startswith("level8") or n.startswith("ui.level8") or n.startswith("app.level8")
        if (family or n == "prng") and n != "app.level8" and n != __name__:
            forget(n)


# On a colour board, whose heap budget (96 KB, twice the OLED's) has room for it beside the
# table, the code a move loads (the rules, turn.py, the save) is kept loaded from the first
# deal until the table goes (app.level8.KEPT): a move's key then loads none of it. The
# OLED's table lets it go after each key (seat.py, play.py). The choosers' code still
# comes and goes: kept too, it left too little room for what a stale word in the heap can
# hold after the meld finder (docs/benchmarks.md).
_KEPT = const(
    (
        "app.level8.play",
        "app.level8.turn",
        "app.level8.seat",
        "app.level8.saves",
        "ui.level8.colour",
        "level8.game",
        "level8.rules",
        "level8.sides",
        "level8.levels",  # the rules import its names: one copy, kept with them
    )
)


def menu(app):
    """The game's title menu; Continue shows only when a game is saved."""
    # setattr: the package as sys.modules holds it is a plain module to the type checker
    setattr(sys.modules["app.level8"], "KEPT", ())  # noqa: B010  # no table now (one an error ended may have left it set)
    forget("app.level8.newgame", "app.level8.boardnew")
    game = which(app)
    items = [["New game", new_game], ["Statistics", show_stats], ["How to play", show_help]]
    if _saved(app, game):
        items.insert(0, ["Continue", lambda a: resume(a, True)])
    m = Menu(name(game), items, back=lambda a: a.home())
    if app.note:
        m.info = wrap(app.note, app.p.cols - 1)
        app.note = None
    return m


def _saved(app, game):
    try:
        return app.store.read(file(game, GAME)) is not None
    except ValueError:  # damaged: Continue says so, and resume() clears it
        return True


# starting and resuming


def start(app, game, c, sides=None):
    """A new game with New game's choices `c` (app/level8/choices.py); the board game's
    with each seat's level side, 1 or 2, in `sides` (LB-5). Once its first table is on the
    screen, as after a move, the game is saved and then the choices, for the next New game."""
    from level8.game import Game

    seed = app.entropy
    g = Game(game, c.players, seed, (seed >> 7) % c.players, c.keep, None, None, sides)
    if app.p.mono:  # in one line: a longer message would cover the items until a key
        text = "%d players. Good luck!" % c.players
    else:
        text = "%s, %d players. Good luck!" % (name(game), c.players)
    # the rules' code stays for the first frame, which reads the levels, until the save
    t = play(app, g, BY_COLOUR * 63 if c.colour else 0, c.people, c.strength, text)  # every seat's hand

    def save(app):  # a name the firmware has already: names are never freed
        t.save(app)
        from app.level8 import choices

        choices.save(app, game, c)
        forget("app.level8.choices")

    app.later(save)


def play(app, g, flags, people, strength, message):
    from app.level8.play import Table

    # not the board game's table (which(app) 2): with its rules and its own steps' code it
    # has no room on a colour board's heap for the card games' kept code (docs/benchmarks.md)
    if not app.p.mono and which(app) != 2:
        setattr(sys.modules["app.level8"], "KEPT", _KEPT)  # noqa: B010
    t = Table(app, g, flags, people, strength, message)
    app.go(t)
    # the table needs none of the menus' code (see app.app.forget)
    forget(
        "app.level8.menu",
        "app.level8.entry",
        "app.screen",
        "app.setup",
        "app.settings",
        "app.level8.stats",
        "app.level8.help",
        "app.level8.newgame",
        "app.level8.boardnew",
        "app.level8.choices",
        "app.level8.saves",
    )
    # and what the referee loaded when resuming checked the saved position (Game.decode)
    drop("level8.combos", "level8.sides")
    return t


def resume(app, asked=False):
    """Back into the row's saved game. True when there was one to resume."""
    game = which(app)
    save = file(game, GAME)
    try:
        data = app.store.read(save)
        if data is None:
            return False
        from app.level8 import saves

        g, flags, people, strength = saves.decode(data, game)
    except ValueError as e:  # Damaged is a ValueError too
        app.store.clear_damaged(save)
        app.note = "The saved " + name(game) + " game could not be read (" + str(e) + "), so it was removed."
        if app.p.mono:  # two lines: the menu under it keeps its rows
            app.note = name(game) + ": save damaged, removed."
        if asked:
            app.go(menu(app))
        return False
    from level8 import layout

    # the OLED's in one line, beside the items
    back = "Resumed: round %d" if app.p.mono else "Welcome back: round %d."
    play(app, g, flags, people, strength, back % layout.round_no(g.state)).rest()
    return True  # the rules' code comes back with the first move


def new_game(app):
    game = which(app)
    if game == _BOARD:
        from app.level8 import boardnew

        app.go(boardnew.NewGame(app, game, start, _back))
        return
    from app.level8.newgame import NewGame

    app.go(NewGame(app, game, start, _back))
    if not app.p.mono:
        app.later(_ready)


def _ready(app):
    """Once New game is on a colour board's screen, while the player reads it: the code
    Start deals and draws the first table with is loaded, so that the table follows Start
    at once. The OLED has no room for it beside the menus."""
    for m in ("prng", "level8.game", "app.level8.play", "app.level8.turn", "ui.level8.colour"):
        __import__(m)


def _back(app):
    """Back from New game: what it loaded for Start goes."""
    _table_gone()
    app.go(menu(app).to("New game"))


def menu_again(app):
    """Back to the game's menu from the table: the table's code can go."""
    setattr(sys.modules["app.level8"], "KEPT", ())  # noqa: B010
    _table_gone()
    app.go(menu(app))


# the end of a game


def finish(app, table, gave_up=False):
    """Record the result (games against bots only), then show the standings."""
    from level8 import layout

    s = table.state
    n = layout.players(s)
    won_by = layout.winner(s) if not gave_up else layout.NO_SEAT
    rounds = layout.round_no(s)
    game = layout.game(s)
    names = [table.name(q) for q in range(n)]
    levels = [layout.level(s, q) for q in range(n)]
    solo = table.people == 1
    assisted = table.hinted
    # the save goes first: a power cut between the two loses this result rather than
    # counting it twice
    app.store.remove(file(game, GAME))
    best = False
    if solo:
        from app.level8 import stats

        st = stats.load(app, game)
        best = stats.record(st, won_by == 0, rounds, assisted)
        stats.save(app, game, st)
        st = None
        forget("app.level8.stats")
    setattr(sys.modules["app.level8"], "KEPT", ())  # noqa: B010
    _table_gone()
    table = None
    if won_by == layout.NO_SEAT:
        title = "Game given up"
    elif solo:
        title = "You won!" if won_by == 0 else names[won_by] + " won"
    else:
        title = names[won_by] + " won!"
    order = sorted(range(n), key=lambda q: -levels[q] * 8 + q)
    info = []
    for q in order:
        lv = levels[q]
        if app.p.mono and n > 3:  # "Bot 3 L5", two to a line: six seats, the rounds, the items
            info.append("%-5s %-3s" % (names[q].replace("Player ", "P"), "won" if lv > 8 else "L%d" % lv))
        elif app.p.mono:
            info.append("%-8s %s" % (names[q], "won" if lv > 8 else "level %d" % lv))
        else:
            info.append("%-9s %s" % (names[q], "won" if lv > 8 else "on level %d" % lv))
    if app.p.mono and n > 3:
        info = ["  ".join(info[i : i + 2]).rstrip() for i in range(0, n, 2)]
    if assisted:
        tail = "%d rounds, assisted" % rounds
    elif best:
        tail = ("%d rounds, record!" if app.p.mono else "%d rounds, a new record!") % rounds
    else:
        tail = "%d rounds" % rounds
    if rounds == 1:  # a game given up in its first round
        tail = "1 round" + tail[8:]
    info.append(tail)
    app.go(Menu(title, [["New game", new_game], ["Back to menu", menu_again]], back=menu_again, info=info))


# statistics and rules


def show_stats(app):
    from app.level8 import stats

    game = which(app)
    st = stats.load(app, game)
    forget("app.level8.stats")
    width = app.p.cols - 1
    rate = st.won * 100 // st.played if st.played else 0
    lines = [
        "Games played: %d" % st.played,
        "Won: %d (%d%%)" % (st.won, rate),
        "Streak: %d (best %d)" % (st.streak, st.best_streak),
        "Fastest win: " + ("%d rounds" % st.fewest if st.fewest else "-"),
        "Assisted games: %d" % st.assisted,
    ]
    lines += wrap(
        "Games against bots count. A game where a hint was shown counts as assisted and sets no records. Pass-and-play games are not counted.",
        width,
    )
    title = name(game) + " statistics"
    # a colour board's title is drawn twice as large: 19 characters fit
    app.go(Pager(title if width > 30 and len(title) < 20 else "Statistics", lines, lambda a: a.go(menu(a).to("Statistics"))))


def show_help(app):
    game = which(app)
    if game == _BOARD:
        from app.level8.boardhelp import TEXT as text
    else:
        import app.level8.help as h

        text = h.TEXT + (h.UP if game == 1 else "")
    from level8 import cards

    from app.pages import Lines

    # the card games' word for a wild, cards.name's: "wild", or Level Up's "joker"
    words = {"ok": app.button("ok"), "back": app.button("back"), "wild": cards.name(cards.WILD, game)[2:]}
    lines = Lines(text % words, app.p.cols - 1)
    forget("app.level8.help", "app.level8.boardhelp", "app.pages")
    app.go(Pager("How to play", lines, lambda a: a.go(menu(a).to("How to play"))))
