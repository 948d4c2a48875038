"""A game of LEVEL 8, Level Up or the board game: its state, a buffer for its legal moves,
and saving.

The rules live in `rules`; the words for a refused move in `referee`, loaded only then.
A save is the state's bytes: the generator that shuffles on is inside them.
"""

from array import array

from level8 import rules
from level8.rules import MAX_MOVES, IllegalMove  # noqa: F401


class Game:
    def __init__(self, game=0, players=2, seed=0, dealer=0, keep=False, deck=None, state=None, sides=None):
        """A new game (see rules.new_state; `sides`: the board game's level side per seat),
        or with `state` the Game playing on that bytearray, not copied, not checked."""
        self.state = (
            state if state is not None else rules.new_state(game, players, seed, dealer, keep, deck, sides)
        )
        self.buf = array("H", bytes(2 * MAX_MOVES))
        self.listed = -1  # legal moves in `buf` for this position; -1: not listed

    def list_moves(self):
        """Fill `buf` with the legal moves and return how many; apply() looks there."""
        self.listed = rules.legal_moves(self.state, self.buf)
        return self.listed

    def legal_moves(self):
        return list(self.buf[: self.list_moves()])

    def check(self, m):
        """None when m is legal here, else why not."""
        from level8 import referee

        return referee.problem(self.state, m)

    def apply(self, m, order=None):
        """Play m for the seat on turn, or raise IllegalMove with the reason. `order`:
        the cards' order (top first) when the move deals or rebuilds the draw pile."""
        n = self.listed if self.listed >= 0 else self.list_moves()
        buf = self.buf
        for i in range(n):
            if buf[i] == m:
                rules.apply(self.state, m, order)
                self.listed = -1
                return
        raise IllegalMove(self.check(m) or "not a move")

    def over(self):
        return rules.phase(self.state) == rules.WON

    def to_move(self):
        s = self.state
        if s[rules.AT_GAME] == 2:  # the board game: a giver or a shower may act off turn
            return rules.board_rules().actor(s)
        return rules.turn(s)

    def clone(self):
        return Game(state=bytearray(self.state))

    def encode(self):
        return bytes(self.state)

    @staticmethod
    def decode(data):
        """A Game at position `data`; ValueError with the reason when it is not one."""
        from level8 import referee

        s = bytearray(data)
        why = referee.state_problem(s)
        if why:
            raise ValueError("not a saved LEVEL 8 game: " + why)
        return Game(state=s)
