"""The rules of "Level 8: Das Brettspiel" (`level8.board`), ruling by ruling (LB-1 to LB-6,
and the card game's L8-6 to L8-9 it builds on), with the referee's words for refused
moves, a property test that the referee and the legal moves agree, and the same games
move by move under the real MicroPython, allocating nothing per move.
"""

import random
from pathlib import Path

import pytest
from board_driver import plan
from l8helpers import c, deck_for, ref_dead_end, tokens
from level8 import board, cards, game, referee, rules, track, view
from level8.board import (
    AT_BOARD,
    B_POS,
    B_REACH,
    GIVE,
    GO,
    JOKERS,
    K_ASK,
    K_GO,
    K_ROLL,
    K_SHOW,
    PICK,
    ROLL,
    SECOND,
    SHOW,
    STAR,
    STEAL,
    SWAP,
)
from level8.game import Game, IllegalMove
from level8.rules import (
    K_ADD,
    K_CANCEL,
    K_DISCARD,
    K_DRAW,
    K_GIVE,
    K_KEEP,
    K_KEPT,
    K_LAY,
    K_NEXT,
    K_PUT,
    K_TAKE,
    KEEP,
    OVER,
    PLAY,
    WON,
    move,
)

from prng import Prng, load, store
from tools import micropython as mpy

BOARD = cards.BOARD


def board_with(hands, pile="B15", draw="", dealer=None, sides=None, levels=None):
    """A board game dealt `hands` (token strings, seat 0 first, ten cards each); the dealer
    is the last seat unless given, so seat 0 plays first."""
    n = len(hands)
    if dealer is None:
        dealer = n - 1
    g = Game(BOARD, n, 0, dealer, deck=deck_for(BOARD, hands, pile, draw, dealer), sides=sides)
    if levels:
        for seat, lv in enumerate(levels):
            g.state[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_LEVEL] = lv
    return g


def refused(g, m, words):
    with pytest.raises(IllegalMove) as e:
        g.apply(m)
    assert words in str(e.value)


def space_of(kind, after=0):
    """The first space of a kind at or after `after`."""
    for p in range(after, track.N_SPACES):
        if board.KINDS[p] == kind:
            return p
    raise AssertionError("no such space")


def land(g, space):
    """The seat on turn rolled dice that reached `space`: it goes there (the roll itself is
    tested with rigged dice below)."""
    s = g.state
    g.listed = -1
    assert rules.phase(s) == ROLL
    s[AT_BOARD + B_REACH] = space
    s[AT_BOARD + B_REACH + 1] = space
    s[rules.AT_PHASE] = GO
    g.apply(move(K_GO, space))


def rig(s, d1, d2):
    """Set the state's generator so that the next roll is d1, d2."""
    for seed in range(10000):
        store(Prng(seed), s, rules.AT_RNG)
        t = bytearray(s)
        if (board._die(t), board._die(t)) == (d1, d2):
            return
    raise AssertionError("no seed rolls that")


def put_tower(s, seat, space):
    s[AT_BOARD + B_POS + seat] = space


def away(g, seat, text, to=rules.PILE + 1):
    """Take cards out of a seat's hand by hand (onto another pile): a position that play
    would take long to reach."""
    s = g.state
    for x in c(text):
        i = rules.begin(s, rules.HAND_OF + seat) + list(rules.hand(s, seat)).index(x)
        rules._move(s, i, rules.HAND_OF + seat, to, 0)
    g.listed = -1


def hand(g, seat):
    return tokens(rules.hand(g.state, seat))


def discard(g, token, target=0):
    g.apply(move(K_DISCARD, target, c(token)[0]))


def lay(g, groups):
    for r, text in enumerate(groups.split("/")):
        for x in c(text):
            g.apply(move(K_PUT, r, x))
    g.apply(move(K_LAY))


def cards_in(s):
    return sorted(cards.WILD if cards.is_wild(x) else x for x in s[rules.AT_AREA : AT_BOARD])


JUNK = [
    "O1 O5 Y3 Y7 V2 V5 O10 Y12 Y13 O11",
    "V3 V8 R10 O12 Y14 O6 Y8 V10 R12 O14",
    "R2 R6 G1 G9 B3 B11 R13 G5 B7 B13",
]


# -- LB-1 the cards and the deal ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_lb_1_ninety_number_cards_dealt_ten_each_and_the_jokers_in_their_stack(players):
    """LB-1: the 90 number cards are dealt, ten each; the 8 jokers wait in their own stack;
    the dealer turns the top card onto their pile; their left neighbour starts, rolling."""
    g = Game(BOARD, players, seed=players, dealer=1)
    s = g.state
    assert len(s) == board.SIZE
    assert cards_in(s) == list(range(90)) + [cards.WILD] * 8
    assert rules.section(s, JOKERS) == bytes([cards.WILD] * 8) and board.jokers_left(s) == 8
    for seat in range(players):
        h = rules.hand(s, seat)
        assert len(h) == 10 and all(x < 90 for x in h)
        assert rules.pile_count(s, seat) == (1 if seat == 1 else 0)
        assert board.tower(s, seat) == track.START and board.side(s, seat) == 1
    assert rules.draw_count(s) == 90 - 10 * players - 1
    assert rules.turn(s) == 2 % players and rules.phase(s) == ROLL and g.legal_moves() == [move(K_ROLL)]
    assert game.state_problem(s) is None


def test_lb_1_a_seed_gives_the_same_game_and_the_explicit_deck_is_dealt():
    assert Game(BOARD, 4, seed=7).state == Game(BOARD, 4, seed=7).state
    assert Game(BOARD, 4, seed=7).state != Game(BOARD, 4, seed=8).state
    g = board_with([JUNK[0], JUNK[1]], pile="G15", draw="G14")
    assert hand(g, 0) == tokens(sorted(c(JUNK[0])))
    assert rules.pile_top(g.state, 1) == c("G15")[0]


def test_a_board_game_that_cannot_be_set_up_is_refused_with_a_reason():
    for kwargs, words in [
        (dict(players=1), "2 to 6"),
        (dict(players=3, dealer=3), "dealer"),
        (dict(players=3, sides=(1, 2)), "side is 1 or 2"),
        (dict(players=2, sides=(1, 3)), "side is 1 or 2"),
        (dict(players=2, keep=True), "Level Up's option"),
    ]:
        with pytest.raises(ValueError) as e:
            Game(BOARD, **kwargs)
        assert words in str(e.value)


def test_lb_1_jokers_enter_hands_only_through_the_joker_action():
    """LB-1: no joker is dealt or drawn; the Joker action takes one from the stack, and
    everyone sees it taken."""
    g = board_with([JUNK[0], JUNK[1]])
    s = g.state
    land(g, space_of(track.JOKER))
    assert rules.holds(s, 0, cards.WILD) and board.jokers_left(s) == 7
    assert rules.phase(s) == PLAY
    assert [x for x in rules.hand(view.see(s, 1), 0) if x != view.UNSEEN] == [cards.WILD]


# -- LB-2 the turn: dice and the track ----------------------------------------------------


def test_lb_2_the_dice_come_from_the_states_generator():
    """LB-2: K_ROLL rolls both dice with the game's PRNG (prng.py), as Prng.below(6) + 1."""
    g = Game(BOARD, 3, seed=5)
    s = g.state
    rng = load(s, rules.AT_RNG)
    want = (rng.below(6) + 1, rng.below(6) + 1)
    g.apply(move(K_ROLL))
    assert board.dice(s) == want
    assert rules.phase(s) == GO
    t = bytearray(s)
    store(rng, t, rules.AT_RNG)
    assert t == s


def test_lb_2_each_piece_moves_by_one_die_and_the_seat_picks_a_space():
    """LB-2: one piece by each die; the two spaces reached are the choice; both pieces stack
    on the chosen one and its action follows."""
    g = board_with([JUNK[0], JUNK[1]])
    s = g.state
    rig(s, 2, 5)
    g.apply(move(K_ROLL))
    assert board.dice(s) == (2, 5) and board.reached(s) == (2, 5)
    assert sorted(g.legal_moves()) == [move(K_GO, 2), move(K_GO, 5)]
    refused(g, move(K_GO, 3), "the dice reached spaces 2 and 5")
    refused(g, move(K_DRAW), "move your tower to one of the two spaces")
    g.apply(move(K_GO, 5))
    assert board.tower(s, 0) == 5 and board.action(s) == board.KINDS[5]


def test_lb_2_doubles_move_one_piece_by_the_single_and_the_other_by_the_double_value():
    g = board_with([JUNK[0], JUNK[1]])
    s = g.state
    rig(s, 3, 3)
    g.apply(move(K_ROLL))
    assert board.reached(s) == (3, 6)


def test_lb_2_spaces_with_other_towers_are_skipped_the_start_never():
    """LB-2: occupied spaces do not count; the start space holds every tower and counts."""
    g = board_with([JUNK[0], JUNK[1], JUNK[2]])
    s = g.state
    put_tower(s, 0, 25)
    put_tower(s, 1, 26)
    put_tower(s, 2, 2)
    rig(s, 1, 4)
    g.apply(move(K_ROLL))
    # from 25: 26 is taken (skipped), 27 is one; then 0 (the start, never taken) two,
    # 1 three, 2 taken and skipped, 3 four
    assert board.reached(s) == (27, 3)
    assert board.step(s, 0, 2) == 0


def test_lb_2_the_turn_is_action_then_laying_out_then_one_discard():
    """LB-2: after the action, the card game's step 2 and 3; the discard ends the turn and
    the next seat rolls."""
    g = board_with(["R1 R2 R3 B7 G7 Y7 O9 O11 O13 V15", JUNK[1]], draw="V1")
    s = g.state
    refused(g, move(K_DRAW), "first roll the dice")
    land(g, space_of(track.ONE))
    assert sorted(g.legal_moves())[:2] == [move(K_DRAW), move(K_TAKE, 1)]
    g.apply(move(K_DRAW))
    assert rules.phase(s) == PLAY
    lay(g, "B7 G7 Y7 / R1 R2 R3")
    assert rules.laid(s, 0)
    refused(g, move(K_ROLL), "your action is done")
    discard(g, "V15")
    assert rules.turn(s) == 1 and rules.phase(s) == ROLL


# -- the actions -------------------------------------------------------------------------


def test_action_one_takes_the_top_of_any_pile_own_included():
    """+1: the draw pile or the top of any discard pile, the seat's own too."""
    g = board_with([JUNK[0], JUNK[1]], dealer=0, pile="G15", draw="G14")
    s = g.state
    assert rules.turn(s) == 1
    land(g, space_of(track.ONE))
    assert sorted(g.legal_moves()) == [move(K_DRAW), move(K_TAKE, 0)]
    refused(g, move(K_TAKE, 1), "player 2's discard pile is empty")
    g.apply(move(K_TAKE, 0))
    assert c("G15")[0] in rules.hand(s, 1) and rules.known(s, 1) == 1
    assert rules.phase(s) == PLAY


def test_action_two_takes_twice_and_the_second_may_not_be_skipped():
    """+2: a pile, then (having seen the first card) a pile again, the same one allowed."""
    g = board_with([JUNK[0], JUNK[1]], draw="G14 G13")
    s = g.state
    land(g, space_of(track.TWO))
    g.apply(move(K_DRAW))
    assert rules.phase(s) == PICK and c("G14")[0] in rules.hand(s, 0)
    refused(g, move(K_DISCARD, 0, c("G14")[0]), "take the top card")
    g.apply(move(K_DRAW))
    assert c("G13")[0] in rules.hand(s, 0) and rules.hand_count(s, 0) == 12
    assert rules.phase(s) == PLAY


def test_action_again_takes_a_card_then_a_whole_further_turn():
    """Card and again: a card, the turn's end, then a whole further turn (roll included);
    landing on it again gives yet another."""
    g = board_with([JUNK[0], JUNK[1]], draw="G14 G13 G12")
    s = g.state
    land(g, space_of(track.AGAIN))
    assert board.again(s)
    g.apply(move(K_DRAW))
    discard(g, "O1")
    assert rules.turn(s) == 0 and rules.phase(s) == ROLL and not board.again(s)
    land(g, space_of(track.AGAIN, space_of(track.AGAIN) + 1))
    g.apply(move(K_DRAW))
    discard(g, "O5")
    assert rules.turn(s) == 0 and rules.phase(s) == ROLL
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    discard(g, "Y3")
    assert rules.turn(s) == 1


def test_action_again_is_lost_when_the_round_ends_in_the_first_turn():
    g = board_with(["R1 R2 R3 B7 G7 Y7 O9 O11 O13 V15", JUNK[1]], draw="V1")
    s = g.state
    land(g, space_of(track.AGAIN))
    g.apply(move(K_DRAW))
    lay(g, "B7 G7 Y7 / R1 R2 R3")
    away(g, 0, "O9 O11 O13 V15")  # the round's end this turn, sooner than play reaches it
    discard(g, "V1")
    assert rules.phase(s) == OVER and not board.again(s) and s[AT_BOARD + board._B_AGAIN] == 0


def test_action_swap_discards_one_to_three_then_draws_one_more_from_the_draw_pile():
    """Swap: 1 to 3 cards onto the own pile one at a time, then one more than that from
    the draw pile only."""
    g = board_with([JUNK[0], JUNK[1]], draw="G14 G13 G12 G11")
    s = g.state
    land(g, space_of(track.SWAP))
    assert rules.phase(s) == SWAP and move(K_KEPT) not in g.legal_moves()
    refused(g, move(K_KEPT), "discard at least one card first")
    refused(g, move(K_DRAW), "discard 1 to 3 cards")
    discard(g, "O1")
    discard(g, "O5")
    g.apply(move(K_KEPT))
    assert rules.hand_count(s, 0) == 11 and rules.pile_count(s, 0) == 2
    for x in ("G14", "G13", "G12"):
        assert c(x)[0] in rules.hand(s, 0)
    assert rules.phase(s) == PLAY


def test_action_swap_stops_by_itself_after_three():
    g = board_with([JUNK[0], JUNK[1]], draw="G14 G13 G12 G11")
    s = g.state
    land(g, space_of(track.SWAP))
    for x in ("O1", "O5", "Y3"):
        discard(g, x)
    assert rules.phase(s) == PLAY and rules.hand_count(s, 0) == 11
    assert rules.pile_top(s, 0) == c("Y3")[0]


def test_action_swap_with_a_single_card_discards_it_and_draws_two():
    """Our reading (docs/level8-rules.md): a Swap's discards are the action's, not the
    turn's last discard, so emptying the hand with one does not end the round."""
    g = board_with([JUNK[0], JUNK[1]], draw="G14 G13 G12")
    s = g.state
    away(g, 0, "O5 Y3 Y7 V2 V5 O10 Y12 Y13 O11")
    land(g, space_of(track.SWAP))
    discard(g, "O1")
    assert rules.phase(s) == PLAY and tokens(rules.hand(s, 0)) == "G13 G14"


def test_a_seat_robbed_of_every_card_with_nothing_to_draw_passes_its_turn():
    """Our reading: a seat with no card at step 3 discarded no last card, so the round goes
    on and the next seat rolls."""
    g = board_with([JUNK[0], JUNK[1]])
    s = g.state
    away(g, 0, JUNK[0])
    while rules.draw_count(s):
        rules._move(s, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE, rules.PILE + 1, 0)
    while rules.pile_count(s, 1):
        rules._move(s, rules.end(s, rules.PILE + 1) - 1, rules.PILE + 1, rules.HAND_OF + 1, 0)
    land(g, space_of(track.ONE))
    assert rules.turn(s) == 1 and rules.phase(s) == ROLL and rules.hand_count(s, 0) == 0


def test_action_all_draw_gives_the_seat_then_everyone_else_a_card():
    g = board_with([JUNK[0], JUNK[1], JUNK[2]], draw="G14 G13 G12")
    s = g.state
    land(g, space_of(track.ALL))
    assert c("G14")[0] in rules.hand(s, 0)
    assert c("G13")[0] in rules.hand(s, 1)
    assert c("G12")[0] in rules.hand(s, 2)
    assert rules.phase(s) == PLAY


def test_action_joker_with_an_empty_stack_takes_the_top_of_any_pile():
    g = board_with([JUNK[0], JUNK[1]], draw="G14")
    s = g.state
    while rules.size(s, JOKERS):
        rules._move(s, rules.begin(s, JOKERS), JOKERS, rules.HAND_OF + 1, 0)
    land(g, space_of(track.JOKER))
    assert rules.phase(s) == PICK and sorted(g.legal_moves()) == [move(K_DRAW), move(K_TAKE, 1)]
    g.apply(move(K_DRAW))
    assert c("G14")[0] in rules.hand(s, 0)


def test_action_ask_the_first_holder_in_the_direction_gives_and_draws_a_replacement():
    """Ask: clockwise or counter-clockwise, the first seat holding the number (or colour)
    gives one (its choice when several match) and draws from the draw pile."""
    hands = [JUNK[0], "V3 V8 R10 O12 Y14 O6 Y8 V10 R12 O14", "R2 R6 G1 G9 B3 B11 R13 G5 B7 B13"]
    g = board_with(hands, draw="G14 G13")
    s = g.state
    land(g, space_of(track.ASK))
    assert len(g.legal_moves()) == 2 * 21
    refused(g, move(K_DRAW), "ask the other players")
    # 13 counter-clockwise: seat 2 (R13, B13) answers before seat 1 would
    g.apply(move(K_ASK, 1, 13))
    assert rules.phase(s) == GIVE and g.to_move() == 2 and rules.turn(s) == 0
    assert sorted(g.legal_moves()) == sorted([move(K_GIVE, 0, x) for x in c("R13 B13")])
    refused(g, move(K_GIVE, 0, c("R2")[0]), "player 3 gives player 1 one of their cards of 13")
    g.apply(move(K_GIVE, 0, c("B13")[0]))
    assert c("B13")[0] in rules.hand(s, 0) and c("B13")[0] not in rules.hand(s, 2)
    assert c("G14")[0] in rules.hand(s, 2) and rules.hand_count(s, 2) == 10
    assert rules.phase(s) == PLAY and g.to_move() == 0


def test_action_ask_a_single_match_is_given_at_once_and_a_colour_may_be_asked():
    g = board_with([JUNK[0], "V3 V8 R10 O12 Y14 O6 Y8 V10 R12 O14", JUNK[2]], draw="G14")
    s = g.state
    land(g, space_of(track.ASK))
    g.apply(move(K_ASK, 0, board.COLOUR_ASK + cards.COLOURS.index("Y")))  # yellow, clockwise
    # seat 1 holds Y14 and Y8: it chooses
    assert rules.phase(s) == GIVE and g.to_move() == 1
    g.apply(move(K_GIVE, 0, c("Y8")[0]))
    assert c("Y8")[0] in rules.hand(s, 0)
    g2 = board_with([JUNK[0], JUNK[1], JUNK[2]], draw="G14")
    land(g2, space_of(track.ASK))
    g2.apply(move(K_ASK, 0, 9))  # seat 1 has no 9; seat 2 has only G9
    assert c("G9")[0] in rules.hand(g2.state, 0) and rules.phase(g2.state) == PLAY


def test_action_ask_nobody_has_it_take_the_top_of_any_pile():
    g = board_with([JUNK[0], JUNK[1]], draw="G14")
    s = g.state
    land(g, space_of(track.ASK))
    g.apply(move(K_ASK, 0, 4))  # nobody holds a 4 but seat 0 (asking does not ask itself)
    assert rules.phase(s) == PICK
    g.apply(move(K_TAKE, 1))
    assert c("B15")[0] in rules.hand(s, 0)


def test_action_steal_everyone_shows_three_the_seat_takes_one_the_rest_become_known():
    """Steal: every other seat in turn clockwise shows three cards of its choice (all of
    them with three or fewer); the seat on turn takes one; the robbed seat draws a
    replacement; the shown cards go back, known to everyone."""
    g = board_with([JUNK[0], JUNK[1], JUNK[2]], draw="G14 G13")
    s = g.state
    land(g, space_of(track.STEAL))
    assert rules.phase(s) == SHOW and g.to_move() == 1
    assert len(g.legal_moves()) == 10
    refused(g, move(K_DRAW), "player 2 shows three cards")
    for x in ("V3", "V8", "R10"):
        g.apply(move(K_SHOW, 0, c(x)[0]))
        refused(g, move(K_SHOW, 0, c(x)[0]), "not shown yet") if x != "R10" else None
    assert g.to_move() == 2 and tokens(board.shown(s, 1)) == "V3 V8 R10"
    for x in ("R2", "G1", "B13"):
        g.apply(move(K_SHOW, 0, c(x)[0]))
    assert rules.phase(s) == STEAL and g.to_move() == 0
    assert len(g.legal_moves()) == 6
    refused(g, move(K_TAKE, 1, c("O12")[0]), "take one of the cards shown")
    g.apply(move(K_TAKE, 2, c("G1")[0]))
    assert c("G1")[0] in rules.hand(s, 0) and c("G1")[0] not in rules.hand(s, 2)
    assert c("G14")[0] in rules.hand(s, 2) and rules.hand_count(s, 2) == 10
    assert rules.phase(s) == PLAY and board.shown(s, 1) == b""
    # the cards shown and given back are known to everyone, the stolen one too
    seen0 = [x for x in rules.hand(view.see(s, 1), 0) if x != view.UNSEEN]
    seen1 = sorted(x for x in rules.hand(view.see(s, 0), 1) if x != view.UNSEEN)
    seen2 = sorted(x for x in rules.hand(view.see(s, 0), 2) if x != view.UNSEEN)
    assert seen0 == c("G1") and seen1 == sorted(c("V3 V8 R10")) and seen2 == sorted(c("R2 B13"))


def test_action_steal_a_seat_with_three_cards_or_fewer_shows_them_all():
    g = board_with([JUNK[0], JUNK[1]], draw="G14")
    s = g.state
    away(g, 1, "R10 O12 Y14 O6 Y8 V10 R12 O14", rules.PILE)
    land(g, space_of(track.STEAL))
    assert rules.phase(s) == STEAL and tokens(board.shown(s, 1)) == "V3 V8"
    g.apply(move(K_TAKE, 1, c("V8")[0]))
    assert rules.hand_count(s, 1) == 2 and c("G14")[0] in rules.hand(s, 1)


def test_action_star_chooses_another_action_at_its_next_free_space():
    """Star: any other action; the tower moves to the next free space of it clockwise,
    then that action; an action whose spaces are all taken (and the star) is not offered."""
    g = board_with([JUNK[0], JUNK[1], JUNK[2]], draw="G14")
    s = g.state
    again_spaces = [p for p in range(28) if board.KINDS[p] == track.AGAIN]
    put_tower(s, 1, again_spaces[0])
    put_tower(s, 2, again_spaces[1])
    star = [p for p in range(1, 28) if board.KINDS[p] == track.STAR][0]
    land(g, star)
    assert rules.phase(s) == STAR
    moves = g.legal_moves()
    assert len(moves) == track.N_KINDS - 2
    targets = {board.KINDS[rules.target(m)] for m in moves}
    assert track.AGAIN not in targets and track.STAR not in targets
    refused(g, move(K_GO, again_spaces[0]), "is taken: choose another action")
    refused(g, move(K_GO, star), "a star cannot choose the star's action")
    one = board.next_free(s, 0, track.ONE)
    assert one == space_of(track.ONE, star)
    g.apply(move(K_GO, one))
    assert board.tower(s, 0) == one and rules.phase(s) == PICK


# -- L8-6 the draw pile empty --------------------------------------------------------------


def test_l8_6_the_draw_pile_is_rebuilt_when_someone_must_draw():
    """L8-6 in the board game: once the draw pile is empty the discard piles but their tops
    are shuffled into a new one, also in the middle of an action's draws."""
    g = board_with([JUNK[0], JUNK[1]])
    s = g.state
    # everything of the draw pile onto seat 1's pile, but one card
    while rules.draw_count(s) > 1:
        rules._move(s, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE, rules.PILE + 1, 0)
    under = rules.pile_count(s, 1) - 1
    land(g, space_of(track.TWO))
    g.apply(move(K_DRAW))
    assert rules.draw_count(s) == under and rules.pile_count(s, 1) == 1
    g.apply(move(K_DRAW))
    assert rules.hand_count(s, 0) == 12
    assert game.state_problem(s) is None


# -- LB-4 a round's end ---------------------------------------------------------------------


def _end_round():
    """Seat 0 lays out level 1 and goes out; seat 2 laid out too; seat 1 did not."""
    g = board_with(
        ["R1 R2 R3 B7 G7 Y7 O9 O11 O13 V15", JUNK[1], "B1 B2 B3 G2 O2 Y2 R11 R9 G13 G12"],
        draw="V11 V12 V13 V14",
    )
    land(g, space_of(track.JOKER))
    lay(g, "B7 G7 Y7 / R1 R2 R3")
    discard(g, "O9")
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    discard(g, "V3")
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    lay(g, "G2 O2 Y2 / B1 B2 B3")
    discard(g, "R11")
    away(g, 0, "O11 O13 V15")  # the round's end sooner than play reaches it
    land(g, space_of(track.ALL))
    return g


def test_lb_4_the_round_ends_with_the_last_discard_the_ender_goes_up_two():
    """LB-4 (as L8-7): the ender up two levels, every other seat that laid out up one, the
    rest stay; the ender deals the next round; towers stay where they are."""
    g = _end_round()
    s = g.state
    towers = [board.tower(s, p) for p in range(3)]
    assert tokens(rules.hand(s, 0)) == "W V13"  # the joker first: everyone saw it taken
    g.apply(move(K_ADD, 0, cards.wild_as_number(7)))
    discard(g, "V13")
    assert rules.phase(s) == OVER and rules.ender(s) == 0
    assert [rules.level(s, p) for p in range(3)] == [3, 1, 2]
    assert g.legal_moves() == [move(K_NEXT)]
    g.apply(move(K_NEXT))
    # seat 1 did not lay out: it may keep up to four cards (any level, LB-4)
    assert rules.phase(s) == KEEP and g.to_move() == 1
    g.apply(move(K_KEEP, 0, c("V8")[0]))
    g.apply(move(K_KEEP, 0, c("R10")[0]))
    g.apply(move(K_KEPT))
    assert rules.dealer(s) == 0 and rules.turn(s) == 1 and rules.phase(s) == ROLL
    assert rules.round_no(s) == 2
    assert [board.tower(s, p) for p in range(3)] == towers
    assert c("V8")[0] in rules.hand(s, 1) and c("R10")[0] in rules.hand(s, 1)
    assert all(rules.hand_count(s, p) == 10 for p in range(3))
    assert board.jokers_left(s) == 8 and cards_in(s) == list(range(90)) + [cards.WILD] * 8
    assert rules.pile_count(s, 0) == 1 and rules.draw_count(s) == 90 - 30 - 1


def test_lb_4_a_joker_kept_stays_in_the_hand_the_others_go_back_to_the_stack():
    """LB-1, LB-4: jokers go back to their stack each round, but one kept in a hand."""
    g = board_with([JUNK[0], JUNK[1]], draw="V11 V12")
    s = g.state
    land(g, space_of(track.JOKER))
    discard(g, "O1")
    land(g, space_of(track.JOKER))
    discard(g, "V3")
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    away(g, 0, tokens([x for x in rules.hand(s, 0) if x != cards.WILD]))  # out sooner
    discard(g, "W")
    assert rules.phase(s) == OVER and rules.ender(s) == 0
    g.apply(move(K_NEXT))
    assert g.to_move() == 1
    g.apply(move(K_KEEP, 0, cards.WILD))
    g.apply(move(K_KEPT))
    assert rules.holds(s, 1, cards.WILD) and board.jokers_left(s) == 7
    assert rules.hand_count(s, 1) == 10 and rules.hand_count(s, 0) == 10


def test_lb_4_keeping_is_refused_with_a_reason():
    g = _end_round()
    g.apply(move(K_ADD, 0, cards.wild_as_number(7)))
    discard(g, "V13")
    g.apply(move(K_NEXT))
    for x in ("V8", "R10", "O12", "Y14"):
        g.apply(move(K_KEEP, 0, c(x)[0]))
    refused(g, move(K_KEEP, 0, c("O6")[0]), "at most four")
    refused(g, move(K_ROLL), "first choose the cards to keep")


# -- LB-5 the sides --------------------------------------------------------------------------


def test_lb_5_each_seat_plays_its_own_side():
    """LB-5: each seat's side, chosen at the start; its levels from sides.table."""
    from level8 import sides

    g = Game(BOARD, 3, seed=1, sides=(1, 2, 2))
    s = g.state
    assert [board.side(s, p) for p in range(3)] == [1, 2, 2]
    assert rules.reqs(s, 0) == sides.level(BOARD, 1, 1) == ((1, 3), (0, 3))
    assert rules.reqs(s, 1) == sides.level(BOARD, 2, 1) == ((1, 3), (0, 5))
    s[rules.AT_SEATS + rules.SEAT_BYTES + rules.S_LEVEL] = 8
    assert rules.reqs(s, 1) == sides.level(BOARD, 2, 8)


@pytest.mark.parametrize(
    "side, words",
    [
        (
            1,
            "set3 run3 / set2 set2 set3 / run4 colour4 / run8 / set3 colour5 / run9 / set4 colour5 / set4 set4",
        ),
        (
            2,
            "set3 run5 / set2 set3 set3 / set3 colour5 / run9 / set3 colour3 / set2 colour3 colour3 / set3 set5 / set4 set5",
        ),
    ],
)
def test_lb_5_both_printed_sides_as_the_table_of_bytes_holds_them(side, words):
    """LB-5: the board game's level cards, side by side and level by level as printed
    (a requirement's kind and cards), read from boardsides.py's bytes."""
    from level8 import boardsides, levels

    want = tuple(
        tuple([(levels.KIND_NAMES.index(w[:-1]), int(w[-1])) for w in lv.split()])
        for lv in words.split(" / ")
    )
    assert boardsides.side(side) == want
    assert [boardsides.level(side, n) for n in range(1, 9)] == list(want)


def test_lb_5_a_seat_lays_out_its_sides_level():
    """LB-5: two stars, level 1 is a triple and a run of five: a run of three is refused."""
    g = board_with(
        ["R1 R2 R3 R4 R5 B7 G7 Y7 O9 V15", JUNK[1]],
        sides=(2, 1),
        draw="V1",
    )
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    for x in c("B7 G7 Y7"):
        g.apply(move(K_PUT, 0, x))
    for x in c("R1 R2 R3"):
        g.apply(move(K_PUT, 1, x))
    refused(g, move(K_LAY), "run of 5")
    g.apply(move(K_CANCEL))
    lay(g, "B7 G7 Y7 / R1 R2 R3 R4 R5")
    assert rules.laid(g.state, 0)


# -- LB-6 full combinations --------------------------------------------------------------------


def _full_table():
    """Seat 0 has laid a set of six 7s (with a joker) and a full run 1..15 (two jokers);
    seat 1 has not laid out. Built by hand: no deal gives that in a few turns."""
    g = board_with([JUNK[0], JUNK[1]], draw="V11 V12")
    s = g.state
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    hand0 = rules.HAND_OF
    # empty seat 0's hand onto seat 1's pile, then fill its groups from the draw pile
    while rules.hand_count(s, 0):
        rules._move(s, rules.begin(s, hand0), hand0, rules.PILE + 1, 0)
    want = [(0, c("R7 O7 Y7 G7 B7")), (1, c("R1 R2 R3 R4 R5 R6 B8 R9 R10 R11 R12 R13 R14 R15"))]
    for r, codes in want:
        for x in codes:
            i = rules.AT_AREA + list(s[rules.AT_AREA : AT_BOARD]).index(x)
            sec = next(k for k in range(rules.N_SECTIONS) if rules.begin(s, k) <= i < rules.end(s, k))
            rules._move(s, i, sec, rules.GROUP + r, rules.size(s, rules.GROUP + r))
    for r, v in ((0, 7), (1, 7)):
        i = rules.begin(s, JOKERS)
        s[i] = cards.wild_as_number(v)
        rules._move(s, i, JOKERS, rules.GROUP + r, rules.size(s, rules.GROUP + r))
    rules._sort(s, rules.begin(s, rules.GROUP), rules.end(s, rules.GROUP))
    # a run lies sorted by number
    run = sorted(rules.group(s, 0, 1), key=cards.number)
    s[rules.begin(s, rules.GROUP + 1) : rules.end(s, rules.GROUP + 1)] = bytes(run)
    s[rules.AT_SEATS + rules.S_GROUPS] = rules.LAID | 3
    for x in c("V5 V6") + [cards.WILD]:
        i = rules.AT_AREA + list(s[rules.AT_AREA : AT_BOARD]).index(x)
        sec = next(k for k in range(rules.N_SECTIONS) if rules.begin(s, k) <= i < rules.end(s, k))
        rules._into_hand(s, 0, i, sec)
    assert game.state_problem(s) is None
    g.listed = -1
    return g


def test_lb_6_full_combinations_still_take_jokers():
    """LB-6: a set of six and a run 1..15 are full; each still takes a joker."""
    g = _full_table()
    s = g.state
    assert tokens(rules.group(s, 0, 0)) == "R7 O7 Y7 G7 B7 W=7" and board.full(s, 0)
    assert board.full(s, 1) and board.only_full(s)
    moves = g.legal_moves()
    assert move(K_ADD, 0, cards.wild_as_number(7)) in moves
    assert move(K_ADD, 1, cards.wild_as_number(15)) in moves
    refused(g, move(K_ADD, 1, cards.wild_as_number(3)), "")
    g.apply(move(K_ADD, 1, cards.wild_as_number(15)))
    assert board.full(s, 1) and rules.group(s, 0, 1)[-1] == cards.wild_as_number(15)


def test_lb_6_with_only_full_combinations_a_laid_out_seat_may_discard_two():
    """LB-6: when only full combinations are laid out, a seat that laid out may end its
    turn with two discards instead of one (in any order); one is still allowed."""
    g = _full_table()
    s = g.state
    moves = g.legal_moves()
    assert move(K_DISCARD, 1, c("V5")[0]) in moves and move(K_DISCARD, 0, c("V5")[0]) in moves
    discard(g, "V6", 1)
    assert rules.phase(s) == SECOND and g.legal_moves() == sorted(g.legal_moves())
    refused(g, move(K_ROLL), "discard your second card")
    discard(g, "V5")
    assert rules.pile_count(s, 0) == 2 and rules.turn(s) == 1 and rules.phase(s) == ROLL


def test_lb_6_two_discards_are_refused_with_a_combination_that_is_not_full():
    g = _full_table()
    s = g.state
    # take one card out of the run: it is no longer full
    rules._move(s, rules.begin(s, rules.GROUP + 1), rules.GROUP + 1, rules.PILE + 1, 0)
    g.listed = -1
    assert not board.only_full(s)
    refused(g, move(K_DISCARD, 1, c("V5")[0]), "only when every laid combination is full")


# -- L8-8 victory --------------------------------------------------------------------------------


def test_l8_8_laying_out_level_8_wins_at_once():
    """L8-8 in the board game: laying out level 8 wins, cards left in the hand or not."""
    g = board_with(["R4 O4 Y4 G4 B8 O8 R8 G8 V1 V2", JUNK[1]], levels=[8, 1], draw="V13")
    s = g.state
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    lay(g, "R4 O4 Y4 G4 / B8 O8 R8 G8")
    assert rules.phase(s) == WON and rules.winner(s) == 0 and g.over()
    assert g.legal_moves() == []
    refused(g, move(K_ROLL), "the game is over")


def test_l8_8_ending_a_round_with_level_7_laid_out_wins():
    g = _end_round()
    s = g.state
    # seat 0 has laid out; were that its level 7, going out wins
    s[rules.AT_SEATS + rules.S_LEVEL] = 7
    away(g, 0, "W")
    discard(g, "V13")
    assert rules.phase(s) == WON and rules.winner(s) == 0


# -- the dead end (the project's reading, docs/level8-rules.md) ------------------------------
#
# No ruling covers a round where every seat has laid out, no card off the table (the draw
# pile, the discard piles, the hands, the jokers' stack) fits a laid combination and LB-6's
# two discards are not open: the project decided that when a turn would begin there, the
# round ends with nobody out, every seat up one level (L8-7's "laid out"), nobody two, the
# old dealer's left neighbour deals (L8-7: there is no ender to deal, LB-4), and the end
# is the ordinary one (OVER, then the next deal).

# Seat 0 on level 7 (a set of four, five of one colour), seats 1 and 2 on level 1 (a
# triple, a run of three), all one-star. Every 7, 8 and 9 lies on the table, the green
# group holds all fifteen greens, the runs go from 1 to 15 and all eight jokers are laid:
# nothing off the table fits, and the sets are not full.
DEAD = (
    "R7 O7 Y7 W=7 / G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13 G14 G15",
    "R8 O8 Y8 / B1 W=2 W=3 W=4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B15",
    "R9 O9 Y9 / V1 W=2 W=3 W=4 W=5 V6 V7 V8 V9 V10 V11 V12 V13 V14 V15",
)
# V9 off the table, a joker as 9 in its place: V9 fits the set of 9s
NEAR_CARD = "R9 O9 Y9 / V1 V2 W=3 W=4 W=5 V6 V7 V8 W=9 V10 V11 V12 V13 V14 V15"
# a joker left in its stack
NEAR_JOKER = "R9 O9 Y9 / V1 V2 W=3 W=4 W=5 V6 V7 V8 V9 V10 V11 V12 V13 V14 V15"
# Two seats on level 1, every combination full (sets of six, runs 1..15), every joker laid:
# nothing fits, but LB-6's two discards are open.
FULL = (
    "R7 O7 Y7 G7 W=7 W=7 / B1 W=2 W=3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B15",
    "R8 O8 Y8 G8 W=8 W=8 / V1 W=2 W=3 V4 V5 V6 V7 V8 V9 V10 V11 V12 V13 V14 V15",
)


def _section_of(s, i):
    return next(k for k in range(rules.N_SECTIONS) if rules.begin(s, k) <= i < rules.end(s, k))


def _laid_table(tables, levels, turn=1, action=track.ONE, bottom=""):
    """Seats laid out with `tables` (a seat's groups, "/" between them, a valued joker from
    the stack as W=v), on `levels`; the dealer is the last seat and `turn` has just taken a
    card by `action`, so it is in its PLAY step; `bottom`: cards put under the draw pile.
    Built by hand: play reaches such a table only after many rounds."""
    n = len(tables)
    g = Game(BOARD, n, 7, n - 1)
    s = g.state
    for seat, lv in enumerate(levels):
        s[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_LEVEL] = lv
    s[rules.AT_TURN] = turn
    land(g, space_of(action))
    g.apply(move(K_DRAW))
    for seat, text in enumerate(tables):
        parts = text.split("/")
        for r, part in enumerate(parts):
            b = rules.GROUP + seat * rules.GROUPS_PER_SEAT + r
            for x in c(part):
                if cards.is_wild(x):
                    i = rules.begin(s, JOKERS)
                    s[i] = x
                else:
                    i = rules.AT_AREA + list(s[rules.AT_AREA : AT_BOARD]).index(x)
                rules._move(s, i, _section_of(s, i), b, rules.size(s, b))
            lo, hi = rules.begin(s, b), rules.end(s, b)
            s[lo:hi] = bytes(sorted(s[lo:hi], key=cards.number if rules.reqs(s, seat)[r][0] == 0 else None))
        s[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_GROUPS] = rules.LAID | (1 << len(parts)) - 1
    for x in c(bottom):
        i = rules.AT_AREA + list(s[rules.AT_AREA : AT_BOARD]).index(x)
        rules._move(s, i, _section_of(s, i), rules.DRAW_PILE, 0)
    for seat in range(n):
        at = rules.AT_SEATS + seat * rules.SEAT_BYTES
        s[at + rules.S_KNOWN] = min(s[at + rules.S_KNOWN], rules.hand_count(s, seat))
        while rules.hand_count(s, seat) < 3:
            rules._into_hand(s, seat, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE)
    g.listed = -1
    assert game.state_problem(s) is None
    assert rules.phase(s) == PLAY and rules.turn(s) == turn
    return g


def _discard_any(g):
    s = g.state
    g.apply(move(K_DISCARD, 0, rules.hand(s, rules.turn(s))[-1]))


def test_dead_end_the_round_ends_nobody_out_everyone_up_one_the_old_dealers_left_deals():
    """The project's reading: seat 1 discards, seat 2's turn would begin at the dead end,
    so the round ends at once: nobody went out (ender NO_SEAT), every seat up one level
    (level 7 to 8 too: nobody wins by it), nobody two; then the next round is dealt as
    usual by the old dealer's (seat 2's) left neighbour, seat 0."""
    g = _laid_table(DEAD, [7, 1, 1])
    s = g.state
    assert board.dead_end(s) and rules.phase(s) == PLAY  # a turn under way ends as usual
    _discard_any(g)
    assert rules.phase(s) == OVER and rules.ender(s) == rules.NO_SEAT and rules.winner(s) == rules.NO_SEAT
    assert [rules.level(s, p) for p in range(3)] == [8, 2, 2]
    assert [rules.gained(s, p) for p in range(3)] == [1, 1, 1]
    assert g.legal_moves() == [move(K_NEXT)] and not g.over()
    refused(g, move(K_ROLL), "")
    assert game.state_problem(s) is None
    g.apply(move(K_NEXT))
    assert rules.round_no(s) == 2 and rules.dealer(s) == 0 and rules.turn(s) == 1 and rules.phase(s) == ROLL
    assert all(rules.hand_count(s, p) == 10 and not rules.laid(s, p) for p in range(3))
    assert board.jokers_left(s) == 8 and cards_in(s) == list(range(90)) + [cards.WILD] * 8
    assert [rules.level(s, p) for p in range(3)] == [8, 2, 2]
    assert game.state_problem(s) is None


def test_dead_end_after_card_and_again_the_further_turn_is_lost():
    """The seat on card and again discards into a dead end: its further turn would begin
    there, so the round ends as for any other turn."""
    g = _laid_table(DEAD, [7, 1, 1], action=track.AGAIN)
    s = g.state
    assert board.again(s)
    _discard_any(g)
    assert rules.phase(s) == OVER and rules.ender(s) == rules.NO_SEAT and not board.again(s)
    g.apply(move(K_NEXT))
    assert rules.dealer(s) == 0 and rules.turn(s) == 1


def test_dead_end_after_a_turn_that_passes_without_a_discard():
    """A seat left with no card passes its turn without a discard (our reading of LB-2);
    the next turn would begin at the dead end, so the round ends there too."""
    g = _laid_table(DEAD, [7, 1, 1])
    s = g.state
    while rules.hand_count(s, 1):  # seat 1's cards to seat 2, and seat 1 to roll again
        rules._into_hand(s, 2, rules.begin(s, rules.HAND_OF + 1), rules.HAND_OF + 1)
    s[rules.AT_PHASE] = ROLL
    land(g, space_of(track.SWAP))  # a swap with no card to discard: the action is done
    assert rules.phase(s) == OVER and rules.ender(s) == rules.NO_SEAT
    assert [rules.level(s, p) for p in range(3)] == [8, 2, 2]


@pytest.mark.parametrize(
    "tables, bottom",
    [((DEAD[0], DEAD[1], NEAR_CARD), "V9"), ((DEAD[0], DEAD[1], NEAR_JOKER), "")],
    ids=["a card under the draw pile fits", "a joker in its stack"],
)
def test_near_dead_end_a_card_that_could_still_be_laid_keeps_the_round_going(tables, bottom):
    """One card off the table that could still be laid, the last card of the draw pile or
    a joker in its stack, and the turn begins as usual."""
    g = _laid_table(tables, [7, 1, 1], bottom=bottom)
    s = g.state
    _discard_any(g)
    assert not board.dead_end(s)
    assert rules.phase(s) == ROLL and rules.turn(s) == 2 and rules.ender(s) == rules.NO_SEAT


def test_near_dead_end_only_full_combinations_lb_6_open_keeps_the_round_going():
    """Nothing fits, but every laid combination is full: LB-6's two discards are open, a
    hand can shrink, so the turn begins as usual."""
    g = _laid_table(FULL, [1, 1], turn=0)
    s = g.state
    assert board.only_full(s)
    _discard_any(g)
    assert not board.dead_end(s)
    assert rules.phase(s) == ROLL and rules.turn(s) == 1
    land(g, space_of(track.ONE))
    g.apply(move(K_DRAW))
    assert move(K_DISCARD, 1, rules.hand(s, 1)[0]) in g.legal_moves()


def _off_table(s):
    return range(rules.begin(s, rules.DRAW_PILE), rules.begin(s, rules.GROUP))


def _build(s, rng, seat, r, kind, least):
    """Seat's group r: a random combination of `kind`, `least` cards or more, from cards off
    the table (jokers valued where a card lacks); False when the cards are not there."""
    off = [i for i in _off_table(s)]
    numbers = [i for i in off if s[i] < cards.N_NUMBER_CARDS]
    jokers = [i for i in off if s[i] == cards.WILD]
    size = least + rng.choice((0, 0, 1, 2, 4))
    want = []  # (area index, code to lay)
    if kind == 0:  # a run
        size = min(size, cards.N_NUMBERS)
        lo = rng.randint(1, cards.N_NUMBERS - size + 1)
        for v in range(lo, lo + size):
            have = [i for i in numbers if cards.number(s[i]) == v]
            if have and rng.random() < 0.8:
                want.append((rng.choice(have), None))
            elif jokers:
                want.append((jokers.pop(), cards.wild_as_number(v)))
            elif have:
                want.append((rng.choice(have), None))
            else:
                return False
    else:
        if kind == 1:
            key = rng.randint(1, cards.N_NUMBERS)
            have = [i for i in numbers if cards.number(s[i]) == key]
            as_wild = cards.wild_as_number(key)
        else:
            key = rng.randrange(cards.N_COLOURS)
            have = [i for i in numbers if cards.colour(s[i]) == key]
            as_wild = cards.wild_as_colour(key)
        rng.shuffle(have)
        for _ in range(size):
            if have and (rng.random() < 0.85 or not jokers):
                want.append((have.pop(), None))
            elif jokers:
                want.append((jokers.pop(), as_wild))
            else:
                return False
    b = rules.GROUP + seat * rules.GROUPS_PER_SEAT + r
    for i, code in sorted(want, reverse=True):  # the highest first: a move shifts what lies above
        if code is not None:
            s[i] = code
        rules._move(s, i, _section_of(s, i), b, 0)
    lo, hi = rules.begin(s, b), rules.end(s, b)
    s[lo:hi] = bytes(sorted(s[lo:hi], key=cards.number if kind == 0 else None))
    return True


def _adds(s, rng, count):
    """Up to `count` cards off the table added where they fit, as play would (a joker
    valued to fit, onto a full run past its top too, LB-6)."""
    n = rules.players(s)
    for _ in range(count):
        options = []
        for i in _off_table(s):
            x = s[i]
            for slot in range(n * rules.GROUPS_PER_SEAT):
                if not rules.group_count(s, slot):
                    continue
                if x != cards.WILD:
                    if rules.fits(s, slot, x):
                        options.append((i, slot, x))
                    continue
                for v in range(cards.WILD_NUMBER, cards.N_CODES):
                    if rules.fits(s, slot, v):
                        options.append((i, slot, v))
                if rules.reqs(s, slot // 4)[slot % 4][0] == 0 and board.full(s, slot):
                    options.append((i, slot, cards.wild_as_number(cards.N_NUMBERS)))
        if not options:
            return
        i, slot, x = rng.choice(options)
        s[i] = x
        b = rules.GROUP + slot
        run = rules.reqs(s, slot // 4)[slot % 4][0] == 0
        rules._move(s, i, _section_of(s, i), b, rules._sorted_at(s, b, x, 0, run))


def _random_table(seed):
    """A random position of 2 to 6 seats on random levels and sides, (nearly) every seat
    laid out with random combinations, then many cards added where they fit."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    g = Game(BOARD, n, seed, sides=tuple(rng.choice((1, 2)) for _ in range(n)))
    s = g.state
    for seat in range(n):
        s[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_LEVEL] = rng.randint(1, 7)
    for seat in range(n):
        laid = rng.random() > 0.03
        for r, (kind, least) in enumerate(rules.reqs(s, seat)):
            laid = _build(s, rng, seat, r, kind, least) and laid
        if laid:
            s[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_GROUPS] = rules.LAID | 7
    _adds(s, rng, rng.choice((0, 5, 30, 200)))
    return s


def test_dead_end_agrees_with_the_slow_reference_on_random_tables():
    """board.dead_end (bit masks, read at every turn's start) against the reference over
    random tables, dead ends and near ones both common among them."""
    dead = 0
    for seed in range(400):
        s = _random_table(seed)
        assert referee.places_problem(s, board.N_CARDS) is None, seed
        want = ref_dead_end(s)
        assert board.dead_end(s) == want, seed
        dead += want
    assert 40 <= dead <= 360, dead


# -- Game, saves, views ------------------------------------------------------------------------


def test_game_clones_saves_and_loads_a_board_game():
    g = Game(BOARD, 4, seed=3, sides=(1, 2, 1, 2))
    for _ in range(30):
        g.apply(g.legal_moves()[0])
    h = g.clone()
    assert h.state == g.state and h.state is not g.state
    d = Game.decode(g.encode())
    assert d.state == g.state and d.legal_moves() == g.legal_moves()
    bad = bytearray(g.encode())
    bad[rules.AT_SIDES] = 3
    with pytest.raises(ValueError) as e:
        Game.decode(bytes(bad))
    assert "side" in str(e.value)


def test_a_seats_view_hides_the_generator_so_the_dice_to_come():
    """view.see blanks the PRNG's bytes: a bot cannot read the coming dice (or shuffles)."""
    g = Game(BOARD, 3, seed=11)
    s = g.state
    v = view.see(s, 0)
    assert v[rules.AT_RNG : rules.AT_RNG + 8] == bytes(8)
    assert v[AT_BOARD:] == s[AT_BOARD:]
    others = rules.hand(v, 1)
    assert all(x == view.UNSEEN for x in others)


# -- the referee and the legal moves agree -------------------------------------------------------


def _random_moves(rng, s):
    """Moves to ask the referee about: every legal one, and some near misses."""
    out = set()
    for _ in range(40):
        out.add(move(rng.randrange(16), rng.randrange(32), rng.randrange(128)))
    for k in range(16):
        out.add(move(k))
        out.add(move(k, rng.randrange(6)))
        out.add(move(k, 0, rng.choice(list(rules.hand(s, rules.turn(s))) or [0])))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_referee_agrees_with_the_legal_moves_over_whole_games(seed):
    """For every position of played games, `game.problem` is None exactly for the listed
    moves and a sentence for others; every position is whole (state_problem)."""
    players = 2 + seed % 5
    g = Game(BOARD, players, seed, sides=tuple(1 + (seed + p) % 2 for p in range(players)))
    rng = random.Random(seed)
    prng = Prng(seed)
    n = 0
    while not g.over() and n < 700:
        s = g.state
        legal = set(g.legal_moves())
        for m in legal | _random_moves(rng, s):
            why = game.problem(s, m)
            if m in legal:
                assert why is None, (m, why)
            else:
                assert isinstance(why, str) and why, m
        for m in plan(g, prng):
            g.apply(m)
            n += 1
        assert game.state_problem(g.state) is None


def test_a_cards_moves_and_a_wilds_adds_agree_with_the_slow_ways_in_the_board_game():
    """As in the card games (test_level8_rules): over played board games, a card's listing
    (`only`) is the full listing's moves of that card, LB-6's joker onto a full run and
    discard of two included, and nothing outside the play phase; a wild's adds read off a
    combination's ends are those that `fits` finds value by value."""
    from array import array

    from test_level8_rules import card_listings_agree, wild_adds_agree

    buf = array("H", bytes(2 * rules.MAX_MOVES))
    part = array("H", bytes(2 * rules.MAX_MOVES))
    for seed in range(4):
        players = 2 + seed % 5
        g = Game(BOARD, players, seed, sides=tuple(1 + (seed + p) % 2 for p in range(players)))
        prng = Prng(seed)
        n = 0
        while not g.over() and n < 700:
            card_listings_agree(g.state, buf, part)
            wild_adds_agree(g.state, buf)
            for m in plan(g, prng):
                g.apply(m)
                n += 1
    g = _full_table()  # LB-6: only full combinations laid out, a joker and two discards
    card_listings_agree(g.state, buf, part)
    assert wild_adds_agree(g.state, buf) == 2
    assert g.list_moves(cards.WILD) == 4  # onto the set, past the run's top, two discards
    assert sorted(rules.kind(m) for m in g.buf[:4]) == [K_ADD, K_ADD, K_DISCARD, K_DISCARD]

# -- the same games on MicroPython -----------------------------------------------------------------

PARITY = """
from level8.game import Game
from prng import Prng
from board_driver import plan
for seed, players, sides in GAMES:
    g = Game(2, players, seed, sides=sides)
    rng = Prng(seed)
    n = 0
    while not g.over() and n < LIMIT:
        for m in plan(g, rng):
            g.apply(m)
            n += 1
            print(m, bytes(g.state).hex())
    print("end", g.over(), n)
"""

DRIVER = str(Path(__file__).parent / "board_driver.py")


def test_micropython_plays_the_same_board_games_move_by_move(micropython):
    """Seeded board games on both runtimes, to their end: the same state after every move
    (dice, deals, rebuilt draw piles, round ends and the actions' choices included)."""
    code = "GAMES = [(3, 2, None), (6, 4, (1, 2, 1, 2)), (2, 6, None)]\nLIMIT = 8000\n" + PARITY
    expected = mpy.run_cpython(code, lib_dirs=[DRIVER], timeout=600)
    got = micropython.run(code, lib_dirs=[DRIVER], timeout=600)
    assert got.splitlines() == expected.splitlines()
    ends = [line for line in expected.splitlines() if line.startswith("end")]
    assert ends and all(line.split()[1] == "True" for line in ends), ends
    kinds = {int(line.split()[0]) >> 12 for line in expected.splitlines() if not line.startswith("end")}
    assert {K_ROLL, K_GO, K_ASK, K_SHOW, K_GIVE, K_TAKE, K_KEEP, K_KEPT, K_NEXT, K_LAY, K_ADD} <= kinds


ALLOCATION = """
import gc
from array import array
from level8 import board, rules
from level8.game import Game
from prng import Prng
from board_driver import plan


def measure(s, moves, buf):
    # in a function: its locals live on the stack, so measuring stores nothing on the heap
    for m in moves:
        rnd = s[rules.AT_ROUND]
        gen = bytes(s[rules.AT_RNG : rules.AT_RNG + 8])
        gc.collect()
        a = gc.mem_alloc()
        board.legal_moves(s, buf)
        board.apply(s, m)
        got = gc.mem_alloc() - a
        # a deal or a rebuilt draw pile shuffles (and may allocate); a roll only steps
        shuffled = s[rules.AT_ROUND] != rnd or (
            rules.kind(m) != 12 and bytes(s[rules.AT_RNG : rules.AT_RNG + 8]) != gen
        )
        if not shuffled:
            print(rules.kind(m), got)


buf = array("H", bytes(2 * rules.MAX_MOVES))
for players, seed in ((3, 1), (6, 2)):
    g = Game(2, players, seed)
    rng = Prng(seed)
    moves = []
    while not g.over() and len(moves) < 800:
        for m in plan(g, rng):
            moves.append(m)
            g.apply(m)
    measure(Game(2, players, seed).state, moves, buf)
"""


def test_board_legal_moves_and_apply_allocate_nothing_on_micropython(micropython):
    """A bot may list and play many moves: on MicroPython neither allocates in the board
    game either, but for the moves that shuffle (a deal, a rebuilt draw pile)."""
    lines = micropython.run(ALLOCATION, lib_dirs=[DRIVER], timeout=600).splitlines()
    assert len(lines) > 1000
    kinds = {int(line.split()[0]) for line in lines}
    assert {K_ROLL, K_GO, K_DRAW, K_TAKE, K_PUT, K_LAY, K_DISCARD, K_ASK, K_SHOW} <= kinds
    assert [line for line in lines if line.split()[1] != "0"] == []


def test_the_dice_step_the_generator_as_prng_does():
    """board._rand16 steps the generator's bytes in place exactly as Prng.next16."""
    s = bytearray(board.SIZE)
    for seed in (0, 1, 0xFFFF, 2**31, 4294967295):
        rng = Prng(seed)
        store(rng, s, rules.AT_RNG)
        for _ in range(50):
            assert board._rand16(s) == rng.next16()


@pytest.mark.parametrize("at", [board.SHOW, board.GIVE, board.STEAL, rules.PLAY])
def test_a_position_whose_turn_record_no_move_makes_is_refused(at):
    """A saved position is played only if state_problem passes it: each byte of the board's
    record of the turn that a move reads (the dice, the spaces reached, the action, the
    seat asked to act, the value asked, the cards shown for a Steal) refused when out of
    range, where playing it would fail (a seat to act past the table's end crashed a bot)."""
    from l8helpers import board_bots_until

    g = Game(BOARD, 4, seed=5, dealer=1)
    s = g.state
    assert board_bots_until(s, g.apply, lambda s: rules.phase(s) == at, 20000)
    assert game.state_problem(s) is None
    b = board.AT_BOARD
    actor = s[b + board.B_ACTOR]
    not_held = next(x for x in range(90) if not rules.holds(s, 0, x))
    bad = [
        (board.B_DICE, 7, "the dice"),
        (board.B_REACH + 1, track.N_SPACES, "the dice"),
        (16, track.N_KINDS, "the action under way"),
        (board.B_COUNT, 4, "the action under way"),
        (board.B_ACTOR, 4, "the seat asked to act"),
        (board.B_ACTOR, 247, "the seat asked to act"),
        (board.B_ASKED, board.COLOUR_ASK + 6, "the value asked"),
        (board.B_ASKED + 1, 2, "the value asked"),
        (board.B_SHOWN, not_held, "a card shown"),
    ]
    if at in (board.SHOW, board.GIVE):
        bad.append((board.B_ACTOR, rules.NO_SEAT, "the seat asked to act"))
    if at == rules.PLAY:
        bad.append((board.B_SHOWN, rules.hand(s, 0)[0], "a card shown"))  # held, but no Steal
    for off, value, words in bad:
        was = s[b + off]
        s[b + off] = value
        why = game.state_problem(s)
        assert why and why.startswith(words), (off, value, why)
        s[b + off] = was
    assert game.state_problem(s) is None and (actor == rules.NO_SEAT) == (at in (board.STEAL, rules.PLAY))


@pytest.mark.parametrize("which", ["card game", "board game"])
def test_a_position_whose_seat_bytes_or_cards_no_move_makes_is_refused(which):
    """A save whose check sum holds but whose bytes no game could reach is refused, not
    played until it crashes: a hand's cards known to all or kept past what it holds, a
    groups byte naming a group with no cards (or one with cards unnamed), more Skips under
    the draw pile than it holds, a card code past the last wild value. Each was found by
    changing one byte of a real save (it crashed the game at its next move)."""
    from l8helpers import board_bots_until

    if which == "board game":
        g = Game(BOARD, 4, seed=5, dealer=1)
        assert board_bots_until(g.state, g.apply, lambda s: rules.phase(s) == rules.PLAY and rules.hand_count(s, 1) > 1, 20000)
    else:
        g = Game(cards.LEVEL8, 4, seed=5, dealer=1)
        g.apply(rules.move(rules.K_DRAW))
    s = g.state
    assert game.state_problem(s) is None
    seat = rules.AT_SEATS + rules.SEAT_BYTES
    bad = [
        (seat + rules.S_KNOWN, rules.hand_count(s, 1) + 1, "a hand's known or kept cards"),
        (seat + rules.S_KEPT, rules.KEEP_MAX + 1, "a hand's known or kept cards"),
        (seat + rules.S_GROUPS, 1, "a seat's groups"),
        (seat + rules.S_GROUPS, 32, "a seat's groups"),  # past the four groups and LAID (16)
        (rules.AT_UNDER, rules.size(s, rules.DRAW_PILE) + 1, "the Skips under the draw pile"),
        (rules.AT_AREA, 255, "the position's cards are not the game's"),
    ]
    for at, value, words in bad:
        was = s[at]
        s[at] = value
        why = game.state_problem(s)
        assert why and why.startswith(words), (at, value, why)
        s[at] = was
    assert game.state_problem(s) is None
