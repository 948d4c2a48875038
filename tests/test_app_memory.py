"""The app's memory: code it unloads is really freed (the peak itself is a figure of
`python -m tools.bench app`, docs/benchmarks.md). A Pico has about 200 KB of heap, and a loaded module's code lives there, so the app
unloads what the screen showing does not use (app.app.forget). That only frees the code
when nothing else still refers to it: a function or class imported by name into a module
that stays loaded (say, `from level10.cards import deck_problem` at the top of rules) keeps the whole
module alive, and a later import then loads a second copy."""

import pytest
from mainloop import program

from tools import apprun

REPO = apprun.mpy.REPO

# forget() is wrapped before anything imports it by name: for each module it unloads,
# weak references to its functions and classes (a function refers to its module's
# globals, so the module's code stays while one lives). At the end, after a collection,
# the ones still alive that are not the current module's own are held by something.
WATCH = r"""
import gc
import sys
import weakref

from app import app as _app_module

_forget = _app_module.forget
WATCHED = []


def forget(*names):
    for name in names:
        m = sys.modules.get(name)
        if m is not None:
            for v in list(vars(m).values()):
                if getattr(v, "__module__", None) == name and (callable(v) or isinstance(v, type)):
                    WATCHED.append((name, v.__qualname__, weakref.ref(v)))
    _forget(*names)


_app_module.forget = forget
"""

HELD = r"""
gc.collect()
held = []
for name, what, ref in WATCHED:
    v = ref()
    m = sys.modules.get(name)
    if v is not None and not (m is not None and getattr(m, what, None) is v):
        held.append(name + "." + what)
print(type(apps[-1].screen).__name__, len(WATCHED), sorted(set(held)))
"""


@pytest.mark.parametrize(
    "board, names",
    [
        ("oled_128x64", "OK OK DOWN DOWN OK DOWN OK"),  # Level 10, New game, Start, a card played
        ("pico_display", "A A Y Y A Y A"),
        ("oled_128x64", "OK OK DOWN DOWN OK UP UP OK"),  # ... then Hint: the engine unloaded
    ],
)
def test_code_the_app_unloads_is_freed(board, names, tmp_path):
    (tmp_path / "board.py").write_bytes((REPO / "boards" / (board + ".py")).read_bytes())
    code = WATCH + program(names, HELD, wait=300, root=str(tmp_path) + "/")
    out = apprun.mpy.run_cpython(code, lib_dirs=[apprun.mpy.HOST_SIM, tmp_path])
    screen, watched, held = out.split(None, 2)
    assert screen == "Play" and int(watched) > 10  # the table is up; menus were unloaded
    assert held.strip() == "[]", "unloaded code still held: " + held


# The engine, loaded first so that its suggest() can be watched: when it starts thinking,
# what the hint lets go must be gone (the table's drawing code, cards' words).
THINKING = r"""
import level10.hint as _engine

_suggest = _engine.suggest
THOUGHT = []


def _watched(*a, **k):
    gc.collect()
    alive = set(n for n, _, ref in WATCHED if ref() is not None and n.startswith("ui.level10."))
    alive |= set(n for n in ("ui.level10.mono", "ui.level10.colour", "level10.cards") if n in sys.modules)
    THOUGHT.append(sorted(alive))
    return _suggest(*a, **k)


_engine.suggest = _watched
"""


@pytest.mark.parametrize(
    "board, names", [("oled_128x64", "OK OK DOWN DOWN OK UP UP OK"), ("pico_display", "A A Y Y A X X A")]
)
def test_a_hint_thinks_without_the_table_s_drawing_code(board, names, tmp_path):
    (tmp_path / "board.py").write_bytes((REPO / "boards" / (board + ".py")).read_bytes())
    tail = "print(type(apps[-1].screen).__name__, apps[-1].screen.message[:5], THOUGHT)"
    code = WATCH + THINKING + program(names, tail, wait=300, root=str(tmp_path) + "/")
    out = apprun.mpy.run_cpython(code, lib_dirs=[apprun.mpy.HOST_SIM, tmp_path])
    assert out.strip().split(None, 2) == ["Play", "Hint:", "[[]]"]


# LEVEL 8 from the games menu: New game, Start, then OK again and again, which hurries the
# bots' steps and plays your turns through the choosers (draw, then the first thing your
# first card may do).
L8_BETWEEN = r"""
t = apps[-1].screen
loaded = [n for n in ("level8.rules", "level8.game", "level8.bot", "level8.meld", "level8.need", "level8.combos", "level8.sides",
                      "app.level8.act", "app.level8.lay", "app.level8.bots", "app.level8.say", "app.level8.words")
          if n in sys.modules]
print(type(t).__name__, t._game is None, loaded, sorted(set(n for n, _, _ in WATCHED)))
"""


# What a colour board keeps loaded between keys (app.level8.KEPT, set by
# app/level8/menu.py), of the modules L8_BETWEEN looks for.
COLOUR_KEEPS = "['level8.rules', 'level8.game', 'level8.sides'"


@pytest.mark.parametrize(
    "board, names, kept",
    [
        ("oled_128x64", "DOWN OK OK DOWN OK OK UP OK" + " OK" * 60, "["),
        ("pico_display", "Y A A Y A A X A" + " A" * 60, COLOUR_KEEPS),
    ],
)
def test_level8_s_table_holds_only_what_it_draws_between_moves(board, names, kept, tmp_path):
    """The table reads its game through level8.layout: on the OLED the rules' code is loaded
    for a move and let go once the move is saved, a chooser's while it is up (docs/design.md);
    a colour board has the room to keep them (app/level8/menu.py). A bot's code is loaded
    only while it decides, on every board, and all that goes is really freed."""
    (tmp_path / "board.py").write_bytes((REPO / "boards" / (board + ".py")).read_bytes())
    code = WATCH + program(names, HELD + L8_BETWEEN, wait=300, root=str(tmp_path) + "/")
    out = apprun.mpy.run_cpython(code, lib_dirs=[apprun.mpy.HOST_SIM, tmp_path]).strip().splitlines()
    assert out[0].split(None, 2)[2] == "[]", "unloaded code still held: " + out[0]
    screen, rested, rest = out[1].split(None, 2)
    loaded, _, watched = rest.partition("] ")
    assert screen == "Table" and rested == "True" and loaded == kept, out[1]
    for name in ("level8.rules", "level8.bot", "app.level8.act", "app.level8.bots", "app.level8.say"):
        if repr(name) not in kept:
            assert name in watched, name + " was never loaded and unloaded: the game did not reach it"
