"""The rules of LEVEL 8 and Level Up (`level8.rules`), ruling by ruling (L8-1 to L8-9),
with the referee's words for refused moves, a property test that the referee and the
legal moves agree, and the same games move by move under the real MicroPython.
"""

import random
from array import array

import pytest
from l8helpers import add, c, discard, game_with, give, lay, take, tokens
from level8 import bot, cards, notation, referee, rules, view
from level8.game import Game, IllegalMove
from level8.rules import (
    DRAW,
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
    K_SKIPPED,
    K_TAKE,
    KEEP,
    OVER,
    WON,
    move,
)

from tools import micropython as mpy


def refused(g, m, words):
    with pytest.raises(IllegalMove) as e:
        g.apply(m)
    assert words in str(e.value)


def draw(g):
    g.apply(move(K_DRAW))


def cards_in(s):
    """Every card of the position, wilds without their values, sorted."""
    return sorted(cards.WILD if cards.is_wild(x) else x for x in s[rules.AT_AREA:])


# -- L8-1 decks and the deal ---------------------------------------------------


@pytest.mark.parametrize("game,size,wilds", [(cards.LEVEL8, 99, 6), (cards.LEVELUP, 98, 5)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_l8_1_the_deck_and_the_deal(game, size, wilds, players):
    """L8-1: 90 number cards, 6 wilds (5 jokers in Level Up), 3 Skips; ten cards each; the
    dealer turns the top card onto their own discard pile; their left neighbour starts."""
    g = Game(game, players, seed=players, dealer=1)
    s = g.state
    assert len(cards.deck(game)) == size
    assert cards_in(s) == sorted(cards.deck(game))
    assert list(cards.deck(game)).count(cards.WILD) == wilds
    assert list(cards.deck(game)).count(cards.SKIP) == 3
    for seat in range(players):
        assert rules.hand_count(s, seat) == 10
        assert rules.pile_count(s, seat) == (1 if seat == 1 else 0)
        assert rules.level(s, seat) == 1 and not rules.laid(s, seat)
    assert rules.draw_count(s) == size - 10 * players - 1
    assert rules.dealer(s) == 1 and rules.turn(s) == 2 % players and rules.phase(s) == DRAW
    assert rules.round_no(s) == 1


def test_l8_1_a_seed_gives_the_same_deal_and_another_seed_another():
    """L8-1 dealt by the project's PRNG: the same seed, the same game."""
    assert Game(0, 4, seed=7).state == Game(0, 4, seed=7).state
    assert Game(0, 4, seed=7).state != Game(0, 4, seed=8).state


def test_a_game_that_cannot_be_set_up_is_refused_with_a_reason():
    for args, words in [((0, 1), "2 to 6"), ((0, 7), "2 to 6"), ((3, 3), "no such game"),
                        ((0, 3, 0, 3), "dealer"), ((0, 3, 0, 0, True), "Level Up's option")]:
        with pytest.raises(ValueError) as e:
            Game(*args)
        assert words in str(e.value)
    with pytest.raises(ValueError) as e:
        Game(0, 2, deck=cards.deck(0)[:-1])
    assert "not the 99 cards" in str(e.value)


# -- L8-2 the levels -----------------------------------------------------------


def test_l8_2_each_seat_plays_the_requirements_of_its_level():
    """L8-2: level 1 is two runs of three, level 4 a run of six and a pair."""
    g = game_with([_junk(0), _junk(1)], levels=[4, 1])
    assert rules.reqs(g.state, 0) == ((0, 6), (1, 2))
    assert rules.reqs(g.state, 1) == ((0, 3), (0, 3))


def _junk(k):
    """Ten cards that lay out no early level: one number per colour, far apart."""
    return ["O1 O5 Y3 Y7 V2 V5 O10 Y12 Y13 O11", "V3 V8 R10 O12 Y14 O6 Y8 V10 R12 O14"][k]


HANDS_L1 = ["R1 R2 R3 B4 B5 B6 R4 R5 S Y9", _junk(1)]


# -- L8-4 the turn -------------------------------------------------------------


def test_l8_4_draw_from_the_draw_pile_or_any_discard_pile_own_included():
    """L8-4: the draw pile or the top of any discard pile, your own too; one card a turn."""
    g = game_with(HANDS_L1 + [_junk(0)], pile="V15", draw="G15 G14 G13")
    s = g.state
    assert sorted(g.legal_moves()) == sorted([move(K_DRAW), move(K_TAKE, 2)])
    take(g, 2)
    assert notation.parse_card("V15") in rules.hand(s, 0) and rules.pile_top(s, 2) == rules.NONE
    refused(g, move(K_DRAW), "you have drawn your card for this turn")
    discard(g, "Y9")
    draw(g)
    discard(g, "G15")
    draw(g)  # seat 2, the dealer
    discard(g, "G14")
    # seat 0 again: its own pile's top is offered with the others
    assert move(K_TAKE, 0) in g.legal_moves() and move(K_TAKE, 1) in g.legal_moves()
    take(g, 0)
    assert notation.parse_card("Y9") in rules.hand(s, 0)


def test_l8_4_a_card_taken_from_a_discard_pile_is_seen_by_everyone():
    """L8-4: discard tops are open; a card taken from one stays known in that hand."""
    g = game_with(HANDS_L1, pile="V15", draw="G15")
    take(g, 1)
    other = view.see(g.state, 1)
    seen = [x for x in rules.hand(other, 0) if x != view.UNSEEN]
    assert seen == c("V15")
    discard(g, "V15")
    assert all(x == view.UNSEEN for x in rules.hand(view.see(g.state, 1), 0))


def test_l8_4_the_whole_level_or_nothing_and_never_more():
    """L8-4: never part of the level, never more than it; what is put down can be taken back
    until the level is laid."""
    g = game_with(HANDS_L1, draw="G15")
    s = g.state
    draw(g)
    before = rules.hand(s, 0)
    for x in c("R1 R2 R3"):
        g.apply(move(K_PUT, 0, x))
    refused(g, move(K_LAY), "never part of it: a run of 3 is missing")
    refused(g, move(rules.K_DISCARD, 0, notation.parse_card("Y9")), "lay out the whole level or take it back first")
    refused(g, move(K_PUT, 2, notation.parse_card("B4")), "level 1 has 2 parts")
    g.apply(move(K_CANCEL))
    assert rules.hand(s, 0) == before and rules.pending(s, 0) == 0
    lay(g, "R1 R2 R3 / B4 B5 B6")
    assert rules.laid(s, 0)
    assert tokens(rules.group(s, 0, 0)) == "R1 R2 R3" and tokens(rules.group(s, 0, 1)) == "B4 B5 B6"
    refused(g, move(K_CANCEL), "nothing being laid out")
    refused(g, move(K_PUT, 0, notation.parse_card("R4")), "laid out already")


def test_l8_4_a_group_that_does_not_meet_its_requirement_is_refused():
    g = game_with(HANDS_L1, draw="G15")
    draw(g)
    for r, text in enumerate(["R1 R2 B4", "R3 B5 B6"]):
        for x in c(text):
            g.apply(move(K_PUT, r, x))
    refused(g, move(K_LAY), "for a run of 3: the numbers of R1 R2 B4 are too far apart")


def test_l8_4_adding_cards_from_the_same_turn_at_either_end_of_a_run():
    """L8-4: once laid out, add cards at either end of a run, in the same turn."""
    g = game_with(["R2 R3 R4 B4 B5 B6 R5 R1 G9 Y9", _junk(1)], draw="G15")
    s = g.state
    draw(g)
    refused(g, move(rules.K_ADD, 0, notation.parse_card("R5")), "lay out your own level first")
    lay(g, "R2 R3 R4 / B4 B5 B6")
    add(g, "R5", 0, 0)
    add(g, "R1", 0, 0)
    assert tokens(rules.group(s, 0, 0)) == "R1 R2 R3 R4 R5"
    refused(g, move(rules.K_ADD, 1, notation.parse_card("G9")), "does not fit at either end of the run")


def test_l8_3_runs_do_not_wrap_from_15_to_1():
    """L8-3: 15 and 1 do not connect."""
    g = game_with(["R13 R14 R15 B4 B5 B6 O1 V12 G9 Y9", _junk(1)], pile="V15", draw="G15")
    draw(g)
    lay(g, "R13 R14 R15 / B4 B5 B6")
    assert move(rules.K_ADD, 0, notation.parse_card("O1")) not in g.legal_moves()
    refused(g, move(rules.K_ADD, 0, notation.parse_card("O1")), "does not fit at either end")
    add(g, "V12", 0, 0)


def test_l8_4_adding_to_another_seats_sets_and_colour_groups():
    """L8-4: add to anyone's laid combinations: sets by number, colour groups by colour."""
    g = game_with(["R1 R2 R3 B4 B5 B6 O7 G7 V12 Y9", "Y7 B7 V7 G10 G11 G12 G13 R11 R9 O9"],
                  draw="O15 G14", levels=[1, 7])  # level 7: a triple + five of one colour
    draw(g)
    lay(g, "R1 R2 R3 / B4 B5 B6")
    discard(g, "O15")
    draw(g)
    lay(g, "Y7 B7 V7 / G10 G11 G12 G13 G14")
    discard(g, "R9")
    draw(g)
    add(g, "O7", 1, 0)  # a 7 onto seat 1's set of 7s
    refused(g, move(rules.K_ADD, 5, notation.parse_card("V12")), "is not the colour of this group")
    add(g, "G7", 1, 1)  # a green onto its green group
    assert tokens(rules.group(g.state, 1, 0)) == "O7 Y7 B7 V7"
    assert tokens(rules.group(g.state, 1, 1)) == "G7 G10 G11 G12 G13 G14"


def test_l8_3_a_wild_says_what_it_stands_for_and_keeps_it():
    """L8-3: a wild is laid with a value; the value stays, and the wild is never taken back."""
    g = game_with(["R1 W R3 B4 B5 B6 R4 Y9 G11 G12", _junk(1)], draw="G15")
    s = g.state
    draw(g)
    refused(g, move(K_PUT, 0, cards.WILD), "say what the wild stands for")
    refused(g, move(K_PUT, 0, cards.wild_as_colour(0)), "a wild in a run of 3 stands for a number")
    lay(g, "R1 W=2 R3 / B4 B5 B6")
    assert tokens(rules.group(s, 0, 0)) == "R1 W=2 R3"
    add(g, "R4", 0, 0)
    assert tokens(rules.group(s, 0, 0)) == "R1 W=2 R3 R4"
    for m in g.legal_moves():
        assert rules.kind(m) != K_PUT and rules.kind(m) != K_CANCEL


def test_l8_4_keep_a_card_to_discard():
    """L8-4: the turn ends with a discard, so laying out and adding keep one card."""
    g = game_with(["R1 R2 R3 B4 B5 B6 R4 R5 R6 R7", _junk(1)], draw="R8")
    draw(g)
    lay(g, "R1 R2 R3 / B4 B5 B6")
    for t in ["R4", "R5", "R6", "R7"]:
        add(g, t, 0, 0)
    refused(g, move(rules.K_ADD, 0, notation.parse_card("R8")), "keep a card to discard")
    discard(g, "R8")
    assert rules.phase(g.state) == OVER and rules.ender(g.state) == 0


def test_l8_4_a_skip_goes_to_a_player_without_one():
    """L8-4: end by giving a Skip to another player who has none in front of them."""
    g = game_with(["S R2 R3 B4 B5 B6 R4 Y9 G11 G12", "S " + _junk(1)[3:], _junk(0)], draw="G15 G14")
    draw(g)
    refused(g, move(K_GIVE, 0), "given to another player")
    refused(g, move(K_GIVE, 3), "there is no player 4")
    give(g, 2)
    draw(g)
    refused(g, move(K_GIVE, 2), "player 3 already has a Skip in front of them")
    assert move(K_GIVE, 0) in g.legal_moves() and move(K_GIVE, 2) not in g.legal_moves()
    give(g, 0)
    assert g.legal_moves() == [move(K_SKIPPED)]  # L8-5
    refused(g, move(rules.K_DISCARD, 0, notation.parse_card("R13")), "you are skipped")


# -- L8-5 Skip, L8-6 the draw pile ---------------------------------------------


def test_l8_5_a_skipped_turn_puts_the_skip_face_up_under_the_draw_pile():
    """L8-5: the skipped player's whole turn is putting the Skip under the draw pile."""
    g = game_with(["S R2 R3 B4 B5 B6 R4 Y9 G11 G12", _junk(1)], draw="G15")
    s = g.state
    draw(g)
    give(g, 1)
    left = rules.draw_count(s)
    refused(g, move(K_DRAW), "you are skipped")
    g.apply(move(K_SKIPPED))
    assert not rules.skipped(s, 1) and rules.under(s) == 1
    assert rules.section(s, rules.DRAW_PILE)[0] == cards.SKIP  # at the bottom, face up
    assert rules.draw_count(s) == left and rules.turn(s) == 0 and rules.phase(s) == DRAW


def _draw_and_discard_until(g, done):
    """Each seat draws from the draw pile and discards the card it drew, until done(s)."""
    s = g.state
    while not done(s):
        seat = rules.turn(s)
        if rules.skipped(s, seat):
            g.apply(move(K_SKIPPED))
            continue
        before = rules.hand(s, seat)
        draw(g)
        after = list(rules.hand(s, seat))
        for x in before:
            after.remove(x)
        g.apply(move(rules.K_DISCARD, 0, after[0]))


def test_l8_6_an_empty_draw_pile_is_rebuilt_from_the_discard_piles_but_their_tops():
    """L8-6: when the last card is drawn, every discard pile but its top card is shuffled
    into a new draw pile; L8-5: a Skip under the pile joins it when it surfaces."""
    g = game_with(["S R2 R3 B4 B5 B6 R4 Y9 G11 G12", _junk(1)], draw="G15")
    s = g.state
    draw(g)
    give(g, 1)
    g.apply(move(K_SKIPPED))
    seen = []

    def empty_soon(s):
        seen.append((rules.draw_count(s), rules.pile_count(s, 0), rules.pile_count(s, 1), rules.under(s)))
        return rules.draw_count(s) == 1

    _draw_and_discard_until(g, empty_soon)
    piles = rules.pile_count(s, 0) + rules.pile_count(s, 1)
    tops = [rules.pile_top(s, 0), rules.pile_top(s, 1)]
    draw(g)  # the last face-down card: the Skip surfaces, the pile is rebuilt at once
    assert rules.under(s) == 0
    assert rules.draw_count(s) == piles - 2 + 1  # the piles but their tops, and the Skip
    assert [rules.pile_top(s, 0), rules.pile_top(s, 1)] == tops
    assert rules.pile_count(s, 0) == 1 and rules.pile_count(s, 1) == 1
    assert cards.SKIP in rules.section(s, rules.DRAW_PILE)
    assert cards_in(s) == sorted(cards.deck(0))


def test_l8_6_the_rebuilt_pile_is_shuffled_by_the_game_and_can_be_given():
    """The rebuilt pile's order comes from the game's generator, or from `order` (a record)."""
    g = game_with(["R1 R2 R3 B4 B5 B6 R4 Y9 G11 G12", _junk(1)])
    _draw_and_discard_until(g, lambda s: rules.draw_count(s) == 1)
    twin = g.clone()
    draw(g)
    shuffled = rules.section(g.state, rules.DRAW_PILE)
    assert list(shuffled) != sorted(shuffled)
    order = sorted(shuffled)
    with pytest.raises(ValueError) as e:
        rules.apply(bytearray(twin.state), move(K_DRAW), order[:-1])
    assert "not the " + str(len(order)) + " cards to be shuffled" in str(e.value)
    twin.apply(move(K_DRAW), order)
    assert list(reversed(rules.section(twin.state, rules.DRAW_PILE))) == order


# -- L8-7 the round's end, L8-8 victory -----------------------------------------


def _end_round_in_two_turns(g, ender):
    """Seat `ender` (holding R1 R2 R3 B4 B5 B6 R4 R5 + two cards, with R6 and B7 to draw)
    lays out, adds, and goes out on its second turn; the others draw and discard."""
    s = g.state
    while rules.round_no(s) == 1 and rules.phase(s) not in (OVER, WON):
        seat = rules.turn(s)
        if seat != ender:
            _draw_and_discard_until(g, lambda s, seat=seat: rules.turn(s) != seat)
            continue
        draw(g)
        if not rules.laid(s, seat):
            lay(g, "R1 R2 R3 / B4 B5 B6")
            for t in ["R4", "R5", "R6"]:
                add(g, t, seat, 0)
            discard(g, tokens([x for x in rules.hand(s, seat) if x != cards.SKIP][:1]))
        else:
            add(g, "B7", seat, 1)
            if cards.SKIP in rules.hand(s, seat):
                give(g, (seat + 1) % rules.players(s))
            else:
                discard(g, tokens(rules.hand(s, seat)))


def test_l8_7_the_ender_goes_up_two_the_others_who_laid_out_one_and_the_deal_moves_left():
    """L8-7: +2 for the player who discards their last card, +1 for every other player who
    laid out, nothing for the rest; the dealer's left neighbour deals the next round."""
    hands = ["R1 R2 R3 B4 B5 B6 R4 R5 Y9 Y10", "G1 G2 G3 O7 O8 O9 V11 V12 V13 V14", _junk(0)]
    g = game_with(hands, draw="R6 G4 O15 B7")
    s = g.state
    draw(g)
    lay(g, "R1 R2 R3 / B4 B5 B6")
    for t in ["R4", "R5", "R6"]:
        add(g, t, 0, 0)
    discard(g, "Y9")
    draw(g)
    lay(g, "G1 G2 G3 / O7 O8 O9")
    add(g, "G4", 1, 0)
    discard(g, "V11")
    draw(g)
    discard(g, "O15")
    draw(g)
    add(g, "B7", 0, 1)
    discard(g, "Y10")
    assert rules.phase(s) == OVER and rules.ender(s) == 0
    assert [rules.level(s, p) for p in range(3)] == [3, 2, 1]
    assert [rules.gained(s, p) for p in range(3)] == [2, 1, 0]
    assert g.legal_moves() == [move(K_NEXT)]
    refused(g, move(K_DRAW), "the round is over")
    assert rules.dealer(s) == 2
    g.apply(move(K_NEXT))
    assert rules.round_no(s) == 2 and rules.dealer(s) == 0 and rules.turn(s) == 1
    assert rules.pile_count(s, 0) == 1
    for p in range(3):
        assert rules.hand_count(s, p) == 10 and not rules.laid(s, p)
    assert cards_in(s) == sorted(cards.deck(0))


def test_l8_5_a_skip_given_as_the_last_card_ends_the_round_without_effect():
    """L8-5: a Skip played as the last card ends the round and skips nobody."""
    g = game_with(["R1 R2 R3 B4 B5 B6 R4 R5 S Y9", _junk(1)], draw="R6 G1 B7")
    s = g.state
    _end_round_in_two_turns(g, 0)
    assert rules.phase(s) == OVER and rules.ender(s) == 0
    g.apply(move(K_NEXT))
    assert not rules.skipped(s, 1) and not rules.skipped(s, 0)
    assert cards_in(s) == sorted(cards.deck(0))


def test_l8_8_laying_out_level_8_wins_at_once():
    """L8-8: laying out level 8 wins, whatever is left in the hand."""
    g = game_with(["R1 O1 R2 O2 Y2 R3 O3 Y3 G3 V9", _junk(1)], draw="V11", levels=[8, 3])
    draw(g)
    lay(g, "R1 O1 / R2 O2 Y2 / R3 O3 Y3 G3")
    s = g.state
    assert rules.phase(s) == WON and rules.winner(s) == 0 and rules.level(s, 0) == rules.VICTORY
    assert rules.hand_count(s, 0) == 2
    assert g.legal_moves() == []
    refused(g, move(K_DRAW), "the game is over: player 1 won")


def test_l8_8_level_8_may_be_laid_with_every_card():
    g = game_with(["R1 O1 R2 O2 Y2 R3 O3 Y3 G3 G2", _junk(1)], draw="B3", levels=[8, 3])
    draw(g)
    lay(g, "R1 O1 / R2 O2 Y2 G2 / R3 O3 Y3 G3 B3")
    assert rules.winner(g.state) == 0 and rules.hand_count(g.state, 0) == 0


def test_l8_8_ending_the_round_with_level_7_laid_out_wins():
    """L8-8: level 7 laid out, then the last card discarded: victory."""
    g = game_with(["R1 O1 Y1 B2 B5 B7 B9 B11 G1 V1", _junk(1)], draw="B13", levels=[7, 7])
    s = g.state
    draw(g)
    lay(g, "R1 O1 Y1 / B2 B5 B7 B9 B11")
    add(g, "G1", 0, 0)
    add(g, "B13", 0, 1)
    discard(g, "V1")
    assert rules.phase(s) == WON and rules.winner(s) == 0 and rules.level(s, 0) == rules.VICTORY
    assert rules.level(s, 1) == 7


# -- L8-9 Level Up's keep-four option ---------------------------------------------


def test_l8_9_the_cards_kept_may_be_taken_back_until_the_choice_is_done():
    """L8-9 ("may keep up to four"): until a player says done, the cards kept may be taken
    back (`cancel`) and chosen again; with none kept there is nothing to take back."""
    g = _keep_game([5, 1, 6])
    s = g.state
    g.apply(move(K_NEXT))
    assert rules.phase(s) == KEEP and rules.turn(s) == 2
    before = bytes(s)
    refused(g, move(K_CANCEL), "no card to take back")
    hand2 = sorted(rules.hand(s, 2))
    for x in (hand2[5], cards.WILD, hand2[1]):
        g.apply(move(K_KEEP, 0, x))
    assert rules.kept(s, 2) == 3 and move(K_CANCEL) in g.legal_moves()
    g.apply(move(K_CANCEL))
    assert rules.kept(s, 2) == 0 and rules.phase(s) == KEEP and rules.turn(s) == 2
    assert sorted(rules.hand(s, 2)) == hand2 and list(rules.hand(s, 2)) == hand2  # in code order
    assert move(K_CANCEL) not in g.legal_moves()
    g.apply(move(K_KEEP, 0, hand2[0]))
    g.apply(move(K_KEPT))
    assert rules.phase(s) == KEEP and rules.turn(s) == 0
    assert bytes(s) != before and cards_in(s) == sorted(cards.deck(cards.LEVELUP))


def _keep_game(levels, keep=True):
    hands = [_junk(0), "R1 R2 R3 B4 B5 B6 R4 R5 Y9 Y10", _junk(1).replace("V3 ", "W ").replace("V8 ", "S ")]
    g = game_with(hands, draw="G15 R6 G14 G13 B7", game=cards.LEVELUP, levels=levels, keep=keep)
    _end_round_in_two_turns(g, 1)
    assert rules.phase(g.state) == OVER and rules.ender(g.state) == 1
    return g


def test_l8_9_a_player_on_level_5_to_8_who_did_not_lay_out_keeps_up_to_four_cards():
    """L8-9: with the option on, players on levels 5-8 who did not lay out keep up to four
    hand cards and are dealt up to ten; others keep nothing."""
    g = _keep_game([5, 1, 6])
    s = g.state
    g.apply(move(K_NEXT))
    assert rules.phase(s) == KEEP and rules.turn(s) == 2  # from the ender's left
    hand2 = rules.hand(s, 2)
    keep = [cards.WILD, cards.SKIP, hand2[0], hand2[1]]
    for x in keep:
        g.apply(move(K_KEEP, 0, x))
    assert g.legal_moves() == [move(K_KEPT), move(K_CANCEL)]  # done, or choose again
    refused(g, move(K_KEEP, 0, hand2[2]), "at most four")
    g.apply(move(K_KEPT))
    assert rules.phase(s) == KEEP and rules.turn(s) == 0
    kept0 = rules.hand(s, 0)[:2]
    for x in kept0:
        g.apply(move(K_KEEP, 0, x))
    g.apply(move(K_KEPT))
    assert rules.phase(s) == DRAW and rules.round_no(s) == 2
    for p in range(3):
        assert rules.hand_count(s, p) == 10
    for x in keep:
        assert x in rules.hand(s, 2)
    for x in kept0:
        assert x in rules.hand(s, 0)
    assert cards_in(s) == sorted(cards.deck(cards.LEVELUP))


@pytest.mark.parametrize("levels,keep", [([4, 1, 4], True), ([5, 1, 8], False)])
def test_l8_9_nobody_keeps_below_level_5_or_without_the_option(levels, keep):
    g = _keep_game(levels, keep)
    g.apply(move(K_NEXT))
    assert rules.phase(g.state) == DRAW and rules.round_no(g.state) == 2


def test_l8_9_a_player_who_laid_out_keeps_nothing():
    """L8-9: only players who did not lay out keep cards."""
    hands = ["R1 R2 R3 R4 R5 R6 R7 Y11 Y12 O13", "G1 G2 G3 B4 B5 B6 G4 G5 Y9 Y10",
             "O1 O5 Y3 Y7 V2 V5 O10 V13 Y14 O11"]
    g = game_with(hands, draw="V15 G6 V9 O14 B7", game=cards.LEVELUP, levels=[5, 1, 5], keep=True)
    s = g.state
    draw(g)
    lay(g, "R1 R2 R3 R4 R5 R6 R7")
    discard(g, "V15")
    draw(g)
    lay(g, "G1 G2 G3 / B4 B5 B6")
    for x in ["G4", "G5", "G6"]:
        add(g, x, 1, 0)
    discard(g, "Y9")
    draw(g)
    discard(g, "V9")
    draw(g)
    discard(g, "O14")
    draw(g)
    add(g, "B7", 1, 1)
    discard(g, "Y10")
    assert rules.phase(s) == OVER and [rules.level(s, p) for p in range(3)] == [6, 3, 5]
    assert not rules.keeper(s, 0) and not rules.keeper(s, 1) and rules.keeper(s, 2)
    g.apply(move(K_NEXT))
    assert rules.phase(s) == KEEP and rules.turn(s) == 2
    g.apply(move(K_KEPT))
    assert rules.phase(s) == DRAW and rules.round_no(s) == 2


# -- every refused move has words; the referee and the legal moves agree ---------


def _bot_games(seeds, players_of=lambda seed: 2 + seed % 5):
    """Positions of whole bot games, each yielded before its move is applied."""
    for seed in seeds:
        g = Game(seed % 2, players_of(seed), seed, keep=seed % 4 == 1)
        while not g.over():
            for m in bot.play(view.see(g.state, g.to_move())):
                yield g, m
                g.apply(m)


def test_the_referee_refuses_exactly_the_moves_that_are_not_legal():
    """Every move kind, target and card, sampled over whole games: referee.problem gives a
    sentence exactly when the move is not among the legal moves."""
    rnd = random.Random(5)
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    checked = 0
    for g, _ in _bot_games(range(6)):
        if rnd.random() > 0.05:
            continue
        s = g.state
        legal = set(buf[: rules.legal_moves(s, buf)])
        hand = set(rules.hand(s, rules.turn(s)))
        for kd in range(13):
            for t in list(range(25)) + [31]:
                for x in hand | {0, cards.WILD, cards.SKIP, 92, 99, 107, 112, rnd.randrange(113)}:
                    m = move(kd, t, x)
                    why = referee.problem(s, m)
                    assert (why is None) == (m in legal), (kd, t, x, why)
                    assert why is None or len(why) >= 10
                    checked += 1
    assert checked > 50000


def _plays(m, c):
    """Whether move `m` plays card `c` from the hand: that card put into a group or added to
    a combination (a wild at any value), discarded, a Skip given."""
    k = rules.kind(m)
    if k in (K_PUT, K_ADD):
        return rules.card(m) == c or (c == cards.WILD and cards.is_wild(rules.card(m)))
    if k == K_DISCARD:
        return rules.card(m) == c
    return k == K_GIVE and c == cards.SKIP


def every_move_kind():
    """A move of each kind, each target and each card code."""
    for kd in range(13):
        for t in range(25):
            for x in range(cards.N_CODES):
                yield move(kd, t, x)


def card_listings_agree(s, buf, part):
    """legal_moves(s, out, card) for every card of the hand (and some not in it) is the
    full listing's moves of that card, in its order; none outside the play phase."""
    from level8 import game

    every = list(buf[: game.legal_moves(s, buf)])
    for card in set(rules.hand(s, rules.turn(s))) | {0, cards.WILD, cards.SKIP, 37}:
        want = [m for m in every if _plays(m, card)] if rules.phase(s) == rules.PLAY else []
        assert list(part[: game.legal_moves(s, part, card)]) == want, (card, want)


def wild_adds_agree(s, out):
    """rules.wild_adds for every laid combination equals trying each value of a wild with
    `fits`, in the values' order; the number of combinations compared (in the play phase
    only: at a round's end the levels have moved on past the combinations still laid)."""
    n = 0
    if rules.phase(s) != rules.PLAY:
        return 0
    for slot in range(rules.players(s) * rules.GROUPS_PER_SEAT):
        if not rules.size(s, rules.GROUP + slot) or not rules.laid(s, slot // rules.GROUPS_PER_SEAT):
            continue  # none, or not laid out yet: nothing is added to it
        kind_ = rules._kind_of_slot(s, slot)
        want = [
            move(K_ADD, slot, v)
            for v in range(rules._first_value(kind_), rules._end_value(kind_))
            if rules.fits(s, slot, v)
        ]
        assert list(out[: rules.wild_adds(s, slot, kind_, out, 0)]) == want, (slot, want)
        n += 1
    return n


def test_a_wilds_adds_are_the_values_that_fit():
    """A free wild's adds are read off a combination's ends (rules.wild_adds), not tried
    value by value: the same moves as trying every value with `fits` (L8-4), for every
    combination laid in bot games of both decks and table sizes."""
    out = array("H", bytes(2 * rules.MAX_MOVES))
    n = 0
    for g, _ in _bot_games(range(6)):
        n += wild_adds_agree(g.state, out)
    assert n > 3000


def test_a_cards_moves_are_the_full_listings_moves_of_that_card():
    """A card's chooser lists only that card's moves (Game.list_moves(card)), and Game.apply
    checks a card's move among them (rules.played): the same as the full listing's, over
    bot games and games of random moves (which stop part-way through laying out, where a
    card's moves are its puts only). A listing for one card is not taken for all: a move
    of another card is still legal."""
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    part = array("H", bytes(2 * rules.MAX_MOVES))
    rnd = random.Random(3)
    n = 0
    for g, _ in _bot_games(range(4)):
        card_listings_agree(g.state, buf, part)
        n += 1
    for seed in range(8):
        g = Game(seed % 2, 2 + seed % 5, seed)
        s = g.state
        for _ in range(300):
            k = rules.legal_moves(s, buf)
            if not k:
                break
            card_listings_agree(s, buf, part)
            rules.apply(s, buf[rnd.randrange(k)])
            n += 1
    assert n > 2000
    for m in every_move_kind():
        if rules.kind(m) == K_DISCARD and rules.card(m) > cards.SKIP:
            continue  # no hand holds a valued wild to discard
        c = rules.played(m)
        assert (c >= 0) == (rules.kind(m) in (K_PUT, K_ADD, K_DISCARD, K_GIVE))
        assert c < 0 or _plays(m, c)
    g = Game(cards.LEVEL8, 3, seed=1)
    g.apply(move(rules.K_DRAW))
    c = rules.hand(g.state, rules.turn(g.state))[0]
    other = next(m for m in g.legal_moves() if rules.kind(m) == K_DISCARD and rules.card(m) != c)
    assert g.list_moves(c) < len(g.legal_moves())
    g.list_moves(c)
    g.apply(other)  # checked among its own card's moves, not those listed for `c`


def test_pending_groups_and_cancel_keep_every_card_in_one_place():
    """Random legal moves, laying and taking back included: the cards stay the deck, and
    the referee agrees with the legal moves on laying (groups that do not meet their
    requirement are put down often here)."""
    rnd = random.Random(2)
    buf = array("H", bytes(2 * rules.MAX_MOVES))
    for seed in range(20):
        g = Game(seed % 2, 2 + seed % 5, seed)
        s = g.state
        for step in range(400):
            n = rules.legal_moves(s, buf)
            if not n:
                break
            if step % 5 == 0:
                legal = set(buf[:n])
                for m in (move(K_LAY), move(K_CANCEL)):
                    assert (referee.problem(s, m) is None) == (m in legal)
            rules.apply(s, buf[rnd.randrange(n)])
            assert cards_in(s) == sorted(cards.deck(seed % 2))
            assert referee.state_problem(s) is None
        assert Game.decode(g.encode()).state == s


def test_a_damaged_position_is_refused_with_a_reason():
    g = Game(0, 3, 1)
    data = bytearray(g.encode())
    data[rules.AT_AREA + 5] = 200
    with pytest.raises(ValueError) as e:
        Game.decode(data)
    assert "not the game's deck" in str(e.value)
    with pytest.raises(ValueError):
        Game.decode(data[:50])


def test_bot_games_reach_a_winner_in_both_games_at_every_table_size():
    rounds = {}
    for seed in range(10):
        g = Game(seed % 2, 2 + seed % 5, seed)
        while not g.over():
            for m in bot.play(view.see(g.state, g.to_move())):
                g.apply(m)
        s = g.state
        assert rules.level(s, rules.winner(s)) == rules.VICTORY
        rounds[seed] = rules.round_no(s)
    assert all(2 <= r < 40 for r in rounds.values())


# -- the same game on MicroPython ---------------------------------------------------

PARITY = """
from level8 import bot, rules, view
from level8.game import Game
for seed, players, game in GAMES:
    g = Game(game, players, seed, keep=game == 1)
    n = 0
    while not g.over() and n < LIMIT:
        for m in bot.play(view.see(g.state, g.to_move())):
            g.apply(m)
            n += 1
            print(m, bytes(g.state).hex())
"""


def test_micropython_plays_the_same_games_move_by_move(micropython):
    """Seeded games on both runtimes: the same state after every move, deals, rebuilt draw
    piles and round ends included."""
    code = "GAMES = [(3, 2, 0), (4, 4, 1), (5, 6, 0)]\nLIMIT = 400\n" + PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code)
    assert got.splitlines() == expected.splitlines()
    assert len(expected.splitlines()) > 600


ALLOCATION = """
import gc
from array import array
from level8 import rules, bot, view
from level8.game import Game
buf = array("H", bytes(2 * rules.MAX_MOVES))
for game, players, seed in ((0, 4, 3), (1, 6, 8)):
    g = Game(game, players, seed)
    moves = []
    while not g.over() and len(moves) < 400:
        for m in bot.play(view.see(g.state, g.to_move())):
            moves.append(m)
            g.apply(m)
    s = Game(game, players, seed).state
    for m in moves:
        shuffles = rules.kind(m) == rules.K_NEXT or rules.draw_count(s) <= 1
        gc.collect()
        a = gc.mem_alloc()
        rules.legal_moves(s, buf)
        rules.apply(s, m)
        if not shuffles:
            print(rules.kind(m), gc.mem_alloc() - a)
"""


def test_legal_moves_and_apply_allocate_nothing_on_micropython(micropython):
    """A bot may list and play many moves: on MicroPython neither allocates, except for the
    moves that shuffle (a deal, a rebuilt draw pile)."""
    lines = micropython.run(ALLOCATION).splitlines()
    assert len(lines) > 500
    kinds = {line.split()[0] for line in lines}
    assert {"0", "1", "3", "4", "6", "7"} <= kinds
    assert [line for line in lines if line.split()[1] != "0"] == []


def test_keep_choices_that_are_refused_say_why():
    """L8-9: a keep choice names a card of the hand, as it is, not yet kept."""
    g = _keep_game([5, 1, 6])
    g.apply(move(K_NEXT))
    s = g.state
    hand2 = rules.hand(s, 2)
    g.apply(move(K_KEEP, 0, hand2[0]))
    missing = [x for x in range(cards.N_NUMBER_CARDS) if x not in hand2][0]
    assert referee.problem(s, move(K_KEEP, 0, missing)) == "you hold no " + cards.name(missing) + " to keep"
    assert referee.problem(s, move(K_KEEP, 0, cards.wild_as_number(5))) == "a wild is kept as it is, without a value"
    assert list(hand2).count(hand2[0]) == 1
    assert referee.problem(s, move(K_KEEP, 0, hand2[0])) == "you keep that card already"
    # a hand may hold several wilds or Skips: this one holds one of each, kept already
    assert list(hand2).count(cards.WILD) == 1 and list(hand2).count(cards.SKIP) == 1
    for card, name in ((cards.WILD, "wild"), (cards.SKIP, "Skip")):
        g.apply(move(K_KEEP, 0, card))
        assert referee.problem(s, move(K_KEEP, 0, card)) == "you keep every " + name + " you hold already"


def _deal_card_by_card(s, order=None):
    """The reference for rules._deal, which writes the area whole: the deal as the rules
    tell it, a card at a time with rules' own moves (L8-1, L8-7, L8-9)."""
    n = s[rules.AT_PLAYERS]
    s[rules.AT_DEALER] = d = (s[rules.AT_DEALER] + 1) % n
    s[rules.AT_UNDER] = 0
    rules._gather(s, rules.DRAW_PILE, rules.PILE, rules.N_SECTIONS, False, True)
    rules._order(s, rules.DRAW_PILE, order)
    for seat in range(n):
        at = rules.AT_SEATS + seat * rules.SEAT_BYTES
        s[at + rules.S_GROUPS] = 0
        s[at + rules.S_KNOWN] = 0
        rules._sort(s, rules.begin(s, rules.HAND_OF + seat), rules.end(s, rules.HAND_OF + seat))
    for _ in range(rules.HAND):
        for k in range(1, n + 1):
            seat = (d + k) % n
            if rules.hand_count(s, seat) < rules.HAND:
                rules._into_hand(s, seat, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE)
    for seat in range(n):
        s[rules.AT_SEATS + seat * rules.SEAT_BYTES + rules.S_KEPT] = 0
    rules._move(s, rules.end(s, rules.DRAW_PILE) - 1, rules.DRAW_PILE, rules.PILE + d, 0)
    s[rules.AT_ROUND] += 1
    s[rules.AT_TURN] = (d + 1) % n
    s[rules.AT_PHASE] = rules.DRAW
    rules._settle(s, None)


def test_l8_7_every_deal_is_the_card_at_a_time_deal(monkeypatch):
    """L8-1, L8-7, L8-9: the deal that writes the area whole gives the very bytes of
    dealing a card at a time (a reference model built from rules' own moves): first deals
    of every setup, and every later round's deal of bot games, kept cards included."""
    deal = rules._deal
    for seed in range(12):
        for players in range(2, 7):
            game = seed % 2
            keep = game == cards.LEVELUP and seed % 4 == 1
            a = rules.new_state(game, players, seed, seed % players, keep)
            monkeypatch.setattr(rules, "_deal", _deal_card_by_card)
            b = rules.new_state(game, players, seed, seed % players, keep)
            monkeypatch.setattr(rules, "_deal", deal)
            assert a == b
    deals = kept = 0
    for seed in range(16):
        g = Game(seed % 2, 2 + seed % 5, seed, keep=seed % 4 == 1)
        s = g.state
        while not g.over():
            for m in bot.play(view.see(s, g.to_move())):
                if rules.kind(m) in (rules.K_NEXT, rules.K_KEPT):
                    b = bytearray(s)
                    monkeypatch.setattr(rules, "_deal", _deal_card_by_card)
                    rules.apply(b, m)
                    monkeypatch.setattr(rules, "_deal", deal)
                    before = rules.round_no(s)
                    kept += sum(rules.kept(s, q) for q in range(rules.players(s)))
                    g.apply(m)
                    assert bytes(s) == bytes(b)
                    deals += rules.round_no(s) > before
                else:
                    g.apply(m)
                if g.over():
                    break
    assert deals > 50 and kept > 10
