"""The meld finder (`level8.meld`): every distinct way to lay out a level from a hand,
ranked. Examples per level of every side (rulings L8-2, LB-5), combinations and wilds
(L8-3, LB-6); a property test against a reference that tries every partition of a small
hand; the same answers under the real MicroPython; how deep the search's calls nest and
what a call allocates there.
"""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from l8helpers import is_number_card, number_card
from level8 import cards, combos, meld, notation, sides
from level8.levels import COLOUR, RUN, SET

from tools import micropython as mpy


def g(text):
    return [notation.parse_card(t) for t in text.split()]


def toks(layout):
    return [" ".join(cards.token(c) for c in group) for group in layout]


def in_hand(card, hand):
    """The card as it was in the hand: a wild the hand does not hold with that value was a
    free wild (the tests never mix free wilds and wilds with values in one hand)."""
    return card if card in hand or not cards.is_wild(card) else cards.WILD


def check_layout(layout, hand, reqs):
    """The layout takes the whole level from cards of the hand, each free wild valued."""
    assert combos.match_level(layout, reqs) is not None
    for r, group in enumerate(layout):
        assert combos.meets(group, reqs[r][0], reqs[r][1])
        assert cards.WILD not in group and cards.SKIP not in group
    pool = list(hand)
    for group in layout:
        for c in group:
            pool.remove(in_hand(c, hand))  # raises when the hand does not have the card


def key(layout, hand):
    return tuple(sorted(tuple(sorted(in_hand(c, hand) for c in group)) for group in layout))


def rank(layout, hand):
    """The documented order: wilds laid, then cards laid (more first), then numbers kept."""
    laid = [c for group in layout for c in group]
    kept = list(hand)
    for c in laid:
        kept.remove(in_hand(c, hand))
    return (
        sum(cards.is_wild(c) for c in laid),
        -len(laid),
        sum(cards.number(c) for c in kept if is_number_card(c)),
    )


def laid_out(reqs):
    """A hand that lays out `reqs` with no wild: runs in colours R O Y from 1 up, sets of
    10, 11, 12, ... from red up, colour groups in V B G from 1 up (no card twice)."""
    hand = []
    for i, (kind, size) in enumerate(reqs):
        if kind == RUN:
            hand += [number_card(i, n) for n in range(1, size + 1)]
        elif kind == SET:
            hand += [number_card(c, 10 + i) for c in range(size)]
        else:
            hand += [number_card(5 - i, n) for n in range(1, size + 1)]
    return hand


SIDES = [(cards.LEVEL8, 1), (cards.LEVELUP, 1), (cards.BOARD, 1), (cards.BOARD, 2)]


@pytest.mark.parametrize("game,side", SIDES)
def test_l8_2_lb_5_every_level_of_every_side_is_found_in_a_hand_that_has_it(game, side):
    for n in range(1, 9):
        reqs = sides.level(game, side, n)
        hand = laid_out(reqs) + g("W S V15")
        found, _ = meld.layouts(hand, reqs, 5)
        assert found, (game, side, n)
        for layout in found:
            check_layout(layout, hand, reqs)
        # The best layout keeps the wild: the hand has the level without it.
        assert not any(cards.is_wild(c) for group in found[0] for c in group)


def test_l8_2_level_3_run_of_three_and_four_of_one_colour():
    hand = g("R4 O5 Y6 B1 B9 B12 B14 S")
    found, capped = meld.layouts(hand, sides.level(cards.LEVEL8, 1, 3), 10)
    assert [toks(layout) for layout in found] == [["R4 O5 Y6", "B1 B9 B12 B14"]] and not capped


def test_l8_3_sets_of_one_level_may_share_a_number():
    hand = g("R5 O5 Y5 G5 B5 V5 W W V1")
    found, capped = meld.layouts(hand, sides.level(cards.LEVEL8, 1, 6), 1000)  # a pair and two triples
    assert not capped
    assert any(all(cards.number(c) == 5 for group in layout for c in group) for layout in found)
    # The best spend one wild only: the 1 and a wild are the pair, the six 5s two triples.
    assert toks(found[0])[0] == "V1 W=1"
    assert sorted(toks(found[0])[1].split() + toks(found[0])[2].split()) == [
        "B5",
        "G5",
        "O5",
        "R5",
        "V5",
        "Y5",
    ]


def test_wilds_take_values_and_the_best_layout_uses_fewest():
    hand = g("R1 O2 W W W Y9")
    found, _ = meld.layouts(hand, sides.level(cards.LEVEL8, 1, 1), 100)  # two runs of three
    assert found
    for layout in found:
        check_layout(layout, hand, sides.level(cards.LEVEL8, 1, 1))
    wilds = [sum(cards.is_wild(c) for group in layout for c in group) for layout in found]
    assert wilds[0] == 3 and wilds == sorted(wilds)
    assert "R1 O2 W=3" in toks(found[0])


def test_a_hand_of_wilds_lays_any_level():
    hand = [cards.WILD] * 6 + g("S S")
    for n in range(1, 9):
        reqs = sides.level(cards.LEVEL8, 1, n)
        found, _ = meld.layouts(hand, reqs, 3)
        if sum(size for _, size in reqs) <= 6:
            assert found
            for layout in found:
                check_layout(layout, hand, reqs)
        else:
            assert found == []


def test_skips_are_never_laid_and_no_layout_is_an_empty_list():
    assert meld.layouts(g("S S S R1 O2"), sides.level(cards.LEVEL8, 1, 5), 5) == ([], False)
    assert meld.layouts(g("R1 O1 Y1 S S S S"), sides.level(cards.LEVEL8, 1, 2), 5) == ([], False)
    assert meld.layouts([], sides.level(cards.BOARD, 2, 8), 5) == ([], False)
    found, _ = meld.layouts(g("R1 O2 Y3 S S G4 B5 V6"), sides.level(cards.LEVEL8, 1, 1), 5)
    assert found and all(cards.SKIP not in group for layout in found for group in layout)


def test_lb_6_a_full_set_still_takes_a_joker():
    hand = g("R4 O4 Y4 G4 B4 V4 W R9 O9 Y9 G9")
    found, _ = meld.layouts(hand, sides.level(cards.BOARD, 1, 8), 50)  # two quadruples
    assert any(len(layout[0]) + len(layout[1]) == 11 for layout in found)


def test_many_layouts_are_capped_and_the_best_kept_in_order():
    hand = g("R1 O2 Y3 G4 B5 V6 R7 W W W W")
    reqs = sides.level(cards.LEVEL8, 1, 1)
    total = meld.count(hand, reqs)
    everything, capped = meld.layouts(hand, reqs, total)
    assert not capped and len(everything) == total > 100
    best, capped = meld.layouts(hand, reqs, 7)
    assert capped and best == everything[:7]
    ranks = [rank(layout, hand) for layout in everything]
    assert ranks == sorted(ranks)
    assert len({key(layout, hand) for layout in everything}) == total
    with pytest.raises(ValueError):
        meld.layouts(hand, reqs, 0)
    with pytest.raises(ValueError):
        meld.layouts(hand + g("R10 O10 Y10 G10"), reqs, 5)
    assert meld.layouts(hand + g("R10 O10 Y10 S S S"), reqs, 5)[0]


# -- the reference: every partition of a small hand --------------------------------------


def ref_layouts(hand, reqs):
    """The distinct layouts (as multisets of groups of hand cards) found by putting each card
    in one of the groups or keeping it, every way."""
    hand = [c for c in hand if c != cards.SKIP]
    found = set()
    for where in itertools.product(range(len(reqs) + 1), repeat=len(hand)):
        groups = [[c for c, w in zip(hand, where) if w == r] for r in range(len(reqs))]
        if all(groups) and combos.match_level(groups, reqs) is not None:
            found.add(tuple(sorted(tuple(sorted(grp)) for grp in groups)))
    return found


@st.composite
def small_hands(draw):
    """Up to 6 cards near one number or of two colours, free wilds, a valued wild, a Skip."""
    centre = draw(st.integers(1, 15))
    numbers = st.integers(max(1, centre - 2), min(15, centre + 2))
    natural = draw(st.lists(st.builds(number_card, st.integers(0, 1), numbers), max_size=5, unique=True))
    valued = [cards.SKIP, cards.wild_as_number(centre), cards.wild_as_colour(0)]
    extra = draw(
        st.lists(st.sampled_from(draw(st.sampled_from([[cards.WILD, cards.SKIP], valued]))), max_size=3)
    )
    return draw(st.permutations(natural + extra))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    small_hands(),
    st.lists(st.tuples(st.sampled_from([RUN, SET, COLOUR]), st.integers(1, 3)), min_size=1, max_size=3),
)
def test_property_the_layouts_are_those_of_every_partition(hand, reqs):
    reqs = tuple(reqs)
    expected = ref_layouts(hand, reqs)
    # a cap no such hand reaches: each of its 8 cards at most goes to one of three groups or
    # stays (three wilds and three runs of one card have 1,210 layouts)
    found, capped = meld.layouts(hand, reqs, 4**8)
    assert not capped and meld.count(hand, reqs) == len(expected)
    assert {key(layout, hand) for layout in found} == expected
    for layout in found:
        check_layout(layout, hand, reqs)
    ranks = [rank(layout, hand) for layout in found]
    assert ranks == sorted(ranks)


# -- the same answers under MicroPython ---------------------------------------------------

PARITY = r"""
from level8 import levels, meld, sides

for game, side, n, hand in CASES:
    print(meld.layouts(hand, sides.level(game, side, n), 4))
"""


def hard_hands(count, seed):
    """Eleven cards with 2 to 6 wilds, for a level of every side in turn."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        game, side = SIDES[i % 4]
        wilds = 2 + i % 5
        hand = rnd.sample(range(cards.N_NUMBER_CARDS), 11 - wilds) + [cards.WILD] * wilds
        out.append((game, side, 1 + (i // 4) % 8, hand))
    return out


def test_the_best_few_are_the_first_of_all_though_fewer_branches_are_searched():
    for game, side, n, hand in hard_hands(60, 8):
        reqs = sides.level(game, side, n)
        everything, capped = meld.layouts(hand, reqs, 100000)
        assert not capped and len(everything) == meld.count(hand, reqs)
        for limit in (1, 4):
            best, capped = meld.layouts(hand, reqs, limit)
            assert best == everything[:limit]
            assert capped or len(everything) <= limit


def test_micropython_finds_the_same_layouts(micropython):
    cases = hard_hands(48, 22)
    code = "CASES = " + repr(cases) + "\n" + PARITY
    expected = mpy.run_cpython(code)
    got = micropython.run(code)
    assert got.splitlines() == expected.splitlines()
    assert len(expected.splitlines()) == 48
    assert sum(not line.startswith("([], ") for line in expected.splitlines()) > 20


# -- how the search is built: its constants, its depth, its heap, its capped -------------


def test_the_finders_constants_are_those_of_cards_and_levels():
    # meld copies them as compile-time constants; a change in cards or levels must show.
    assert (meld._N, meld._COLOURS, meld._NUMBER_CARDS, meld._W, meld._SKIP, meld._CODES) == (
        cards.N_NUMBERS,
        cards.N_COLOURS,
        cards.N_NUMBER_CARDS,
        cards.WILD,
        cards.SKIP,
        cards.N_CODES,
    )
    assert (meld._RUN, meld._SET, meld._COLOUR) == (RUN, SET, COLOUR)
    assert (meld._WILD_NUMBER, meld._WILD_COLOUR) == (cards.WILD_NUMBER, cards.WILD_COLOUR)
    # Its tables, made from the layout of the codes, are what cards' functions say.
    n, colours = cards.N_NUMBERS, cards.N_COLOURS
    assert (
        tuple(
            bytes([number_card(c, v) for c in range(colours)] + [cards.wild_as_number(v)])
            for v in range(1, n + 1)
        )
        == meld._SET_CODES
    )
    assert (
        tuple(
            bytes([number_card(c, v) for v in range(1, n + 1)] + [cards.wild_as_colour(c)])
            for c in range(colours)
        )
        == meld._COLOUR_CODES
    )
    codes = range(cards.N_CODES)
    assert bytes([cards.number(c) - 1 if cards.number(c) else 255 for c in codes]) == meld._SET_OF
    assert bytes([cards.colour(c) if cards.colour(c) >= 0 else 255 for c in codes]) == meld._COLOUR_OF
    assert bytes([min(v, n) for v in meld._SET_OF]) == meld._SET_SLOT
    assert bytes([min(v, colours) for v in meld._COLOUR_OF]) == meld._COLOUR_SLOT
    assert bytes([cards.number(c) if is_number_card(c) else 0 for c in codes]) == meld._KEPT_VALUE


def extreme_hands():
    """Hands that made the old search nest deepest: long stretches of one colour, many of
    one number, runs with wilds to fill."""
    red = [number_card(0, v) for v in range(1, 15)]
    return [
        (red, ((COLOUR, 5), (SET, 3))),
        (red, ((RUN, 9),)),
        (red[:11] + g("W W W"), ((RUN, 3), (RUN, 3))),
        (
            [number_card(c, 5) for c in range(6)] + [number_card(c, 6) for c in range(6)] + g("W W"),
            ((SET, 2),) * 4,
        ),
        ([number_card(c % 6, v) for c, v in zip(range(14), range(1, 15))], ((RUN, 7),)),
    ]


DEPTH = r"""
from level8 import meld

DEPTH = [0, 0]


def probe(f):
    def wrapped(*args):
        DEPTH[0] += 1
        if DEPTH[0] > DEPTH[1]:
            DEPTH[1] = DEPTH[0]
        try:
            return f(*args)
        finally:
            DEPTH[0] -= 1
    return wrapped


# Every function of the module and every method of the search goes through a probe (calls
# look names up when they run); `layouts` counts as frame 1.
for name in dir(meld):
    f = getattr(meld, name)
    if type(f) is type(probe) and name not in ("layouts", "count"):
        setattr(meld, name, probe(f))
for name in dir(meld._Search):
    f = getattr(meld._Search, name)
    if type(f) is type(probe) and not name.startswith("__"):
        setattr(meld._Search, name, probe(f))
for hand, reqs in CASES:
    for limit in (1, 20):
        DEPTH[1] = 0
        meld.layouts(hand, reqs, limit)
        print(len(reqs), 1 + DEPTH[1])
"""


def test_calls_nest_three_deep_per_requirement_whatever_the_hand(micropython):
    """A group is built by a loop, not a call per card: _next, the group's loop and
    _with_wilds per requirement, then the leaf's checks, under both runtimes. (The old
    search nested a call per card: 38 frames on these hands; the rp2 port's C stack is 8 KB.)"""
    cases = [(hand, sides.level(game, side, n)) for game, side, n, hand in hard_hands(48, 22)]
    cases += extreme_hands()
    code = "CASES = " + repr(cases) + "\n" + DEPTH
    expected = mpy.run_cpython(code)
    assert micropython.run(code) == expected
    depths = [tuple(map(int, line.split())) for line in expected.splitlines()]
    assert len(depths) == 2 * len(cases)
    assert all(frames <= 3 * n + 6 for n, frames in depths)
    assert max(frames for _, frames in depths) >= 14  # the probe does see the deep calls


HEAP = r"""
import gc
from level8 import meld

most = [0, 0]
for hand, reqs in CASES:
    for i, limit in enumerate((1, 20)):
        a = gc.mem_alloc()
        meld.layouts(hand, reqs, limit)
        most[i] = max(most[i], gc.mem_alloc() - a)
print(most[0], most[1])
"""


def test_a_call_allocates_a_few_kilobytes_whatever_the_search_does(micropython):
    """Nothing is allocated per group or per wild tried: only the search's own arrays, a
    kept layout until `limit` are kept (then the worst one's buffer is reused), and each
    answer (the runner collects nothing while Python runs: every byte is counted)."""
    cases = [(hand, sides.level(game, side, n)) for game, side, n, hand in hard_hands(40, 5)]
    alloc_1, alloc_20 = map(int, micropython.run("CASES = " + repr(cases) + "\n" + HEAP).split())
    assert 2000 < alloc_1 <= 10000
    assert alloc_1 < alloc_20 <= 24000


def test_capped_only_when_the_hand_may_have_more_and_not_for_exactly_limit_layouts():
    """Two runs of three from five cards and two wilds: exactly four layouts. The search
    leaves runs with more gaps than its bound allows unsearched without looking whether a
    layout could come of them; with exactly `limit` found it looks again, so `capped`
    stays False."""
    hand = [66, 59, 51, 0, 89, 18, 38, 27, 3, 90, 90]
    reqs = sides.level(cards.LEVEL8, 1, 1)
    assert meld.count(hand, reqs) == 4
    found, capped = meld.layouts(hand, reqs, 4)
    assert len(found) == 4 and not capped
    assert meld.layouts(hand, reqs, 3)[1]
    assert meld.layouts(hand, reqs, 5) == (found, False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(SIDES),
    st.integers(1, 8),
    st.integers(0, 7),
    st.sampled_from([1, 2, 5, 20]),
)
def test_property_the_best_few_and_capped_agree_with_counting_everything(seed, game_side, n, wilds, limit):
    """Any eleven cards: the passes and bounds keep exactly what the whole list ranks
    first, and `capped` whenever there are more."""
    rnd = random.Random(seed)
    hand = rnd.sample(range(cards.N_NUMBER_CARDS), 11 - wilds) + [cards.WILD] * wilds
    reqs = sides.level(game_side[0], game_side[1], n)
    everything, capped = meld.layouts(hand, reqs, 100000)
    assert not capped and len(everything) == meld.count(hand, reqs)
    best, capped = meld.layouts(hand, reqs, limit)
    assert best == everything[:limit]
    assert capped or len(everything) <= limit


# -- the same answers as the finder before its speed-up -----------------------------------


def random_hand(rnd):
    """8 to 14 cards besides Skips: number cards, free wilds (mostly up to 3, as hands are
    dealt), now and then a wild with a value or a Skip."""
    wilds = rnd.choice([0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7])
    size = rnd.randint(max(8, wilds), 14)
    hand = rnd.sample(range(cards.N_NUMBER_CARDS), size - wilds) + [cards.WILD] * wilds
    if rnd.random() < 0.2:
        valued = [cards.wild_as_number(rnd.randint(1, 15)), cards.wild_as_colour(rnd.randrange(6))]
        hand[0] = rnd.choice(valued)
    if rnd.random() < 0.2:
        hand.append(cards.SKIP)
    rnd.shuffle(hand)
    return hand


@pytest.mark.parametrize("seed", range(6))
def test_the_same_layouts_in_the_same_order_as_the_finder_before_its_speed_up(seed):
    """tests/meld_reference.py is the finder as it was: every answer (layouts, their order,
    `capped`) and every count stay the same, level by level of every side and for any
    requirements."""
    import meld_reference

    rnd = random.Random(1000 + seed)
    for i in range(150):
        game, side = SIDES[i % 4]
        reqs = sides.level(game, side, 1 + (i // 4) % 8)
        if i % 5 == 4:  # any requirements, equal ones next to each other or not
            reqs = tuple(
                (rnd.choice([RUN, SET, COLOUR]), rnd.randint(1, 5)) for _ in range(rnd.randint(1, 4))
            )
        hand = random_hand(rnd)
        for limit in (1, 2, 20, 1000):
            got = meld.layouts(hand, reqs, limit)
            assert got == meld_reference.layouts(hand, reqs, limit), (hand, reqs, limit)
        if i % 10 == 0:
            assert meld.count(hand, reqs) == meld_reference.count(hand, reqs)
