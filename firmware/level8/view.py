"""What one seat sees of a LEVEL 8 game, by construction: the state with every hidden byte
blanked.

Bots and the hint decide from a view, never from the game. A seat sees its own hand, the
cards everyone saw another seat take from a discard pile (the front of that seat's hand,
`rules.known`), every discard pile's top, every laid combination, the Skips, and every
count. Blanked (UNSEEN): the face-down draw pile, the cards under each discard pile's
top, the rest of the other hands, and the generator that will shuffle the next draw
pile and deal. The board game (board.py) is seen the same way: its block after the area
(towers, dice rolled, the action under way, the cards shown for a Steal, which stay in
their owners' hands until it is done) is open to all, and so is the jokers' stack (every
joker is alike); its coming dice are the blanked generator's.
"""

from level8.rules import (
    AT_AREA,
    AT_PLAYERS,
    AT_RNG,
    AT_SEATS,
    AT_STARTS,
    AT_UNDER,
    DRAW_PILE,
    HAND_OF,
    PILE,
    S_KNOWN,
    SEAT_BYTES,
)

UNSEEN = 255


def _blank(t, lo, hi):
    for i in range(AT_AREA + lo, AT_AREA + hi):
        t[i] = UNSEEN


def see(s, seat, out=None):
    """The view of position `s` for `seat`, written into `out` (a bytearray of the same
    size, reused by a bot) or a new bytearray."""
    if out is None:
        out = bytearray(len(s))
    out[:] = s
    st = AT_STARTS
    _blank(out, s[st + DRAW_PILE] + s[AT_UNDER], s[st + DRAW_PILE + 1])
    for p in range(s[AT_PLAYERS]):
        lo = s[st + PILE + p]
        hi = s[st + PILE + p + 1]
        if hi > lo:
            _blank(out, lo, hi - 1)
        if p != seat:
            _blank(out, s[st + HAND_OF + p] + s[AT_SEATS + p * SEAT_BYTES + S_KNOWN], s[st + HAND_OF + p + 1])
    for i in range(AT_RNG, AT_RNG + 8):
        out[i] = 0
    return out
