"""Why a board-game move or position is refused, in a player's words: loaded only then.

`problem(s, m)` is None exactly for the moves `rules.legal_moves` lists (it asks them);
steps 2 and 3 (lay out, add, discard) and keeping cards have the card games' words.
"""

from array import array

from level8 import board, cards, referee, track
from level8.board import (
    ASK,
    AT_BOARD,
    B_ACTOR,
    B_ASKED,
    B_COUNT,
    B_DICE,
    B_POS,
    B_REACH,
    B_SHOWN,
    COLOUR_ASK,
    GIVE,
    GO,
    JOKERS,
    K_ASK,
    K_GO,
    K_ROLL,
    K_SHOW,
    N_CARDS,
    PICK,
    ROLL,
    SECOND,
    SHOW,
    SHOW_MAX,
    SIZE,
    STAR,
    STEAL,
    SWAP,
)
from level8.rules import (
    AT_AREA,
    AT_FORMAT,
    AT_PLAYERS,
    AT_SIDES,
    AT_STARTS,
    FORMAT,
    K_ADD,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEPT,
    K_SKIPPED,
    K_TAKE,
    MAX_MOVES,
    MAX_PLAYERS,
    NO_SEAT,
    NONE,
    PLAY,
    WON,
    card,
    holds,
    kind,
    laid,
    level,
    move,
    phase,
    target,
    turn,
)


def _who(seat):
    return "player " + str(seat + 1)


def _asked_words(v):
    return str(v) if v < COLOUR_ASK else cards.COLOUR_NAMES[v - COLOUR_ASK]


def problem(s, m):
    """None when m is legal for the seat that must act, else why not."""
    buf = array("H", bytes(2 * MAX_MOVES))
    n = board.legal_moves(s, buf)
    for i in range(n):
        if buf[i] == m:
            return None
    ph = phase(s)
    kd = kind(m)
    if ph <= WON and kd >= K_ROLL and ph != PLAY:
        kd = K_SKIPPED  # a move of no step of the board's: the card game's words for the phase
        m = K_SKIPPED << 12
    if ph <= WON and kd < K_ROLL:
        if ph == PLAY and kd == K_DISCARD and target(m) == 1:
            why = referee.problem(s, move(K_DISCARD, 0, card(m)))
            if why:
                return why
            if not laid(s, turn(s)):
                return "only a player who has laid out may discard two cards"
            return "two cards are discarded only when every laid combination is full"
        why = referee.problem(s, m)
        if ph == PLAY and kd == K_ADD and not why:
            return "that joker does not go there"
        return why or "not a move"
    if ph == PLAY:
        return "your action is done: lay out, add cards or discard"
    if ph == ROLL:
        return "first roll the dice"
    if ph == GO:
        a, b = board.reached(s)
        if kd == K_GO:
            return "the dice reached spaces " + str(a) + " and " + str(b) + ": move your tower to one of them"
        return "move your tower to one of the two spaces the dice reached: " + str(a) + " or " + str(b)
    if ph == STAR:
        if kd != K_GO:
            return "choose an action: your tower moves to the next free space of it"
        t = target(m)
        if t >= track.N_SPACES:
            return "there is no space " + str(t)
        k = board.KINDS[t]
        if k == track.STAR:
            return "a star cannot choose the star's action"
        if board.next_free(s, turn(s), k) == board.NONE:
            return "every space of " + track.ACTION_NAMES[k] + " is taken: choose another action"
        return "the tower moves to the next free space of " + track.ACTION_NAMES[k]
    if ph == PICK:
        if kd == K_DRAW:
            return "the draw pile is empty: take the top of a discard pile"
        if kd == K_TAKE and not card(m) and target(m) < s[AT_PLAYERS]:
            return _who(target(m)) + "'s discard pile is empty"
        return "take the top card of the draw pile or of a discard pile"
    if ph == SWAP:
        if kd == K_KEPT:
            return "discard at least one card first"
        if kd == K_DISCARD:
            return referee._held(s, turn(s), card(m)) or "a card is discarded as it is"
        return "discard 1 to 3 cards one at a time, then say done (" + str(s[AT_BOARD + B_COUNT]) + " so far)"
    if ph == ASK:
        if kd == K_ASK:
            return "ask for a number 1 to 15 or a colour, clockwise or counter-clockwise"
        return "ask the other players for a number or a colour"
    v = s[AT_BOARD + B_ASKED]
    if ph == GIVE:
        why = _who(s[AT_BOARD + B_ACTOR]) + " gives " + _who(turn(s)) + " one of their cards of " + _asked_words(v)
        if kd == K_GIVE:  # a card named: not held, or not what was asked
            not_held = referee._held(s, s[AT_BOARD + B_ACTOR], card(m))
            return why + ("; " + not_held if not_held else ", and " + cards.name(card(m), 2) + " is not one")
        return why
    if ph == SHOW:
        if kd == K_SHOW:
            return "show a card of your hand not shown yet"
        return _who(s[AT_BOARD + B_ACTOR]) + " shows three cards of their hand"
    if ph == STEAL:
        return "take one of the cards shown"
    if ph == SECOND:
        if kd == K_DISCARD:
            return referee._held(s, turn(s), card(m)) or "a card is discarded as it is"
        return "discard your second card"
    return "not a move"


def state_problem(s):
    """None when `s` is a whole, consistent board-game position, else what is wrong."""
    if len(s) != SIZE or s[AT_FORMAT] != FORMAT:
        return "not a LEVEL 8 position of this version"
    if s[AT_PLAYERS] < 2 or s[AT_PLAYERS] > 6:
        return "no such game or number of players"
    why = referee.places_problem(s, N_CARDS)
    if why:
        return why
    held = sorted([cards.WILD if cards.is_wild(c) and c < cards.N_CODES else c for c in s[AT_AREA:AT_BOARD]])
    if held != list(range(cards.N_NUMBER_CARDS)) + [cards.WILD] * board.N_JOKERS:
        return "the position's cards are not the game's"
    for i in range(s[AT_STARTS + JOKERS], s[AT_STARTS + JOKERS + 1]):
        if s[AT_AREA + i] != cards.WILD:
            return "the jokers' stack holds another card"
    if phase(s) > SECOND or turn(s) >= s[AT_PLAYERS]:
        return "the position's turn is out of range"
    for p in range(s[AT_PLAYERS]):
        if not 1 <= level(s, p) <= 9:
            return "a level is out of range"
        if s[AT_SIDES + p] not in (1, 2) or s[AT_BOARD + B_POS + p] >= track.N_SPACES:
            return "a level side or a tower is out of range"
        why = referee.seat_problem(s, p)
        if why:
            return why
    return _turn_problem(s)


def _turn_problem(s):
    """What is wrong with the board's record of the turn under way (its dice, action, the
    seat asked or stealing from, the cards shown), None when nothing is: each byte a
    move reads, so that a damaged save is refused rather than played."""
    b = AT_BOARD
    n = s[AT_PLAYERS]
    ph = phase(s)
    for i in (0, 1):
        if s[b + B_DICE + i] > 6 or s[b + B_REACH + i] >= track.N_SPACES:
            return "the dice or the spaces they reached are out of range"
    a = board.action(s)
    if (a >= track.N_KINDS and a != NONE) or s[b + B_COUNT] > 3:
        return "the action under way is out of range"
    p = s[b + B_ACTOR]
    if p >= n and (p != NO_SEAT or ph in (GIVE, SHOW)):
        return "the seat asked to act is out of range"
    if s[b + B_ASKED] >= COLOUR_ASK + cards.N_COLOURS or s[b + B_ASKED + 1] > 1:
        return "the value asked for is out of range"
    for i in range(MAX_PLAYERS * SHOW_MAX):
        c = s[b + B_SHOWN + i]
        if c != NONE and (ph not in (SHOW, STEAL) or i // SHOW_MAX >= n or not holds(s, i // SHOW_MAX, c)):
            return "a card shown for a Steal is not in that hand"
    return None
