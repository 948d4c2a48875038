"""The games menu, the title of a handheld with several games (app/games.py), and where
power-up goes: straight back into a saved game when there is one, the game last opened
from the games menu first (the store's "playing"), then the others in order. Loaded only to
build the menu; its code goes with the menu.
"""

import sys

from app.games import GAMES
from compat import const

_LAST = const("playing")  # the store's name for the row last opened from the games menu (1 byte)
_OPEN = const("open")  # ... and for a row to open once the firmware has started again (1 byte)


def home(app, resume, forget):
    """Put up the games menu, or on power-up (`resume`) a saved game; `forget` is
    app.app's (passed in: app.app imports this module, not the other way). Back from a
    game's menu, none of that game's code stays: the next game may need the room."""
    if not resume:
        # every game's modules: its screens (app.P, the package of its entry module), its
        # engine (P) and its drawing (ui.P)
        tops = []
        for row in GAMES:
            p = row[1].split(".")[1]
            tops += [p, "app." + p, "ui." + p]
        forget(*[n for n in sys.modules if n.split(".")[0] in tops or ".".join(n.split(".")[:2]) in tops])
    else:
        i = _row(app.store, _OPEN)
        if i is not None:  # a switch to another game started the firmware again: open it
            app.store.clear_damaged(_OPEN)  # deletes only: a full flash cannot stop it
            _open(app, i)
            return
        i = _row(app.store, _LAST)
        last = 0 if i is None else i
        for i in [last] + [i for i in range(len(GAMES)) if i != last]:
            try:
                if app.store.read(GAMES[i][2]) is None:
                    continue  # no saved game: none of its code is loaded (nor its names kept)
            except ValueError:
                pass  # damaged: the game's resume says so and clears it
            app.playing = i
            entry = GAMES[i][1]
            app.opened = entry if app.opened in (None, entry) else ""  # "": several games'
            had = list(sys.modules)
            if app.game(i).resume(app):
                return
            forget(*[name for name in sys.modules if name not in had])
        app.playing = 0
    from app.screen import Menu, wrap

    items = [[GAMES[i][0], lambda app, i=i: _open(app, i)] for i in range(len(GAMES))]
    items.append(["Settings", _settings])
    m = Menu("Games", items)
    m.focus = app.playing  # back from a game: on its row
    if app.note:  # a damaged file's (a saved game's, the settings'): told once, here
        m.info = wrap(app.note, app.p.cols - 1)
        app.note = None
    app.go(m)


def _settings(app):
    from app.setup import settings_screen

    settings_screen(app, lambda a: a.home() or a.screen.to("Settings"))


def _row(store, name):
    """The row of GAMES the store's 1-byte file `name` holds; None without one."""
    try:
        data = store.read(name)
    except ValueError:
        store.clear_damaged(name)
        data = None
    return data[0] if data and len(data) == 1 and data[0] < len(GAMES) else None


def _open(app, i):
    """Game `i`'s menu. The names another game interned since power-up stay in the heap for
    good (MicroPython never frees one), and this game may need the room: the firmware
    starts again first (a soft reset) and then opens it."""
    entry = GAMES[i][1]
    last = _row(app.store, _LAST)
    if (0 if last is None else last) != i:
        app.store.write(_LAST, bytes((i,)))  # power-up resumes this game's save first
    if app.opened not in (None, entry) and app.device is not None:
        app.store.write(_OPEN, bytes((i,)))
        app.device.restart()
    app.playing = i
    app.opened = entry
    app.go(app.game(i).menu(app))
