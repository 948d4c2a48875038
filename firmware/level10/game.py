"""A game of Level 10 with its history: what the app, the replay tool and
the tests hold. The rules themselves live in `rules`; this adds undo,
clone and saving, and the deal from a seed.
"""

from array import array

from level10 import rules
from level10.rules import MAX_MOVES, IllegalMove  # noqa: F401


def seeded_deck(seed, pauses):
    """The deck for deal number `seed`: the 40 level cards then the pauses,
    shuffled by the project's own PRNG (the same on every runtime)."""
    from prng import shuffle  # only dealing needs it

    deck = bytearray(40 + pauses)
    for i in range(40 + pauses):
        deck[i] = i if i < 40 else rules.PAUSE
    return shuffle(deck, seed)


class Game:
    """One game: its current state, where it started, and the moves since.

    Undo replays the history from the start, which keeps the history to two
    bytes a move (at most 50 moves) instead of a snapshot per move.
    """

    def __init__(self, players=1, pauses=2, seed=None, deck=None, start=0):
        if (seed is None) == (deck is None):
            raise ValueError("give exactly one of a seed and a deck")
        self.seed = seed
        if deck is None:
            deck = seeded_deck(seed, pauses)
        self.deck = bytes(deck)
        self.state = rules.new_state(players, pauses, deck, start)
        self.first = bytes(self.state)
        self.history = array("H", bytes(2 * rules.SLOTS))
        self.played = 0
        self.buf = array("H", bytes(2 * MAX_MOVES))
        self.listed = -1  # how many legal moves `buf` holds for this position; -1: not listed

    # what a player may do

    def list_moves(self):
        """Fill `buf` with the legal moves of the position and return how many. apply()
        then looks the move up there instead of generating them a second time (the table
        lists them to show what is playable anyway). The state must change only through
        apply() and undo(), which mark the list stale."""
        self.listed = rules.legal_moves(self.state, self.buf)
        return self.listed

    def legal_moves(self):
        """The legal moves as a list (for callers that do not reuse buffers)."""
        return list(self.buf[: self.list_moves()])

    def check(self, m):
        """None when `m` is legal here, else the reason in words (loads `referee`)."""
        from level10 import referee

        return referee.check(self.state, m)

    def apply(self, m):
        """Play `m` for the seat on turn; raise IllegalMove with the reason if it is not legal.

        Legality is looked up among the legal moves (already in the game's buffer for a
        table that showed them) rather than argued by referee.check, whose words are only
        loaded when a move is refused."""
        s = self.state
        buf = self.buf
        n = self.listed if self.listed >= 0 else rules.legal_moves(s, buf)
        for i in range(n):
            if buf[i] == m:
                rules.apply(s, m)
                self.listed = -1
                self.history[self.played] = m
                self.played += 1
                return
        self.listed = n
        raise IllegalMove(self.check(m) or "not a move")

    def undo(self):
        """Take back the last move; False when there is none."""
        if not self.played:
            return False
        self.played -= 1
        self.listed = -1
        s = self.state
        s[:] = self.first
        for i in range(self.played):
            rules.apply(s, self.history[i])
        return True

    def moves(self):
        return list(self.history[: self.played])

    # reading the position

    def status(self):
        return rules.status(self.state)

    def over(self):
        return rules.status(self.state) != rules.PLAYING

    def to_move(self):
        return rules.to_move(self.state)

    def score(self):
        return rules.score(self.state)

    # copies and saving

    def clone(self):
        g = Game.__new__(Game)
        g.seed = self.seed
        g.deck = self.deck
        g.state = bytearray(self.state)
        g.first = self.first
        g.history = array("H", self.history)
        g.played = self.played
        g.buf = array("H", bytes(2 * MAX_MOVES))
        g.listed = -1
        return g

    def encode(self):
        """The position as bytes (not the history: a record keeps that)."""
        return bytes(self.state)

    @staticmethod
    def decode(data):
        """A Game at the position `data`, checked card by card; no undo before it, and
        no history: a seat's view of it (level10.view) knows none of the cards the seat
        put under the deck. The app's saves therefore keep the deal and the moves and
        replay them (app/level10/restore.py); this is for positions read on their own."""
        from level10 import referee

        s = bytearray(data)
        reason = referee.problem(s)
        if reason:
            raise ValueError("not a saved Level 10 game: " + reason)
        g = Game.__new__(Game)
        g.seed = None
        g.deck = None
        g.state = s
        g.first = bytes(s)
        g.history = array("H", bytes(2 * rules.SLOTS))
        g.played = 0
        g.buf = array("H", bytes(2 * MAX_MOVES))
        g.listed = -1
        return g
