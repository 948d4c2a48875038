"""What one seat sees of a game, by construction: the state with every unseen byte blanked.

The hint engine, the rule of thumb and the bots decide from a `View`, never from the
`Game`: what they cannot see is not there to be read by mistake. A view is built once
per decision (a copy of the state, and a replay of the history when the seat's own
put-under cards are asked for) and holds:

- `state`: a copy of the game's bytes where every byte the seat cannot see is UNSEEN:
  the whole deck ring (the deck's cards and the slots outside it), every other seat's
  hand slots, and the seat's own slots past its hand's count. Counts, grid, supplies,
  head, turn and the rest are public and kept, so the seat on turn's legal moves
  (rules.legal_moves) are the game's own.
- `depth`: the cards this seat put under the deck itself and that are still in it,
  by position from the top (1 + card; 0 where it does not know, and past the deck's
  count): every later draw brings them one closer.
- `seat`, and `talk`: what teammates said (a level10.talk.Talk, or None).
"""

from level10.moves import RESET, card, extra, kind
from level10.rules import (
    AT_CAP,
    AT_COUNT,
    AT_HANDS,
    AT_HCOUNT,
    AT_HSIZE,
    AT_PLAYERS,
    AT_TURN,
    NO_SEAT,
    NONE,
    apply,
)
from level10.talk import UNKNOWN

UNSEEN = UNKNOWN  # what every hidden byte of a view holds: no card is 255


class View:
    """The game at `s` as `seat` sees it (the seat on turn unless given).

    With the position's history (`first`, the state the moves started from, and the
    first `played` moves of `history`) the view knows which cards the seat put under
    the deck; without, it knows none (a position read without its moves)."""

    def __init__(self, s, seat=NO_SEAT, talk=None, first=None, history=None, played=0):
        self.state = bytearray(len(s))
        self.depth = bytearray(s[AT_CAP])  # the deck never holds more
        self.see(s, seat, talk, first, history, played)

    def see(self, s, seat=NO_SEAT, talk=None, first=None, history=None, played=0):
        """Look again, at `s`, a position of the same game (the state has the same size),
        as a new View would; without history it allocates nothing (a bot reusing its view)."""
        if seat == NO_SEAT:
            seat = s[AT_TURN]
        if seat >= s[AT_PLAYERS]:
            raise ValueError("no seat to see the game from")
        self.seat = seat
        self.talk = talk
        t = self.state
        t[:] = s
        blank(t, seat)
        depth = self.depth
        for i in range(len(depth)):
            depth[i] = 0
        if played:
            _remember(depth, first, history, played, seat)


def seat_view(game, talk=None, seat=NO_SEAT):
    """The View of a level10.game.Game for `seat` (the seat on turn unless given), with
    what it remembers of its own put-under cards from the game's history."""
    return View(game.state, seat, talk, game.first, game.history, game.played)


def blank(t, seat):
    """Overwrite with UNSEEN every byte of state `t` that `seat` cannot see."""
    hsize = t[AT_HSIZE]
    for q in range(t[AT_PLAYERS]):
        base = AT_HANDS + q * hsize
        i = base + (t[AT_HCOUNT + q] if q == seat else 0)
        while i < base + hsize:
            t[i] = UNSEEN
            i += 1
    for i in range(AT_HANDS + t[AT_PLAYERS] * hsize, len(t)):  # the deck ring, to the end
        t[i] = UNSEEN


def _remember(depth, first, history, played, seat):
    """Fill `depth` from the moves so far, reading only what every seat knows (deck
    counts, whose turn it was) and the cards `seat` put under itself."""
    t = bytearray(first) if first[AT_PLAYERS] > 1 else None  # replayed for whose turn it was
    count = first[AT_COUNT]
    drawn = 0  # cards drawn from the top so far
    # per card the seat put under (10 resets a game, 2 cards each at most): its deck
    # position counted from the first card ever on top, and the card
    pos = bytearray(20)
    put = bytearray(20)
    kept = 0
    for i in range(played):
        m = history[i]
        mover = seat if t is None else t[AT_TURN]
        if kind(m) == RESET:
            if count:  # cards go under only while the deck has some
                under = 0
                for c in (card(m), extra(m)):
                    if c != NONE:
                        if mover == seat:
                            pos[kept] = drawn + count + under
                            put[kept] = c
                            kept += 1
                        under += 1
                drawn += under
        elif count:
            drawn += 1
            count -= 1
        if t is not None:
            apply(t, m)
    for k in range(kept):
        d = pos[k] - drawn
        if 0 <= d < count:  # below 0: drawn again since
            depth[d] = put[k] + 1
