"""The app: what happens between the buttons and the games' rules engines.

The modules here know no game: the App (screens, keys, time, sleep), the run loop and its
error screen, menus and pagers (`screen`), the flash `store`, and the player's `settings`.
Each game is a package of screens beside them (Level 10's is `app.level10`), listed in
`games.GAMES`, from which the title menu is built; a game's own files in the store (its
saved game, its statistics) are that package's business.
"""
