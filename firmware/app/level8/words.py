"""Words the table's choosers and messages share: whose a pile or a combination is, and a
combination's kind. Loaded with the chooser or the message that says them."""

from level8 import cards, layout
from level8.levels import COLOUR, KIND_NAMES, SET

from compat import const
from ui.level8 import tokens

_KINDS = const(("run", "set", "colour group"))  # by requirement kind (levels.RUN, SET, COLOUR)


def whose(q, actor, name):
    """`Bot 3's`, `your` or `their own`: the owner of a pile or a combination."""
    if q == actor:
        return "their own" if name(q) != "You" else "your"
    n = name(q)
    return "your" if n == "You" else n + "'s"


def group_name(s, slot):
    owner = slot // layout.GROUPS_PER_SEAT
    kind = layout.reqs(s, owner)[slot % layout.GROUPS_PER_SEAT][0]
    return _KINDS[kind] if kind < len(_KINDS) else KIND_NAMES[kind]


def short(s, slot):
    """Laid combination `slot` in a few characters (`compact`)."""
    owner = slot // layout.GROUPS_PER_SEAT
    r = slot % layout.GROUPS_PER_SEAT
    return compact(layout.group(s, owner, r), layout.reqs(s, owner)[r][0])


def compact(g, kind):
    """A combination of `kind`, its cards `g` in order, in a few characters: up to three
    cards as they are (R3 O3 Y3); more, a run's first and last (R3..R6), a set's number
    and size (7s x4), a colour group's colour and size (green x5): a first and last would
    read as a run's."""
    n = len(g)
    if n <= 3:
        return tokens(g)
    if kind == SET:
        return "%ds x%d" % (cards.number(g[0]), n)
    if kind == COLOUR:
        return "%s x%d" % (cards.COLOUR_NAMES[cards.colour(g[0])], n)
    return tokens([g[0]]) + ".." + tokens([g[-1]])
