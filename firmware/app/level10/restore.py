"""A saved game back (see app/level10/saves.py for the format): the deal dealt again and every
move replayed through Game.apply, which checks it, so a save that decodes is a game the
rules allow and anything else is a ValueError with a short reason for the player."""

from app.level10.saves import ASSISTED, DECK, HINTED, MAGIC, MODE, PASS, TALK, VERSION
from level10 import cards, rules
from level10.game import Game


def decode(data):
    """(Game, flags) from a save, every move replayed and checked; ValueError with a
    short reason when the bytes are not a game this firmware can resume. The flags hold
    the mode (flags & MODE)."""
    return resume(data)[:2]


def resume(data):
    """(Game, flags, said) from a save (said: the talk bytes of a game with teammates,
    for level10.talk.Talk, else None); ValueError with a short reason when it is not one."""
    size = len(data)
    if size < 8 or data[0:2] != MAGIC:
        raise ValueError("not a saved game")
    version = data[2]
    if version != VERSION and version != 1:
        raise ValueError("saved by another version")
    players = data[3]
    pauses = data[4]
    start = data[5]
    flags = data[6]
    played = data[7]
    if not 1 <= players <= 5 or pauses > 3 or start >= players or played > rules.SLOTS:
        raise ValueError("saved game damaged")
    mode = flags & MODE
    if version == 1:  # no mode, no talk: a game of several players was everyone's
        if flags > 7:
            raise ValueError("saved game damaged")
        mode = PASS if players > 1 else 0
    elif flags > 31 or mode == MODE or (mode == 0) != (players == 1):
        raise ValueError("saved game damaged")
    at = 8 + (TALK if mode and version > 1 else 0)
    deal = 40 + pauses if flags & DECK else 4
    want = at + deal + 2 * played
    if size != want:
        raise ValueError("saved game cut short" if size < want else "saved game damaged")
    said = None
    if mode:
        said = bytes(data[8:at]) if at > 8 else b"\xff" * TALK
        if _bad_talk(said, players):
            raise ValueError("saved game damaged")
    if flags & DECK:
        deck = bytes(data[at : at + deal])
        if cards.deck_problem(deck, pauses):
            raise ValueError("saved game has a bad deal")
        g = Game(players, pauses, deck=deck, start=start)
    else:
        seed = data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24
        g = Game(players, pauses, seed=seed, start=start)
    at += deal
    for i in range(played):
        try:
            g.apply(data[at] | data[at + 1] << 8)
        except ValueError:
            raise ValueError("move " + str(i + 1) + " of the save is illegal")
        at += 2
    return g, (flags & (ASSISTED | HINTED)) | mode, said


def _bad_talk(said, players):
    """True unless `said` is what seats of a game of `players` could have said: counts up to
    a hand (10), worlds 0-4, or UNKNOWN for nothing said; seats beyond the game said nothing."""
    from level10.talk import UNKNOWN  # only a game with teammates has talk to check

    for i in range(TALK):
        v = said[i]
        if v == UNKNOWN:
            continue
        seat = i // 5 if i < 25 else i % 5
        if seat >= players or v > (10 if i < 25 else 4):
            return True
    return False
