
import pytest

from engine.blocks import BlockKind
from engine.melds import Meld
from engine.notation import parse_tiles
from engine.shapes import (
    Shape,
    ShapeRules,
    Wait,
    arrangements,
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    waits,
)
from engine.tiles import NUM_KINDS, counts_of
from tests.engine.hand_samples import sample_hands
from tests.engine.shape_reference import ref_complete, ref_waits

MCR = ShapeRules(seven_pairs_four_as_two=True, honors_and_knitted=True, knitted_straight=True)


def c(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


@pytest.mark.parametrize("n_sets", [4, 5])
def test_waits_match_brute_force(n_sets: int) -> None:
    hands = sample_hands(seed=n_sets, n=5000, n_sets=n_sets)
    ready = 0
    for counts in hands:
        expected = ref_waits(counts, n_sets)
        got = waits(
            counts, 0, n_sets=n_sets, rules=ShapeRules(seven_pairs=False, thirteen_orphans=False)
        )
        assert got == expected, counts
        ready += bool(expected)
    assert ready > 1000  # the sample really exercises ready hands


@pytest.mark.parametrize("n_sets", [4, 5])
def test_shanten_zero_and_minus_one_match_brute_force(n_sets: int) -> None:
    for counts in sample_hands(seed=10 + n_sets, n=2000, n_sets=n_sets):
        formally_ready = any(
            ref_complete([x + (k == j) for j, x in enumerate(counts)], n_sets)
            for k in range(NUM_KINDS)
            if counts[k] < 4  # a fifth copy is no wait
        )
        assert (shanten_standard(counts, n_sets) == 0) == formally_ready, counts
        full = list(counts)
        full[next(k for k in range(NUM_KINDS) if counts[k])] += 1
        assert (shanten_standard(full, n_sets) == -1) == ref_complete(full, n_sets)


@pytest.mark.parametrize("n_sets", [4, 5])
def test_shanten_is_the_swap_distance(n_sets: int) -> None:
    """Shanten drops by exactly one with the best single swap (discard one, draw one) and
    no swap drops it by more: with ``-1`` = complete this pins it to the true distance."""
    for counts in sample_hands(seed=20 + n_sets, n=150, n_sets=n_sets):
        s = shanten_standard(counts, n_sets)
        best = s
        for out in range(NUM_KINDS):
            if not counts[out]:
                continue
            for into in range(NUM_KINDS):
                if into == out:
                    continue
                trial = list(counts)
                trial[out] -= 1
                trial[into] += 1
                best = min(best, shanten_standard(trial, n_sets))
        assert best == s - 1 or (s == 0 and best == 0), counts


def test_waits_respect_fifth_copy() -> None:
    # 1111m held: the 1m cannot be waited on as a fifth copy
    assert waits(c("1111m234p567s789s"), 0) == []
    assert waits(c("1111m2m567s789s55z"), 0) == [2]
    hand = c("1112345678999m")
    assert waits(hand, 0) == list(range(9))
    assert waits(c("123m"), 3, held=c("123m")) == []  # not ready: 3 tiles + 3 melds makes no shape


def test_nine_gates_readings() -> None:
    assert {a.wait for a in arrangements(c("11123455678999m"), [], 4)} == {Wait.SINGLE}
    on_one: set[tuple[Wait, BlockKind]] = set()
    for a in arrangements(c("11112345678999m"), [], 0):
        assert a.win_block is not None
        on_one.add((a.wait, a.win_block.kind))
    assert on_one == {(Wait.PUNG, BlockKind.PUNG), (Wait.TWO_SIDED, BlockKind.CHOW)}


def test_wait_kinds() -> None:
    rest = "345m678p789p11z"
    [edge] = arrangements(c(rest + "123s"), [], 20)
    assert edge.wait is Wait.EDGE
    [closed] = arrangements(c(rest + "123s"), [], 19)
    assert closed.wait is Wait.CLOSED
    [two] = arrangements(c(rest + "123s"), [], 18)
    assert two.wait is Wait.TWO_SIDED
    readings = {a.wait for a in arrangements(c("12333s345m678p789p"), [], 20)}
    assert readings == {Wait.EDGE, Wait.SINGLE}


def test_melds_are_fixed_blocks() -> None:
    melds = [Meld.parse("chi", "123m"), Meld.parse("ankan", "9999p")]
    [a] = arrangements(c("456s77z789s"), melds, 26)
    kinds = [(b.kind, b.tile, b.concealed) for b in a.blocks]
    assert (BlockKind.CHOW, 0, False) in kinds and (BlockKind.KONG, 17, True) in kinds
    assert a.win_block is not None and a.win_block.kind is BlockKind.CHOW


def test_seven_pairs_and_four_of_a_kind_switch() -> None:
    hand = c("11223344m556677p")
    assert any(a.shape is Shape.SEVEN_PAIRS for a in arrangements(hand, [], 1))
    quad = c("11112233m556677p")
    assert not any(a.shape is Shape.SEVEN_PAIRS for a in arrangements(quad, [], 1))
    assert any(a.shape is Shape.SEVEN_PAIRS for a in arrangements(quad, [], 1, rules=MCR))
    assert shanten_seven_pairs(c("1111m223344p556s")) == 2
    assert shanten_seven_pairs(c("1111m223344p556s"), four_as_two_pairs=True) == 0


def test_thirteen_orphans() -> None:
    hand = c("19m19p19s1234567z1m")
    [a] = arrangements(hand, [], 0)
    assert a.shape is Shape.THIRTEEN_ORPHANS and a.wait is Wait.SINGLE
    assert waits(c("19m19p19s1234567z"), 0) == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert shanten_thirteen_orphans(c("19m19p19s1234567z")) == 0
    assert shanten(c("19m19p19s123456z2m"), 0) == 1


def test_knitted_shapes() -> None:
    lesser = arrangements(c("14m258p369s123457z"), [], 33, rules=MCR)
    assert [a.shape for a in lesser] == [Shape.HONORS_AND_KNITTED]
    assert lesser[0].knitted_suits == (0, 1, 2)
    straight = arrangements(c("147m258p369s23m55s1m"), [], 0, rules=MCR)
    assert {a.shape for a in straight} == {Shape.KNITTED_STRAIGHT}
    assert {a.wait for a in straight} == {Wait.KNITTED, Wait.TWO_SIDED}
    # the knitted straight with a melded set
    melded = arrangements(c("147m258p369s5s5s"), [Meld.parse("pon", "777z")], 22, rules=MCR)
    assert [a.shape for a in melded] == [Shape.KNITTED_STRAIGHT]
    assert not arrangements(c("14m258p369s123457z"), [], 33)  # off unless the ruleset asks


def test_sixteen_tile_special_shapes_take_an_extra_set() -> None:
    hand = c("11223344m556677p789s")
    assert is_complete(hand, 0, n_sets=5)
    shapes = {a.shape for a in arrangements(hand, [], 26, n_sets=5)}
    assert Shape.SEVEN_PAIRS in shapes
    orphans = c("19m19p19s1234567z1m234p")
    assert {a.shape for a in arrangements(orphans, [], 0, n_sets=5)} == {Shape.THIRTEEN_ORPHANS}
    melded = arrangements(c("19m19p19s1234567z1m"), [Meld.parse("pon", "555p")], 0, n_sets=5)
    assert [a.shape for a in melded] == [Shape.THIRTEEN_ORPHANS]


def test_special_shapes_need_a_concealed_hand() -> None:
    assert not arrangements(c("19m19p19s123456z"), [Meld.parse("pon", "777z")], 0)


def test_sixteen_tile_special_shapes_are_ready_for_shanten() -> None:
    # seven pairs + an unfinished 46p chow: ready on 5p (three-kingdoms.md special shapes)
    assert shanten(c("1133557799m22p88s46p"), 0, n_sets=5) == 0
    assert shanten(c("1133557799m22p88s456p"), 0, n_sets=5) == -1
    assert shanten(c("19m19p19s1234567z456p"), 0, n_sets=5) == 0


def test_four_of_a_kind_is_not_a_pair_wait() -> None:
    """``4444p`` with three melds reads as a set and a wait on a fifth 4p: one swap from
    ready (any single-tile wait), shanten 1; the block count alone said 0."""
    assert shanten_standard(c("4444p"), 1) == 1
    assert shanten(c("4444p"), 3) == 1
    assert shanten(c("4444p9s"), 3) == 0  # discard a 4p: a 9s single wait
    assert shanten(c("4444p4444s"), 2) == 1
    assert shanten(c("1111m234p567s789s"), 0) == 1
    assert shanten(c("1111m2m567s789s55z"), 0) == 0


def test_sixteen_tile_special_shapes_one_discard_from_ready() -> None:
    """Three Kingdoms §5.1: seven pairs, thirteen orphans, honors-and-knitted and the
    knitted straight plus their sets, one discard from ready, read 0."""
    tk = ShapeRules(seven_pairs_four_as_two=True, honors_and_knitted=True, knitted_straight=True)
    for hand in (
        "1133557799m22p4p678s9s",
        "19m19p19s1234567z45p9s1s",
        "147m258p369s234p678s7z1z",
        "147m258p39s1234567z5s1m",
    ):
        assert shanten(c(hand), 0, n_sets=5, rules=tk) == 0, hand
    assert shanten(c("1133557799m22p4p678s9s"), 0, n_sets=5, rules=ShapeRules()) == 0
    assert shanten(c("1133557799m2p4p678s9s1z"), 0, n_sets=5, rules=tk) > 0


def test_special_shape_shortcuts_keep_every_ready_knitted_hand() -> None:
    """The cheap conditions before the special-shape search (8 of a knitted pattern's nine
    kinds; 13 kinds of one pattern and the honors) hold for every hand one tile, or one
    discard, from honors-and-knitted or a knitted straight (with a set and a pair)."""
    from itertools import combinations

    from engine.shapes import (
        KNITTED_PATTERNS,
        _special_possible_after_swap,
        _special_possible_before_win,
        knitted_kinds,
    )

    for pattern in KNITTED_PATTERNS:
        kinds = [*knitted_kinds(pattern), *range(27, 34)]
        complete = [[k for k in kinds if k not in dropped] for dropped in combinations(kinds, 2)]
        complete.append([*knitted_kinds(pattern), 27, 27, 28, 28, 28])  # knitted straight
        for tiles in complete:
            for k in set(tiles):
                ready = counts_of(tiles)
                ready[k] -= 1
                assert _special_possible_before_win(ready, MCR), (tiles, k)
                for extra in (0, 33):
                    ready[extra] += 1
                    assert _special_possible_after_swap(ready, MCR), (tiles, k, extra)
                    ready[extra] -= 1
