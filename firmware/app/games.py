"""The games this handheld offers, as a table: the title menu is built from it.

Each entry is (name on the menu, the game's entry module). The entry module gives
`menu(app)`, that game's own menu, and `resume(app)`, True when it went straight back
into a saved game at power-up; the game's other screens reach it through `app.game()`
(App imports it by name from here). The entry's package names the store's file for its
game in progress as `SAVE` (app/run.py sets it aside when a start fails). The Level 8
family joins by adding rows here.
"""

GAMES = (("Level 10", "app.level10.menu"),)
