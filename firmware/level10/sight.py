"""What one seat can see, and deals of everything else that agree with it.

A seat sees its own hand, the grid, the supplies, how many cards the deck and each
hand hold, and remembers the cards it put under the deck itself (it knows how deep
they lie: every later draw brings them one closer). Everything else is unseen: the
rest of the deck, in an order nobody knows, and the other hands. Teammates may have
said how many cards of a world they hold (ruling L10-11); a deal respects that.

`Sight(view)` works this out once from a seat's view (level10.view: the real deck
and the other hands are not in it); `deal(rng, out)` then writes into `out` a copy of
the view where the unseen cards are shuffled into the deck and the other hands.
"""

from level10.rules import (
    AT_CAP,
    AT_COUNT,
    AT_GRID,
    AT_HANDS,
    AT_HCOUNT,
    AT_HEAD,
    AT_HSIZE,
    AT_PAUSES,
    AT_PLAYERS,
    PAUSE,
    PAUSE_CELL,
    RESET_CELL,
    give,
)
from level10.talk import UNKNOWN


class Sight:
    """The unseen cards of a level10.view.View, ready to be dealt again and again."""

    def __init__(self, view):
        s = view.state
        seat = view.seat
        self.state = s
        self.seat = seat
        self.talk = view.talk
        # the cards this seat put under the deck that are still in it, by depth
        self.depth = view.depth  # per deck position: 1 + card, 0 unknown
        mine = bytearray(41)  # cards this seat knows the place of
        base = AT_HANDS + seat * s[AT_HSIZE]
        pauses = s[AT_PAUSES]
        for i in range(base, base + s[AT_HCOUNT + seat]):
            c = s[i]
            if c == PAUSE:
                pauses -= 1
            else:
                mine[c] = 1
        for i in range(AT_GRID, AT_GRID + 50):
            x = s[i]
            if x == 0 or x == RESET_CELL:
                continue
            if x <= 40:
                mine[x - 1] = 1
            else:
                pauses -= 1
                if x > PAUSE_CELL:
                    mine[x - PAUSE_CELL - 1] = 1
        for d in self.depth:
            if d:
                if d - 1 == PAUSE:
                    pauses -= 1
                else:
                    mine[d - 1] = 1
        n = 0
        for c in range(40):
            if not mine[c]:
                n += 1
        self.pool = bytearray(n + pauses)  # the unseen cards, in card order
        n = 0
        for c in range(40):
            if not mine[c]:
                self.pool[n] = c
                n += 1
        for _ in range(pauses):
            self.pool[n] = PAUSE
            n += 1
        self.hidden = n
        self.work = bytearray(n)

    def deal(self, rng, out):
        """Write into `out` (a bytearray as long as the state) the view with the unseen
        cards dealt at random (by `rng`, a prng.Prng) into the deck and the other hands."""
        s = self.state
        out[:] = s
        w = self.work
        w[:] = self.pool
        n = self.hidden
        i = n - 1
        while i > 0:  # Fisher-Yates
            j = rng.below(i + 1)
            w[i], w[j] = w[j], w[i]
            i -= 1
        used = 0
        players = s[AT_PLAYERS]
        if players > 1:
            used = self._deal_hands(out, w, n)
        ring = AT_HANDS + players * s[AT_HSIZE]
        cap = s[AT_CAP]
        head = s[AT_HEAD]
        depth = self.depth
        for d in range(s[AT_COUNT]):
            k = depth[d]
            if k:
                c = k - 1
            else:
                c = w[used]
                used += 1
            out[ring + (head + d) % cap] = c

    def _deal_hands(self, out, w, n):
        """Other hands from the shuffled unseen cards `w`; cards of a world whose count a
        seat announced go to it first. Returns how many of `w` were used (moved to the
        front)."""
        s = self.state
        players = s[AT_PLAYERS]
        talk = self.talk
        front = 0  # w[:front] are dealt
        for q in range(players):
            if q == self.seat:
                continue
            want = s[AT_HCOUNT + q]
            got = 0
            if talk is not None:
                for world in range(5):
                    k = talk.count(q, world)
                    if k == UNKNOWN:
                        continue
                    j = front
                    while k and got < want and j < n:
                        c = w[j]
                        if c != PAUSE and c >> 3 == world:
                            w[j] = w[front]
                            w[front] = c
                            front += 1
                            got += 1
                            k -= 1
                        j += 1
            j = front
            while got < want and j < n:
                c = w[j]
                if talk is None or c == PAUSE or talk.count(q, c >> 3) == UNKNOWN:
                    w[j] = w[front]
                    w[front] = c
                    front += 1
                    got += 1
                j += 1
            j = front
            while got < want:  # announcements out of date: any card will do
                front += 1
                got += 1
            # the hand holds w[front - want : front], sorted as the rules keep hands
            out[AT_HCOUNT + q] = 0
            for j in range(front - want, front):
                give(out, q, w[j])
        return front
