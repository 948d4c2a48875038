"""Pass and play: what came into a person's hand and went out of it on others' turns (the
board game's Asks, Steals, All draws), said to that person alone when their hand shows
again. Loaded only then."""

from level8 import cards, layout

from ui.level8 import tokens


def changed(t, q, mono):
    """The words for seat q, whose hand was `t.before[q]` (its round first) when it last
    stopped showing: "Lost yellow 3, got red 3, green 15" ("Lost Y3, got R3 G15" on the
    OLED); None when it is as it was, or was kept in another round (a new deal)."""
    s = t.state
    before = t.before[q]
    now = layout.hand(s, q)
    if not before or before[0] != layout.round_no(s) or before[1:] == bytes(now):
        return None
    got = list(now)
    lost = []
    for c in before[1:]:  # card by card: a hand may hold several jokers
        if c in got:
            got.remove(c)
        else:
            lost.append(c)
    if not lost and not got:  # the same cards in another order (kept cards go first)
        return None

    def said(cs):
        return tokens(cs) if mono else ", ".join([cards.name(c, layout.game(s)) for c in cs])

    if lost and got:
        return "Lost " + said(lost) + ", got " + said(got)
    return "Lost " + said(lost) if lost else "Got " + said(got)
