"""Moves of LEVEL 8 in words, for the table's message line: what a bot (or the person
before, in pass and play) did, and a hint. Loaded only to say it."""

from level8 import cards, rules
from level8.levels import KIND_NAMES

_KINDS = ("run", "set", "colour group")  # by requirement kind (levels.RUN, SET, COLOUR)


def tokens(group):
    """A group as the table writes it: R1 R2 W3."""
    return " ".join([cards.token(c).replace("=", "") for c in group])


def _by_number(c):
    return cards.number(c) * 128 + c


def whose(q, actor, name):
    """`Bot 3's`, `your` or `own`: the owner of a pile or a combination."""
    if q == actor:
        return "own" if name(q) != "You" else "your"
    n = name(q)
    return "your" if n == "You" else n + "'s"


def group_name(s, slot):
    owner = slot // rules.GROUPS_PER_SEAT
    kind = rules.reqs(s, owner)[slot % rules.GROUPS_PER_SEAT][0]
    return _KINDS[kind] if kind < len(_KINDS) else KIND_NAMES[kind]


def _what(s, q, step, name, mono):
    """The step of seat q in words without the subject ("took red 7 from Bot 3's pile")."""
    m = step[0]
    k = rules.kind(m)
    if k == rules.K_DRAW:
        return "drew a card"
    if k == rules.K_TAKE:
        p = rules.target(m)
        c = rules.pile_top(s, p)
        return "took %s from %s pile" % (cards.name(c), whose(p, q, name))
    if k == rules.K_SKIPPED:
        return "is skipped this turn"
    if k == rules.K_PUT:
        groups = [[] for _ in rules.reqs(s, q)]  # type: list[list[int]]
        for x in step:
            if rules.kind(x) == rules.K_PUT:
                groups[rules.target(x)].append(rules.card(x))
        return "laid out: " + " + ".join([tokens(sorted(g, key=_by_number)) for g in groups])
    if k == rules.K_ADD:
        slot = rules.target(m)
        return "added %s to %s %s" % (
            cards.name(rules.card(m)), whose(slot // rules.GROUPS_PER_SEAT, q, name), group_name(s, slot))
    if k == rules.K_DISCARD:
        return "discarded " + cards.name(rules.card(m))
    if k == rules.K_GIVE:
        t = rules.target(m)
        return "gave a Skip to " + ("you" if name(t) == "You" else name(t))
    if k == rules.K_KEEP or k == rules.K_KEPT:
        n = len(step) - 1
        return "kept %d card%s" % (n, "" if n == 1 else "s")
    if k == rules.K_CANCEL:
        return "took the level back"
    return ""


def step(s, q, st, name, mono=False):
    """Seat q's step `st` (a list of moves, before they are played) in words."""
    what = _what(s, q, st, name, mono)
    if not what:
        return ""
    who = name(q)
    if who == "You":
        return ""  # the player saw it happen
    return who + " " + what


def hint(s, q, steps, name, mono=False):
    """A hint's first steps in words ("Hint: lay out R1 R2 R3 + G4 G5 G6")."""
    if not steps:
        return "No hint here"
    first = steps[0]
    k = rules.kind(first[0])
    if k == rules.K_DRAW:
        return "Hint: draw from the draw pile"
    t = "Hint: " + _what(s, q, first, name, mono)
    t = t.replace("took", "take").replace("laid out", "lay out").replace("added", "add")
    t = t.replace("discarded", "discard").replace("gave", "give").replace("kept", "keep")
    t = t.replace(" own ", " your ")
    if len(steps) > 1 and k != rules.K_KEEP:
        nxt = steps[1][0]
        if rules.kind(nxt) == rules.K_DISCARD:
            t += ", then discard " + cards.name(rules.card(nxt))
    return t
