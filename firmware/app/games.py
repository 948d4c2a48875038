"""The games this handheld offers, as a table: the title menu is built from it.

Each entry is (name on the menu, module with `menu(app)` giving that game's own
menu). The Level 8 family joins by adding rows here.
"""

GAMES = (("Level 10", "app.level10.menu"),)
