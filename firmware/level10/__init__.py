"""Level 10, the cooperative card game: rules engine, moves and game records.

`cards` names cards, `moves` packs a move into a small int, `rules` holds the
whole game in one bytearray and applies moves to it, `game` adds history
(undo) on top, and `record` reads and writes `.l10` game records.
Nothing here knows about screens or pins.
"""
