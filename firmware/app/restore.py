"""A saved game back (see app/saves.py for the format): the deal dealt again and every
move replayed through Game.apply, which checks it, so a save that decodes is a game the
rules allow and anything else is a ValueError with a short reason for the player."""

from app.saves import ASSISTED, DECK, HINTED, MAGIC, VERSION
from level10 import rules
from level10.game import Game


def decode(data):
    """(Game, flags) from a save; ValueError with a short reason when it is not one."""
    size = len(data)
    if size < 8 or data[0:2] != MAGIC:
        raise ValueError("not a saved game")
    if data[2] != VERSION:
        raise ValueError("saved by another version")
    players = data[3]
    pauses = data[4]
    start = data[5]
    flags = data[6]
    played = data[7]
    if not 1 <= players <= 5 or pauses > 3 or start >= players or flags > 7 or played > rules.SLOTS:
        raise ValueError("saved game damaged")
    deal = 40 + pauses if flags & DECK else 4
    want = 8 + deal + 2 * played
    if size != want:
        raise ValueError("saved game cut short" if size < want else "saved game damaged")
    if flags & DECK:
        deck = bytes(data[8 : 8 + deal])
        if rules.deck_problem(deck, pauses):
            raise ValueError("saved game has a bad deal")
        g = Game(players, pauses, deck=deck, start=start)
    else:
        seed = data[8] | data[9] << 8 | data[10] << 16 | data[11] << 24
        g = Game(players, pauses, seed=seed, start=start)
    at = 8 + deal
    for i in range(played):
        try:
            g.apply(data[at] | data[at + 1] << 8)
        except ValueError:
            raise ValueError("move " + str(i + 1) + " of the save is illegal")
        at += 2
    return g, flags & (ASSISTED | HINTED)
