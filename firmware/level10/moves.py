"""A move packed into one small int (its text form is in `notation`).

    bits 0-2  row (0..4, Sky..Desert)
    bit  3    kind: 0 plays a hand card (action A), 1 places a reset (action B)
    bits 4-9  play: the card played; reset: first card put under the deck
    bits 10-15  play: the card buried under a pause; reset: second card put under

Unused card fields hold `rules.NONE`. Moves stay below 2**16, so a history of
them fits an array('H').

Inlined fields. Where moves are built or read by the hundred (rules.legal_moves
and rules.apply, the rule of thumb's play-outs in heuristic, the hint's search, the
solver in tools/research/solver.py, the table's survey of every legal move in
app/level10/play.py), a function call would cost more than the move itself, so
those places write the fields out and say "move bits inline (see moves)":
`m & 7` the row, `m & 8` a reset, `(m >> 4) & 63` the card, `(m >> 10) & 63` the extra
card, `0xFC00` the extra field holding NONE, `r | 0xFFF8` a reset with nothing put under.
Everywhere else uses the functions below.
"""

from compat import const
from level10.rules import NONE

PLAY = const(0)
RESET = const(1)


def play(card, row=-1, bury=NONE):
    """Play a level card (its row is its world) or a pause into `row`."""
    if row < 0:
        row = card >> 3
    return row | (card << 4) | (bury << 10)


def reset(row, first=NONE, second=NONE):
    """Place a reset in `row`, putting up to two hand cards under the deck, first named first."""
    return row | 8 | (first << 4) | (second << 10)


def row(m):
    return m & 7


def kind(m):
    return (m >> 3) & 1


def card(m):
    return (m >> 4) & 63


def extra(m):
    return (m >> 10) & 63
