"""Pass and play's hands: whose hand shows, when the pass screen hides it, and what came
into a person's hand and went out of it on others' turns (the board game's Asks, Steals,
All draws), said to that person alone when their hand shows again. Loaded only in pass
and play, for a move."""

from level8 import cards, layout
from level8.layout import NO_SEAT

from ui.level8 import tokens


def settle(t, app):
    """Whose hand shows now (turn.settle); the pass screen when the turn comes to another
    person (not to the person last shown again, with only bots between: an Ask they made
    answered; always after a round's end, which everyone sees). A person's hand is kept as
    it was when it stopped showing (`before`): when it shows again, what changed in it
    meanwhile is said to them alone (turn.begin)."""
    s = t.state
    q = layout.actor(s)
    was = t.me
    if layout.turning(s) and not t.bot(q):
        if was == q:
            return
        t.me = q
        t.hidden = q != t.shown
        t.shown = q
        app.full = True
    else:
        t.me = NO_SEAT
        if not layout.turning(s):  # a round's end, public: whoever is next passes the pass screen
            t.shown = NO_SEAT
    if was != NO_SEAT:
        t.before[was] = bytes([layout.round_no(s)]) + layout.hand(s, was)


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
