"""The Level 8 family: LEVEL 8 and Level Up (card games) and Level 8: Das Brettspiel.

`cards` names cards and the three decks, `levels` holds every printed level as data, and
`combos` decides whether cards form a run, a set or a colour group, match a whole level,
or extend a laid combination. Nothing here knows about screens or pins.
"""
