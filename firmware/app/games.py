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

GAMES = (
    ("Level 10", "app.level10.menu", "game"),
    ("LEVEL 8", "app.level8.menu", "l8game"),
    ("Level Up", "app.level8.menu", "lugame"),
    ("Das Brettspiel", "app.level8.menu", "bggame"),
)
