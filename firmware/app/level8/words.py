"""Words the table's choosers and messages share: whose a pile or a combination is, and a
combination's kind. Loaded with the chooser or the message that says them."""

from level8 import layout
from level8.levels import KIND_NAMES

from compat import const
from ui.level8 import tokens

_KINDS = const(("run", "set", "colour group"))  # by requirement kind (levels.RUN, SET, COLOUR)


def whose(q, actor, name):
    """`Bot 3's`, `your` or `own`: the owner of a pile or a combination."""
    if q == actor:
        return "own" if name(q) != "You" else "your"
    n = name(q)
    return "your" if n == "You" else n + "'s"


def group_name(s, slot):
    owner = slot // layout.GROUPS_PER_SEAT
    kind = layout.reqs(s, owner)[slot % layout.GROUPS_PER_SEAT][0]
    return _KINDS[kind] if kind < len(_KINDS) else KIND_NAMES[kind]


def short(g):
    """A laid group in a few characters: its cards, or its first and last (R3..R6)."""
    if len(g) <= 3:
        return tokens(g)
    return tokens([g[0]]) + ".." + tokens([g[-1]])
