"""The Level 8 family's engine: cards and decks (ruling L8-1, LB-1), levels as data (L8-2,
LB-5), runs, sets and colour groups with wilds (L8-3, LB-6), whole levels and extending a
laid combination (L8-4). The property tests compare `combos` with a brute-force reference
that tries every value for every free wild; the parity test runs `combos` under the real
MicroPython and compares its answers with CPython's.
"""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from l8helpers import number_card
from level8 import cards, combos, levels, notation, sides
from level8.levels import COLOUR, RUN, SET

from host_sim.level8 import extend_cards
from tools import micropython as mpy

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def g(text):
    return [notation.parse_card(t) for t in text.split()]


def toks(codes):
    return None if codes is None else " ".join(cards.token(c) for c in codes)


# -- cards and decks ------------------------------------------------------------


def test_l8_1_level8_deck_is_90_numbers_6_wilds_3_skips():
    d = cards.deck(cards.LEVEL8)
    assert len(d) == 99
    assert sorted(d[:90]) == list(range(90))
    assert d.count(cards.WILD) == 6 and d.count(cards.SKIP) == 3


def test_l8_1_levelup_deck_is_90_numbers_5_jokers_3_skips():
    d = cards.deck(cards.LEVELUP)
    assert len(d) == 98
    assert d.count(cards.WILD) == 5 and d.count(cards.SKIP) == 3


def test_lb_1_board_game_deals_only_the_90_number_cards_and_keeps_8_jokers_apart():
    d = cards.deck(cards.BOARD)
    assert sorted(d) == list(range(90))
    assert cards.WILDS[cards.BOARD] == 8 and cards._SKIPS[cards.BOARD] == 0


def test_each_number_card_is_one_colour_and_number_and_its_token_parses_back():
    pairs = set()
    for c in range(cards.N_NUMBER_CARDS):
        pairs.add((cards.colour(c), cards.number(c)))
        assert notation.parse_card(cards.token(c)) == c
        assert notation.parse_card(cards.token(c).lower()) == c
    assert pairs == {(col, n) for col in range(6) for n in range(1, 16)}


@pytest.mark.parametrize("tok,code", [
    ("R7", number_card(0, 7)), ("o15", number_card(1, 15)), ("V1", number_card(5, 1)),
    ("W", cards.WILD), ("w", cards.WILD), ("S", cards.SKIP), ("W=7", cards.wild_as_number(7)),
    ("w=15", cards.wild_as_number(15)), ("W=r", cards.wild_as_colour(0)), ("W=V", cards.wild_as_colour(5)),
])
def test_spec_tokens_parse_case_insensitively(tok, code):
    assert notation.parse_card(tok) == code
    assert cards.token(code) == tok.upper()


@pytest.mark.parametrize("tok", ["R0", "R16", "R07", "X7", "7R", "RR", "W=0", "W=16", "W=X", "W=", "W7", "SS", "", "R-1", "\u017f", "W=\u017f"])
def test_other_tokens_are_refused_with_a_reason(tok):
    with pytest.raises(ValueError, match="."):
        notation.parse_card(tok)


# -- levels as data ---------------------------------------------------------------

# Transcribed from the rulebooks' wording (run n / set n / colour n).
CARD_LEVELS = ["run3 run3", "set2 set2 set2 set2", "run3 colour4", "run6 set2", "run7", "set2 set3 set3",
               "set3 colour5", "set2 set3 set4"]
BOARD_ONE = ["set3 run3", "set2 set2 set3", "run4 colour4", "run8", "set3 colour5", "run9", "set4 colour5",
             "set4 set4"]
BOARD_TWO = ["set3 run5", "set2 set3 set3", "set3 colour5", "run9", "set3 colour3", "set2 colour3 colour3",
             "set3 set5", "set4 set5"]


def spelled(reqs):
    return " ".join(levels.KIND_NAMES[k] + str(n) for k, n in reqs)


@pytest.mark.parametrize("game", [cards.LEVEL8, cards.LEVELUP])
def test_l8_2_card_games_one_star_levels(game):
    assert [spelled(sides.level(game, 1, n)) for n in range(1, 9)] == CARD_LEVELS


def test_lb_5_board_game_both_sides():
    assert [spelled(sides.level(cards.BOARD, 1, n)) for n in range(1, 9)] == BOARD_ONE
    assert [spelled(sides.level(cards.BOARD, 2, n)) for n in range(1, 9)] == BOARD_TWO


@pytest.mark.parametrize("game", [cards.LEVEL8, cards.LEVELUP])
def test_l8_2_card_games_have_no_two_star_side(game):
    with pytest.raises(ValueError, match="two-star"):
        sides.level(game, 2, 1)


@pytest.mark.parametrize("n", [0, 9, -1])
def test_levels_outside_1_to_8_are_refused(n):
    with pytest.raises(ValueError):
        sides.level(cards.LEVEL8, 1, n)


def test_requirements_read_as_a_player_says_them():
    assert sides.describe_level(sides.level(cards.LEVEL8, 1, 8)) == "a pair + a triple + a quadruple"
    assert sides.describe_level(sides.level(cards.LEVEL8, 1, 3)) == "a run of 3 + 4 cards of one colour"
    assert sides.describe((SET, 5)) == "a set of 5"


# -- one combination (L8-3) -----------------------------------------------------------


@pytest.mark.parametrize("group,kind,size,expected", [
    ("R4 O5 W", RUN, 3, "R4 O5 W=6"),  # the spec's example: a free wild goes above
    ("R4 W O6", RUN, 3, "R4 W=5 O6"),  # fills the gap first
    ("R14 O15 W", RUN, 3, "R14 O15 W=13"),  # no room above 15, so below
    ("W R1 O2", RUN, 3, "W=3 R1 O2"),
    ("G9 G7 G8 B10", RUN, 3, "G9 G7 G8 B10"),  # more cards than needed, any order
    ("W W W", RUN, 3, "W=1 W=2 W=3"),  # wilds only meet any requirement of their size
    ("W W", SET, 2, "W=1 W=1"),
    ("W W W W", COLOUR, 4, "W=R W=R W=R W=R"),
    ("R5 O5 W", SET, 3, "R5 O5 W=5"),
    ("R5 O5 W=5", SET, 3, "R5 O5 W=5"),
    ("B1 B9 W", COLOUR, 3, "B1 B9 W=B"),
    ("B1 B9 W=B", COLOUR, 3, "B1 B9 W=B"),
    ("R1 R2 R3 R4 R5 R6 R7 O8 O9 O10 O11 O12 O13 O14 W", RUN, 15, "R1 R2 R3 R4 R5 R6 R7 O8 O9 O10 O11 O12 O13 O14 W=15"),
])
def test_l8_3_groups_that_meet_with_wild_values_chosen(group, kind, size, expected):
    assert toks(combos.resolve(g(group), kind, size)) == expected
    assert combos.meets(g(group), kind, size)
    assert combos.why_not(g(group), kind, size) is None


def test_lb_6_a_full_six_of_a_kind_still_takes_jokers():
    assert toks(combos.resolve(g("R11 O11 Y11 G11 B11 V11 W W"), SET, 4)) == "R11 O11 Y11 G11 B11 V11 W=11 W=11"


@pytest.mark.parametrize("group,kind,size,reason", [
    ("R4 O5", RUN, 3, "at least 3 cards"),
    ("R14 O15 W=1", RUN, 3, "too far apart"),  # no wrap from 15 to 1 (L8-3)
    ("R15 W R1", RUN, 3, "too far apart"),
    ("R4 O4 Y5", RUN, 3, "twice"),
    ("R4 O6 W=5 W=R", RUN, 3, "W=R stands for a colour"),
    ("R4 O5 S", RUN, 3, "Skip"),
    ("R4 O5 W=7", RUN, 3, "too far apart"),  # a wild with a value keeps it
    ("R4 O4 W=5", SET, 3, "one number"),
    ("R4 O5", SET, 2, "one number"),
    ("R4 O4 W=R", SET, 3, "W=R stands for a colour"),
    ("R4 R9 O1 R2", COLOUR, 4, "one colour"),
    ("R4 R9 W=O", COLOUR, 3, "one colour"),
    ("R4 R9 W=3", COLOUR, 3, "W=3 stands for a number"),
    ("W W S", SET, 3, "Skip"),
])
def test_l8_3_groups_that_do_not_meet_say_why(group, kind, size, reason):
    assert combos.resolve(g(group), kind, size) is None
    assert not combos.meets(g(group), kind, size)
    assert reason in combos.why_not(g(group), kind, size)


# -- whole levels (L8-4: the whole level, never more) ---------------------------------


def test_l8_3_sets_in_one_level_may_share_a_number():
    groups = [g("R6 O6"), g("Y6 G6 B6"), g("V6 W W")]
    assert combos.match_level(groups, sides.level(cards.LEVEL8, 1, 6)) is not None


def test_groups_are_matched_to_requirements_in_any_order():
    reqs = sides.level(cards.LEVEL8, 1, 8)  # pair, triple, quadruple
    groups = [g("R1 O1 Y1 G1"), g("R2 O2"), g("R3 O3 Y3")]
    assert combos.match_level(groups, reqs) == [2, 0, 1]


def test_a_group_of_wilds_goes_where_the_others_leave_room():
    reqs = sides.level(cards.LEVEL8, 1, 3)  # run of 3, 4 of one colour
    assert combos.match_level([g("W W W W"), g("R5 O6 Y7")], reqs) == [1, 0]


def test_l8_4_fewer_or_more_groups_than_the_level_is_not_a_layout():
    reqs = sides.level(cards.LEVEL8, 1, 1)
    assert combos.match_level([g("R1 R2 R3")], reqs) is None
    assert "2 groups, not 1" in combos.level_problem([g("R1 R2 R3")], reqs)
    three = [g("R1 R2 R3"), g("O1 O2 O3"), g("Y1 Y2 Y3")]
    assert "2 groups, not 3" in combos.level_problem(three, reqs)
    run7 = sides.level(cards.LEVEL8, 1, 5)
    assert "a run of 7: 1 group, not 2" in combos.level_problem([g("R1 R2 R3 R4 R5 R6 R7"), g("B1 B2 B3")], run7)


def test_a_level_problem_names_the_group_that_fits_nothing():
    reqs = sides.level(cards.LEVEL8, 1, 3)
    why = combos.level_problem([g("R1 R2 R3"), g("R5 O6")], reqs)
    assert why.startswith("group 2 (R5 O6) fits no part")


def test_a_level_problem_when_two_groups_want_the_same_part():
    reqs = sides.level(cards.LEVEL8, 1, 4)  # run of 6 + pair
    why = combos.level_problem([g("R1 O1"), g("Y2 G2")], reqs)
    assert why == "the groups cannot each take a different part of a run of 6 + a pair"


# -- extending a laid combination (L8-4) ----------------------------------------------


@pytest.mark.parametrize("kind,group,added,expected", [
    (RUN, "R4 O5 Y6", "G7 G3 B8 W", "R4 O5 Y6 G7 G3 B8 W=9"),
    (RUN, "R5 W", "R3", "R5 W=4 R3"),  # the laid wild's value may be any consistent one
    (RUN, "R5 W", "R7", "R5 W=6 R7"),
    (SET, "R8 O8 Y8", "G8 W", "R8 O8 Y8 G8 W=8"),
    (SET, "W W", "B12", "W=12 W=12 B12"),
    (COLOUR, "R1 R9 R4 W", "R2 W=R", "R1 R9 R4 W=R R2 W=R"),
    (SET, "R11 O11 Y11 G11 B11 V11", "W", "R11 O11 Y11 G11 B11 V11 W=11"),  # LB-6
    (RUN, "W W", "R5", "W=3 W=4 R5"),  # the laid wilds below the card, as check values them
    (RUN, "W W", "R7 W R9", "W=5 W=6 R7 W=8 R9"),  # one value a wild for the whole call
])
def test_l8_4_cards_that_extend(kind, group, added, expected):
    out, why = extend_cards(kind, g(group), g(added))
    assert why is None
    assert toks(out) == expected


@pytest.mark.parametrize("kind,group,added,kept,reason", [
    (RUN, "R4 O5 Y6", "G5", "R4 O5 Y6", "already has a 5"),
    (RUN, "R4 O5 Y6", "G9", "R4 O5 Y6", "either end"),
    (RUN, "R4 O5 Y6", "G7 G9", "R4 O5 Y6 G7", "either end"),  # one at a time, in order
    (RUN, "R4 O5 W", "W=R", "R4 O5 W=6", "colour"),
    (RUN, "W R15", "R14", "W=14 R15", "either end"),  # only between the wild and 15: not an end
    (RUN, "R1 W", "O2", "R1 W=2", "either end"),
    # a laid "W W" and R5 are 3 4 5 or 5 6 7: R7 is at neither end of either
    (RUN, "W W", "R5 R7", "W=3 W=4 R5", "R7 does not fit at either end"),
    (RUN, "W W W", "R5 R7", "W=2 W=3 W=4 R5", "R7 does not fit at either end"),
    (RUN, " ".join("R%d" % n for n in range(1, 16)), "W", " ".join("R%d" % n for n in range(1, 16)), "no room"),
    (SET, "R8 O8", "G9", "R8 O8", "not the number"),
    (SET, "R8 O8", "S", "R8 O8", "Skip"),
    (COLOUR, "R1 R9", "O2", "R1 R9", "not the colour"),
    (COLOUR, "R1 R9", "W=3", "R1 R9", "stands for a number"),
])
def test_l8_4_cards_that_do_not_extend_say_why(kind, group, added, kept, reason):
    out, why = extend_cards(kind, g(group), g(added))
    assert reason in why
    assert toks(out) == kept


def test_extend_refuses_a_laid_group_that_is_not_its_kind():
    out, why = extend_cards(RUN, g("R1 R3"), g("R4"))
    assert out is None and "not a run" in why


# -- the reference model: every value for every free wild -------------------------------

NUMBER_VALUES = [cards.wild_as_number(n) for n in range(1, 16)]
COLOUR_VALUES = [cards.wild_as_colour(c) for c in range(6)]


def ref_valid(valued, kind, size):
    """Cards with no free wild: at least `size` of them, and of `kind` (a Skip never is)."""
    if len(valued) < size or not valued or cards.SKIP in valued:
        return False
    if kind == COLOUR:
        cols = [cards.colour(c) for c in valued]
        return -1 not in cols and len(set(cols)) == 1
    nums = [cards.number(c) for c in valued]
    if 0 in nums:
        return False
    if kind == SET:
        return len(set(nums)) == 1
    return len(set(nums)) == len(nums) and max(nums) - min(nums) + 1 == len(nums)


def assignments(group):
    """Every way to give each free wild a value (a number for runs and sets, a colour for a
    colour group would be enough, but both are tried)."""
    free = [i for i, c in enumerate(group) if c == cards.WILD]
    for values in itertools.product(NUMBER_VALUES + COLOUR_VALUES, repeat=len(free)):
        out = list(group)
        for i, v in zip(free, values):
            out[i] = v
        yield out


def ref_meets(group, kind, size):
    return any(ref_valid(a, kind, size) for a in assignments(group))


def ref_fits(kind, valued, n):
    """How many of the cards after the first `n` of `valued` (no free wild) go on in turn:
    each makes a valid combination with those before it, at an end when it is a run."""
    k = 0
    while n + k < len(valued):
        a = valued[: n + k + 1]
        if not ref_valid(a, kind, 1):
            break
        nums = [cards.number(c) for c in a]
        if kind == RUN and nums[-1] not in (min(nums), max(nums)):
            break
        k += 1
    return k


def ref_extend(kind, group, added):
    """How many of `added` go on the laid `group` in turn, for the best values of all the
    free wilds, one value each for the whole call."""
    return max(
        (ref_fits(kind, a, len(group)) for a in assignments(group + added) if ref_valid(a[: len(group)], kind, 1)),
        default=0,
    )


def keeps_fixed_cards(group, out):
    return len(out) == len(group) and all(c == cards.WILD or c == o for c, o in zip(group, out))


@st.composite
def groups(draw, max_free=3):
    """Number cards near one number or of one colour (so that they often form something),
    free wilds, wilds with values and now and then a Skip."""
    centre = draw(st.integers(1, 15))
    numbers = st.integers(max(1, centre - 3), min(15, centre + 3))
    one_colour = draw(st.integers(0, 5))
    colours = draw(st.sampled_from([st.just(one_colour), st.integers(0, 5)]))
    numbered = draw(st.lists(st.builds(number_card, colours, numbers), max_size=6, unique=True))
    free = [cards.WILD] * draw(st.integers(0, max_free))
    valued = draw(st.lists(st.sampled_from(NUMBER_VALUES[max(0, centre - 3):centre + 3] + COLOUR_VALUES[:2]),
                           max_size=1))
    skip = [cards.SKIP] if draw(st.integers(0, 15)) == 0 else []
    return draw(st.permutations(numbered + free + valued + skip))


@SETTINGS
@given(groups(), st.sampled_from([RUN, SET, COLOUR]), st.integers(1, 5))
def test_property_meets_and_resolve_agree_with_the_reference(group, kind, size):
    expected = ref_meets(group, kind, size)
    assert combos.meets(group, kind, size) == expected
    out = combos.resolve(group, kind, size)
    if expected:
        assert keeps_fixed_cards(group, out) and ref_valid(out, kind, size)
        assert combos.why_not(group, kind, size) is None
    else:
        assert out is None and combos.why_not(group, kind, size)


@SETTINGS
@given(groups(max_free=2), st.sampled_from([RUN, SET, COLOUR]), st.data())
def test_property_extend_agrees_with_the_reference(group, kind, data):
    added = data.draw(st.lists(st.sampled_from(
        [c for c in range(cards.N_NUMBER_CARDS) if c not in group][::7] + [cards.WILD, cards.SKIP] +
        NUMBER_VALUES[::4] + COLOUR_VALUES[:2]), max_size=3))
    if sum(c == cards.WILD for c in group + added) > 3:
        added = [c for c in added if c != cards.WILD]
    out, why = extend_cards(kind, group, added)
    if not ref_meets(group, kind, 1):
        assert out is None and why
        return
    k = ref_extend(kind, group, added)
    assert (why is None) == (k == len(added))
    current = group + added[:k]
    # the cards that fit, valued so that each went on in turn (at an end of a run)
    assert keeps_fixed_cards(current, out) and ref_fits(kind, out, len(group)) == k


@SETTINGS
@given(st.integers(1, 3), st.lists(st.integers(1, 15), min_size=1, max_size=3, unique=True))
def test_property_a_run_of_laid_wilds_takes_cards_at_its_ends_only(wilds, numbers):
    """Laid free wilds have one value each for the whole call: the cards added must go on
    at the ends of one and the same run (the reference tries every value for them)."""
    group = [cards.WILD] * wilds
    added = [number_card(i, v) for i, v in enumerate(numbers)]
    out, why = extend_cards(RUN, group, added)
    k = ref_extend(RUN, group, added)
    assert (why is None) == (k == len(added))
    assert keeps_fixed_cards(group + added[:k], out) and ref_fits(RUN, out, wilds) == k


# -- the same answers under MicroPython -------------------------------------------------

PARITY = r"""
from level8 import cards, combos, levels, sides

for kind, size, group, added in CASES:
    print(combos.resolve(group, kind, size), combos.why_not(group, kind, size),
          combos.extend_one(kind, group, added[0]) if added else None)
for game, side, n, groups in LEVELS:
    reqs = sides.level(game, side, n)
    print(combos.match_level(groups, reqs), combos.level_problem(groups, reqs))
print([cards.token(c) for c in range(cards.N_CODES)], [list(cards.deck(gm)) for gm in range(3)])
"""


def build_layout(reqs, rnd, wilds=0):
    """A random valid layout of the requirements: each group of its kind, at most one card
    more than it needs, no card twice, then `wilds` of its cards turned into free wilds."""
    used = set()
    out = []
    for kind, size in reqs:
        n = size + rnd.randint(0, 1)
        options = []
        if kind == RUN:
            for start in range(1, 17 - n):
                per_number = [[number_card(c, v) for c in range(6)] for v in range(start, start + n)]
                options.append([rnd.choice([c for c in cs if c not in used]) for cs in per_number])
        elif kind == SET:
            for v in range(1, 16):
                free = [number_card(c, v) for c in range(6) if number_card(c, v) not in used]
                if len(free) >= n:
                    options.append(rnd.sample(free, n))
        else:
            for c in range(6):
                free = [number_card(c, v) for v in range(1, 16) if number_card(c, v) not in used]
                options.append(rnd.sample(free, n))
        group = rnd.choice(options)
        used.update(group)
        rnd.shuffle(group)
        out.append(group)
    for _ in range(wilds):
        group = rnd.choice(out)
        group[rnd.randrange(len(group))] = cards.WILD
    return out


def parity_cases():
    rnd = random.Random(8)
    pool = list(range(cards.N_NUMBER_CARDS)) + [cards.WILD] * 6 + [cards.SKIP] + NUMBER_VALUES + COLOUR_VALUES
    cases = []
    for _ in range(400):
        centre = rnd.randint(1, 15)
        near = [c for c in pool if c >= cards.N_NUMBER_CARDS or abs(cards.number(c) - centre) <= 2]
        cards_ = rnd.sample(near, rnd.randint(0, 8))
        cut = rnd.randint(0, len(cards_))
        cases.append((rnd.randint(0, 2), rnd.randint(1, 5), cards_[:cut], cards_[cut:]))
    level_cases = []
    for _ in range(200):
        game = rnd.randint(0, 2)
        side = 2 if game == cards.BOARD and rnd.random() < 0.5 else 1
        n = rnd.randint(1, 8)
        reqs = sides.level(game, side, n)
        if rnd.random() < 0.5:
            grouped = build_layout(reqs, rnd, rnd.randint(0, 3))
        else:
            parts = len(reqs) + rnd.choice([0, 0, 0, 1, -1])
            near = rnd.sample(range(cards.N_NUMBER_CARDS), 30) + [cards.WILD] * 4
            grouped = [[near.pop(rnd.randrange(len(near))) for _ in range(rnd.randint(2, 5))] for _ in range(parts)]
        level_cases.append((game, side, n, grouped))
    return cases, level_cases


@pytest.mark.parametrize("game,side", [(cards.LEVEL8, 1), (cards.BOARD, 1), (cards.BOARD, 2)])
def test_random_layouts_of_every_level_are_accepted(game, side):
    rnd = random.Random(game * 10 + side)
    for n in range(1, 9):
        reqs = sides.level(game, side, n)
        for _ in range(20):
            layout = build_layout(reqs, rnd, rnd.randint(0, 3))
            assert combos.match_level(layout, reqs) is not None, layout
            assert combos.level_problem(layout, reqs) is None


def test_micropython_gives_the_same_answers(micropython):
    cases, level_cases = parity_cases()
    code = "CASES = " + repr(cases) + "\nLEVELS = " + repr(level_cases) + "\n" + PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code)
    assert got.splitlines() == expected.splitlines()
    assert len(expected.splitlines()) == 601
    lines = expected.splitlines()
    assert sum(line.startswith("[") for line in lines[:400]) > 20  # some groups do meet their requirement
    assert sum(line.startswith("[") for line in lines[400:600]) > 50  # and some layouts match
