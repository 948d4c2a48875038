"""A player for board-game tests that runs unchanged under CPython and MicroPython: it lays
out when the hand holds the level (meld.layouts), adds cards to laid combinations most of
the time, and otherwise picks a legal move with the project's Prng, so both runtimes
choose alike. Not a bot: it only drives games to their end."""

from level8 import meld, rules


def plan(g, rng):
    """The moves to play now (a list) for whoever must act in Game g."""
    s = g.state
    n = g.list_moves()
    buf = g.buf
    seat = rules.turn(s)
    if s[rules.AT_PHASE] == rules.PLAY:
        if not rules.laid(s, seat) and not rules.pending(s, seat):
            found, _ = meld.layouts(list(rules.hand(s, seat))[-14:], rules.reqs(s, seat), 1)
            if found:
                size = 0
                for grp in found[0]:
                    size += len(grp)
                if size < rules.hand_count(s, seat) or rules.level(s, seat) == 8:
                    out = []
                    for r in range(len(found[0])):
                        for x in found[0][r]:
                            out.append(rules.move(rules.K_PUT, r, x))
                    out.append(rules.move(rules.K_LAY))
                    return out
        adds = [buf[i] for i in range(n) if rules.kind(buf[i]) == rules.K_ADD]
        if adds and rng.below(20):
            return [adds[rng.below(len(adds))]]
    return [buf[rng.below(n)]]
