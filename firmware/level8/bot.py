"""A LEVEL 8 bot: what a seat does next, decided from its view alone (`level8.view`).

`play(v, strength)` takes the view of the seat on turn and returns the moves it makes
now, in order: one draw (or its skipped turn, or its keep choices), or the rest of its
turn (laying out, adding cards, the discard or the Skip it gives). It tries them on its
own copy of the view, which holds nothing it may not see.
"""

from array import array

from level8 import cards, meld, rules
from level8.levels import COLOUR, RUN, SET
from level8.rules import (
    DRAW,
    K_ADD,
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
    MAX_MOVES,
    OVER,
    PLAY,
    kind,
    move,
)

_buf = array("H", bytes(2 * MAX_MOVES))


def _layout(hand, reqs, level_8):
    """The best layout of `reqs` the hand can lay now, keeping a card to discard unless it
    is level 8; None when there is none."""
    found, _ = meld.layouts([c for c in hand if c != cards.SKIP], reqs, 1)
    if not found:
        return None
    laid = 0
    for g in found[0]:
        laid += len(g)
    return found[0] if level_8 or laid < len(hand) else None


def _worth(c, hand, reqs):
    """How much card c is worth keeping in `hand` for the level `reqs`: wilds most, then
    cards that share a number, a colour or a neighbourhood with others, as the level asks."""
    if cards.is_wild(c):
        return 100
    if c == cards.SKIP:
        return 50
    n = cards.number(c)
    col = cards.colour(c)
    score = 0
    kinds = 0
    for r in reqs:
        kinds |= 1 << r[0]
    for d in hand:
        if d == c or d >= cards.N_NUMBER_CARDS:
            continue
        dn = cards.number(d)
        if kinds & (1 << SET) and dn == n:
            score += 4
        if kinds & (1 << COLOUR) and cards.colour(d) == col:
            score += 2
        if kinds & (1 << RUN) and dn != n and -3 < dn - n < 3:
            score += 3 - abs(dn - n)
    return score


def _discard(v, seat):
    """The discard: a Skip to the seat nearest to winning when the bot holds one, else the
    card it needs least (among those it may discard)."""
    n = rules.legal_moves(v, _buf)
    best = -1
    best_key = 0
    hand = rules.hand(v, seat)
    rq = rules.reqs(v, seat)
    for i in range(n):
        m = _buf[i]
        if kind(m) == K_GIVE:
            t = rules.target(m)
            key = 1000 + rules.level(v, t) * 20 + (10 if rules.laid(v, t) else 0) - rules.hand_count(v, t)
        elif kind(m) == K_DISCARD:
            key = 200 - _worth(rules.card(m), hand, rq) * 2 + cards.number(rules.card(m)) // 8
        else:
            continue
        if best < 0 or key > best_key:
            best = m
            best_key = key
    return best


def _draw(v, seat):
    """Take a discard pile's top when it lets the bot lay out now or, laid out, fits a
    combination; else the draw pile."""
    hand = list(rules.hand(v, seat))
    rq = rules.reqs(v, seat)
    for p in range(rules.players(v)):
        top = rules.pile_top(v, p)
        if top == rules.NONE or top == cards.SKIP:
            continue
        if rules.laid(v, seat):
            for slot in range(rules.players(v) * rules.GROUPS_PER_SEAT):
                if rules.group_count(v, slot) and _fits_any(v, slot, top):
                    return move(K_TAKE, p)
        elif _layout(hand + [top], rq, rules.level(v, seat) == 8) and not _layout(hand, rq, True):
            return move(K_TAKE, p)
    if rules.draw_count(v):
        return move(K_DRAW)
    for p in range(rules.players(v)):
        if rules.pile_count(v, p):
            return move(K_TAKE, p)
    return -1


def _fits_any(v, slot, c):
    owner = slot // rules.GROUPS_PER_SEAT
    if not rules.laid(v, owner):
        return False
    if c == cards.WILD:
        return True
    return rules.fits(v, slot, c)


def _keep(v, seat):
    """Keep up to four cards (L8-9): the wilds, then the cards worth most for the level."""
    out = []
    hand = list(rules.hand(v, seat))
    rq = rules.reqs(v, seat)
    ranked = sorted(hand, key=lambda c: c - _worth(c, hand, rq) * 128)  # ties by code: MicroPython's sort is not stable
    for c in ranked[: rules.KEEP_MAX]:
        if c != cards.SKIP:
            out.append(move(K_KEEP, 0, c))
    out.append(move(K_KEPT))
    return out


def play(v, strength=0):
    """The moves the seat on turn makes now, from its view `v` (a bytearray it may keep)."""
    seat = rules.turn(v)
    ph = rules.phase(v)
    if ph == OVER:
        return [move(K_NEXT)]
    if ph == KEEP:
        return _keep(v, seat)
    if ph == DRAW:
        if rules.skipped(v, seat):
            return [move(K_SKIPPED)]
        m = _draw(v, seat)
        return [m] if m >= 0 else []
    if ph != PLAY:
        return []
    t = bytearray(v)
    out = []
    if not rules.laid(t, seat):
        lay = _layout(rules.hand(t, seat), rules.reqs(t, seat), rules.level(t, seat) == 8)
        if lay is not None:
            for r in range(len(lay)):
                for c in lay[r]:
                    out.append(move(K_PUT, r, c))
            out.append(move(K_LAY))
            for m in out:
                rules.apply(t, m)
            if rules.phase(t) != PLAY:
                return out
    while rules.laid(t, seat) and rules.hand_count(t, seat) > 1:
        n = rules.legal_moves(t, _buf)
        add = -1
        for i in range(n):
            if kind(_buf[i]) == K_ADD:
                c = rules.card(_buf[i])
                if add < 0 or (cards.is_wild(rules.card(add)) and not cards.is_wild(c)):
                    add = _buf[i]
        if add < 0:
            break
        out.append(add)
        rules.apply(t, add)
    out.append(_discard(t, seat))
    return out
