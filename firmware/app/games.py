"""The games this handheld offers, as a table: the title menu is built from it.

Each entry is (name on the menu, the game's entry module, the store's name of that row's
saved game: power-up looks for it before loading any of the game's code). The entry module gives
`menu(app)`, that game's own menu, and `resume(app)`, True when it went straight back
into a saved game at power-up; the game's other screens reach it through `app.game()`
(App imports it by name from here). The entry's package names the store's file for its
game in progress as `SAVE`, or a tuple of names when several rows share it (app/run.py
sets them aside when a start fails). LEVEL 8, Level Up and Das Brettspiel (the board game)
are three rows of one package: its screens tell them apart by the row's name
(app/level8/__init__.py).
"""

# Built row by row, not written as one constant: MicroPython keeps a constant tuple's
# strings as objects of their own in the heap (one "app.level8.entry" per row), while a row
# built at import holds the short names as interned names and shares one entry's name.
_L8 = "app.level8.entry"
GAMES = (
    ("Level 10", "app.level10.menu", "game"),
    ("LEVEL 8", _L8, "l8game"),
    ("Level Up", _L8, "lugame"),
    ("Das Brettspiel", _L8, "bggame"),
)
del _L8
