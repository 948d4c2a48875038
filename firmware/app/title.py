"""The games menu, the title of a handheld with several games (app/games.py), and where
power-up goes: straight back into a saved game when there is one, the game last opened
from the games menu first (the store's "playing"), then the others in order. Loaded only to
build the menu; its code goes with the menu.
"""

import sys

from app.games import GAMES
from compat import const

_LAST = const("playing")  # the store's name for the row last opened from the games menu (1 byte)


def home(app, resume, forget):
    """Put up the games menu, or on power-up (`resume`) a saved game; `forget` is
    app.app's (passed in: app.app imports this module, not the other way)."""
    if resume:
        last = _last(app.store)
        for i in [last] + [i for i in range(len(GAMES)) if i != last]:
            try:
                if app.store.read(GAMES[i][2]) is None:
                    continue  # no saved game: none of its code is loaded (nor its names kept)
            except ValueError:
                pass  # damaged: the game's resume says so and clears it
            app.playing = i
            had = list(sys.modules)
            if app.game(i).resume(app):
                return
            forget(*[name for name in sys.modules if name not in had])
        app.playing = 0
    from app.screen import Menu, wrap

    items = [[GAMES[i][0], lambda app, i=i: _open(app, i)] for i in range(len(GAMES))]
    items.append(["Settings", _settings])
    m = Menu("Games", items)
    if app.note:  # a damaged file's (a saved game's, the settings'): told once, here
        m.info = wrap(app.note, app.p.cols - 1)
        app.note = None
    app.go(m)


def _settings(app):
    from app.setup import settings_screen

    settings_screen(app)


def _last(store):
    try:
        data = store.read(_LAST)
    except ValueError:
        store.clear_damaged(_LAST)
        data = None
    return data[0] if data and len(data) == 1 and data[0] < len(GAMES) else 0


def _open(app, i):
    app.playing = i
    if _last(app.store) != i:
        app.store.write(_LAST, bytes((i,)))  # power-up resumes this game's save first
    app.go(app.game(i).menu(app))
