"""Any game of the Level 8 family, by its game byte: the card games' rules (rules.py) or
the board game's (board.py, built on them). `legal_moves`, `apply`, `problem` and the
others pass a state to its game's rules; `Game` holds a state, a buffer for its legal
moves, and saving.

The words for a refused move are `referee` (`board_referee`), loaded only then. A save is
the state's bytes: the generator that shuffles on is inside them.
"""

import sys
from array import array

from compat import const
from level8 import rules
from level8.rules import AT_GAME, AT_PHASE, AT_TURN, MAX_MOVES, PLAY, IllegalMove  # noqa: F401

_BOARD = const(2)  # cards.BOARD
_board = []  # type: list  # level8.board once a board game is played: an import in a function allocates on MicroPython
# The app lets the rules go between moves, emptied on MicroPython (app.level8.drop); the
# board game's rules from before would call into the emptied ones, so each load of this
# module there takes them afresh (MicroPython's import finds a submodule as its package's
# attribute first). CPython empties nothing, and a `from level8 import board, game` must
# keep the board it has just imported.
if sys.implementation.name == "micropython":
    for _name in ("level8.board", "level8.board_referee"):
        sys.modules.pop(_name, None)
        if hasattr(sys.modules["level8"], _name[7:]):
            delattr(sys.modules["level8"], _name[7:])


def board_rules():
    """The module `level8.board`, imported once."""
    if not _board:
        from level8 import board

        _board.append(board)
    return _board[0]


def of(s):
    """The rules that play `s`: the module `rules`, or `board` for the board game."""
    return board_rules() if s[AT_GAME] == _BOARD else rules


def new_state(game, players, seed=0, dealer=0, keep=False, deck=None, sides=None):
    """A new game's state (rules.new_state; the board game: board.new_state, with each
    seat's level side in `sides`, LB-5)."""
    if game == _BOARD:
        if keep:  # the board game keeps four by its own rule (LB-4), not as an option
            raise ValueError("keeping four cards is Level Up's option")
        return board_rules().new_state(players, seed, dealer, sides, deck)
    return rules.new_state(game, players, seed, dealer, keep, deck)


def legal_moves(s, out, only=-1):
    return of(s).legal_moves(s, out, only)


def apply(s, m, order=None):
    of(s).apply(s, m, order)


def actor(s):
    """The seat that must act: the seat on turn, or in the board game a seat asked for a
    card or showing cards for a Steal."""
    return board_rules().actor(s) if s[AT_GAME] == _BOARD else s[AT_TURN]


def problem(s, m):
    """None when m is legal for the seat that must act, else why not, in words."""
    if s[AT_GAME] == _BOARD:
        from level8 import board_referee

        return board_referee.problem(s, m)
    from level8 import referee

    return referee.problem(s, m)


def state_problem(s):
    """None when `s` is a whole, consistent position of a game of the family, else what is
    wrong with it."""
    if len(s) > AT_GAME and s[AT_GAME] == _BOARD:
        from level8 import board_referee

        return board_referee.state_problem(s)
    from level8 import referee

    return referee.state_problem(s)


class Game:
    def __init__(self, game=0, players=2, seed=0, dealer=0, keep=False, deck=None, state=None, sides=None):
        """A new game (see new_state), or with `state` the Game playing on that
        bytearray, not copied, not checked."""
        self.state = state if state is not None else new_state(game, players, seed, dealer, keep, deck, sides)
        self.buf = array("H", bytes(2 * MAX_MOVES))
        self.listed = -1  # legal moves in `buf` for this position; -1: not listed
        self.only = -1  # the card they were listed for (list_moves), -1: every move

    def list_moves(self, only=-1):
        """Fill `buf` with the legal moves and return how many; apply() looks there. With
        `only` (a card's code), only the moves that play that card from the hand
        (rules.legal_moves): a card's chooser's, listed quicker; apply() then lists all of
        them again."""
        self.only = only
        self.listed = legal_moves(self.state, self.buf, only)
        return self.listed

    def legal_moves(self):
        return list(self.buf[: self.list_moves()])

    def check(self, m):
        """None when m is legal here, else why not."""
        return problem(self.state, m)

    def apply(self, m, order=None):
        """Play m for the seat that must act, or raise IllegalMove with the reason. `order`:
        the cards' order (top first) when the move deals or rebuilds the draw pile."""
        if self.listed >= 0 and self.only < 0:
            n = self.listed
        else:  # a card's move is among that card's moves: fewer to list
            n = self.list_moves(rules.played(m) if self.state[AT_PHASE] == PLAY else -1)
        buf = self.buf
        for i in range(n):
            if buf[i] == m:
                apply(self.state, m, order)
                self.listed = -1
                return
        raise IllegalMove(self.check(m) or "not a move")

    def over(self):
        return rules.phase(self.state) == rules.WON

    def to_move(self):
        return actor(self.state)

    def clone(self):
        return Game(state=bytearray(self.state))

    def encode(self):
        return bytes(self.state)

    @staticmethod
    def decode(data):
        """A Game at position `data`; ValueError with the reason when it is not one."""
        s = bytearray(data)
        why = state_problem(s)
        if why:
            raise ValueError("not a saved LEVEL 8 game: " + why)
        return Game(state=s)
