"""LEVEL 8, Level Up and Das Brettspiel (the board game) on the handheld: three rows of the
games table (app/games.py) that share these screens, on top of the rules engine (the
top-level level8 package) and its drawing (ui/level8/).

Each game keeps its own files in the store (its saved game, statistics and last New game
choices), named by `file(game, kind)`. Which game a screen belongs to is the row being
played (`which(app)`) until a table is up; the table knows its game from its state.
"""

from app.app import drop as _drop
from app.app import forget as _forget
from compat import const

# Names this module's functions import where they run (sys, GAMES) rather than hold: every
# screen of these games holds this module, and its dictionary is at a step of its size
# (docs/benchmarks.md).

# A table's flags, as its save keeps them (saves.py): here, so that a new table needs none
# of the saves' code (turn.setup)
HINTED = const(1)  # a hint was shown: the game counts as assisted
BY_COLOUR = const(2)  # seat 0's hand is sorted by colour; seat k's: BY_COLOUR << k
GAME = 0  # kinds of file
STATS = 1
NEW = 2
# The saved games by game id (level8.cards.LEVEL8, LEVELUP, BOARD), as the rows of GAMES
# name them (app/run.py sets them aside). A game's other files share its save's first two
# letters: one table rather than nine names, and no second copy of the rows' names, in
# the heap the whole time a game is played.
SAVE = ("l8game", "lugame", "bggame")
_KINDS = const(("game", "stats", "new"))
# The code a bot (or the hint) decides with, and the words it says what it did in: loaded
# for that only (app/level8/bots.py) and let go at once.
BOT_CODE = ("level8.bot", "level8.need", "level8.meld", "level8.combos", "level8.sides", "level8.view")
WORDS_CODE = ("app.level8.say", "app.level8.words")


def which(app):
    """The game (level8.cards.LEVEL8, LEVELUP or BOARD) of the row being played."""
    from app.games import GAMES

    return SAVE.index(GAMES[app.playing][2])


def file(game, kind):
    """The store's name of `game`'s file of `kind` (GAME, STATS or NEW): l8game, lustats,
    bgnew..."""
    return SAVE[game][:2] + _KINDS[kind]


def name(game):
    """The name of `game`'s row on the games menu."""
    from app.games import GAMES

    for row in GAMES:
        if row[2] == SAVE[game]:
            return row[0]


# Modules forget() leaves loaded: the table's keys' code on a board with the heap for it
# (app/level8/menu.py sets it at the first deal and back to () when the table goes).
KEPT = ()


def forget(*names):
    """app.app.forget, but for the modules KEPT."""
    for name in names:
        if name not in KEPT:
            _forget(name)


def drop(*names):
    """app.app.drop (unloaded, emptied on MicroPython) for modules whose code nothing will
    run again (a bot's once it has decided, the rules between moves), but for the modules
    KEPT, which stay loaded and whole."""
    _drop(*[name for name in names if name not in KEPT])


def let_go(module):
    """`drop` for the module object its caller imported for a key (turn.py at the table's
    keys), which a nested forget() may have taken out of sys.modules already. Only for the
    outermost caller: nothing up the stack runs its code then. Emptied, a stale word (a
    game state's bytes can spell the address of one of its functions) keeps that function,
    not all of the module's code through its globals."""
    import sys

    sys.modules[module.__name__] = module
    drop(module.__name__)


def unload():
    """Let the bots' code go (it comes back for the next bot or hint)."""
    forget(*BOT_CODE)
    forget(*WORDS_CODE)
