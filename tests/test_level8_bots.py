"""The LEVEL 8 bots (`level8.bot`) and what they measure a hand by (`level8.need`).

Honesty: the hidden cards of many positions are overwritten in different ways (the draw
pile's order and contents, other hands beyond what was seen taken, the cards under the
discard tops, the generator) and no strength's moves, nor the hint, change. Legality:
whole seeded games of LEVEL 8 and Level Up (keep-four too, L8-9) at every table size,
every move through `Game.apply`. The same decisions under the real MicroPython. The
bench's level8 part on a tiny count.
"""

import argparse
import random

from l8helpers import hidden_places, sort_hidden_hands
from level8 import bot, cards, levels, meld, need, notation, referee, rules, view
from level8.game import Game
from level8.rules import (
    AT_AREA,
    AT_RNG,
    AT_STARTS,
    DRAW,
    HAND_OF,
    K_DISCARD,
    K_GIVE,
    K_KEEP,
    K_LAY,
    KEEP,
    PLAY,
    kind,
)
from level8.view import UNSEEN

from tools import l8bench
from tools import micropython as mpy

SETUPS = [(cards.LEVEL8, False), (cards.LEVELUP, False), (cards.LEVELUP, True)]


def decisions(game_id, players, seed, strengths, keep=False):
    """Play a seeded game with bots of `strengths` (one per seat); yield (state before,
    seat, strength, moves) for every decision, then apply its moves (checked)."""
    g = Game(game_id, players, seed, seed % players, keep)
    while not g.over():
        seat = rules.turn(g.state)
        k = strengths[seat]
        before = bytes(g.state)
        ms = bot.play(view.see(g.state, seat), k)
        yield before, seat, k, ms
        for m in ms:
            assert referee.problem(g.state, m) is None  # stricter than the legal list: a level laid meets it
            g.apply(m)


# -- level8.need ---------------------------------------------------------------------


def fewest_wilds(hand, reqs):
    """The reference: the fewest extra wilds with which the meld finder lays the level
    (None past the fourteen cards it takes)."""
    k = 0
    while not meld.layouts(hand + [cards.WILD] * k, reqs, 1)[0]:
        k += 1
        if len(hand) + k > 14:
            return None
    return k


def test_short_is_the_fewest_cards_the_meld_finder_lacks_on_every_level():
    rng = random.Random(8)
    compared = 0
    for trial in range(480):
        reqs = levels.CARD_ONE_STAR[trial % 8]
        wilds = rng.choice((0, 0, 1, 2))
        hand = rng.sample(range(cards.N_NUMBER_CARDS), rng.randrange(2, 12 - wilds)) + [cards.WILD] * wilds
        assert need.load(hand + [cards.SKIP]) == wilds
        lack = max(0, need.short(reqs) - wilds)
        expected = fewest_wilds(hand, reqs)
        if expected is None:
            assert len(hand) + lack > 14
            continue
        assert lack == expected, [cards.token(c) for c in hand]
        compared += 1
    assert compared > 400


def test_l8_3_sets_of_one_level_may_share_a_number_and_a_colour_card_goes_where_it_is_short():
    need.load([notation.parse_card(t) for t in ["R5", "O5", "Y5", "G5", "B5", "R2", "O2", "Y9"]])
    # a pair and two triples: a triple and the pair of 5s, a triple of 2s one short
    assert need.short(levels.CARD_ONE_STAR[5]) == 1
    need.load([notation.parse_card(t) for t in ["R1", "R2", "R3", "R7", "R9"]])
    # a run of three and four of one colour: the reds cannot be both
    assert need.short(levels.CARD_ONE_STAR[2]) == 2
    need.add(notation.parse_card("O2"), 1)
    assert need.short(levels.CARD_ONE_STAR[2]) == 1


def test_marks_are_exactly_the_cards_that_would_lower_the_lack():
    rng = random.Random(9)
    for trial in range(160):
        reqs = levels.CARD_ONE_STAR[trial % 8]
        hand = rng.sample(range(cards.N_NUMBER_CARDS), rng.randrange(3, 12))
        need.load(hand)
        base = need.short(reqs, True)
        numbers, colours = need.gaps
        assert need.short(reqs) == base
        for c in range(cards.N_NUMBER_CARDS):
            if c in hand:
                continue
            need.add(c, 1)
            lower = need.short(reqs) < base
            need.add(c, -1)
            marked = bool(numbers >> cards.number(c) & 1 or colours >> cards.colour(c) & 1)
            assert lower == marked, (reqs, [cards.token(d) for d in hand], cards.token(c))


# -- honesty -------------------------------------------------------------------------


def variants(s, seat, rng):
    """Positions the seat cannot tell from `s`, each legal: the draw pile reordered; every
    hidden card dealt again among the hidden places (other hands, under the tops, the draw
    pile); two hidden cards of different kinds swapped; a wild laid in an earlier round
    lying hidden as a free wild; the generator's bytes changed."""
    out = []
    draw = [i for i in hidden_places(s, seat) if i < AT_AREA + s[AT_STARTS + 1]]
    t = bytearray(s)
    cs = [t[i] for i in draw]
    rng.shuffle(cs)
    for i, c in zip(draw, cs):
        t[i] = c
    out.append(t)
    places = hidden_places(s, seat)
    t = bytearray(s)
    cs = [t[i] for i in places]
    rng.shuffle(cs)
    for i, c in zip(places, cs):
        t[i] = c
    sort_hidden_hands(t, seat)
    out.append(t)
    t = bytearray(s)
    for _ in range(10):
        a, b = rng.choice(places), rng.choice(places)
        t[a], t[b] = t[b], t[a]
    sort_hidden_hands(t, seat)
    out.append(t)
    t = bytearray(s)
    for i in places:
        if i < AT_AREA + s[AT_STARTS + HAND_OF] and cards.is_wild(t[i]):  # not in a hand
            t[i] = cards.WILD if t[i] != cards.WILD else cards.wild_as_number(7)
    for i in range(AT_RNG, AT_RNG + 8):
        t[i] = rng.randrange(256)
    out.append(t)
    return [t for t in out if t != bytearray(s)] or out[-1:]


def positions(count_per_game):
    """Positions from seeded bot games of both games at every table size, spread over
    each game: draws, turns, keep choices and round ends."""
    out = []
    for players in range(2, 7):
        for game_id, keep in SETUPS:
            seed = 100 * players + 10 * game_id + keep
            strengths = [(seed + p) % 3 for p in range(players)]
            seen = list(decisions(game_id, players, seed, strengths, keep))
            step = max(1, len(seen) // count_per_game)
            out += [s for s, _, _, _ in seen[::step]]
            out += [s for s, _, _, _ in seen if rules.phase(s) == KEEP][:2]
    return out


def test_hidden_cards_change_no_strengths_moves_nor_the_hint():
    rng = random.Random(22)
    checked = changed = 0
    for s in positions(8):
        seat = rules.turn(s)
        v = view.see(s, seat)
        expected = [bot.play(bytearray(v), k) for k in range(len(bot.STRENGTHS))] + [bot.hint(bytearray(v))]
        for t in variants(s, seat, rng):
            assert referee.state_problem(t) is None
            changed += t[AT_AREA:] != s[AT_AREA:]
            w = view.see(t, seat)
            assert w == v, "the view shows a byte the seat cannot see"
            got = [bot.play(bytearray(w), k) for k in range(len(bot.STRENGTHS))] + [bot.hint(bytearray(w))]
            assert got == expected
            for ms in got:
                g = Game.decode(bytes(t))
                for m in ms:
                    g.apply(m)  # legal in every position the seat cannot tell apart
            checked += 1
    assert checked > 300 and changed > 200


def test_a_bot_reads_no_hidden_byte_of_its_view():
    """As Level 10's bots are checked (tests/test_view.py): the view's blanked bytes are
    poisoned (random cards, one card everywhere, the real hidden cards: the game itself)
    and every strength decides the same."""
    rng = random.Random(23)
    for s in positions(6):
        seat = rules.turn(s)
        v = view.see(s, seat)
        hidden = [i for i in range(len(v)) if v[i] != s[i] or (i >= AT_AREA and v[i] == UNSEEN)]
        poisoned = [bytearray(s)]
        for fill in (lambda: rng.randrange(cards.N_CODES), lambda: 7):
            t = bytearray(v)
            for i in hidden:
                t[i] = fill()
            poisoned.append(t)
        for k in range(len(bot.STRENGTHS)):
            expected = bot.play(bytearray(v), k)
            for t in poisoned:
                assert bot.play(bytearray(t), k) == expected


def test_a_bots_moves_do_not_depend_on_the_decisions_before():
    """Whatever the bot worked out for other positions is not carried into the next one."""
    ps = positions(3)
    first = [bot.play(view.see(s, rules.turn(s)), 2) for s in ps]
    again = [bot.play(view.see(s, rules.turn(s)), 2) for s in reversed(ps)]
    assert first == list(reversed(again))


# -- legal, whole games ---------------------------------------------------------------


def test_bots_play_only_legal_moves_and_whole_turns_in_every_game_and_table_size():
    """L8-4: a draw, then the rest of the turn ending with a discard or a Skip given; L8-5:
    a Skip only to a seat without one; L8-9: at most four cards kept."""
    games = 0
    for players in range(2, 7):
        for game_id, keep in SETUPS:
            for seed in (1, 2):
                strengths = [(seed + p) % 3 for p in range(players)]
                for s, seat, _, ms in decisions(game_id, players, seed * 7 + players, strengths, keep):
                    assert ms
                    ph = rules.phase(s)
                    if ph == PLAY:
                        last = kind(ms[-1])
                        assert last in (K_DISCARD, K_GIVE) or (last == K_LAY and rules.level(s, seat) == 8)
                    elif ph == KEEP:
                        assert sum(kind(m) == K_KEEP for m in ms) <= rules.KEEP_MAX
                    elif ph == DRAW:
                        assert len(ms) == 1
                games += 1
    assert games == 5 * 3 * 2


def test_a_bot_lays_out_whenever_it_can_and_hard_adds_every_card_that_fits():
    laid_out = 0
    for players in (2, 4, 6):
        strengths = [p % 3 for p in range(players)]
        for s, seat, k, ms in decisions(cards.LEVEL8, players, 40 + players, strengths):
            if rules.phase(s) != PLAY:
                continue
            hand = rules.hand(s, seat)
            if not rules.laid(s, seat):
                rq = rules.reqs(s, seat)
                found, _ = meld.layouts([c for c in hand if c != cards.SKIP], rq, 10)
                # a layout that keeps a card, or one with a group longer than asked, to keep one of
                can = any(
                    sum(len(g) for g in lay) < len(hand)
                    or rules.level(s, seat) == 8
                    or any(len(g) > rq[r][1] for r, g in enumerate(lay))
                    for lay in found
                )
                assert (K_LAY in [kind(m) for m in ms]) == can
                laid_out += can
            ends = kind(ms[-1]) in (K_DISCARD, K_GIVE)  # not laying out level 8, which wins
            if k == bot.HARD and ends and (rules.laid(s, seat) or K_LAY in [kind(m) for m in ms]):
                t = bytearray(s)
                for m in ms[:-1]:
                    rules.apply(t, m)
                left = rules.hand(t, seat)
                if len(left) > 1:
                    slots = [
                        q for q in range(players * 4) if rules.group_count(t, q) and rules.laid(t, q // 4)
                    ]
                    assert not [
                        c
                        for c in left
                        if c < cards.N_NUMBER_CARDS and any(rules.fits(t, q, c) for q in slots)
                    ]
    assert laid_out > 20


def test_hint_is_the_strongest_bot_and_the_strengths_are_named():
    assert bot.STRENGTHS == ("Easy", "Medium", "Hard") and len(bot.STRENGTHS) - 1 == bot.HARD
    for s in positions(2):
        v = view.see(s, rules.turn(s))
        assert bot.hint(bytearray(v)) == bot.play(bytearray(v), bot.HARD)


def test_hard_never_discards_a_wild_while_it_holds_another_card():
    for s, seat, k, ms in decisions(cards.LEVEL8, 3, 5, [2, 2, 2]):
        if rules.phase(s) == PLAY and kind(ms[-1]) == K_DISCARD and rules.card(ms[-1]) == cards.WILD:
            t = bytearray(s)
            for m in ms[:-1]:
                rules.apply(t, m)
            assert set(rules.hand(t, seat)) == {cards.WILD}


# -- MicroPython ---------------------------------------------------------------------

PARITY = r"""
from level8 import bot, rules, view
from level8.game import Game

for game_id, players, seed, keep in GAMES:
    g = Game(game_id, players, seed, seed % players, keep)
    while not g.over():
        seat = rules.turn(g.state)
        ms = bot.play(view.see(g.state, seat), (seat + seed) % 3)
        print(seat, " ".join(str(m) for m in ms))
        for m in ms:
            g.apply(m)
    print("winner", rules.winner(g.state), "round", rules.round_no(g.state))
"""


def test_micropython_bots_decide_as_on_cpython(micropython):
    code = "GAMES = [(0, 2, 3, False), (1, 4, 5, True), (0, 6, 7, False)]\n" + PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code, timeout=600)
    assert got.splitlines() == expected.splitlines()
    assert expected.count("winner") == 3 and len(expected.splitlines()) > 300


# -- the bench ------------------------------------------------------------------------


def test_the_level8_bench_plays_its_rows_and_times_the_runner(micropython):
    parser = argparse.ArgumentParser()
    l8bench.add_arguments(parser)
    args = parser.parse_args(["--games", "3", "--players", "2,3", "--mpy-games", "1", "--workers", "1"])
    text = l8bench.run(args)
    rows = [
        line
        for line in text.splitlines()
        if line.startswith("| ") and "players" not in line and "strength" not in line
    ]
    wins = [r for r in rows if r.split("|")[1].strip() in ("2", "3")]
    assert len(wins) == 2 * len(l8bench.PAIRS)
    play = l8bench._game()
    for r in wins:
        cells = [c.strip() for c in r.strip("|").split("|")]
        players = int(cells[0])
        focus = bot.STRENGTHS.index(cells[1])
        others = bot.STRENGTHS.index(cells[2])
        won = sum(play(cards.LEVEL8, False, players, focus, others, i)[0] for i in range(3))
        assert cells[3] == f"{won}/3"
    assert [r.split("|")[1].strip() for r in rows if r not in wins] == list(bot.STRENGTHS)
    assert "`python -m tools.bench level8 --games 3 --players 2,3 --game level8 --mpy-games 1`" in text
    assert text.count("Aim:") == 3
    assert l8bench.GAMES["level8"][0] == cards.LEVEL8 and l8bench.GAMES["keep"] == (cards.LEVELUP, True)
