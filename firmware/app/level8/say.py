"""Moves of LEVEL 8 in words, for the table's message line: what a bot (or the person
before, in pass and play) did, and a hint; in pass and play, the words kept for the next
pass screen. Loaded only to say it."""

from level8 import cards, layout

from app.level8.words import compact, group_name, short, whose
from ui.level8 import by_number, tokens


def _what(s, q, step, name, hint=False, mono=False):
    """The step of seat q in words without the subject: what it did ("took red 7 from
    Bot 3's pile") or, for a hint, what to do ("take red 7 from your pile"). Whole
    phrases, not words swapped in: a word this short would be interned for good. On the
    OLED (`mono`) a card taken or discarded is named as the table writes it ("discarded
    O1") and a Skip given is "skipped Bot 2": the words that end a bot's turn then fit the
    one line left beside the items. A layout and an add are written as the table writes them too
    ("laid R5 B5/7s x4", "added V6 to Bot 3's R7..R10"): their whole in two lines."""
    m = step[0]
    k = layout.kind(m)
    if k == layout.K_DRAW:
        return "drew a card"
    if k == layout.K_TAKE:
        p = layout.target(m)
        c = layout.pile_top(s, p)
        w = whose(p, q, name)
        w = "your" if hint and w == "their own" else w
        # on the OLED its card as the table writes it, as a discard's
        return ("take %s from %s pile" if hint else "took %s from %s pile") % (
            tokens([c]) if mono else cards.name(c, layout.game(s)), w)
    if k == layout.K_SKIPPED:  # on the OLED, words that end a bot's turn: within one line
        return "was skipped"
    if k == layout.K_PUT:
        reqs = layout.reqs(s, q)
        groups = [[] for _ in reqs]  # type: list[list[int]]
        for x in step:
            if layout.kind(x) == layout.K_PUT:
                groups[layout.target(x)].append(layout.card(x))
        if mono:  # short: two lines of 21 hold four pairs of two-digit cards
            laid = "/".join([compact(sorted(groups[r], key=by_number), reqs[r][0]) for r in range(len(reqs))])
            laid = "laid " + laid
            return laid.replace("laid", "lay") if hint else laid  # names the firmware has
        laid = " + ".join([tokens(sorted(g, key=by_number)) for g in groups])
        return ("lay out: %s" if hint else "laid out: %s") % laid
    if k == layout.K_ADD:
        slot = layout.target(m)
        owner = slot // layout.GROUPS_PER_SEAT
        w = whose(owner, q, name)
        w = "your" if hint and w == "their own" else w
        if mono:
            return ("add %s to %s %s" if hint else "added %s to %s %s") % (tokens([layout.card(m)]), w, short(s, slot))
        what = group_name(s, slot)
        reqs = layout.reqs(s, owner)
        r = slot % layout.GROUPS_PER_SEAT
        if [kind for kind, _ in reqs].count(reqs[r][0]) > 1:  # which of two runs, say
            what += " " + short(s, slot)
        return ("add %s to %s %s" if hint else "added %s to %s %s") % (cards.name(layout.card(m), layout.game(s)), w, what)
    if k == layout.K_DISCARD:
        c = layout.card(m)
        return ("discard " if hint else "discarded ") + (tokens([c]) if mono else cards.name(c, layout.game(s)))
    if k == layout.K_GIVE:
        t = layout.target(m)
        return ("give a Skip to %s" if hint else "skipped %s" if mono else "gave a Skip to %s") % (
            "you" if name(t) == "You" else name(t)
        )
    if k == layout.K_KEEP or k == layout.K_KEPT:
        w = kept(len(step) - 1)
        return w.replace("kept", "keep") if hint else w
    if k == layout.K_CANCEL:
        return "take the level back" if hint else "took the level back"
    return ""


def kept(n):
    """n cards kept, in words: "kept 2 cards", "kept 1 card", "kept no cards"."""
    return "kept no cards" if not n else "kept %d card%s" % (n, "" if n == 1 else "s")


def step(s, q, st, name, mono=False):
    """Seat q's step `st` (a list of moves, before they are played) in words."""
    what = _what(s, q, st, name, False, mono)
    if not what:
        return ""
    who = name(q)
    if who == "You":
        return ""  # the player saw it happen
    return who + " " + what


def log(t, ms, q, bot, said, mono):
    """Pass and play: the moves `ms` of seat q (a `bot` or a person), `said` in words or
    not, kept in `t.said` for the next pass screen, a line a seat's turn ("Bot 3 drew a
    card, discarded G9"; "and went out" added once played, turn.commit). A person's moves that their own table does not say
    are said here as a bot's are (they saw them; the others did not): the card games'
    moves, the board game's laying out, adds and discards, a keep's count. Said before
    they are played (a pile's top taken, say); the newest lines are kept where they grow
    past three screens or so."""
    s = t.state
    k = layout.kind(ms[0])
    if not said and not bot:
        if layout.phase(s) == layout.KEEP:  # the cards kept are the keeper's: their count, once done
            if layout.kind(ms[-1]) == layout.K_KEPT:
                said = t.name(q) + " " + kept(layout.kept(s, q) + len(ms) - 1)
        elif k <= layout.K_GIVE and (layout.game(s) != 2 or k in (layout.K_PUT, layout.K_ADD, layout.K_DISCARD)):
            said = step(s, q, ms, t.name, mono)
    if said:
        text = t.said
        who = t.name(q) + " "
        if text and said.startswith(who) and text[text.rfind("\n") + 1 :].startswith(who):
            text += ", " + said[len(who) :]
        else:
            text = (text + "\n" if text else "") + said
        while len(text) > (320 if mono else 640) and "\n" in text:
            text = text[text.find("\n") + 1 :]
        t.said = text


def hint(s, q, steps, name, mono=False):
    """A hint's first steps in words ("Hint: lay out: R1 R2 R3 + G4 G5 G6"; on the OLED
    "Hint: lay R1 R2 R3/G4 G5 G6", cards as the table writes them)."""
    if not steps:
        return "No hint here"
    first = steps[0]
    k = layout.kind(first[0])
    if k == layout.K_DRAW:
        return "Hint: draw from the draw pile"
    if k == layout.K_SKIPPED:
        return "Hint: you are skipped: Draw passes"
    t = "Hint: " + _what(s, q, first, name, True, mono)  # on the OLED as the table writes it
    if len(steps) > 1 and k != layout.K_KEEP:
        nxt = steps[1][0]
        if layout.kind(nxt) == layout.K_DISCARD:
            c = layout.card(nxt)
            t += ", then discard " + (tokens([c]) if mono else cards.name(c, layout.game(s)))
    return t
