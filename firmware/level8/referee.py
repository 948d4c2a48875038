"""Why a move or a saved position is refused, in a player's words: loaded only then.

`problem(s, m)` is None exactly for the moves `rules.legal_moves` lists (a test checks it
move by move); `state_problem(s)` checks a position read from a save or a record.
"""

from level8 import cards, combos
from level8.levels import COLOUR
from level8.rules import (
    AT_AREA,
    AT_CARDS,
    AT_FORMAT,
    AT_GAME,
    AT_PLAYERS,
    AT_STARTS,
    DRAW,
    FORMAT,
    GROUPS_PER_SEAT,
    K_ADD,
    K_CANCEL,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_LAY,
    K_NEXT,
    K_PUT,
    K_SKIPPED,
    K_TAKE,
    KEEP,
    KEEP_MAX,
    N_SECTIONS,
    OVER,
    PLAY,
    WON,
    card,
    draw_count,
    fits,
    group,
    hand,
    hand_count,
    holds,
    kept,
    kind,
    known,
    laid,
    level,
    pending,
    phase,
    pile_count,
    players,
    reqs,
    skipped,
    target,
    turn,
    winner,
)
from level8.sides import describe, describe_level


def _who(seat):
    return "player " + str(seat + 1)


def problem(s, m):
    """None when m is legal for the seat on turn, else why not: a card game's moves (the
    board game's steps 2 and 3 too; its own are board_referee's)."""
    ph = phase(s)
    kd = kind(m)
    t = target(m)
    c = card(m)
    seat = turn(s)
    n = players(s)
    if (
        kd > K_NEXT
        or (t and kd not in (K_TAKE, K_GIVE, K_PUT, K_ADD))
        or (c and kd in (K_DRAW, K_TAKE, K_SKIPPED, K_LAY, K_CANCEL, K_GIVE, K_KEPT, K_NEXT))
    ):
        return "not a move"
    if ph == WON:
        return "the game is over: " + _who(winner(s)) + " won"
    if ph == OVER:
        return None if m == K_NEXT << 12 else "the round is over: deal the next one"
    if ph == KEEP:
        if m == K_KEPT << 12:
            return None
        if m == K_CANCEL << 12:
            return None if kept(s, seat) else "you have kept no card to take back"
        if kd != K_KEEP or t:
            return "the round is over: first choose the cards to keep for the next one"
        if kept(s, seat) >= KEEP_MAX:
            return "you may keep at most four cards"
        if cards.is_wild(c) and c != cards.WILD:
            return "a wild is kept as it is, without a value"
        if c not in hand(s, seat)[kept(s, seat) :]:
            why = _held(s, seat, c)
            if why:
                return why + " to keep"
            if c == cards.WILD or c == cards.SKIP:  # the cards a hand may hold several of
                return "you keep every " + ("wild" if c == cards.WILD else "Skip") + " you hold already"
            return "you keep that card already"
        return None
    if kd == K_SKIPPED and not skipped(s, seat):
        return "you are not skipped"
    if ph == DRAW:
        if skipped(s, seat):
            if m == K_SKIPPED << 12:
                return None
            return "you are skipped: your whole turn is to put the Skip under the draw pile"
        if m == K_DRAW << 12:
            return None if draw_count(s) else "the draw pile is empty: take the top of a discard pile"
        if kd == K_TAKE and not c:
            if t >= n:
                return "there is no " + _who(t)
            return None if pile_count(s, t) else _who(t) + "'s discard pile is empty"
        return "first draw a card: from the draw pile or the top of a discard pile"
    if ph != PLAY:
        return "not a move"
    if kd in (K_DRAW, K_TAKE):
        return "you have drawn your card for this turn"
    if kd in (K_KEEP, K_KEPT, K_NEXT):
        return "the round is not over"
    rq = reqs(s, seat)
    hc = hand_count(s, seat)
    if kd == K_PUT:
        if laid(s, seat):
            return "your level is laid out already: add cards to the combinations instead"
        if t >= len(rq):
            return "level " + str(level(s, seat)) + " has " + str(len(rq)) + " parts: " + describe_level(rq)
        why = _laid_card(s, seat, c)
        if why:
            return why
        if c == cards.WILD:
            return "say what the wild stands for"
        if cards.is_wild(c) and ((rq[t][0] == COLOUR) != (cards.colour(c) >= 0)):
            return (
                "a wild in "
                + describe(rq[t])
                + " stands for a "
                + ("colour" if rq[t][0] == COLOUR else "number")
            )
        if hc < 2 and level(s, seat) != 8:
            return "keep a card to discard: a turn ends with a discard (only laying out level 8 may use every card)"
        return None
    if kd == K_LAY:
        if laid(s, seat):
            return "your level is laid out already"
        for r in range(len(rq)):
            g = group(s, seat, r)
            if not g:
                return "lay out the whole level, never part of it: " + describe(rq[r]) + " is missing"
            why = combos.why_not(list(g), rq[r][0], rq[r][1])
            if why:
                return "for " + describe(rq[r]) + ": " + why
        return None
    if kd == K_CANCEL:
        return None if pending(s, seat) else "there is nothing being laid out to take back"
    if pending(s, seat) and kd in (K_ADD, K_DISCARD, K_GIVE):
        return "lay out the whole level or take it back first"
    if kd == K_ADD:
        if not laid(s, seat):
            return "lay out your own level first; then you may add cards to any combination"
        owner = t // GROUPS_PER_SEAT
        if owner >= n or not laid(s, owner) or t % GROUPS_PER_SEAT >= len(reqs(s, owner)):
            return "there is no laid combination there"
        why = _laid_card(s, seat, c)
        if why:
            return why
        if c == cards.WILD:
            return "say what the wild stands for"
        if hc < 2:
            return "keep a card to discard: a turn ends with a discard"
        if fits(s, t, c):
            return None
        kind_ = reqs(s, owner)[t % GROUPS_PER_SEAT][0]
        new, why = combos.extend_one(kind_, list(group(s, owner, t % GROUPS_PER_SEAT)), c)
        if new is not None:  # only a wild whose value does not reach an end
            return cards.token(c) + " does not fit at either end of the run"
        return why
    if kd == K_DISCARD:
        if t:
            return "not a move"
        return _held(s, seat, c) or (
            None
            if not cards.is_wild(c) or c == cards.WILD
            else "a wild is discarded as it is, without a value"
        )
    if kd == K_GIVE:
        if c:
            return "not a move"
        if not holds(s, seat, cards.SKIP):
            return "you hold no Skip"
        if t == seat:
            return "a Skip is given to another player"
        if t >= n:
            return "there is no " + _who(t)
        if skipped(s, t):
            return _who(t) + " already has a Skip in front of them"
        return None
    return "not a move"


def _held(s, seat, c):
    if c >= cards.N_CODES:
        return "not a card"
    if c == cards.SKIP and not holds(s, seat, c):
        return "you hold no Skip"
    if not holds(s, seat, c):
        return "you hold no " + ("wild" if cards.is_wild(c) else cards.name(c))
    return None


def _laid_card(s, seat, c):
    """Why card c cannot go from the hand into a combination, None when it may."""
    return _held(s, seat, c) or ("a Skip is never part of a combination" if c == cards.SKIP else None)


def places_problem(s, n):
    """None when the sections of a position of `n` cards follow each other and cover
    them all, else what is wrong (the board game's positions too)."""
    prev = 0
    for k in range(N_SECTIONS + 1):
        v = s[AT_STARTS + k]
        if v < prev or v > n:
            return "the position's places are out of order"
        prev = v
    if s[AT_STARTS] != 0 or s[AT_STARTS + N_SECTIONS] != n:
        return "the position's places do not cover its cards"
    if draw_count(s) < 0:
        return "the Skips under the draw pile are more than it holds"
    return None


def seat_problem(s, p):
    """What is wrong with seat p's own bytes against its cards (the board game's too), None
    when nothing is: the hand's cards known to all, and those kept, are some of its own;
    before its level is laid, its groups byte says which of its groups hold cards."""
    n = hand_count(s, p)
    if known(s, p) > n or kept(s, p) > min(KEEP_MAX, n):
        return "a hand's known or kept cards are more than it holds"
    bits = pending(s, p)
    if bits >> GROUPS_PER_SEAT:
        return "a seat's groups are not what it has put down"
    for r in range(GROUPS_PER_SEAT if not laid(s, p) else 0):
        if bool(bits >> r & 1) != bool(len(group(s, p, r))):
            return "a seat's groups are not what it has put down"
    return None


def state_problem(s):
    """None when `s` is a whole, consistent position, else what is wrong with it."""
    if len(s) < AT_AREA or s[AT_FORMAT] != FORMAT:
        return "not a LEVEL 8 position of this version"
    if s[AT_GAME] not in (cards.LEVEL8, cards.LEVELUP) or not 2 <= s[AT_PLAYERS] <= 6:
        return "no such game or number of players"
    n = s[AT_CARDS]
    if len(s) != AT_AREA + n or n != len(cards.deck(s[AT_GAME])):
        return "the position holds the wrong number of cards"
    why = places_problem(s, n)
    if why:
        return why
    # a wild's value, if any, must be one of its codes: any other stays itself, not the deck's
    held = sorted([cards.WILD if cards.is_wild(c) and c < cards.N_CODES else c for c in s[AT_AREA:]])
    if held != sorted(cards.deck(s[AT_GAME])):
        return "the position's cards are not the game's deck"
    if phase(s) > WON or turn(s) >= s[AT_PLAYERS]:
        return "the position's turn is out of range"
    for p in range(s[AT_PLAYERS]):
        if not 1 <= level(s, p) <= 9:
            return "a level is out of range"
        why = seat_problem(s, p)
        if why:
            return why
    return None
