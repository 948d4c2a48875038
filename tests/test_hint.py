"""The hint engine and its parts: the rule-of-thumb player (`heuristic`), what a seat
sees (`sight`), what teammates say (`talk`) and the search (`hint`).

Positions are built card by card with tests/l10helpers.py. Where a test needs a move to
be right, the position is made so that the wrong move loses at once or wastes the last
reset of a world whose low cards are still to come: facts of the rules, not of the
engine's weights.
"""

from array import array

import pytest
from l10helpers import c, layout_moves, legal_set, script_deck

from level10 import heuristic, hint, moves, notation, referee, rules, talk
from level10.game import Game
from level10.sight import Sight
from level10.view import View, seat_view
from prng import Prng

SMALL = 300  # a small budget keeps these tests quick; the engine is the same


def game_from(tokens, keep, pauses=0, players=1):
    """A Game after `tokens` from a deck that lets them be played and leaves seat 0
    holding `keep` (10 cards in solo)."""
    deck, seated = script_deck(players, tokens, pauses, keep={0: keep})
    g = Game(players, pauses, deck=deck)
    for tok in seated:
        g.apply(notation.parse(tok.split(":")[1]))
    return g


def heuristic_game(players, pauses, seed, upto):
    """Deal `seed` played by the rule-of-thumb player for `upto` moves (or to the end)."""
    g = Game(players, pauses, seed=seed)
    while not g.over() and g.played < upto:
        g.apply(heuristic.choose(View(g.state)))
    return g


# -- the rule-of-thumb player ------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_plays_only_legal_moves_to_the_end_of_every_game(players):
    for pauses in range(4):
        for seed in range(1, 16):
            g = Game(players, pauses, seed=seed)
            while not g.over():
                m = heuristic.choose(View(g.state))
                assert m in legal_set(g.state), (seed, g.played, notation.token(m))
                g.apply(m)


def test_heuristic_plays_the_lowest_playable_card_of_a_row():
    # Sky stands at 1 and the hand holds Sky 3 and Sky 6: Sky 6 would strand Sky 3
    g = game_from(
        ["S1", "F1", "W1", "V1", "R>D"], keep=["S3", "S6", "F8", "W8", "V8", "D8", "F7", "W7", "V7", "D7"]
    )
    m = heuristic.choose(View(g.state))
    assert not (moves.kind(m) == moves.PLAY and moves.card(m) == c("S6"))


COLUMN_1 = ["S1", "F1", "W1", "V1", "R>D"]  # Sky, Forest, Swamp, Volcano at 1; Desert reset


def without(name):
    """The rule-of-thumb player with weight `name` set to 0 (built from its source)."""
    from tools.research import tune_heuristic as tune

    return tune.player(tune.SOURCE.read_text(), {name: 0})


def test_of_two_rows_alike_the_one_with_fewer_playable_cards_takes_the_reset():
    """Pinned to the tuned reset-desire weights of level10.heuristic (_W_LIVE and the rest)."""
    # Sky and Forest stand at 1 alike; Sky holds three cards to play on, Forest one
    # (Forest 2). Forest runs dry first, so it wants the column's reset more
    g = game_from(COLUMN_1, keep=["S2", "S5", "S7", "F2", "W3", "W4", "W6", "V3", "V5", "D8"])
    s = g.state
    heuristic.mark_placed(s)
    heuristic.survey(s, 0)
    assert heuristic.reset_row(s) == 1
    other = without("_W_LIVE")  # and it is that weight which decides it: a tie, else
    other.mark_placed(s)
    other.survey(s, 0)
    assert other.reset_row(s) == 0


def test_of_two_rows_as_near_the_one_with_cards_to_spare_is_played_first():
    """Pinned to the tuned weight _W_PLAY_LIVE of level10.heuristic."""
    # Sky 2 and Forest 2 are both one above their rows; Forest holds two more to play
    # after it, Sky none. Volcano has nothing to play, so it keeps the column's reset
    g = game_from(COLUMN_1, keep=["S2", "F2", "F5", "F7", "W3", "W4", "W6", "D6", "D7", "D8"])
    s = g.state
    assert notation.token(heuristic.choose(View(s))) == "F2"
    assert notation.token(without("_W_PLAY_LIVE").choose(View(s))) == "S2"
    said = talk.Talk()  # and a bot's wish to play names the row it would play in
    talk.announce(View(s, 0), said)
    assert said.play_wish(0) == 1


def test_a_reset_ranks_the_cards_least_needed_soon_three_deep():
    """Pinned to the tuned dump weights (_W_DUMP_*) of level10.heuristic."""
    # Swamp is reset; Sky and Forest stand at 1. Sky 7 has Sky 3 and 6 to come before
    # it (10), Forest 7 has Forest 5 (8), Sky 6 has Sky 3 (7): all three are far above
    # their rows, and only the first two go under
    g = game_from(COLUMN_1, keep=["S3", "S6", "S7", "F5", "F7", "W2", "W3", "V5", "D2", "D3"])
    s = g.state
    heuristic.mark_placed(s)
    heuristic.survey(s, 0)
    k = heuristic.ranked(s, 0, 2)
    assert [k & 63, (k >> 6) & 63, (k >> 12) & 63, k >> 18] == [c("S7"), c("F7"), c("S6"), 2]
    assert notation.token(heuristic.dumps(s, 0, 2)) == "R>W-S7-F7"


def test_the_search_also_weighs_the_reset_keeping_the_rules_second_card():
    """Pinned to the tuned weights of level10.heuristic (the rule's proposal and its ranking)."""
    g = game_from(COLUMN_1, keep=["S3", "S6", "S7", "F5", "F7", "W2", "W3", "V5", "D2", "D3"])
    s = g.state
    first = heuristic.choose(View(s))
    cands = [notation.token(m) for m in hint._candidates(s, 0, first, g.buf, g.list_moves())]
    # the rule plays Sky 3 and would reset Swamp; the search also tries that reset putting
    # under Sky 7 and Sky 6, keeping Forest 7 (the rule's second choice)
    assert cands[:3] == ["S3", "R>W-S7-F7", "R>W-S7-S6"]
    # so does a teammate with seven of those cards, who plays Swamp 2 and would reset
    # Volcano: Sky 7, Forest 7, Sky 6 rank the same
    keep = {1: ["S3", "S6", "S7", "F5", "F7", "W2", "W3"]}
    g = Game(2, 0, deck=script_deck(2, COLUMN_1, keep=keep)[0])
    for tok in COLUMN_1:
        g.apply(notation.parse(tok))
    s = g.state
    assert g.to_move() == 1
    cands = [notation.token(m) for m in hint._candidates(s, 1, heuristic.choose(View(s)), g.buf, g.list_moves())]
    assert cands[:3] == ["W2", "R>V-S7-F7", "R>V-S7-S6"]


def test_play_out_reaches_the_end_and_agrees_with_choose():
    g = Game(1, 2, seed=7)
    t = bytearray(g.state)
    n = heuristic.play_out(t)
    h = Game(1, 2, seed=7)
    while not h.over():
        h.apply(heuristic.choose(View(h.state)))
    assert n == h.played and bytes(t) == bytes(h.state)


# -- positions where the right move is a matter of the rules -----------------------

# Column 4 (index 3) has Sky, Forest and Swamp; Volcano stands at 2 and the hand holds
# Volcano 3; Desert stands at 7 with Desert 7 and 8 on the grid, so no Desert card can
# ever follow it: Desert must take this column's reset. Resetting Volcano instead
# leaves the Desert slot unfillable, and the game is lost on the spot.
FORCED = layout_moves(
    [
        "S1 S2 S3 S4",
        "F1 F2 F3 F4",
        "W1 W2 R  W3",
        "R  V1 V2 .",
        "D8 R  D7 .",
    ]
)
FORCED_KEEP = ["V3", "D1", "D2", "S8", "F8", "W8", "V8", "S7", "F7", "W7"]


def test_forced_position_resetting_volcano_loses_at_once():
    g = game_from(FORCED, FORCED_KEEP)
    s = bytearray(g.state)
    rules.apply(s, moves.reset(3))
    assert rules.status(s) == rules.LOST


@pytest.mark.parametrize("budget", [0, SMALL, hint.BUDGET])
def test_hint_never_takes_the_move_that_loses_at_once(budget):
    g = game_from(FORCED, FORCED_KEEP)
    for seed in range(4):
        m = hint.suggest(seat_view(g), budget=budget, seed=seed)
        s = bytearray(g.state)
        rules.apply(s, m)
        assert rules.status(s) == rules.PLAYING, notation.token(m)
        assert not (m & 8 and m & 7 == 3)


# Three columns done; column 4 has Forest, Swamp and Volcano, and needs its reset in Sky
# or Desert. Sky has used one reset and Sky 1, 2 and 4 are still to come from the deck:
# its last reset is their only way onto the grid. Desert has both resets and Desert 1-3
# waiting in hand. The reset belongs to Desert.
KEEP_RESETS = layout_moves(
    [
        "R  S3 S5 .",
        "F1 F2 F3 F4",
        "W1 W2 R  W3",
        "V1 R  V2 V3",
        "D4 D5 D6 .",
    ]
)
KEEP_RESETS_HAND = ["S6", "D1", "D2", "D3", "D7", "F8", "W8", "V8", "F7", "W7"]


def test_hint_keeps_the_last_reset_of_a_world_whose_low_cards_are_unseen():
    """Pinned to the tuned weights of level10.heuristic and the search constants of level10.hint."""
    g = game_from(KEEP_RESETS, KEEP_RESETS_HAND)
    s = g.state
    assert rules.supply(s, 0) == 1 and rules.supply(s, 4) == 2
    for seed in range(3):
        h = g.clone()
        # play the hints until the column has its reset; it must be Desert's
        col = rules.column(h.state)
        while rules.column(h.state) == col and not h.over():
            m = hint.suggest(seat_view(h), budget=SMALL, seed=seed)
            assert not (m & 8 and m & 7 == 0), "Sky's last reset spent: " + notation.token(m)
            h.apply(m)
        assert rules.cell(h.state, 4, col) == rules.RESET_CELL


# -- determinism and hidden information -----------------------------------------------


def test_same_game_budget_and_seed_give_the_same_move():
    for seed in (3, 11):
        g = heuristic_game(1, 2, seed, 12)
        a = hint.suggest(seat_view(g), budget=SMALL, seed=5)
        sims = hint.last_sims
        b = hint.suggest(seat_view(g.clone()), budget=SMALL, seed=5)
        assert a == b and hint.last_sims == sims


def test_hint_stays_within_its_budget_by_at_most_one_round_of_play_outs():
    g = heuristic_game(1, 2, 4, 3)
    hint.suggest(seat_view(g), budget=SMALL, seed=1)
    # a round plays every candidate (at most 6) once to the end (at most 50 moves each)
    assert 0 < hint.last_sims < SMALL + 6 * 51


def halvings(monkeypatch):
    """Record the totals and the candidates kept each time the search halves them."""
    seen = []
    real = hint._halve

    def spy(total, alive):
        assert all(alive)  # the search halves once, with every candidate still in
        real(total, alive)
        seen.append((list(total), list(alive)))

    monkeypatch.setattr(hint, "_halve", spy)
    return seen


def test_with_few_deals_only_the_proposal_and_the_best_alternative_play_on(monkeypatch):
    seen = halvings(monkeypatch)
    for seed in (2, 7, 19):
        g = heuristic_game(1, 2, seed, 0)  # the first move: a deal costs about 6 x 46 moves
        del seen[:]
        m = hint.suggest(seat_view(g), seed=seed)
        assert len(seen) == 1, "halved once"
        total, alive = seen[0]
        assert hint.last_candidates > 2
        kept = [i for i, a in enumerate(alive) if a]
        assert kept[0] == 0 and len(kept) == 2  # the proposal and one more
        best = max(total[1:])
        assert total[1:].index(best) + 1 == kept[1]  # the best, the first of equals
        # the dropped ones can no longer be chosen
        n = g.list_moves()
        cands = hint._candidates(g.state, 0, heuristic.choose(View(g.state)), g.buf, n)
        assert len(alive) == len(cands)
        assert m in (cands[0], cands[kept[1]])


def test_with_deals_to_spare_every_candidate_plays_to_the_end(monkeypatch):
    # ten times the budget buys far more than four deals: the search never halves, so
    # the bench's 10x row is the whole search over every candidate
    seen = halvings(monkeypatch)
    for seed, upto in ((2, 0), (7, 0), (11, 20)):
        hint.suggest(seat_view(heuristic_game(1, 2, seed, upto)), budget=10 * hint.BUDGET, seed=seed)
        assert hint.last_candidates > 2
    assert seen == []


def test_isqrt_is_the_integer_square_root():
    import math

    for n in list(range(2000)) + [2**30 - 1, 2**30, 10**12 + 7, 3 * 10**15]:
        assert hint._isqrt(n) == math.isqrt(n)


def sums(gains):
    return sum(gains), sum(d * d for d in gains)


ALL2 = bytearray(b"\x01\x01")  # the proposal and one alternative, both still in
ALL3 = bytearray(b"\x01\x01\x01")


def test_an_alternative_replaces_the_proposal_only_when_surely_better():
    # gains over the proposal deal by deal: a steady small gain is sure, a larger mean
    # gain that swings from deal to deal is not
    s1, q1 = sums([12, 10, 11, 13, 9, 12, 11, 10])  # mean 11, spread about 1.3
    s2, q2 = sums([200, -150, 180, -120, 160, -100, 150, -90])  # mean 29, spread about 150
    assert s2 > s1
    assert hint._surest(ALL3, [0, s1, s2], [0, q1, q2], 8, True) == 1
    assert hint._surest(ALL2, [0, s2], [0, q2], 8, True) == 0
    # a dropped alternative is never chosen, however good it looked
    assert hint._surest(bytearray(b"\x01\x00\x01"), [0, s1, s2], [0, q1, q2], 8, True) == 0
    # of two sure ones, the one whose gain is surest
    s3, q3 = sums([30, 28, 31, 29, 30, 32, 27, 30])
    assert hint._surest(ALL3, [0, s1, s3], [0, q1, q3], 8, True) == 2
    # one deal: while cards are hidden it tells nothing of the spread; with nothing
    # hidden it is the whole truth, and any gain counts
    assert hint._surest(ALL2, [0, 3], [0, 9], 1, True) == 0
    assert hint._surest(ALL2, [0, 3], [0, 9], 1, False) == 1
    assert hint._surest(ALL2, [0, -3], [0, 9], 1, False) == 0
    assert hint._surest(ALL2, [0, 0], [0, 0], 1, False) == 0  # a tie keeps the proposal


def test_a_forecast_below_nothing_is_still_a_candidate_s_total(monkeypatch):
    # the outlook's score is a least-squares fit and can be below 0 in a bad position;
    # such totals once read as "dropped", and with every candidate dropped the search
    # stopped spending its budget and never ended
    from level10 import outlook

    monkeypatch.setattr(outlook, "value", lambda s: -480)
    dealt = []
    real = Sight.deal

    def deal(self, rng, out):
        dealt.append(1)
        assert len(dealt) < 2000, "the search no longer spends its budget"
        return real(self, rng, out)

    monkeypatch.setattr(Sight, "deal", deal)
    for seed in (2, 7):
        g = heuristic_game(1, 2, seed, 0)
        n = g.list_moves()
        cands = hint._candidates(g.state, 0, heuristic.choose(View(g.state)), g.buf, n)
        assert len(cands) > 2
        del dealt[:]
        m = hint.suggest(seat_view(g), seed=seed)
        assert hint.last_sims >= hint.BUDGET and len(dealt) > 2 and m in cands


def test_solo_the_search_asks_how_sure_teammates_keep_a_fixed_lead(monkeypatch):
    asked = []
    real = hint._surest

    def spy(alive, gain, gain2, deals, hidden):
        i = real(alive, gain, gain2, deals, hidden)
        asked.append((list(alive), deals, i))
        return i

    monkeypatch.setattr(hint, "_surest", spy)
    g = heuristic_game(1, 2, 7, 0)
    n = g.list_moves()
    cands = hint._candidates(g.state, 0, heuristic.choose(View(g.state)), g.buf, n)
    m = hint.suggest(seat_view(g), seed=7)
    assert len(asked) == 1
    alive, deals, i = asked[0]
    assert len(alive) == len(cands) and deals > 1 and m == cands[i] and alive[i]
    del asked[:]
    hint.suggest(seat_view(heuristic_game(3, 2, 4, 6)), seed=1)
    assert hint.last_candidates > 1 and hint.last_sims > 0  # a search, with its lead
    assert asked == []


def reshuffled(g, seed, keep_top):
    """The same game with the deck cards below the top `keep_top` in another order:
    nothing a player sees differs."""
    deck = bytearray(g.deck)
    dealt = rules.players(g.state) * rules.HAND_SIZES[rules.players(g.state) - 1]
    tail = bytearray(deck[dealt + keep_top :])
    rng = Prng(seed)
    for i in range(len(tail) - 1, 0, -1):
        j = rng.below(i + 1)
        tail[i], tail[j] = tail[j], tail[i]
    deck[dealt + keep_top :] = tail
    h = Game(rules.players(g.state), rules.pauses(g.state), deck=bytes(deck))
    for m in g.moves():
        h.apply(m)
    return h


@pytest.mark.parametrize("upto", [0, 6, 14])
def test_the_hint_does_not_change_when_only_unseen_cards_move(upto):
    for deal in (2, 9):
        g = heuristic_game(1, 2, deal, upto)
        drawn = 32 - rules.deck_count(g.state) + 4  # room for cards put under meanwhile
        base = hint.suggest(seat_view(g), budget=SMALL, seed=1)
        for k in range(3):
            h = reshuffled(g, 100 + k, drawn)
            assert rules.hand(h.state, 0) == rules.hand(g.state, 0)
            assert rules.deck(h.state) != rules.deck(g.state)
            assert hint.suggest(seat_view(h), budget=SMALL, seed=1) == base


def swapped_hands(g, seat, rng):
    """The game with the cards of the seats other than `seat` and the deck dealt
    again at random, keeping every count: what `seat` sees is the same."""
    s = g.state
    out = bytearray(s)
    players = rules.players(s)
    unseen = bytearray(rules.deck(s))
    for q in range(players):
        if q != seat:
            unseen += rules.hand(s, q)
    for i in range(len(unseen) - 1, 0, -1):
        j = rng.below(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    k = 0
    hsize = s[rules.AT_HSIZE]
    for q in range(players):
        if q == seat:
            continue
        n = rules.hand_count(s, q)
        cards_q = sorted(unseen[k : k + n])
        k += n
        base = rules.AT_HANDS + q * hsize
        out[base : base + n] = bytes(cards_q)
    ring = rules.AT_HANDS + players * hsize
    cap = s[rules.AT_CAP]
    head = s[rules.AT_HEAD]
    for d in range(rules.deck_count(s)):
        out[ring + (head + d) % cap] = unseen[k + d]
    assert referee.problem(out) is None
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_do_not_use_other_hands_or_the_deck_order(players):
    """A bot's move depends on what its seat sees and on what was said, nothing else."""
    checked = 0
    for deal in range(1, 12):
        g = Game(players, 2, seed=deal)
        while g.played < 7 and not g.over():  # a few moves; nobody puts a card under
            m = heuristic.choose(View(g.state))
            if m & 8:
                m = m | 0xFFF0  # the same reset with nothing put under
            g.apply(m)
        if g.over():
            continue
        checked += 1
        if checked > 2:
            break
        seat = g.to_move()
        said = talk.Talk()
        for q in range(players):
            if q != seat:
                talk.announce(View(g.state, q), said)
        rng = Prng(deal)
        base = hint.suggest(seat_view(g, said), budget=SMALL, seed=2)
        for _ in range(3):
            h = g.clone()
            h.state[:] = swapped_hands(g, seat, rng)
            h.first = h.state  # no history to replay: the view is the position itself
            h.played = 0
            assert hint.suggest(seat_view(h, said), budget=SMALL, seed=2) == base
    assert checked > 2


# -- what a seat sees -----------------------------------------------------------------


def view(s, seat):
    """Everything `seat` may see of `s`."""
    players = rules.players(s)
    return (
        bytes(s[rules.AT_GRID : rules.AT_GRID + 50]),
        bytes(s[rules.AT_SUPPLY : rules.AT_SUPPLY + 5]),
        rules.hand(s, seat),
        rules.deck_count(s),
        tuple(rules.hand_count(s, q) for q in range(players)),
        rules.to_move(s),
    )


@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_deal_is_a_whole_game_that_looks_the_same_to_the_seat(players):
    for deal in (3, 8):
        g = heuristic_game(players, 2, deal, 12)
        seat = g.to_move()
        sight = Sight(seat_view(g, seat=seat))
        rng = Prng(deal)
        out = bytearray(g.state)
        seen_on_top = set()
        for _ in range(30):
            sight.deal(rng, out)
            assert referee.problem(out) is None  # every card exactly once, somewhere
            assert view(out, seat) == view(g.state, seat)
            seen_on_top.add(rules.deck(out)[0])
        assert len(seen_on_top) > 5  # the unseen cards really are shuffled


def test_sight_remembers_the_cards_this_seat_put_under_and_how_deep_they_are():
    g = Game(1, 2, seed=5)
    put = []
    while rules.deck_count(g.state) > 6 and not g.over():
        m = heuristic.choose(View(g.state))
        g.apply(m)
        if m & 8:
            put += [x for x in (moves.card(m), moves.extra(m)) if x != 63]
    assert put, "this deal should have put cards under"
    sight = Sight(seat_view(g, seat=0))
    real = rules.deck(g.state)
    known = set()
    for d, k in enumerate(sight.depth):
        if k:
            assert real[d] == k - 1  # exactly where the seat knows it is
            known.add(k - 1)
    still_in_deck = {x for x in put if x in real}
    assert known == still_in_deck and len(known) > 2
    rng = Prng(1)
    out = bytearray(g.state)
    for _ in range(10):
        sight.deal(rng, out)
        dealt = rules.deck(out)
        for d, k in enumerate(sight.depth):
            if k:
                assert dealt[d] == k - 1


def test_a_deal_gives_each_teammate_the_counts_it_announced():
    g = heuristic_game(3, 1, 6, 5)
    seat = g.to_move()
    said = talk.Talk()
    for q in range(3):
        if q != seat:
            talk.announce(View(g.state, q), said)
    sight = Sight(seat_view(g, said, seat))
    rng = Prng(3)
    out = bytearray(g.state)
    for _ in range(20):
        sight.deal(rng, out)
        assert referee.problem(out) is None
        for q in range(3):
            if q == seat:
                continue
            counts = [0] * 5
            for x in rules.hand(out, q):
                if x != rules.PAUSE:
                    counts[x >> 3] += 1
            assert counts == [said.count(q, w) for w in range(5)]


# -- talk -----------------------------------------------------------------------------


def test_a_bot_announces_its_world_counts_and_wishes_from_its_own_hand():
    g = Game(3, 2, seed=12)
    said = talk.Talk()
    talk.announce(View(g.state, 1), said)
    hand = rules.hand(g.state, 1)
    for w in range(5):
        assert said.count(1, w) == sum(1 for x in hand if x != rules.PAUSE and x >> 3 == w)
    wish = said.play_wish(1)
    assert wish != talk.UNKNOWN and any(x >> 3 == wish for x in hand if x != rules.PAUSE)
    assert not said.said_anything(0) and not said.said_anything(2)
    said.forget(1)
    assert not said.said_anything(1)


def test_talk_keeps_only_what_the_rules_let_a_player_say_and_round_trips():
    said = talk.Talk()
    said.say_count(2, 4, 3)
    said.say_play(2, 1)
    said.say_reset(0, 3)
    again = talk.Talk(said.encode())
    assert again.count(2, 4) == 3 and again.play_wish(2) == 1 and again.reset_wish(0) == 3
    assert len(said.encode()) == talk.SIZE
    # seat 1 leaves to the others the reset seat 0 asked for and the row seat 2 wants
    assert said.wanted(1) == (1 << 3, 1 << 1)
    assert said.wanted(0) == (0, 1 << 1)
    with pytest.raises(ValueError):
        talk.Talk(b"\x00" * 3)


# -- the end game: nothing hidden, so the search is exact --------------------------------


def test_with_the_deck_empty_the_hint_never_does_worse_than_the_rule_of_thumb():
    checked = 0
    for deal in range(1, 40):
        g = Game(1, 2, seed=deal)
        while not g.over() and rules.deck_count(g.state):
            g.apply(heuristic.choose(View(g.state)))
        if g.over():
            continue
        h = g.clone()
        while not h.over():
            h.apply(heuristic.choose(View(h.state)))
        k = g.clone()
        while not k.over():
            k.apply(hint.suggest(seat_view(k), seed=1))
        assert (k.status() == rules.WON, k.score()) >= (h.status() == rules.WON, h.score())
        checked += 1
    assert checked > 10


def _winnable(s, seen):
    """Whether any line of legal moves wins from `s` (every move tried, any order)."""
    if s[rules.AT_STATUS] != rules.PLAYING:
        return s[rules.AT_STATUS] == rules.WON
    key = bytes(s)
    if key in seen:
        return seen[key]
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    found = False
    for i in range(rules.legal_moves(s, buf)):
        t = bytearray(s)
        rules.apply(t, buf[i])
        if _winnable(t, seen):
            found = True
            break
    seen[key] = found
    return found


def test_with_the_deck_empty_the_hint_finds_a_win_whenever_one_exists():
    # the search fills each column's rows in one order only: with nothing left to draw
    # the order changes nothing, and a search over every order agrees
    wins = losses = 0
    for deal in range(1, 80):
        g = Game(1, 2, seed=deal)
        while not g.over() and rules.deck_count(g.state):
            g.apply(heuristic.choose(View(g.state)))
        if g.over() or g.played > 44:
            continue
        if not _winnable(bytearray(g.state), {}):
            losses += 1
            continue
        while not g.over():
            g.apply(hint.suggest(seat_view(g), seed=1))
        assert g.status() == rules.WON, deal
        wins += 1
    assert wins > 10 and losses > 0


# -- the tuning tool ------------------------------------------------------------------


def test_the_tuner_reads_every_weight_and_rebuilds_the_same_player():
    from tools.research import tune_heuristic as tune

    text = tune.SOURCE.read_text()
    w = tune.weights(text)
    assert w["_W_NOLIVE"] == heuristic._W_NOLIVE and len(w) == text.count("= const(")
    same = tune.player(text, {})
    other = tune.player(text, {"_W_DUMP_PAUSE": -50})  # never put a pause under
    differs = False
    for deal in (1, 2, 3):
        g = Game(1, 2, seed=deal)
        while not g.over():
            m = heuristic.choose(View(g.state))
            assert same.choose(View(g.state)) == m
            differs |= other.choose(View(g.state)) != m
            g.apply(m)
    assert differs


# -- the same moves under MicroPython --------------------------------------------------

PARITY = r"""
from level10.game import Game
from level10 import hint, talk
from level10.view import View, seat_view
for players, pauses, seed in ((1, 2, 5), (3, 1, 8), (5, 0, 2)):
    g = Game(players, pauses, seed=seed)
    said = talk.Talk() if players > 1 else None
    out = []
    while not g.over() and g.played < 12:
        if said is not None:
            for q in range(players):
                if q != g.to_move():
                    talk.announce(View(g.state, q), said)
        m = hint.suggest(seat_view(g, said), budget=120, seed=seed)
        out.append((m, hint.last_sims))
        g.apply(m)
    print(players, out, said.encode().hex() if said else "")
"""


def test_hints_and_bots_choose_the_same_moves_under_micropython(micropython):
    got = micropython.run(PARITY)
    assert got == micropython.run_cpython(PARITY)
    assert got.count("\n") == 3
