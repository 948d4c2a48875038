"""The open-hand solver (tools/research/solver.py): its lines are legal and score what it says, it
finds clean wins, proves a lost deal's best score, matches an exhaustive search where one
is affordable, never does worse than a greedy line, and says when it stopped short."""

import random
import re
from array import array

from level10 import rules
from level10.game import Game, seeded_deck
from tools.research import solver


def replay(deck, pauses, players, sol, start=0):
    """The finished Game of a solution's line (Game.apply refuses an illegal move)."""
    g = Game(players, pauses, deck=deck, start=start)
    for m in sol.moves:
        g.apply(m)
    return g


def test_lines_replay_to_their_score():
    for seed, pauses, players, start in (
        (1, 2, 1, 0),
        (5, 0, 1, 0),
        (7, 3, 1, 0),
        (3, 1, 2, 1),
        (4, 2, 4, 3),
    ):
        deck = seeded_deck(seed, pauses)
        sol = solver.solve(deck, pauses, players, start, limit=3000)
        g = replay(deck, pauses, players, sol, start)
        assert g.over()
        assert g.score() == sol.score
        assert sol.won == (g.status() == rules.WON)
        assert sol.won <= sol.winnable
        assert sol.nodes >= len(sol.moves)


def test_an_easy_deck_is_won_without_a_pause():
    # every world's 1 first, then every 2, ...: the cards come in the order they are played
    deck = bytes(w * 8 + n for n in range(8) for w in range(5))
    for pauses in range(4):
        full = deck + bytes([rules.PAUSE] * pauses)
        sol = solver.solve(full, pauses)
        g = replay(full, pauses, 1, sol)
        assert sol.exact and sol.won and sol.winnable
        assert g.status() == rules.WON
        assert rules.tally(g.state)[2] == 0  # no pause placed: nothing scores more (L10-9)


def lost_deck(pauses):
    """F1..F8 W1..W8 V1..V8 D1..D8, then the Sky cards, then the pauses: the hand is
    F1..F8 W1 W2, and column 0 draws at most 5 cards (W3..W7). Sky, Volcano and Desert can
    place nothing there and a column has one reset, so two of their slots stay empty:
    the team is stuck after 3 moves whatever it does, the pauses still in the deck."""
    return bytes([c for c in range(40) if c >> 3] + list(range(8)) + [rules.PAUSE] * pauses)


def test_a_lost_deal_gets_its_best_score_proven():
    for pauses in (0, 2):
        deck = lost_deck(pauses)
        sol = solver.solve(deck, pauses, limit=200)
        g = replay(deck, pauses, 1, sol)
        assert sol.exact and not sol.won and not sol.winnable
        assert len(sol.moves) == 3
        assert rules.score_parts(g.state)[2] == pauses  # the pauses count as unused


_bufs = [array("H", bytes(2 * rules.MAX_MOVES)) for _ in range(rules.SLOTS + 1)]


def exhaustive(s, d=0, memo=None):
    """The best final score from `s` over every legal line (only for the last moves)."""
    if memo is None:
        memo = {}
    if rules.status(s) != rules.PLAYING:
        return rules.score(s)
    key = bytes(s)
    if key not in memo:
        best = -1
        buf = _bufs[d]
        for i in range(rules.legal_moves(s, buf)):
            child = bytearray(s)
            rules.apply(child, buf[i])
            best = max(best, exhaustive(child, d + 1, memo))
        memo[key] = best
    return memo[key]


def easy_deck(turn, pauses):
    """Every world's 1, then every 2, ...; each number's worlds shifted `turn` further."""
    level = bytes(((w + turn * n) % 5) * 8 + n for n in range(8) for w in range(5))
    return level + bytes([rules.PAUSE] * pauses)


def late_positions(count, players):
    """Positions with the deck empty and at most 8 moves left (so that every line can be
    tried): on the solver's own line, then a few random legal moves, so that many end in
    losses of every kind. Solo on seeded deals; with seats on easy decks, which the
    solver wins fast (seeded deals take it longer)."""
    rng = random.Random(2024 + players)
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    out = []
    while len(out) < count:
        pauses = rng.randrange(4)
        if players == 1:
            deck = seeded_deck(rng.randrange(1, 10000), pauses)
        else:
            deck = easy_deck(rng.randrange(2), pauses)
        s = rules.new_state(players, pauses, deck, 0)
        late = []
        for m in solver._solve(bytearray(s), 300).moves:
            rules.apply(s, m)
            if rules.deck_count(s) == 0 and rules.moves_played(s) >= 42 and rules.status(s) == rules.PLAYING:
                late.append(bytes(s))
        if not late:
            continue
        s = bytearray(rng.choice(late))
        for _ in range(rng.randrange(4)):
            n = rules.legal_moves(s, buf)
            if n:
                rules.apply(s, buf[rng.randrange(n)])
        if rules.status(s) == rules.PLAYING:
            out.append(s)
    return out


def test_exact_scores_match_an_exhaustive_search():
    # the bounds and the commuting-move cuts never lose the best line
    for players in (1, 1, 2, 5):
        for s in late_positions(8, players):
            sol = solver._solve(bytearray(s), 100000)
            assert sol.exact
            assert sol.score == exhaustive(bytearray(s))


def greedy_score(deck, pauses):
    """A simple line: the playable card raising its row least, else a reset putting
    nothing under in the highest row, else the first pause move."""
    g = Game(1, pauses, deck=deck)

    def key(m):
        r = m & 7
        card = (m >> 4) & 63
        if m & 8:
            return (1 if card == rules.NONE else 3, -rules.row_value(g.state, r), m)
        if card == rules.PAUSE:
            return (2, 0, m)
        return (0, (card & 7) + 1 - rules.row_value(g.state, r), m)

    while not g.over():
        g.apply(min(g.legal_moves(), key=key))
    return g.score()


def test_never_below_a_greedy_line():
    for seed in range(1, 11):
        pauses = seed % 4
        deck = seeded_deck(seed, pauses)
        assert solver.solve(deck, pauses).score >= greedy_score(deck, pauses)


def test_a_tiny_limit_is_not_exact_but_still_a_whole_game():
    deck = seeded_deck(1, 2)  # its greedy line loses: the search has work left
    sol = solver.solve(deck, 2, limit=5)
    assert not sol.exact
    g = replay(deck, 2, 1, sol)
    assert g.over() and g.score() == sol.score
    assert sol.score < solver.solve(deck, 2).score


def test_the_command_prints_the_figures_of_the_deals_it_solved(capsys):
    # deals 3 and 4 at a limit of 60 nodes: one won and exact, one lost and cut short
    sols = [solver.solve(seeded_deck(seed, 2), 2, 1, 0, 60) for seed in (3, 4)]
    assert sorted(s.won for s in sols) == [False, True] and sorted(s.exact for s in sols) == [False, True]
    solver.main(["--deals", "2", "--first", "3", "--pauses", "2", "--limit", "60"])
    out = capsys.readouterr().out
    m = re.fullmatch(
        r"deals 2  players 1  pauses 2  limit 60: won (\d+) \(([\d.]+)%, winnable (\d+)\), "
        r"mean score ([\d.]+), exact ([\d.]+)%, mean (\d+) nodes, [\d.]+ s a deal\n",
        out,
    )
    assert m, out
    won, won_pct, winnable, mean, exact_pct, nodes = m.groups()
    assert int(won) == sum(s.won for s in sols) and float(won_pct) == 50 * int(won)
    assert int(winnable) == sum(s.winnable for s in sols)
    assert float(mean) == round(sum(s.score for s in sols) / 2, 2)
    assert float(exact_pct) == 50 * sum(s.exact for s in sols)
    assert int(nodes) == round(sum(s.nodes for s in sols) / 2)
