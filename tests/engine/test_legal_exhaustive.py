"""The riichi table checks against tests/engine/riichi_reference.py on one-suit concealed
hands: the concealed kong after riichi (riichi.md §6), the riichi discards (§5, §6) and the
ready state of ``shanten``. The default run takes every ``STEP``-th hand of each family;
scripts/riichi_legality_exhaustive.py runs all of them (step 1)."""

from __future__ import annotations

import pytest

from engine.legal import riichi_discard_tiles, riichi_kong_keeps_waits
from engine.shapes import shanten_standard
from engine.state import SeatState
from engine.table_rules import RiichiAnkan, RiichiRules, TableRules
from engine.tiles import NUM_KINDS
from tests.engine.riichi_reference import (
    complete_hands,
    hands,
    ref_ready,
    ref_riichi_discards,
    ref_riichi_kong,
    ref_waits,
)

KONG_STEP = 7
DISCARD_STEP = 41
RULES = {rule: TableRules(riichi=RiichiRules(ankan=rule)) for rule in RiichiAnkan}


def _tiles(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(k for k in range(9) for _ in range(counts[k]))


def _full(counts: tuple[int, ...] | list[int]) -> list[int]:
    return [*counts, *[0] * (NUM_KINDS - 9)]


def check_kongs(rule: RiichiAnkan, step: int) -> tuple[int, list[str]]:
    """Every ready 13-tile hand holding three of a kind, that kind drawn in riichi: the
    cases checked and the disagreements."""
    rules = RULES[rule]
    checked, wrong = 0, []
    for i, hand in enumerate(h for h in hands(13) if 3 in h and ref_waits(h, 4, h)):
        if i % step:
            continue
        for drawn in range(9):
            if hand[drawn] != 3:
                continue
            grown = list(hand)
            grown[drawn] += 1
            seat = SeatState(hand=_tiles(tuple(grown)), riichi=True, riichi_accepted=True)
            got = riichi_kong_keeps_waits(rules, seat, _full(grown), drawn)
            checked += 1
            if got != ref_riichi_kong(hand, drawn, rule.value):
                wrong.append(f"{hand} + {drawn + 1}m: engine {got}")
    return checked, wrong


def check_discards(step: int) -> tuple[int, list[str]]:
    """Every closed 14-tile hand: the tiles whose discard may declare riichi."""
    rules = RULES[RiichiAnkan.NO_WAIT_CHANGE]
    checked, wrong = 0, []
    for i, hand in enumerate(hands(14)):
        if i % step:
            continue
        got = riichi_discard_tiles(rules, SeatState(hand=_tiles(hand)))
        checked += 1
        if got != ref_riichi_discards(hand):
            wrong.append(f"{hand}: engine {got}, reference {ref_riichi_discards(hand)}")
    return checked, wrong


def check_shanten(n_sets: int, step: int) -> tuple[int, list[str]]:
    """Standard shape, ``n_sets`` concealed sets: 0 exactly for the ready hands of
    ``3 * n_sets + 1`` tiles; -1 for the complete and 0 for one discard from ready among
    those of ``3 * n_sets + 2``."""
    checked, wrong = 0, []
    complete = complete_hands(n_sets, False)
    for size in (3 * n_sets + 1, 3 * n_sets + 2):
        for i, hand in enumerate(hands(size)):
            if i % step:
                continue
            got = shanten_standard(_full(hand), n_sets)
            if size % 3 == 1:
                expected_zero = ref_ready(hand, n_sets)
                ok = (got == 0) == expected_zero and got >= 0
            else:
                whole = hand in complete
                after = any(
                    ref_ready((*hand[:k], hand[k] - 1, *hand[k + 1 :]), n_sets)
                    for k in range(9)
                    if hand[k]
                )
                ok = (got == -1) == whole and (got == 0) == (after and not whole)
            checked += 1
            if not ok:
                wrong.append(f"{hand} ({n_sets} sets): shanten {got}")
    return checked, wrong


def check_swap_distance(n_sets: int, step: int) -> tuple[int, list[str]]:
    """Standard shape, ``3 * n_sets + 1`` tiles: shanten drops by exactly one with the best
    swap (discard one, draw one: a kind of the suit or a new single elsewhere) and no swap
    drops it more; with the ready states exact this pins shanten to the swap distance."""
    checked, wrong = 0, []
    for i, hand in enumerate(hands(3 * n_sets + 1)):
        if i % step:
            continue
        full = _full(hand)
        now = shanten_standard(full, n_sets)
        checked += 1
        if now <= 0:
            continue
        best = now
        for out in range(9):
            if not full[out]:
                continue
            full[out] -= 1
            for into in (*range(9), 27):
                if into != out and full[into] < 4:
                    full[into] += 1
                    best = min(best, shanten_standard(full, n_sets))
                    full[into] -= 1
            full[out] += 1
        if best != now - 1:
            wrong.append(f"{hand} ({n_sets} sets): shanten {now}, best swap {best}")
    return checked, wrong


@pytest.mark.parametrize("rule", list(RiichiAnkan))
def test_riichi_kongs_match_the_reference(rule: RiichiAnkan) -> None:
    checked, wrong = check_kongs(rule, KONG_STEP)
    assert checked > 5000 and not wrong, wrong[:5]


def test_riichi_discards_match_the_reference() -> None:
    checked, wrong = check_discards(DISCARD_STEP)
    assert checked > 2500 and not wrong, wrong[:5]


@pytest.mark.parametrize(("n_sets", "step"), [(1, 1), (2, 1), (3, 3), (4, 13)])
def test_shanten_ready_states_match_the_reference(n_sets: int, step: int) -> None:
    checked, wrong = check_shanten(n_sets, step)
    assert checked > 500 and not wrong, wrong[:5]


@pytest.mark.parametrize(("n_sets", "step"), [(1, 1), (2, 1), (3, 11)])
def test_shanten_is_the_swap_distance_on_one_suit(n_sets: int, step: int) -> None:
    checked, wrong = check_swap_distance(n_sets, step)
    assert checked > 400 and not wrong, wrong[:5]


def test_two_fours_are_not_one_swap_from_ready() -> None:
    """``12m5555m8888m`` (three sets to make): the block count says 1 (555, 888, 12); every
    swap that would make it ready needs a fifth 5m or 8m, so it is 2."""
    assert shanten_standard(_full((1, 1, 0, 0, 4, 0, 0, 4, 0)), 3) == 2
