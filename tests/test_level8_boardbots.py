"""The board game's bots (`level8.boardbot`): honest by construction, legal, and games by
bots alone end.

Honesty: positions of seeded bot games at every table size and of every step (the roll,
the two spaces, a star's choice, piles, a swap, an ask, a give, a show, a steal, the
card game's turn, LB-6's second discard, keeping) are changed where the acting seat cannot
see (other hands beyond the cards seen taken and the cards shown for a Steal, the draw
pile, the cards under the tops, the generator that rolls the dice to come), and its view
is poisoned where blanked; no strength's moves change. Games of every strength mix at 2
to 6 players end with a winner under a step cap. The bench's board part on a tiny count.
"""

import argparse
import random

import pytest
from l8helpers import c, hidden_places, ref_dead_end, sort_hidden_hands
from level8 import board, boardbot, bot, cards, rules, track, view
from level8 import game as l8game
from level8.board import (
    ASK,
    AT_BOARD,
    B_DICE,
    B_POS,
    B_REACH,
    B_SHOWN,
    GIVE,
    GO,
    PICK,
    ROLL,
    SECOND,
    SHOW,
    SHOW_MAX,
    STAR,
    STEAL,
    SWAP,
)
from level8.game import Game
from level8.rules import (
    AT_AREA,
    AT_PLAYERS,
    AT_RNG,
    AT_STARTS,
    HAND_OF,
    K_DISCARD,
    K_KEPT,
    KEEP,
    PLAY,
    kind,
    move,
)
from level8.view import UNSEEN

from tools import l8bench
from tools import micropython as mpy

BOARD = cards.BOARD
STEP_CAP = 30000


def decisions(players, seed, strengths, sides=None):
    """Play a seeded board game with bots of `strengths` (one per seat); yield (state
    before, acting seat, strength, moves) for every decision, then apply its moves
    (checked by the referee and the legal list). Fails loudly past STEP_CAP decisions."""
    g = Game(BOARD, players, seed, seed % players, sides=sides)
    n = 0
    while not g.over():
        seat = g.to_move()
        k = strengths[seat]
        before = bytes(g.state)
        ms = boardbot.play(view.see(g.state, seat), k)
        assert ms, "no move at phase %d" % rules.phase(g.state)
        yield before, seat, k, ms
        for m in ms:
            assert l8game.problem(g.state, m) is None, (m, l8game.problem(g.state, m))
            g.apply(m)
        n += 1
        if n > STEP_CAP:
            raise AssertionError("a board game of bots %r, seed %d, does not end" % (strengths, seed))


# -- honesty -------------------------------------------------------------------------


def free_places(s, seat):
    """The hidden places but one holding each card another seat shows for a Steal (a
    shown card stays in its owner's hand)."""
    places = hidden_places(s, seat)
    for p in range(s[AT_PLAYERS]):
        if p == seat:
            continue
        lo = AT_AREA + s[AT_STARTS + HAND_OF + p]
        hi = AT_AREA + s[AT_STARTS + HAND_OF + p + 1]
        for x in board.shown(s, p):
            for i in range(lo, hi):
                if s[i] == x and i in places:
                    places.remove(i)
                    break
    return places


def variants(s, seat, rng):
    """Positions the seat cannot tell from `s`: the draw pile reordered; every free hidden
    card dealt again among the hidden places (other hands, under the tops, the draw pile);
    hidden cards swapped; the generator's bytes (the dice to come) changed."""
    out = []
    draw = [i for i in hidden_places(s, seat) if i < AT_AREA + s[AT_STARTS + 1]]
    t = bytearray(s)
    cs = [t[i] for i in draw]
    rng.shuffle(cs)
    for i, x in zip(draw, cs):
        t[i] = x
    out.append(t)
    places = free_places(s, seat)
    t = bytearray(s)
    cs = [t[i] for i in places]
    rng.shuffle(cs)
    for i, x in zip(places, cs):
        t[i] = x
    sort_hidden_hands(t, seat)
    out.append(t)
    if places:
        t = bytearray(s)
        for _ in range(10):
            a, b = rng.choice(places), rng.choice(places)
            t[a], t[b] = t[b], t[a]
        sort_hidden_hands(t, seat)
        out.append(t)
    t = bytearray(s)
    for i in range(AT_RNG, AT_RNG + 8):
        t[i] = rng.randrange(256)
    out.append(t)
    return out


BOARD_PHASES = (ROLL, GO, STAR, PICK, SWAP, ASK, GIVE, SHOW, STEAL, SECOND, PLAY, KEEP)


def positions(per_game):
    """Positions of seeded bot games at every table size (both level sides), spread over
    each game, plus a few of every step of a turn."""
    out = []
    for players in range(2, 7):
        for side in (1, 2):
            seed = 10 * players + side
            strengths = [(seed + p) % 3 for p in range(players)]
            sides = tuple(side if p % 2 else 3 - side for p in range(players))
            seen = [s for s, _, _, _ in decisions(players, seed, strengths, sides)]
            step = max(1, len(seen) // per_game)
            out += seen[::step]
            for ph in BOARD_PHASES:
                out += [s for s in seen if rules.phase(s) == ph][:2]
    return out


def lb6_positions():
    """The board tests' table of full combinations (LB-6): its turn, and the second
    discard after the first of two (no short game reaches it)."""
    from test_level8_board import _full_table

    g = _full_table()
    out = [bytes(g.state)]
    seat = rules.turn(g.state)
    hand = rules.hand(g.state, seat)
    g.apply(move(K_DISCARD, 1, hand[0]))
    out.append(bytes(g.state))
    return out


@pytest.fixture(scope="module")
def some_positions():
    return positions(8) + lb6_positions()


def actor(s):
    return board.actor(s)


def test_the_positions_cover_every_step_of_a_turn(some_positions):
    phases = {rules.phase(s) for s in some_positions}
    assert set(BOARD_PHASES) <= phases, set(BOARD_PHASES) - phases


def test_hidden_cards_and_the_dice_to_come_change_no_strengths_moves(some_positions):
    rng = random.Random(31)
    checked = changed = 0
    for s in some_positions:
        seat = actor(s)
        v = view.see(s, seat)
        expected = [boardbot.play(bytearray(v), k) for k in range(len(bot.STRENGTHS))]
        for t in variants(s, seat, rng):
            assert l8game.state_problem(t) is None
            changed += t != bytearray(s)
            w = view.see(t, seat)
            assert w == v, "the view shows a byte the seat cannot see"
            got = [boardbot.play(bytearray(w), k) for k in range(len(bot.STRENGTHS))]
            assert got == expected
            checked += 1
    assert checked > 1000 and changed > 900


def test_a_board_bot_reads_no_hidden_byte_of_its_view(some_positions):
    """The view's blanked bytes poisoned (random cards, one card everywhere, the real
    hidden cards and generator: the game itself): every strength decides the same."""
    rng = random.Random(32)
    for s in some_positions:
        seat = actor(s)
        v = view.see(s, seat)
        hidden = [i for i in range(len(v)) if v[i] != s[i] or (AT_AREA <= i < AT_BOARD and v[i] == UNSEEN)]
        assert v[AT_RNG : AT_RNG + 8] == bytes(8)
        poisoned = [bytearray(s)]
        for fill in (lambda: rng.randrange(cards.N_NUMBER_CARDS), lambda: 7, lambda: cards.WILD):
            t = bytearray(v)
            for i in hidden:
                t[i] = fill()
            for i in range(AT_RNG, AT_RNG + 8):
                t[i] = rng.randrange(256)
            poisoned.append(t)
        for k in range(len(bot.STRENGTHS)):
            expected = boardbot.play(bytearray(v), k)
            for t in poisoned:
                assert boardbot.play(bytearray(t), k) == expected


def test_the_view_blanks_the_board_games_hidden_cards_and_generator_only():
    """Other hands beyond the cards seen taken, the draw pile and the generator are blank;
    the board's block (towers, dice, the shown cards) and the jokers' stack are seen."""
    for s, seat, _, _ in decisions(4, 5, [2, 1, 0, 2]):
        v = view.see(s, seat)
        assert v[AT_RNG : AT_RNG + 8] == bytes(8)
        assert v[AT_BOARD:] == s[AT_BOARD:]
        assert rules.section(v, board.JOKERS) == rules.section(s, board.JOKERS)
        assert rules.hand(v, seat) == rules.hand(s, seat)
        for p in range(4):
            if p != seat:
                h = rules.hand(v, p)
                k = rules.known(s, p)
                assert h[:k] == rules.hand(s, p)[:k] and set(h[k:]) <= {UNSEEN}
        assert set(rules.section(v, rules.DRAW_PILE)) <= {UNSEEN}


def test_a_board_bots_moves_do_not_depend_on_the_decisions_before(some_positions):
    ps = some_positions[::3]
    first = [boardbot.play(view.see(s, actor(s)), 2) for s in ps]
    again = [boardbot.play(view.see(s, actor(s)), 2) for s in reversed(ps)]
    assert first == list(reversed(again))


# -- games end, every move legal ------------------------------------------------------


MIXES = ((0,), (1,), (2,), (2, 0), (2, 1), (1, 0), (0, 1, 2))


@pytest.mark.parametrize("players", range(2, 7))
def test_games_of_bots_alone_end_with_a_winner_for_every_strength_mix(players):
    for j, mix in enumerate(MIXES):
        strengths = [mix[p % len(mix)] for p in range(players)]
        sides = tuple(1 + (j + p) % 2 for p in range(players)) if j % 2 else None
        seed = 700 + 10 * players + j
        last = None
        for s, seat, k, ms in decisions(players, seed, strengths, sides):
            ph = rules.phase(s)
            if ph == ROLL:
                assert ms == [move(board.K_ROLL)]
            elif ph in (GO, STAR, PICK, ASK, GIVE, STEAL, SECOND):
                assert len(ms) == 1
            elif ph == SWAP:
                ds = [m for m in ms if kind(m) == K_DISCARD]
                assert 1 <= len(ds) <= 3 and ms[: len(ds)] == ds
                assert ms[len(ds) :] in ([], [move(K_KEPT)])
            elif ph == SHOW:
                assert len(ms) + len(board.shown(s, seat)) == SHOW_MAX
            last = (s, ms)
        g = Game(state=bytearray(last[0]))
        for m in last[1]:
            g.apply(m)
        assert g.over() and rules.winner(g.state) < players


# -- the choices ----------------------------------------------------------------------


def reach(g, a, b):
    """Put the seat on turn at phase GO with spaces a and b reached."""
    s = g.state
    s[AT_BOARD + B_DICE] = 1
    s[AT_BOARD + B_DICE + 1] = 2
    s[AT_BOARD + B_REACH] = a
    s[AT_BOARD + B_REACH + 1] = b
    s[rules.AT_PHASE] = GO
    g.listed = -1


def space(kind_):
    return track.TRACK.index(track.LETTERS[kind_], 1)


def board_game(hands, pile="B15"):
    from l8helpers import deck_for

    n = len(hands)
    return Game(BOARD, n, 0, n - 1, deck=deck_for(BOARD, hands, pile, "", n - 1))


def test_medium_and_hard_take_a_joker_over_one_card_while_the_stack_has_one():
    # level 1: the run R1 R2 Y3 is there, the triple lacks two; the top V10 does not help
    g = board_game(["R1 R2 O5 Y7 G9 B11 V13 R14 O15 Y3", "R4 O4 Y4 G4 B4 V4 R6 O6 Y6 G6"], "V10")
    reach(g, space(track.ONE), space(track.JOKER))
    for k in (1, 2):
        assert boardbot.play(view.see(g.state, 0), k) == [move(board.K_GO, space(track.JOKER))]


def _swapping():
    """Seat 0 on the Swap space, about to discard (level 1: a triple and a run of 3)."""
    g = board_game(["R5 O5 Y5 R8 O9 Y10 G1 B3 V12 G14", "R4 O4 Y4 G4 B4 V4 R6 O6 Y6 G6"])
    s = g.state
    s[AT_BOARD + B_POS] = space(track.SWAP)
    s[rules.AT_PHASE] = SWAP
    s[AT_BOARD + board._B_ACTION] = track.SWAP
    return g


def test_a_swap_discards_the_useless_cards_and_keeps_the_level():
    g = _swapping()
    s = g.state
    ms = boardbot.play(view.see(s, 0), 2)
    gone = [rules.card(m) for m in ms if kind(m) == K_DISCARD]
    assert len(gone) == 3 and not set(gone) & set(c("R5 O5 Y5 R8 O9 Y10"))
    easy = boardbot.play(view.see(s, 0), 0)
    assert len(easy) == 2 and easy[1] == move(K_KEPT) and rules.card(easy[0]) in c("G1 B3 V12 G14")


def test_a_swap_resumed_part_way_makes_only_the_discards_left():
    # a bot's swap is shown (and saved) a discard at a time; after a power cut it decides
    # again with some discards made, and three in all is the rules' limit: a plan of three
    # more would see the rules draw after the first and play the rest as the turn's discard
    g = _swapping()
    s = g.state
    g.apply(move(K_DISCARD, 0, c("G1")[0]))
    g.apply(move(K_DISCARD, 0, c("B3")[0]))
    for strength in range(3):
        ms = boardbot.play(view.see(s, 0), strength)
        assert [kind(m) for m in ms] in ([K_DISCARD], [K_KEPT])
        if strength == 2:
            assert rules.card(ms[0]) in c("V12 G14")
        t = Game(state=bytearray(s))
        for m in ms:
            t.apply(m)
        assert rules.phase(t.state) == PLAY and rules.turn(t.state) == 0


def test_the_asked_seat_gives_its_least_useful_card():
    g = board_game(["R5 O5 G1 B3 V12 G14 R8 O9 Y13 Y15", "R7 O7 Y7 G10 B2 V4 R6 O12 Y11 B14"])
    s = g.state
    # seat 1 asked for red: R7 makes its triple, R6 nothing (10 11 12 is its run)
    s[AT_BOARD + board.B_ASKED] = board.COLOUR_ASK
    s[AT_BOARD + board.B_ACTOR] = 1
    s[rules.AT_PHASE] = GIVE
    assert boardbot.play(view.see(s, 1), 2) == [move(rules.K_GIVE, 0, c("R6")[0])]


def test_a_steal_takes_the_shown_card_that_helps():
    g = board_game(["R5 O5 G1 B3 V12 G14 R8 O9 Y13 Y15", "R7 O7 Y7 G10 B2 V4 R6 O12 Y11 Y5"])
    s = g.state
    s[rules.AT_PHASE] = STEAL
    at = AT_BOARD + B_SHOWN + SHOW_MAX
    s[at : at + 3] = bytes(c("B2 Y5 V4"))
    for k in (1, 2):
        assert boardbot.play(view.see(s, 0), k) == [move(rules.K_TAKE, 1, c("Y5")[0])]


def test_hard_keeps_the_cards_that_lack_least_and_of_those_the_best_connected():
    # LB-4 at level 4 (a run of 8): any one card alone lacks as much as any other, so the
    # first kept card decides; by worth it is one of the 3-4-6-7 cluster, not R15, the
    # first in the hand's order, which a window of 8 shares with only 9 and 13
    g = board_game(["R15 Y9 Y7 O3 O6 Y4 G7 G13 B2 B9", "R10 O10 Y10 G10 B10 V10 R12 O12 Y12 G12"])
    s = g.state
    s[rules.AT_SEATS + rules.S_LEVEL] = 4
    s[rules.AT_PHASE] = KEEP
    s[rules.AT_TURN] = 0
    assert rules.reqs(s, 0) == ((0, 8),)
    ms = boardbot.play(view.see(s, 0), 2)
    assert ms[-1] == move(K_KEPT)
    assert sorted(cards.number(rules.card(m)) for m in ms[:-1]) == [3, 4, 6, 7]


def test_lb_6_a_bot_discards_two_when_only_full_combinations_lie():
    from test_level8_board import _full_table

    g = _full_table()
    s = g.state
    seat = rules.turn(s)
    if rules.phase(s) != PLAY or rules.hand_count(s, seat) < 2:
        pytest.skip("the table of the board tests changed")
    ms = boardbot.play(view.see(s, seat), 2)
    assert kind(ms[-1]) == K_DISCARD and rules.target(ms[-1]) == 1
    for m in ms:
        g.apply(m)
    assert rules.phase(g.state) == SECOND
    m2 = boardbot.play(view.see(g.state, seat), 2)
    g.apply(m2[0])


# -- MicroPython ---------------------------------------------------------------------

PARITY = r"""
from level8 import boardbot, rules, view
from level8.game import Game

for players, seed, sides in GAMES:
    g = Game(2, players, seed, seed % players, sides=sides)
    while not g.over():
        seat = g.to_move()
        ms = boardbot.play(view.see(g.state, seat), (seat + seed) % 3)
        print(seat, " ".join(str(m) for m in ms))
        for m in ms:
            g.apply(m)
    print("winner", rules.winner(g.state), "round", rules.round_no(g.state))
"""


def test_micropython_board_bots_decide_as_on_cpython(micropython):
    code = "GAMES = [(2, 3, None), (4, 5, (1, 2, 2, 1))]\n" + PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code, timeout=600)
    assert got.splitlines() == expected.splitlines()
    assert expected.count("winner") == 2 and len(expected.splitlines()) > 300


# -- the bench ------------------------------------------------------------------------


def test_the_bench_board_part_runs_on_a_tiny_count():
    args = argparse.Namespace(games=2, players=[2], game="board", workers=1, mpy_games=0)
    out = l8bench.run(args)
    assert "Hard" in out and "Actions chosen" in out and "Joker" in out
    assert sum(r.games for r in l8bench.play_all("board", [2], 1).values()) == 3


# -- the dead end (the project's reading, docs/level8-rules.md) ----------------------------

# Bench game 132 at 4 players (Hard in seat 0, Medium elsewhere, seed 80132, dealer 1):
# in its first round every seat lays out and no card or joker off the table fits anything
# laid. Before the project's reading that round went on for about ten thousand more moves
# before a seat went out (the draw pile spent, hands could shrink); now it ends there.
DEAD_GAME = (4, 80000 + 132, 1, (2, 1, 1, 1))


def test_a_bot_game_crosses_the_dead_end_the_round_ends_and_the_game_goes_on():
    """Every turn's start of the game is no dead end (the reference agrees); where the
    engine ended a round with nobody out, the reference finds the dead end, every seat
    went up one, the old dealer's left neighbour dealt; the game ends with a winner."""
    players, seed, dealer, strengths = DEAD_GAME
    g = Game(BOARD, players, seed, dealer)
    s = g.state
    dead = 0
    while not g.over():
        seat = g.to_move()
        for m in boardbot.play(view.see(s, seat), strengths[seat]):
            levels = [rules.level(s, p) for p in range(players)]
            g.apply(m)
            if rules.phase(s) == ROLL:
                assert not ref_dead_end(s)
            if rules.phase(s) == rules.OVER and rules.ender(s) == rules.NO_SEAT:
                dead += 1
                assert [rules.level(s, p) for p in range(players)] == [x + 1 for x in levels]
                t = bytearray(s)  # the levels the combinations were laid for, as at the turn's start
                for p in range(players):
                    t[rules.AT_SEATS + p * rules.SEAT_BYTES + rules.S_LEVEL] = levels[p]
                assert ref_dead_end(t)
                old = rules.dealer(s)
                g.apply(move(rules.K_NEXT))
                assert rules.dealer(s) == (old + 1) % players and rules.phase(s) == ROLL
                assert l8game.state_problem(s) is None
    assert dead == 1 and rules.winner(s) != rules.NO_SEAT


def test_the_bench_counts_the_rounds_the_dead_end_ended():
    """The bench no longer stops such a game: it plays it to its end and counts the round."""
    play = l8bench._game()
    won, rounds, _, _, _, _, dead = play(BOARD, False, 4, 2, 1, 132)
    assert dead == 1 and won and rounds == 7  # the rounds after it depend on the bots


DEAD_PARITY = r"""
from level8 import boardbot, rules, view
from level8.game import Game

players, seed, dealer, strengths = DEAD_GAME
g = Game(2, players, seed, dealer)
while not g.over():
    seat = g.to_move()
    for m in boardbot.play(view.see(g.state, seat), strengths[seat]):
        g.apply(m)
        print(m, bytes(g.state).hex())
print("winner", rules.winner(g.state), "round", rules.round_no(g.state))
"""


def test_micropython_plays_the_game_across_the_dead_end_as_cpython(micropython):
    """The same state after every move on both runtimes, the dead end's round end and the
    deal after it included."""
    code = "DEAD_GAME = %r\n" % (DEAD_GAME,) + DEAD_PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code, timeout=600)
    assert got.splitlines() == expected.splitlines()
    states = [bytes.fromhex(line.split()[1]) for line in expected.splitlines()[:-1]]
    dead = [x for x in states if x[rules.AT_PHASE] == rules.OVER and x[rules.AT_ENDER] == rules.NO_SEAT]
    assert len(dead) == 1 and expected.splitlines()[-1].startswith("winner")
