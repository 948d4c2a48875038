"""Level 10 rules, one test (or more) per ruling of docs/rules.md
(L10-1 .. L10-11) and per worked example of the Level 10 rulebook.

Positions are built from explicit decks: hands are dealt one card at a time
to seat 0, 1, ... (seat 1, 2, ... of the rulebook), the rest is the deck,
top card first. See tests/l10helpers.py.
"""

import random
import re

import pytest
from l10helpers import (
    ANDREA_GRID,
    BURY_ORDERS,
    FULL_GRID,
    PAUSE_FIRST_GRID,
    build_deck,
    c,
    empty_hand_tokens,
    five_player_orders,
    grid_rows,
    layout_moves,
    legal_set,
    legal_tokens,
    move,
    new,
    play_all,
    script_deck,
    scripted,
    toks,
)

from level10 import cards, moves, notation, referee, rules
from level10.game import Game, seeded_deck

NONE = rules.NONE
S, F, W, V, D = range(5)


def hand_toks(s, seat=0):
    return toks(rules.hand(s, seat))


def deck_toks(s):
    return toks(rules.deck(s))


def reason(s, tok_or_move):
    m = move(tok_or_move) if isinstance(tok_or_move, str) else tok_or_move
    return referee.check(s, m)


def assert_legal(s, tok):
    assert reason(s, tok) is None, tok + ": " + str(reason(s, tok))
    m = move(tok)
    assert m in legal_set(s), tok + " passes check but is not generated"


def assert_illegal(s, tok, why=None):
    r = reason(s, tok)
    assert r is not None, tok + " should be illegal"
    if why is not None:
        assert r == why
    m = move(tok) if isinstance(tok, str) else tok
    assert m not in legal_set(s)


# ---------------------------------------------------------------------------
# L10-1 Cards
# ---------------------------------------------------------------------------


def test_l10_1_worlds_are_rows_sky_forest_swamp_volcano_desert_top_to_bottom():
    assert cards.WORLDS == "SFWVD"
    assert cards.WORLD_NAMES == ("Sky", "Forest", "Swamp", "Volcano", "Desert")
    s = rules.new_state(1, 0, seeded_deck(1, 0))
    play_all(s, ["R>S"])
    assert rules.cell(s, 0, 0) == rules.RESET_CELL  # the Sky reset sits in the top row


def test_l10_1_forty_level_cards_one_of_each_world_and_number():
    names = [cards.token(x) for x in range(40)]
    assert names == [w + str(n) for w in "SFWVD" for n in range(1, 9)]
    assert len(set(names)) == 40
    for x in range(40):
        assert cards.parse(cards.token(x)) == x
        assert cards.world(x) == "SFWVD".index(cards.token(x)[0])
        assert cards.number(x) == int(cards.token(x)[1])
    assert cards.name(c("S5")) == "Sky 5" and cards.name(c("D8")) == "Desert 8"
    for bad in ("S0", "S9", "X1", "", "S10"):
        with pytest.raises(ValueError):
            cards.parse(bad)


@pytest.mark.parametrize("pauses", [0, 1, 2, 3])
def test_l10_1_shuffled_deck_holds_each_level_card_once_and_the_pauses(pauses):
    for seed in (0, 1, 7, 123456, 2**32 - 1):
        deck = seeded_deck(seed, pauses)
        assert sorted(deck) == list(range(40)) + [cards.PAUSE] * pauses


def test_l10_1_resets_start_two_per_world_in_the_supply_never_in_the_deck_or_hands():
    for players in range(1, 6):
        s = rules.new_state(players, 2, seeded_deck(5, 2))
        assert [rules.supply(s, r) for r in range(5)] == [2] * 5
        dealt = [x for seat in range(players) for x in rules.hand(s, seat)] + list(rules.deck(s))
        assert sorted(dealt) == list(range(40)) + [cards.PAUSE] * 2  # no reset among them
        assert all(rules.cell(s, r, col) == rules.EMPTY for r in range(5) for col in range(10))


@pytest.mark.parametrize("difficulty,pauses", [("Beginner", 3), ("Standard", 2), ("Pro", 1), ("Master", 0)])
def test_l10_1_pause_cards_by_difficulty_are_shuffled_into_the_deck(difficulty, pauses):
    s = rules.new_state(2, pauses, seeded_deck(99, pauses))
    everywhere = list(rules.hand(s, 0)) + list(rules.hand(s, 1)) + list(rules.deck(s))
    assert everywhere.count(cards.PAUSE) == pauses
    assert rules.pauses(s) == pauses


def test_l10_1_a_deck_with_the_wrong_cards_or_pause_count_is_refused():
    with pytest.raises(ValueError, match="pauses"):
        rules.new_state(1, 2, seeded_deck(3, 1))
    with pytest.raises(ValueError):
        rules.new_state(1, 4, list(range(40)) + [cards.PAUSE] * 4)
    twice = list(range(40))
    twice[5] = 4  # Sky 5 twice, Sky 6 missing
    with pytest.raises(ValueError, match="twice|missing"):
        rules.new_state(1, 0, twice)
    with pytest.raises(ValueError, match="Desert 8 is missing"):
        rules.new_state(1, 0, list(range(39)))
    with pytest.raises(ValueError):
        rules.new_state(1, 0, list(range(40)) + [41])


# ---------------------------------------------------------------------------
# L10-2 Hands
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(1, 10), (2, 7), (3, 6), (4, 5), (5, 4)])
def test_l10_2_hand_sizes_are_10_7_6_5_4_and_the_rest_is_the_deck(players, size):
    for pauses in range(4):
        s = rules.new_state(players, pauses, seeded_deck(11, pauses))
        assert [rules.hand_count(s, seat) for seat in range(players)] == [size] * players
        assert rules.deck_count(s) == 40 + pauses - players * size


def test_l10_2_deal_is_one_card_at_a_time_to_seat_1_2_3_and_the_rest_is_the_deck_top_first():
    deck = seeded_deck(2024, 3)
    for players in range(1, 6):
        size = rules.HAND_SIZES[players - 1]
        for start in range(players):
            s = rules.new_state(players, 3, deck, start)
            for seat in range(players):
                assert rules.hand(s, seat) == bytes(sorted(deck[seat : players * size : players]))
            assert rules.deck(s) == bytes(deck[players * size :])


def test_l10_2_only_one_to_five_players():
    for players in (0, 6):
        with pytest.raises(ValueError):
            rules.new_state(players, 0, seeded_deck(1, 0))


def test_turn_order_is_clockwise_from_the_chosen_starting_seat():
    for players, start in ((2, 1), (3, 2), (4, 2)):
        tokens = layout_moves(FULL_GRID)
        deck, _ = script_deck(players, tokens, pauses=3, start=start)
        s = rules.new_state(players, 3, deck, start)
        seen = []
        for tok in tokens:
            seen.append(rules.to_move(s))
            referee.play(s, move(tok))
        assert seen == [(start + i) % players for i in range(50)]
        assert rules.status(s) == rules.WON


def test_starting_seat_must_be_one_of_the_players():
    with pytest.raises(ValueError):
        rules.new_state(3, 0, seeded_deck(1, 0), start=3)
    s = rules.new_state(3, 0, seeded_deck(1, 0), start=2)
    assert rules.to_move(s) == 2 and rules.start_seat(s) == 2


# ---------------------------------------------------------------------------
# L10-3 Column order
# ---------------------------------------------------------------------------


def test_l10_3_left_of_column_1_the_value_is_0_so_any_level_card_may_start_a_row():
    s = new(1, [["S8", "F1", "W5", "V8", "D1", "S7", "F8", "W1", "V2", "D5"]])
    assert [rules.row_value(s, r) for r in range(5)] == [0] * 5
    for tok in ("S8", "F1", "W5", "V8", "D1", "S7", "F8", "W1", "V2", "D5"):
        assert_legal(s, tok)


def test_l10_3_a_columns_slots_fill_in_any_order_reset_first_middle_or_last():
    for order in (
        ["D1", "R>S", "V1", "F1", "W1"],
        ["W1", "F1", "V1", "D1", "R>S"],
        ["R>S", "D1", "F1", "W1", "V1"],
    ):
        s = new(1, [["F1", "W1", "V1", "D1"]])
        for i, tok in enumerate(order):
            assert rules.column(s) == 0
            play_all(s, [tok])
        assert rules.column(s) == 1
        assert grid_rows(s) == [
            "R . . . . . . . . .",
            "F1 . . . . . . . . .",
            "W1 . . . . . . . . .",
            "V1 . . . . . . . . .",
            "D1 . . . . . . . . .",
        ]


def test_l10_3_the_next_column_starts_only_once_the_current_one_is_full():
    s = new(1, [["S1", "S2", "F1", "F2", "W1", "W2", "V1", "D1", "D2", "D3"]])
    play_all(s, ["S1", "F1", "W1", "R>V"])
    # Sky 2 would start column 2, but column 1 still lacks its Desert card
    assert_illegal(s, "S2", "the Sky slot of column 1 is taken")
    assert_illegal(s, "F2", "the Forest slot of column 1 is taken")
    assert legal_tokens(s) == ["D1", "D2", "D3"]
    play_all(s, ["D1"])
    assert rules.column(s) == 1
    play_all(s, ["S2"])
    assert rules.cell(s, S, 1) == c("S2") + 1


def test_rulebook_example_only_forest_or_volcano_may_follow_until_the_column_is_complete():
    # Column 1 holds Sky, Swamp and Desert cards (its reset among them):
    # the next card must be a Forest card or a Volcano card.
    s = new(1, [["S1", "W1", "S2", "F2", "W2", "V2", "D2", "D3", "F5", "V7"]], pauses=1, deck=["P"])
    play_all(s, ["S1", "W1", "R>D"])
    assert "P" in hand_toks(s)
    assert legal_set(s)
    assert {moves.row(m) for m in legal_set(s)} == {F, V}
    for tok in ("S2", "W2", "D2", "D3", "P>S", "P>W", "P>D", "R>S", "R>W"):
        assert_illegal(s, tok)
    for tok in ("F2", "F5", "V2", "V7", "P>F", "P>V"):
        assert_legal(s, tok)


# ---------------------------------------------------------------------------
# Column rules (rulebook placement rules 3 and 4)
# ---------------------------------------------------------------------------


def test_column_rule_at_most_four_level_or_pause_cards_a_fifth_needs_the_reset():
    # Rulebook placement rule 4: "There is no Reset Card in this column" is wrong.
    s = new(1, [["S1", "F1", "W1", "V1", "D1", "P", "P"]], pauses=2)
    play_all(s, ["S1", "F1", "P>W", "V1"])
    assert_illegal(s, "D1", "column 1 holds four cards already: it needs its reset")
    assert_illegal(s, "P>D", "column 1 holds four cards already: it needs its reset")
    assert legal_tokens(s)[0] == "R>D"
    assert all(moves.kind(m) == moves.RESET and moves.row(m) == D for m in legal_set(s))


def test_column_rule_exactly_one_reset_per_column_a_second_is_refused():
    # Rulebook placement rule 4: "There is more than one Reset Card in this column" is wrong.
    s = new(1, [["S1", "F1"]])
    play_all(s, ["R>W"])
    for r in "SFVD":
        assert_illegal(s, "R>" + r, "column 1 already has its reset")
    assert all(moves.kind(m) == moves.PLAY for m in legal_set(s))


def test_column_rule_every_finished_column_has_exactly_one_reset_and_every_row_two():
    s = scripted(1, layout_moves(FULL_GRID))
    assert rules.status(s) == rules.WON
    for col in range(10):
        assert [rules.cell(s, r, col) for r in range(5)].count(rules.RESET_CELL) == 1
    for r in range(5):
        assert [rules.cell(s, r, col) for col in range(10)].count(rules.RESET_CELL) == 2
        assert rules.supply(s, r) == 0


# ---------------------------------------------------------------------------
# L10-4 Play a card (action A) and the rulebook placement examples
# ---------------------------------------------------------------------------


def test_l10_4_a_level_card_goes_only_to_its_own_worlds_row():
    # Rulebook placement rule 1: "this card belongs to ... Sky, so you can only place it in this row".
    s = new(1, [["S5", "F5", "W5", "V5", "D5"]])
    for x in ("S5", "F5", "W5", "V5", "D5"):
        for r in range(5):
            m = moves.play(c(x), r)
            if r == cards.world(c(x)):
                assert referee.check(s, m) is None
            else:
                assert (
                    referee.check(s, m)
                    == cards.name(c(x)) + " belongs in the " + cards.WORLD_NAMES[cards.world(c(x))] + " row"
                )
    assert all(moves.row(m) == cards.world(moves.card(m)) for m in legal_set(s) if moves.kind(m) == 0)


def test_l10_4_a_pause_may_go_to_any_row():
    s = new(1, [["P", "S1"]], pauses=1)
    for r in "SFWVD":
        assert_legal(s, "P>" + r)


def test_l10_4_the_slot_must_be_empty():
    s = new(1, [["S5", "S6", "P"]], pauses=1)
    play_all(s, ["S5"])
    assert_illegal(s, "S6", "the Sky slot of column 1 is taken")
    assert_illegal(s, "P>S", "the Sky slot of column 1 is taken")
    assert_illegal(s, "R>S", "the Sky slot of column 1 is taken")


def test_l10_4_a_level_number_must_reach_the_value_to_its_left():
    s = new(1, [["S6", "S5", "S7", "F1", "W1", "V1"]])
    play_all(s, ["S6", "F1", "W1", "R>V", "D8"])
    assert rules.row_value(s, S) == 6
    assert_illegal(s, "S5", "Sky 5 is below Sky 6 to its left")
    assert_legal(s, "S7")


def test_l10_4_after_a_play_the_player_draws_the_top_card_while_the_deck_has_cards():
    s = new(2, [["S1", "F1"], ["W1"]], deck=["D7", "D6", "D5"])
    play_all(s, ["S1"])
    assert "D7" in hand_toks(s, 0) and rules.hand_count(s, 0) == 7
    assert deck_toks(s)[:2] == ["D6", "D5"]
    play_all(s, ["W1"])
    assert "D6" in hand_toks(s, 1) and rules.hand_count(s, 1) == 7


def test_l10_4_no_draw_once_the_deck_is_empty():
    s, _ = _deck_empty_position()
    before = rules.hand_count(s, 0)
    play_all(s, ["W7"])
    assert rules.hand_count(s, 0) == before - 1
    assert rules.deck_count(s) == 0


def _after_column_1(hand_extra, deck=()):
    """Solo, column 1 = Sky 3, Forest 3, Swamp 4, Volcano 6, Desert reset
    (the rulebook's placement examples); `hand_extra` stays in hand."""
    s = new(1, [["S3", "F3", "W4", "V6"] + list(hand_extra)], deck=deck)
    play_all(s, ["S3", "F3", "W4", "V6", "R>D"])
    assert rules.column(s) == 1
    return s


def _placement_example(world, left):
    """Every card of `world` not on the grid may go right of `left` exactly
    when its number is at least `left` (here: higher, numbers being unique)."""
    for n in range(1, 9):
        tok = world + str(n)
        if n == left:
            continue
        s = _after_column_1([tok])
        r = "SFWVD".index(world)
        assert rules.row_value(s, r) == left
        if n >= left:
            assert_legal(s, tok)
        else:
            name = cards.WORLD_NAMES[r]
            assert_illegal(s, tok, f"{name} {n} is below {name} {left} to its left")


def test_rulebook_example_any_sky_card_higher_than_3_may_go_here():
    _placement_example("S", 3)


def test_rulebook_example_any_forest_card_higher_than_3_may_go_here():
    _placement_example("F", 3)


def test_rulebook_example_any_swamp_card_higher_than_4_may_go_here():
    _placement_example("W", 4)


def test_rulebook_example_any_volcano_card_higher_than_6_may_go_here():
    _placement_example("V", 6)


def test_rulebook_example_any_desert_card_equal_or_higher_than_0_may_go_after_a_reset():
    for n in range(1, 9):
        s = _after_column_1([f"D{n}"])
        assert rules.row_value(s, D) == 0
        assert_legal(s, f"D{n}")


def test_rulebook_example_this_pause_counts_as_a_sky_2():
    tokens = ["S2", "F1", "W1", "V1", "R>D", "P>S", "F2", "W2", "R>V", "D1"]
    s = scripted(1, tokens, pauses=1, keep={0: ["S1", "S3"]})
    assert rules.cell(s, S, 1) == rules.PAUSE_CELL
    assert rules.row_value(s, S) == 2
    assert_illegal(s, "S1", "Sky 1 is below the pause to its left, which counts as Sky 2")
    assert_legal(s, "S3")


def test_rulebook_example_this_pause_after_a_reset_counts_as_a_swamp_0():
    tokens = (
        ["S1", "F1", "W5", "V1", "R>D"] + ["S2", "F2", "R>W", "V2", "D1"] + ["S3", "F3", "P>W", "R>V", "D2"]
    )
    s = scripted(1, tokens, pauses=1, keep={0: ["W1", "W2"]})
    assert grid_rows(s)[W].split()[:3] == ["W5", "R", "P"]
    assert rules.row_value(s, W) == 0
    assert_legal(s, "W1")
    assert_legal(s, "W2")


# ---------------------------------------------------------------------------
# L10-5 Place a reset (action B)
# ---------------------------------------------------------------------------


def test_l10_5_a_reset_sets_the_row_value_to_0_so_any_card_of_that_world_may_follow():
    tokens = ["S8", "F1", "W1", "V1", "R>D", "R>S", "F2", "W2", "V2", "D1"]
    s = scripted(1, tokens, keep={0: ["S1"]})
    assert rules.row_value(s, S) == 0
    assert_legal(s, "S1")


def test_l10_5_a_reset_needs_its_slot_empty():
    s = new(1, [["S1"]])
    play_all(s, ["S1"])
    assert_illegal(s, "R>S", "the Sky slot of column 1 is taken")


def test_l10_5_a_reset_needs_one_left_in_that_worlds_supply():
    tokens = ["R>S", "F1", "W1", "V1", "D1", "R>S", "F2", "W2", "V2", "D2"]
    s = scripted(1, tokens)
    assert rules.supply(s, S) == 0
    assert_illegal(s, "R>S", "no Sky reset is left")
    assert_legal(s, "R>F")


def test_l10_5_a_reset_needs_no_reset_yet_in_the_column():
    s = new(3, [["F1"], ["W1"], ["V1"]])
    play_all(s, ["0:R>S", "1:W1"])
    assert_illegal(s, "R>V", "column 1 already has its reset")


def test_l10_5_reset_exchange_puts_cards_under_in_named_order():
    hand = ["S1", "S2", "F1", "F2", "W1", "W2", "V1", "V2", "D1", "D2"]
    for first, second in (("S2", "D1"), ("D1", "S2")):
        s = new(1, [hand], deck=["S7", "S8", "F7"])
        rest = deck_toks(s)[2:]
        play_all(s, [f"R>W-{first}-{second}"])
        assert sorted(hand_toks(s)) == sorted([x for x in hand if x not in (first, second)] + ["S7", "S8"])
        assert deck_toks(s) == rest + [first, second]  # the last named is at the very bottom
        assert rules.hand_count(s, 0) == 10


def test_l10_5_reset_exchange_of_one_card():
    s = new(1, [["S1", "S2"]], deck=["V8"])
    rest = deck_toks(s)[1:]
    play_all(s, ["R>W-S2"])
    assert "V8" in hand_toks(s) and "S2" not in hand_toks(s)
    assert deck_toks(s) == rest + ["S2"]


def test_l10_5_reset_exchange_with_one_card_left_draws_the_old_last_card_then_the_first_put_under():
    # Solo Master: 30 cards in the deck; after 29 plays one card is left.
    tokens = layout_moves(FULL_GRID)[:36]  # columns 1-7 and Sky 6 of column 8
    s = scripted(1, tokens, keep={0: ["S7", "F6"]}, undrawn=["D8"])
    assert deck_toks(s) == ["D8"]
    assert rules.column(s) == 7
    play_all(s, ["R>W-S7-F6"])
    assert "D8" in hand_toks(s) and "S7" in hand_toks(s) and "F6" not in hand_toks(s)
    assert deck_toks(s) == ["F6"]
    assert rules.hand_count(s, 0) == 10


def test_l10_5_any_kind_of_card_may_go_under_including_a_pause_and_0_1_or_2_of_them():
    s = new(1, [["S1", "P", "P"]], pauses=3, deck=["D8", "P"])
    got = legal_tokens(s)
    for tok in ("R>F", "R>F-P", "R>F-S1", "R>F-P-P", "R>F-S1-P", "R>F-P-S1"):
        assert tok in got
    play_all(s, ["R>F-P-P"])
    assert hand_toks(s).count("P") == 1 and "D8" in hand_toks(s)
    assert deck_toks(s)[-2:] == ["P", "P"]


def test_l10_5_no_cards_go_under_once_the_deck_is_empty():
    s, _ = _deck_empty_position()
    held = hand_toks(s)[0]
    assert_illegal(s, "R>W-" + held, "cards go under the deck only while it has cards")
    assert_legal(s, "R>W")
    assert [t for t in legal_tokens(s) if t.startswith("R>")] == ["R>D", "R>W"]


def test_l10_5_cards_put_under_must_be_held():
    s = new(1, [["S1", "S3", "P", "F1", "F2", "F3", "F4", "F5", "F6", "F7"]], pauses=1)
    assert_illegal(s, "R>S-S4", "you hold no Sky 4")
    assert_illegal(s, "R>S-S3-S3", "you hold only one Sky 3")
    assert_illegal(s, "R>S-P-P", "you hold only one pause")
    assert_illegal(s, "R>S-S1-S4", "you hold no Sky 4")


# ---------------------------------------------------------------------------
# L10-6 Deck empty: bury under a pause
# ---------------------------------------------------------------------------


def _deck_empty_position():
    tokens = layout_moves(FULL_GRID, BURY_ORDERS)
    s = scripted(1, tokens[:38], pauses=1, keep={0: ["P"]})
    assert rules.deck_count(s) == 0 and rules.hand_count(s, 0) == 10
    return s, tokens


def test_l10_6_with_the_deck_empty_a_pause_may_bury_one_card_of_its_rows_world():
    s, _ = _deck_empty_position()
    assert sorted(hand_toks(s)) == sorted(["P", "S7", "S8", "F7", "F8", "W7", "W8", "V8", "D7", "D8"])
    pause_moves = [t for t in legal_tokens(s) if t.startswith("P>")]
    assert pause_moves == ["P>D", "P>D+D7", "P>D+D8", "P>W", "P>W+W7", "P>W+W8"]
    play_all(s, ["P>D+D7"])
    assert rules.cell(s, D, 7) == rules.PAUSE_CELL + 1 + c("D7")
    assert "D7" not in hand_toks(s) and rules.hand_count(s, 0) == 8  # no draw
    assert rules.row_value(s, D) == 6  # the pause counts as the Desert 6 to its left
    assert rules.tally(s)[0] == 32  # 31 in slots + the buried Desert 7


def test_l10_6_only_a_card_of_that_rows_world_can_be_buried():
    s, _ = _deck_empty_position()
    assert_illegal(s, "P>D+S7", "only a Desert card can be buried under a pause in the Desert row")
    assert_illegal(s, "P>W+D7", "only a Swamp card can be buried under a pause in the Swamp row")
    assert_illegal(s, moves.play(cards.PAUSE, W, cards.PAUSE))


def test_l10_6_no_burying_while_the_deck_has_cards():
    s = new(1, [["P", "W3", "S1"]], pauses=1)
    assert_illegal(s, "P>W+W3", "a card can be buried under a pause only once the deck is empty")
    assert_legal(s, "P>W")
    assert all(moves.extra(m) == NONE for m in legal_set(s) if moves.kind(m) == moves.PLAY)


def test_l10_6_at_most_one_card_per_pause_and_only_a_level_card():
    with pytest.raises(ValueError):
        notation.parse("P>D+D7+D8")
    with pytest.raises(ValueError):
        notation.parse("P>D+P")
    s, _ = _deck_empty_position()
    for m in legal_set(s):
        if moves.kind(m) == moves.PLAY and moves.card(m) != cards.PAUSE:
            assert moves.extra(m) == NONE  # a level card never takes a card under it
    assert_illegal(s, moves.play(c("D8"), D, c("D7")), "only a pause can have a card buried under it")


def test_l10_6_a_buried_card_counts_as_placed_for_winning_and_scoring():
    s, tokens = _deck_empty_position()
    rest = [t for t in tokens[38:] if t != "D7"]
    play_all(s, ["P>D+D7"] + rest)
    assert rules.moves_played(s) == 50
    assert rules.status(s) == rules.WON
    assert rules.score_parts(s) == (40, 10, 0, 0, 50)


def test_l10_6_burying_is_optional():
    s, _tokens = _deck_empty_position()
    assert_legal(s, "P>D")
    play_all(s, ["P>D"])
    assert rules.cell(s, D, 7) == rules.PAUSE_CELL
    assert "D7" in hand_toks(s)


# ---------------------------------------------------------------------------
# L10-7 Winning
# ---------------------------------------------------------------------------


def test_l10_7_the_team_wins_when_all_40_level_cards_and_10_resets_are_placed():
    for players, pauses in ((1, 0), (2, 3), (3, 3), (4, 3)):
        s = scripted(players, layout_moves(FULL_GRID), pauses=pauses)
        assert rules.status(s) == rules.WON
        assert rules.tally(s) == (40, 10, 0)
        assert rules.to_move(s) == rules.NO_SEAT
        assert rules.legal_moves(s, [0] * rules.MAX_MOVES) == 0
        assert referee.check(s, move("R>S")) == "the game is over"


def test_l10_7_a_pause_placed_while_the_deck_has_cards_makes_a_full_win_impossible_but_play_goes_on():
    tokens = layout_moves(PAUSE_FIRST_GRID)
    deck, seated = script_deck(1, tokens, pauses=1, keep={0: ["S8"]})
    s = rules.new_state(1, 1, deck)
    assert rules.deck_count(s) > 0
    play_all(s, seated[:1])
    assert rules.cell(s, S, 0) == rules.PAUSE_CELL
    assert rules.status(s) == rules.PLAYING  # the game goes on
    play_all(s, seated[1:])
    assert rules.moves_played(s) == 50
    assert hand_toks(s) == ["S8"]
    assert rules.status(s) == rules.LOST  # grid full, yet not a full win
    assert rules.score_parts(s) == (39, 10, 0, 0, 49)  # and it still scores


def test_l10_7_a_later_burying_pause_does_not_undo_an_early_pause():
    # 50 slots for 40 level cards and 10 resets: a pause that buried nothing
    # leaves one level card without a slot for good.
    grid = (
        "P  R  S1 S2 S3 S4 R  S5 S6 P+S7",
        "F1 F2 R  F3 F4 F5 F6 R  F7 F8",
        "W1 W2 W3 R  W4 W5 W6 W7 R  W8",
        "V1 V2 V3 V4 R  V5 V6 V7 V8 R",
        "R  D1 D2 D3 D4 R  D5 D6 D7 D8",
    )
    s = scripted(1, layout_moves(grid), pauses=2, keep={0: ["S8"]})
    assert rules.cell(s, S, 9) == rules.PAUSE_CELL + 1 + c("S7")
    assert rules.status(s) == rules.LOST
    assert rules.score_parts(s) == (39, 10, 0, 0, 49)


# ---------------------------------------------------------------------------
# L10-8 Losing, skipping, the end of the game
# ---------------------------------------------------------------------------


def test_rulebook_example_andrea_holds_only_forest_6_after_forest_8_with_both_resets_used_and_all_lose():
    andrea = 1  # the second player; the first has played out their hand
    tokens = layout_moves(ANDREA_GRID)
    deck, seated = script_deck(2, tokens, keep={andrea: ["F6"]})
    s = rules.new_state(2, 0, deck)
    play_all(s, seated[:-1])
    assert rules.status(s) == rules.PLAYING
    play_all(s, seated[-1:])  # the Desert reset of column 10; now Andrea is on turn
    assert hand_toks(s, andrea) == ["F6"]
    assert rules.supply(s, F) == 0 and rules.row_value(s, F) == 8
    assert rules.status(s) == rules.LOST  # at once
    assert rules.stuck_seat(s) == andrea
    assert rules.to_move(s) == rules.NO_SEAT
    assert rules.score_parts(s) == (39, 10, 0, 0, 49)


def test_rulebook_example_andrea_with_a_pause_at_a_lower_difficulty_could_still_play():
    tokens = layout_moves(ANDREA_GRID)
    s = scripted(1, tokens, pauses=1, keep={0: ["F6", "P"]})
    assert rules.status(s) == rules.PLAYING
    got = legal_tokens(s)
    assert got == ["P>F", "P>F+F6"]
    play_all(s, ["P>F+F6"])
    assert rules.status(s) == rules.WON


def test_l10_8_a_player_holding_cards_with_no_legal_action_loses_at_once():
    # Column 1: Sky reset, Forest 8, Swamp 8, Volcano 8; the player holds no
    # Desert card and no pause, and the column already has its reset.
    s = new(1, [["F8", "W8", "V8", "S1", "S2", "S3", "S4", "S5", "S6", "S7"]], deck=["F1", "F2", "F3"])
    play_all(s, ["R>S", "F8", "W8"])
    assert rules.status(s) == rules.PLAYING
    play_all(s, ["V8"])
    assert rules.status(s) == rules.LOST
    assert rules.stuck_seat(s) == 0
    assert rules.legal_moves(s, [0] * rules.MAX_MOVES) == 0


def _empty_hand_game():
    return script_deck(2, empty_hand_tokens())


def test_l10_8_an_empty_handed_player_may_still_place_a_reset():
    deck, seated = _empty_hand_game()
    s = rules.new_state(2, 0, deck)
    play_all(s, seated[:46])
    assert rules.to_move(s) == 0 and rules.hand_count(s, 0) == 0
    assert legal_tokens(s) == ["R>D"]  # action B needs no hand card
    play_all(s, ["R>D"])
    assert rules.to_move(s) == 1


def test_l10_8_an_empty_handed_player_who_cannot_place_a_reset_is_skipped():
    deck, seated = _empty_hand_game()
    s = rules.new_state(2, 0, deck)
    play_all(s, seated[:48])  # column 10 has its reset now
    assert rules.hand_count(s, 0) == 0
    assert rules.to_move(s) == 1  # seat 0 was skipped
    play_all(s, seated[48:])
    assert rules.status(s) == rules.WON


def test_l10_8_when_no_player_can_act_because_the_grid_is_full_the_game_ends_won_or_lost_by_l10_7():
    won = scripted(3, layout_moves(FULL_GRID), pauses=3)
    assert rules.moves_played(won) == 50 and rules.status(won) == rules.WON
    assert any(rules.hand_count(won, seat) for seat in range(3))  # pauses left in hands do not matter
    lost = scripted(1, layout_moves(PAUSE_FIRST_GRID), pauses=1, keep={0: ["S8"]})
    assert rules.moves_played(lost) == 50 and rules.status(lost) == rules.LOST


# ---------------------------------------------------------------------------
# L10-9 Score
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("pauses,bonus", [(0, 0), (1, 5), (2, 20), (3, 40)])
def test_l10_9_score_of_a_lost_game_is_cards_placed_plus_5_20_40_for_unused_pauses(pauses, bonus):
    s = new(
        1,
        [["F8", "W8", "V8", "S1", "S2", "S3", "S4", "S5", "S6", "S7"]],
        deck=["F1", "F2", "F3"],
        pauses=pauses,
    )
    play_all(s, ["R>S", "F8", "W8", "V8"])
    assert rules.status(s) == rules.LOST
    assert rules.deck(s).count(cards.PAUSE) == pauses  # never placed: still in the deck
    assert rules.score_parts(s) == (3, 1, pauses, bonus, 4 + bonus)


@pytest.mark.parametrize("pauses,bonus", [(0, 0), (1, 10), (2, 30), (3, 50)])
def test_l10_9_score_of_a_full_win_is_50_plus_10_30_50_for_unused_pauses(pauses, bonus):
    s = scripted(1, layout_moves(FULL_GRID), pauses=pauses)
    assert rules.status(s) == rules.WON
    assert rules.score_parts(s) == (40, 10, pauses, bonus, 50 + bonus)


def test_l10_9_a_full_win_with_3_unused_pauses_scores_the_maximum_100():
    for players in (1, 2, 3, 4):
        s = scripted(players, layout_moves(FULL_GRID), pauses=3)
        assert rules.status(s) == rules.WON
        assert rules.score(s) == 100


def test_l10_9_a_lost_game_uses_the_lower_bonus_even_with_a_full_grid():
    # One pause played early (no full win possible), one never placed: +5.
    s = scripted(1, layout_moves(PAUSE_FIRST_GRID), pauses=2, keep={0: ["S8", "P"]})
    assert rules.status(s) == rules.LOST
    assert sorted(hand_toks(s)) == ["P", "S8"]
    assert rules.score_parts(s) == (39, 10, 1, 5, 54)


def test_l10_9_placed_pauses_are_not_unused():
    s = new(1, [["P", "S1"]], pauses=2)
    assert rules.score_parts(s)[2:4] == (2, 20)
    play_all(s, ["P>S"])
    assert rules.score_parts(s)[2:4] == (1, 5)


# ---------------------------------------------------------------------------
# L10-10 Five players
# ---------------------------------------------------------------------------


def test_l10_10_five_players_whoever_completes_a_column_plays_again_starting_the_next():
    tokens = layout_moves(FULL_GRID, five_player_orders())
    deck, _ = script_deck(5, tokens)
    s = rules.new_state(5, 0, deck)
    seen = []
    for i, tok in enumerate(tokens):
        seat = rules.to_move(s)
        seen.append(seat)
        referee.play(s, move(tok))
        done = i + 1
        if done % 5 == 0 and done < 50:
            assert rules.to_move(s) == seat, f"the seat completing column {done // 5} plays again"
            assert rules.column(s) == done // 5
    # the last and first player rotate: column c is started by seat (5 - c) % 5
    assert seen == [((j % 5) - (j // 5)) % 5 for j in range(50)]
    assert rules.status(s) == rules.WON


def test_l10_10_no_extra_turn_after_the_last_column():
    tokens = layout_moves(FULL_GRID, five_player_orders())
    s = scripted(5, tokens)
    assert rules.moves_played(s) == 50
    assert rules.to_move(s) == rules.NO_SEAT
    assert rules.status(s) == rules.WON


def test_l10_10_the_extra_turn_is_only_for_five_players():
    for players in (2, 3, 4):
        s = rules.new_state(players, 3, seeded_deck(8, 3))
        for i in range(5):
            seat = rules.to_move(s)
            referee.play(s, legal_set(s)[0])
        assert rules.column(s) == 1
        assert rules.to_move(s) == (seat + 1) % players


def test_l10_10_completing_a_column_with_the_reset_also_earns_the_extra_turn():
    s = new(5, [["S1"], ["F1"], ["W1"], ["V1"], ["D1", "D2"]])
    play_all(s, ["0:S1", "1:F1", "2:W1", "3:V1", "4:R>D", "4:D1"])
    assert rules.to_move(s) == 0


# ---------------------------------------------------------------------------
# L10-11 Talk: what the engine tells a player depends only on what they may know
# ---------------------------------------------------------------------------


def _all_answers(s):
    return legal_tokens(s), [referee.check(s, m) for m in range(0, 0x10000, 7)]


def test_l10_11_legal_moves_and_reasons_do_not_depend_on_other_hands_or_the_deck_order():
    rng = random.Random(4)
    for players in (2, 3, 5):
        for start in range(players):
            base = list(seeded_deck(31 + players + start, 2))
            size = rules.HAND_SIZES[players - 1]
            mine = [base[i] for i in range(start, players * size, players)]
            answers = None
            for _ in range(3):
                hidden = list(base)
                for x in mine:
                    hidden.remove(x)
                rng.shuffle(hidden)
                deck = []
                for i in range(len(base)):
                    if i < players * size and i % players == start:
                        deck.append(mine[i // players])
                    else:
                        deck.append(hidden.pop())
                s = rules.new_state(players, 2, deck, start)
                assert rules.hand(s, start) == bytes(sorted(mine))
                got = _all_answers(s)
                if answers is None:
                    answers = got
                assert got == answers


_NAMED = re.compile(r"(Sky|Forest|Swamp|Volcano|Desert) (\d)")


def test_l10_11_reasons_name_no_card_the_player_cannot_see():
    s = new(3, [["S5", "F1", "P", "W2", "S1"], ["F2", "S4"], ["W1", "S7"]], pauses=1)
    play_all(s, ["0:S5", "1:F2", "2:W1"])  # seat 0 holds no Sky 4 and Sky 7; others do
    for m in range(0, 0x10000, 3):
        why = referee.check(s, m)
        if not why:
            continue
        visible = {cards.name(x) for x in (moves.card(m), moves.extra(m)) if x <= cards.PAUSE}
        for r in range(5):
            visible.add(cards.WORLD_NAMES[r] + " " + str(rules.row_value(s, r)))
            for col in range(10):
                v = rules.cell(s, r, col)
                if 1 <= v <= 40:
                    visible.add(cards.name(v - 1))
        for world, n in _NAMED.findall(why):
            assert world + " " + n in visible, why


# ---------------------------------------------------------------------------
# check: a reason a player can read for every kind of illegal move
# ---------------------------------------------------------------------------


def _start():
    return new(1, [["S5", "S6", "S3", "F1", "W3", "W5", "V1", "D1", "D2", "P"]], pauses=1, deck=["F8", "W8"])


def _no_pause():
    return new(1, [["S5", "S6", "S3", "F1", "W3", "W5", "V1", "D1", "D2", "D3"]])


def _sky_6_then_column_2():
    s = _start()
    play_all(s, ["S6", "F1", "W3", "R>V", "D1"])
    return s


def _four_in_column_1():
    s = _start()
    play_all(s, ["S6", "F1", "W3", "D1"])
    return s


def _sky_2_then_pause():
    return scripted(
        1, ["S2", "F1", "W1", "V1", "R>D", "P>S", "F2", "W2", "R>V", "D1"], pauses=1, keep={0: ["S1"]}
    )


def _two_sky_resets():
    return scripted(1, ["R>S", "F1", "W1", "V1", "D1", "R>S", "F2", "W2", "V2", "D2"])


def _lost():
    s = new(1, [["F8", "W8", "V8", "S1", "S2", "S3", "S4", "S5", "S6", "S7"]], deck=["F1", "F2", "F3"])
    play_all(s, ["R>S", "F8", "W8", "V8"])
    return s


def _reset_placed():
    s = _start()
    play_all(s, ["R>S"])
    return s


def _deck_empty():
    return _deck_empty_position()[0]


REASONS = [
    (_start, "S4", "you hold no Sky 4"),
    (_no_pause, "P>S", "you hold no pause"),
    (_start, moves.play(c("S5"), F), "Sky 5 belongs in the Sky row"),
    (_start, moves.play(c("S5"), S, c("S6")), "only a pause can have a card buried under it"),
    (_start, "P>W+W3", "a card can be buried under a pause only once the deck is empty"),
    (_sky_6_then_column_2, "S5", "Sky 5 is below Sky 6 to its left"),
    (_sky_2_then_pause, "S1", "Sky 1 is below the pause to its left, which counts as Sky 2"),
    (_reset_placed, "P>S", "the Sky slot of column 1 is taken"),
    (_four_in_column_1, "V1", "column 1 holds four cards already: it needs its reset"),
    (_reset_placed, "R>F", "column 1 already has its reset"),
    (_two_sky_resets, "R>S", "no Sky reset is left"),
    (_deck_empty, "R>W-S7", "cards go under the deck only while it has cards"),
    (_deck_empty, "P>W+S7", "only a Swamp card can be buried under a pause in the Swamp row"),
    (_deck_empty, "P>W+W3", "you hold no Swamp 3"),
    (_start, "R>W-S4", "you hold no Sky 4"),
    (_start, "R>W-S3-S3", "you hold only one Sky 3"),
    (_start, "R>W-P-P", "you hold only one pause"),
    (_lost, "R>D", "the game is over"),
    (_start, moves.reset(S, NONE, c("S3")), "not a move"),
    (_start, moves.play(c("S3"), 5), "not a move"),
    (_start, moves.play(cards.PAUSE), "not a move"),  # a pause without a row
    (_start, moves.play(NONE, S), "not a move"),
    (_start, moves.play(c("S3"), S, 45), "not a move"),
    (_start, 0x10000, "not a move"),
]


@pytest.mark.parametrize("build,m,why", REASONS, ids=[w + " (" + str(m) + ")" for _, m, w in REASONS])
def test_check_gives_a_player_readable_reason_for_each_kind_of_illegal_move(build, m, why):
    s = build()
    m = move(m) if isinstance(m, str) else m
    assert referee.check(s, m) == why
    before = bytes(s)
    with pytest.raises(rules.IllegalMove, match="^" + re.escape(why) + "$"):
        referee.play(s, m)
    assert bytes(s) == before  # an illegal move changes nothing


def test_check_and_legal_moves_agree_on_every_possible_move_in_sample_positions():
    positions = [_start(), _sky_6_then_column_2(), _four_in_column_1(), _sky_2_then_pause(), _deck_empty()]
    positions.append(_empty_hand_position())
    for s in positions:
        legal = set(legal_set(s))
        assert len(legal) == len(legal_set(s))  # no duplicates
        for m in range(0x10000):
            assert (referee.check(s, m) is None) == (m in legal), hex(m)


def _empty_hand_position():
    deck, seated = _empty_hand_game()
    s = rules.new_state(2, 0, deck)
    play_all(s, seated[:46])
    return s


def test_game_undo_and_encode_round_trip_on_a_scripted_game():
    tokens = layout_moves(FULL_GRID)
    deck, _ = script_deck(1, tokens, pauses=2)
    g = Game(players=1, pauses=2, deck=deck)
    states = [g.encode()]
    for tok in tokens:
        g.apply(move(tok))
        states.append(g.encode())
        assert Game.decode(g.encode()).encode() == g.encode()
    assert g.status() == rules.WON and g.score() == 80
    for i in range(50, 0, -1):
        assert g.undo()
        assert g.encode() == states[i - 1]
    assert not g.undo()


def test_build_deck_helper_deals_exactly_the_named_hands():
    deck = build_deck(3, [["S1", "S2"], ["P"], ["D8"]], deck=["F4", "W2"], pauses=2)
    s = rules.new_state(3, 2, deck)
    assert {"S1", "S2"} <= set(hand_toks(s, 0))
    assert "P" in hand_toks(s, 1) and "D8" in hand_toks(s, 2)
    assert deck_toks(s)[:2] == ["F4", "W2"]
