"""The app: what happens between the buttons and the rules engine.

Menus and the play controller turn key presses into moves and views; `store` keeps
named blobs safely on the Pico's flash, and `saves`, `stats` and `settings` say what
goes in them (the game in progress, the records per difficulty, the player's choices).
"""
