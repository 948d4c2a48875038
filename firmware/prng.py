"""The project's own pseudo-random numbers: the same sequence on every runtime.

Two multiply-with-carry generators on 16-bit digits, added together. Every
intermediate value stays below 2**30, so on MicroPython nothing allocates and
CPython computes the very same numbers. Each generator's modulus a * 2**16 - 1
is a safe prime, so each cycles through about 2**29 states; together they do not
repeat within any deal's use.
"""

from compat import const

_A1 = const(16380)
_A2 = const(16365)
_MASK = const(0xFFFF)


class Prng:
    """A seeded stream of 16-bit numbers. Seeds are 0 .. 2**32 - 1."""

    def __init__(self, seed):
        if not 0 <= seed <= 0xFFFFFFFF:
            raise ValueError("seed must be 0 to 4294967295")
        # Each half seeds one generator as the state 1 + half, which is never
        # one of the two fixed points (0 and a * 2**16 - 1) of a MWC generator.
        lo = (seed & _MASK) + 1
        hi = ((seed >> 16) & _MASK) + 1
        self.x1 = lo & _MASK
        self.c1 = lo >> 16
        self.x2 = hi & _MASK
        self.c2 = hi >> 16
        for _ in range(8):  # spread small seeds across all 16 bits
            self.next16()

    def next16(self):
        t = _A1 * self.x1 + self.c1
        self.x1 = t & _MASK
        self.c1 = t >> 16
        t = _A2 * self.x2 + self.c2
        self.x2 = t & _MASK
        self.c2 = t >> 16
        return (self.x1 + self.x2) & _MASK

    def below(self, n):
        """A uniform number in 0 .. n-1, for 1 <= n <= 65536 (rejection, no bias)."""
        limit = 65536 - 65536 % n
        r = self.next16()
        while r >= limit:
            r = self.next16()
        return r % n


def shuffle(items, seed):
    """Fisher-Yates shuffle of a bytearray (or list) in place, driven by `seed`."""
    rng = Prng(seed)
    i = len(items) - 1
    while i > 0:
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items


def store(rng, buf, at):
    """Write the generator's state into 8 bytes of `buf` from `at` (a game keeps it there,
    so a saved game shuffles on exactly as it would have)."""
    for i, v in ((0, rng.x1), (2, rng.c1), (4, rng.x2), (6, rng.c2)):
        buf[at + i] = v & 0xFF
        buf[at + i + 1] = v >> 8


def load(buf, at):
    """A generator in the state `store` wrote at `at`."""
    rng = Prng(0)
    rng.x1 = buf[at] | buf[at + 1] << 8
    rng.c1 = buf[at + 2] | buf[at + 3] << 8
    rng.x2 = buf[at + 4] | buf[at + 5] << 8
    rng.c2 = buf[at + 6] | buf[at + 7] << 8
    return rng
