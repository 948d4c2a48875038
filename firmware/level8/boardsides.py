"""The board game's level cards (ruling LB-5), both printed sides, as bytes: what its
table, rules and bots read at every turn, so that none of them loads sides.py's words
(the OLED's table at rest had no room for them).
"""

from compat import const

# A byte a requirement, kind << 4 | cards (kinds as levels.py: 0 run, 1 set, 2 colour),
# each level closed by a 0 byte; side 1's eight levels, then side 2's.
_LEVELS = const(
    # side 1: set3 run3 / set2 set2 set3 / run4 colour4 / run8 / set3 colour5 / run9 / set4 colour5 / set4 set4
    b"\x13\x03\x00\x12\x12\x13\x00\x04\x24\x00\x08\x00\x13\x25\x00\x09\x00\x14\x25\x00\x14\x14\x00"
    # side 2: set3 run5 / set2 set3 set3 / set3 colour5 / run9 / set3 colour3 / set2 colour3 colour3 / set3 set5 / set4 set5
    b"\x13\x05\x00\x12\x13\x13\x00\x13\x25\x00\x09\x00\x13\x23\x00\x12\x23\x23\x00\x13\x15\x00\x14\x15\x00"
)


def level(side, n):
    """Level `n` (1-8) of side 1 (one star) or 2 (two stars): its requirements, a tuple of
    (kind, size) pairs as levels.CARD_ONE_STAR's."""
    t = _LEVELS
    n += 8 * side - 9  # levels closed before it
    at = 0
    while n:
        if not t[at]:
            n -= 1
        at += 1
    out = []
    while t[at]:
        out.append((t[at] >> 4, t[at] & 15))
        at += 1
    return tuple(out)


def side(n):
    """Side `n`'s eight levels, a tuple as levels.CARD_ONE_STAR."""
    return tuple([level(n, k) for k in range(1, 9)])
