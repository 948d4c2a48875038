"""The game in progress as bytes for the store: its deal and its moves, not its position.

Resuming (app/level10/restore.py: only power-up and Continue need that code, not the
table) replays the moves through Game.apply, which rebuilds the position and the Undo
history alike and checks every move on the way: a save that decodes is a game the rules
allow, and anything else (foreign, damaged, from another version) is a ValueError with
a short reason for the player.

    0..1  magic b"LG"        2  format version (2; version 1 saves still load)
    3  players (1..5)        4  pauses (0..3)        5  starting seat (0-based)
    6  flags: bit 0 ASSISTED (Undo was used), bit 1 HINTED (a hint was shown),
       bit 2 the deal is a deck (otherwise a seed), bits 3-4 the mode: 0 solo, BOTS (seat
       0 is the player, the others are bots) or PASS (pass and play: every seat a person);
       the other bits are 0
    7  moves played (0..50)
    8  with teammates (players 2..5, mode BOTS or PASS): what was said, 35 bytes
       (level10.talk.Talk.encode()); solo: nothing
    then the deal: the seed (4 bytes, little-endian) or the deck (40 + pauses cards, top first)
    then the moves, 2 bytes each, little-endian (see level10.moves)

Solo, from a seed a save is 12 + 2 per move bytes (112 at most), from a deck 48 to 51 + 2
per move; with teammates 35 bytes more. Version 1 was the same without the mode bits and
the talk: its solo saves resume as they were, its games of 2-5 players as pass and play.
"""

from compat import const
from level10 import rules

ASSISTED = const(1)
HINTED = const(2)
DECK = const(4)  # flag: the deal is a deck, not a seed
BOTS = const(8)  # mode: seat 0 is the player, the other seats are bots
PASS = const(16)  # mode: pass and play, every seat a person
MODE = const(24)  # the mode's bits (0: solo)
TALK = const(35)  # bytes of what was said (level10.talk.SIZE)
VERSION = const(2)
MAGIC = b"LG"


def encode(game, flags=0, said=None):
    """The save of `game` (a Game played from a seed or a deck) with `flags` (ASSISTED,
    HINTED, and the mode BOTS or PASS) and, with teammates, `said` (Talk.encode()'s bytes;
    None: nothing said yet). A game of 2-5 players without a mode is saved as PASS; a
    solo game never has one."""
    s = game.state
    n = game.played
    if game.seed is not None:
        seed = game.seed
        if not 0 <= seed <= 0xFFFFFFFF:
            raise ValueError("the seed does not fit a save")
        deal = 4
    elif game.deck is not None:
        deal = len(game.deck)
    else:
        raise ValueError("this game has no deal to save")
    mode = 0
    if rules.players(s) > 1:
        mode = flags & MODE if flags & MODE in (BOTS, PASS) else PASS
    talk = TALK if mode else 0
    out = bytearray(8 + talk + deal + 2 * n)
    out[0:2] = MAGIC
    out[2] = VERSION
    out[3] = rules.players(s)
    out[4] = rules.pauses(s)
    out[5] = rules.start_seat(s)
    out[6] = (flags & (ASSISTED | HINTED)) | mode | (0 if deal == 4 else DECK)
    out[7] = n
    at = 8
    if talk:
        out[8 : 8 + TALK] = said if said is not None else b"\xff" * TALK
        at += TALK
    if deal == 4:
        for i in range(4):
            out[at + i] = (seed >> (8 * i)) & 0xFF
    else:
        out[at : at + deal] = game.deck
    at += deal
    h = game.history
    for i in range(n):
        out[at] = h[i] & 0xFF
        out[at + 1] = h[i] >> 8
        at += 2
    return bytes(out)
