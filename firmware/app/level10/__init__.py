"""Level 10 on the handheld: its menus and table (the screens of this package) on top of
the rules engine (the top-level level10 package) and its drawing (ui/level10/).

The entry is `menu` (the GAMES table names it): it opens the other screens, and they reach
it again only through the app (`app.game()`), never by importing it. Names every screen
of the game uses live here.
"""

SAVE = "game"  # the store's name for the game in progress (app/run.py reads it too)
NAMES = ("Master", "Pro", "Standard", "Beginner")  # difficulty by number of pauses (rulebook table)
