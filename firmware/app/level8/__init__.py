"""LEVEL 8 and Level Up on the handheld: two rows of the games table (app/games.py) that
share these screens, on top of the rules engine (the top-level level8 package) and its
drawing (ui/level8/).

Each game keeps its own files in the store (its saved game, statistics and last New game
choices), named by `file(game, kind)`. Which game a screen belongs to is the row being
played (`which(app)`) until a table is up; the table knows its game from its state.
"""

import sys

from app.app import forget as _forget
from app.games import GAMES

_CONSERVATIVE = sys.implementation.name == "micropython"  # its collector: see drop()
NAMES = ("LEVEL 8", "Level Up")  # by game id (level8.cards.LEVEL8, LEVELUP); the rows' names
_FILES = (("l8game", "l8stats", "l8new"), ("lugame", "lustats", "lunew"))
GAME = 0  # kinds of file
STATS = 1
NEW = 2
SAVE = (_FILES[0][GAME], _FILES[1][GAME])  # the saved games (app/run.py sets them aside)
# The code a bot (or the hint) decides with, and the words it says what it did in: loaded
# for that only (app/level8/bots.py) and let go at once.
BOT_CODE = ("level8.bot", "level8.need", "level8.meld", "level8.combos", "level8.sides", "level8.view")
WORDS_CODE = ("app.level8.say", "app.level8.words")


def which(app):
    """The game (level8.cards.LEVEL8 or LEVELUP) of the row being played."""
    return 1 if GAMES[app.playing][0] == NAMES[1] else 0


def file(game, kind):
    """The store's name of `game`'s file of `kind` (GAME, STATS or NEW)."""
    return _FILES[game][kind]


def name(game):
    return NAMES[game]


# Modules forget() leaves loaded: the table's keys' code on a board with the heap for it
# (app/level8/menu.py sets it at the first deal and back to () when the table goes).
KEPT = ()


def forget(*names):
    """app.app.forget, but for the modules KEPT."""
    for name in names:
        if name not in KEPT:
            _forget(name)


def drop(*names):
    """Unload modules whose code nothing will run again (a bot's once it has decided, the
    rules between moves), emptied first. The collector is conservative: a word that only
    looks like the address of one of a module's functions (a game state's bytes can) keeps
    that function, and through the module's globals all of its code; an emptied module
    keeps nothing else. Only MicroPython's collector is: on the host the simulator and the
    tests share these modules with the app, so they are only unloaded there."""
    gone = [sys.modules.get(name) for name in names] if _CONSERVATIVE else ()
    forget(*names)
    for i in range(len(gone)):
        if gone[i] is not None and names[i] not in KEPT:  # one KEPT stays whole
            gone[i].__dict__.clear()


def unload():
    """Let the bots' code go (it comes back for the next bot or hint)."""
    forget(*BOT_CODE)
    forget(*WORDS_CODE)
