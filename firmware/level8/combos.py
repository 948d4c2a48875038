"""Runs, sets and colour groups (ruling L8-3), whole levels (L8-4) and adding to a laid
combination, as pure functions over lists of card codes (see `cards`).

A free wild takes whatever value makes its group valid; a wild with a value keeps it.
A run is consecutive numbers within 1..15 (no wrap, no number twice), a set one number,
a colour group one colour; each may hold more cards than its requirement asks. Every
"no" comes with a sentence for the player (`why_not`, `level_problem`, `extend_one`).
"""

from level8 import cards
from level8.levels import COLOUR, KIND_NAMES, RUN, SET
from level8.sides import describe, describe_level

_N = cards.N_NUMBERS


def _run_start(group, end):
    """The lowest number of a run the group can form, 0 when it forms none. With `end`
    (1..15) that number must be the run's lowest or highest. Among several runs it takes
    the one that starts at the lowest card, moved down only as far as 15 forces: free
    wilds fill gaps, then go above the cards, then below."""
    n = len(group)
    if n > _N:
        return 0
    lo = _N + 1
    hi = 0
    seen = 0
    for c in group:
        v = cards.number(c)
        if v == 0:
            if c == cards.WILD:
                continue
            return 0  # a Skip, or a wild standing for a colour
        if seen & (1 << v):
            return 0
        seen |= 1 << v
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    if hi == 0:
        start = 1
    else:
        start = lo if lo < _N + 1 - n else _N + 1 - n
        if start + n - 1 < hi:
            return 0
    if end:
        # Either end may be asked for; try the top first (the card goes on above).
        for s in (end - n + 1, end):
            if s >= 1 and s + n - 1 <= _N and s <= lo and s + n - 1 >= hi:
                return s
        return 0
    return start


def _fill_run(out, start):
    """Give the free wilds of `out` (in place) the numbers of the run from `start` that its
    other cards leave open, in order; returns `out`."""
    seen = 0
    for c in out:
        if c != cards.WILD:
            seen |= 1 << cards.number(c)
    v = start
    for i in range(len(out)):
        if out[i] == cards.WILD:
            while seen & (1 << v):
                v += 1
            out[i] = cards.wild_as_number(v)
            v += 1
    return out


def _shared(group, kind):
    """The number - 1 (SET) or the colour (COLOUR) all valued cards of the group share;
    -1 when they differ or a card has none (a Skip, a wild valued the other way); 0 when
    only free wilds are there (they become 1s or red)."""
    found = -1
    for c in group:
        if c == cards.WILD:
            continue
        v = cards.number(c) - 1 if kind == SET else cards.colour(c)
        if v < 0 or (found >= 0 and v != found):
            return -1
        found = v
    return found if found >= 0 else 0


def resolve(group, kind, size=1):
    """The group's cards, in the same order, with a value chosen for every free wild, when
    they form at least `size` cards of `kind`; None when they do not."""
    n = len(group)
    if n < size or n == 0:
        return None
    out = list(group)
    if kind == RUN:
        start = _run_start(group, 0)
        return _fill_run(out, start) if start else None
    v = _shared(group, kind)
    if v < 0:
        return None
    wild = cards.wild_as_number(v + 1) if kind == SET else cards.wild_as_colour(v)
    for i in range(n):
        if out[i] == cards.WILD:
            out[i] = wild
    return out


def meets(group, kind, size):
    """True when the cards form at least `size` cards of `kind`."""
    return resolve(group, kind, size) is not None


def _cards_text(group):
    return " ".join([cards.token(c) for c in group])


def why_not(group, kind, size):
    """None when the group meets the requirement (kind, size), else why not, for a player."""
    if resolve(group, kind, size) is not None:
        return None
    what = describe((kind, size))
    if cards.SKIP in group:
        return "a Skip is never part of a combination"
    if len(group) < size:
        return what + " needs at least " + str(size) + " cards, not " + str(len(group))
    for c in group:
        if c != cards.WILD and cards.is_wild(c):
            if kind == COLOUR and cards.colour(c) < 0:
                return cards.token(c) + " stands for a number, and a colour group needs colours"
            if kind != COLOUR and cards.number(c) == 0:
                return cards.token(c) + " stands for a colour, and " + KIND_NAMES[kind] + "s need numbers"
    if kind == SET:
        return "a set needs one number, and " + _cards_text(group) + " has several"
    if kind == COLOUR:
        return "a colour group needs one colour, and " + _cards_text(group) + " has several"
    if len(group) > _N:
        return "a run has at most 15 cards, one of each number"
    seen = 0
    for c in group:
        v = cards.number(c)
        if v and seen & (1 << v):
            return "a run has each number once, and " + str(v) + " is there twice"
        seen |= 1 << v
    return "the numbers of " + _cards_text(group) + " are too far apart for a run of " + str(len(group)) + " cards"


def match_level(groups, reqs):
    """For each group, the index of the requirement it takes, so that every requirement is
    taken by exactly one group it meets; None when there is no such matching. The first
    matching in order is returned (the groups tried in order, the requirements in order)."""
    if len(groups) != len(reqs):
        return None
    taken = [-1] * len(groups)
    used = bytearray(len(reqs))
    if _match_from(0, groups, reqs, taken, used):
        return taken
    return None


def _match_from(i, groups, reqs, taken, used):
    if i == len(groups):
        return True
    for j in range(len(reqs)):
        if not used[j] and meets(groups[i], reqs[j][0], reqs[j][1]):
            used[j] = 1
            taken[i] = j
            if _match_from(i + 1, groups, reqs, taken, used):
                return True
            used[j] = 0
    taken[i] = -1
    return False


def level_problem(groups, reqs):
    """None when the groups lay out the whole level exactly, else why not, for a player."""
    if len(groups) != len(reqs):
        n = len(reqs)
        return ("this level is " + describe_level(reqs) + ": " + str(n) + (" group" if n == 1 else " groups") +
                ", not " + str(len(groups)) + " (always the whole level, never more)")
    if match_level(groups, reqs) is not None:
        return None
    for i in range(len(groups)):
        fits = False
        for r in reqs:
            if meets(groups[i], r[0], r[1]):
                fits = True
        if not fits:
            why = []
            for r in reqs:
                reason = why_not(groups[i], r[0], r[1])
                if reason not in why:
                    why.append(reason)
            return "group " + str(i + 1) + " (" + _cards_text(groups[i]) + ") fits no part of the level; " + \
                "; ".join(why)
    return "the groups cannot each take a different part of " + describe_level(reqs)


def _full_run(group):
    """The valued cards of a run from 1 to 15 that `group` is (its first 15 cards, any after
    them jokers added to it as full, LB-6: free or as 15), else None."""
    if len(group) < _N:
        return None
    for c in group[_N:]:
        if c != cards.WILD and c != cards.wild_as_number(_N):
            return None
    out = resolve(group[:_N], RUN, _N)
    if out is None:
        return None
    return out + [cards.wild_as_number(_N)] * (len(group) - _N)


def extend_one(kind, group, card, full_takes_jokers=False):
    """(the group with `card` added and its wilds valued, None) when the card extends the
    laid combination: at an end of a run, by number to a set, by colour to a colour group;
    else (None, why not). The group's free wilds may take any values consistent with it.
    With `full_takes_jokers` (the board game, LB-6) a run from 1 to 15 still takes a joker,
    free or as 15: valued 15, as the board game's engine lays it (one past the top, as it were)."""
    if card == cards.SKIP:
        return None, "a Skip never fits a combination"
    new = list(group)
    new.append(card)
    if kind != RUN:
        out = resolve(new, kind, 1)
        if out is not None:
            return out, None
        if kind == SET:
            if cards.number(card) == 0 and card != cards.WILD:
                return None, cards.token(card) + " stands for a colour and cannot join a set"
            return None, cards.token(card) + " is not the number of this set"
        if cards.colour(card) < 0:
            return None, cards.token(card) + " stands for a number and cannot join a colour group"
        return None, cards.token(card) + " is not the colour of this group"
    if full_takes_jokers and (card == cards.WILD or card == cards.wild_as_number(_N)):
        full = _full_run(group)
        if full is not None:
            return full + [cards.wild_as_number(_N)], None
    if card == cards.WILD:
        out = resolve(new, RUN, 1)
        if out is None:
            return None, "no room for a wild: the run already reaches from 1 to 15"
        return out, None
    v = cards.number(card)
    if v == 0:
        return None, cards.token(card) + " stands for a colour and cannot join a run"
    start = _run_start(new, v)
    if not start:
        for c in group:
            if cards.number(c) == v:
                return None, "the run already has a " + str(v)
        return None, cards.token(card) + " does not fit at either end of the run"
    return _fill_run(new, start), None

