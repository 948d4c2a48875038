"""The layout of a LEVEL 8 / Level Up game's state, one bytearray, and the functions that
read it. Playing moves on it is rules.py; the screens need only this, so the rules' code
stays out of the heap while nobody moves.

Every card of the game is in exactly one place, and the places are sections of one area:
the draw pile, each seat's discard pile, hand and the Skip in front of it, and the
combinations each seat lays (one per requirement of its level). A section is a run of
bytes; the start of each is kept, so moving a card is shifting the bytes between its old
and new place.

Layout of `s` (the AT_* offsets; those only the rules write are named in rules.py, with
MAX_PLAYERS, VICTORY, S_KNOWN, N_SECTIONS and K_LAY, so this module's names, which every
screen holds, are only those the screens read):
    0 format  1 game (cards.LEVEL8 / LEVELUP)  2 players  3 options (bit 0: keep four, L8-9)
    4 dealer  5 seat on turn (or choosing what to keep)  6 phase  7 round (1, 2, ...)
    8 winner (NO_SEAT while nobody)  9 who ended the last round (NO_SEAT before any)
    10 cards in the game  11 Skips lying face up under the draw pile
    12..19 the shuffling generator's state (prng.store)
    20.. per seat, 5 bytes: level (1..8, 9 once past level 8), groups (bit r: the group
         for requirement r holds cards; bit 4: the whole level is laid out this round),
         known (the first `known` cards of the hand were taken from discard piles, so
         everyone knows them), kept (the first `kept` cards are kept for the next round,
         L8-9), gained (levels gained at the last round's end)
    50.. the start of each of the 43 sections in the area, then the area's end
    94.. the area: section DRAW (bottom first: the Skips put under, then the face-down
         cards, the top last), PILE + seat (top last), HAND + seat (known cards first,
         the rest by code), FRONT + seat (a Skip, or nothing), GROUP + seat * 4 + r
         (a combination, sorted, every wild valued).

A move is kind << 12 | target << 7 | card: a card code (cards) and a target (a seat, a
requirement 0..3 or a group 0..23), both 0 when unused.

The board game (game byte cards.BOARD) has the same layout, 98 cards in the area (its
jokers' stack is section FRONT), a block of its own after the area, its own phases past
WON and moves past K_NEXT: board.py.
"""

from compat import const

NO_SEAT = const(255)
NONE = const(255)  # no card: an empty pile's top
KEEP_MAX = const(4)  # cards a seat may keep (L8-9)
LAID = const(16)  # bit of a seat's groups byte: the level is laid out

# phases; DRAW and PLAY come first, so `phase <= PLAY` is a turn under way (a test
# without building a tuple of names that are not constants outside this module)
DRAW = const(0)  # the seat on turn draws (or, skipped, puts its Skip under the draw pile)
PLAY = const(1)  # it lays out, adds cards, and ends by discarding or giving a Skip
OVER = const(2)  # the round is over; NEXT deals the next one
KEEP = const(3)  # the seat on turn picks the cards it keeps (L8-9)
WON = const(4)  # the game is over

# move kinds
K_DRAW = const(0)  # the top of the draw pile
K_TAKE = const(1)  # the top of a seat's discard pile (target: the seat)
K_SKIPPED = const(2)  # a skipped turn: the Skip goes face up under the draw pile (L8-5)
K_PUT = const(3)  # a hand card into the group for requirement `target`, not yet laid
# 4 is rules.py's K_LAY, laying out the level: the screens play it through rules.lay_out
K_CANCEL = const(5)  # take the groups back into the hand
K_ADD = const(6)  # a hand card onto a laid combination (target: its group)
K_DISCARD = const(7)
K_GIVE = const(8)  # give a Skip to the target seat
K_KEEP = const(9)  # keep a hand card for the next round
K_KEPT = const(10)  # done keeping
K_NEXT = const(11)  # deal the next round

AT_GAME = const(1)
AT_PLAYERS = const(2)
AT_TURN = const(5)
AT_PHASE = const(6)
AT_ROUND = const(7)
AT_WINNER = const(8)
AT_ENDER = const(9)
AT_UNDER = const(11)
_BOARD_ACTOR = const(211)  # board.AT_BOARD + board.B_ACTOR
_SIDES = const(198)  # rules.AT_SIDES
AT_SEATS = const(20)
SEAT_BYTES = const(5)
S_LEVEL = const(0)
S_GROUPS = const(1)
S_KEPT = const(3)
S_GAINED = const(4)
AT_STARTS = const(50)
AT_AREA = const(94)

# sections
DRAW_PILE = const(0)
PILE = const(1)
HAND_OF = const(7)
FRONT = const(13)
GROUP = const(19)
GROUPS_PER_SEAT = const(4)


def move(kind, target=0, card=0):
    return kind << 12 | target << 7 | card


def kind(m):
    return m >> 12


def target(m):
    return (m >> 7) & 31


def card(m):
    return m & 127


# -- reading a game -----------------------------------------------------------


def game(s):
    return s[AT_GAME]


def players(s):
    return s[AT_PLAYERS]


def turn(s):
    return s[AT_TURN]


def actor(s):
    """The seat that must act: the seat on turn, or in the board game (board.py) a seat
    asked for a card or showing cards for a Steal."""
    if s[AT_GAME] == 2 and s[_BOARD_ACTOR] != NO_SEAT:
        return s[_BOARD_ACTOR]
    return s[AT_TURN]


def phase(s):
    return s[AT_PHASE]


def turning(s):
    """A seat is on turn: drawing, playing or keeping (L8-9), not a round's or the game's
    end. By the phases' order, so nothing is built (the screens ask on every draw)."""
    ph = s[AT_PHASE]
    return ph <= PLAY or ph == KEEP or ph > WON  # past WON: the board game's steps (board.py)


def round_no(s):
    return s[AT_ROUND]


def winner(s):
    return s[AT_WINNER]


def ender(s):
    return s[AT_ENDER]


def level(s, seat):
    """1..8, or 9 once past level 8 (rules.VICTORY)."""
    return s[AT_SEATS + seat * SEAT_BYTES + S_LEVEL]


def laid(s, seat):
    """True once the seat has laid out its whole level this round."""
    return bool(s[AT_SEATS + seat * SEAT_BYTES + S_GROUPS] & LAID)


def kept(s, seat):
    return s[AT_SEATS + seat * SEAT_BYTES + S_KEPT]


def gained(s, seat):
    return s[AT_SEATS + seat * SEAT_BYTES + S_GAINED]


def reqs(s, seat):
    """The requirements of the seat's current level (one-star side, L8-2; the board game's
    by its side, LB-5: rules.reqs)."""
    if s[AT_GAME] == 2:
        from level8 import boardsides

        return boardsides.level(s[_SIDES + seat], min(level(s, seat), 8))
    from level8.levels import CARD_ONE_STAR  # loaded here: a board game's table needs none of it

    return CARD_ONE_STAR[min(level(s, seat), 8) - 1]


def begin(s, k):
    return AT_AREA + s[AT_STARTS + k]


def end(s, k):
    return AT_AREA + s[AT_STARTS + k + 1]


def size(s, k):
    return s[AT_STARTS + k + 1] - s[AT_STARTS + k]


def section(s, k):
    """The cards of section k, as bytes (a copy)."""
    return bytes(s[begin(s, k) : end(s, k)])


def hand_count(s, seat):
    return size(s, HAND_OF + seat)


def hand(s, seat):
    return section(s, HAND_OF + seat)


def pile_top(s, seat):
    """The top card of the seat's discard pile, NONE when it is empty."""
    n = size(s, PILE + seat)
    return s[end(s, PILE + seat) - 1] if n else NONE


def draw_count(s):
    """Face-down cards in the draw pile."""
    return size(s, DRAW_PILE) - s[AT_UNDER]


def skipped(s, seat):
    """True when a Skip lies in front of the seat (the board game has none: its jokers' stack
    is the first seat's section FRONT)."""
    return size(s, FRONT + seat) > 0 and s[AT_GAME] != 2


def group(s, seat, r):
    """The cards of the seat's group for requirement r (laid or being laid)."""
    return section(s, GROUP + seat * GROUPS_PER_SEAT + r)


def group_count(s, slot):
    return size(s, GROUP + slot)
