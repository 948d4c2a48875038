"""What teammates may tell each other (ruling L10-11), and what bots say.

A seat may announce only: how many cards of a world it holds; the world it would
like to play in; that it would like to place the reset of a world. `Talk` keeps the
latest announcement of each kind for each seat, in 35 bytes, so a saved game keeps
what was said. A seat's counts are forgotten when its hand changes (its own move):
a bot then says them again, a person may.

`announce(view, talk)` is what a bot says before a turn: its five world counts,
the world it would play in now, and the reset it would place now (if any), all from
its view (level10.view: its own hand and the table).
"""

from compat import const

UNKNOWN = const(255)
SIZE = const(35)  # bytes: 25 counts, 5 play wishes, 5 reset wishes


class Talk:
    def __init__(self, data=None):
        self.b = bytearray(b"\xff" * SIZE) if data is None else bytearray(data)
        if len(self.b) != SIZE:
            raise ValueError("not a record of what was said")

    # what was said

    def count(self, seat, world):
        """Cards of `world` that `seat` said it holds, or UNKNOWN."""
        return self.b[seat * 5 + world]

    def play_wish(self, seat):
        """The world `seat` would like to play in, or UNKNOWN."""
        return self.b[25 + seat]

    def reset_wish(self, seat):
        """The world whose reset `seat` would like to place, or UNKNOWN."""
        return self.b[30 + seat]

    def said_anything(self, seat):
        for i in range(seat * 5, seat * 5 + 5):
            if self.b[i] != UNKNOWN:
                return True
        return self.b[25 + seat] != UNKNOWN or self.b[30 + seat] != UNKNOWN

    # saying it

    def say_count(self, seat, world, n):
        self.b[seat * 5 + world] = n

    def say_play(self, seat, world):
        self.b[25 + seat] = world

    def say_reset(self, seat, world):
        self.b[30 + seat] = world

    def forget(self, seat):
        """After `seat` moved: its counts and wishes are out of date."""
        for i in range(seat * 5, seat * 5 + 5):
            self.b[i] = UNKNOWN
        self.b[25 + seat] = UNKNOWN
        self.b[30 + seat] = UNKNOWN

    def wanted(self, seat):
        """(rows others asked to reset, rows others want to play in) as bit masks, for
        `seat` to leave to them when it has another good move."""
        resets = plays = 0
        for q in range(5):
            if q == seat:
                continue
            w = self.b[30 + q]
            if w != UNKNOWN:
                resets |= 1 << w
            w = self.b[25 + q]
            if w != UNKNOWN:
                plays |= 1 << w
        return resets, plays

    def encode(self):
        return bytes(self.b)


def announce(view, talk):
    """Say into `talk` what a bot says before a turn, from its level10.view.View: counts,
    play wish, reset wish."""
    from level10 import heuristic
    from level10.rules import AT_HANDS, AT_HCOUNT, AT_HSIZE, PAUSE, PLAYING, status

    s = view.state
    seat = view.seat
    base = AT_HANDS + seat * s[AT_HSIZE]
    for w in range(5):
        talk.say_count(seat, w, 0)
    for i in range(base, base + s[AT_HCOUNT + seat]):
        c = s[i]
        if c != PAUSE:
            talk.b[seat * 5 + (c >> 3)] += 1
    talk.say_play(seat, UNKNOWN)
    talk.say_reset(seat, UNKNOWN)
    if status(s) != PLAYING:
        return
    heuristic.mark_placed(s)
    k = heuristic.survey(s, seat)
    filled = (k >> 4) & 15
    has_reset = k >> 8
    if not has_reset:
        r = heuristic.reset_row(s)
        if r >= 0 and heuristic.low[r] == 255:
            talk.say_reset(seat, r)  # nothing to play there: it needs this column's reset
    if filled < 4:
        best = 1 << 20
        for r in range(5):
            if heuristic.low[r] != 255:
                gap = heuristic.play_gap(s, r)  # the order the seat's own play follows
                if gap < best:
                    best = gap
                    talk.say_play(seat, r)
