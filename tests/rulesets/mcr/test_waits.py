"""The fast unique-wait test equals the engine's general wait search (mcr.md §11.7)."""

from __future__ import annotations

import itertools

from engine.blocks import decompose, suit_complete
from engine.rng import SeededStream
from engine.shapes import ShapeRules, waits
from rulesets.mcr.waits import _complete, is_unique_wait, wait_kinds

from .generator import generate

RULES = ShapeRules(seven_pairs=True, seven_pairs_four_as_two=True, thirteen_orphans=False)
NO_LIMIT = (0,) * 34


def engine_waits(before: list[int], n_melds: int) -> set[int]:
    return set(waits(before, n_melds, rules=RULES, held=NO_LIMIT))


def test_matches_engine_when_any_tile_is_removed() -> None:
    """Complete hands minus a random tile: ready hands with every kind of wait."""
    rng = SeededStream(b"waits")
    for win in generate("waits-any-tile", 1500):
        counts = win.concealed_counts()
        held = [k for k in range(34) for _ in range(counts[k])]
        counts[rng.choice(held)] -= 1
        n_melds = len(win.melds)
        assert wait_kinds(counts, n_melds) == engine_waits(counts, n_melds), counts


def test_matches_engine_on_generated_wins() -> None:
    for win in generate("waits", 1500):
        before = win.concealed_counts()
        before[win.win_kind] -= 1
        expected = engine_waits(before, len(win.melds))
        assert wait_kinds(before, len(win.melds)) == expected
        after = win.concealed_counts()
        if decompose(after, 4 - len(win.melds)):  # is_unique_wait's standard-hand premise
            assert is_unique_wait(before, len(win.melds), win.win_kind) == (len(expected) == 1)


def test_unique_wait_with_every_held_tile_as_the_winning_tile() -> None:
    """Standard hands only (the premise), each concealed kind taken as the winning tile:
    shabo, edge, closed, single and many-sided waits, with and without melds."""
    checked = 0
    for win in generate("unique-waits", 800):
        after = win.concealed_counts()
        n_melds = len(win.melds)
        if not decompose(after, 4 - n_melds):
            continue
        for k in range(34):
            if after[k]:
                before = list(after)
                before[k] -= 1
                expected = engine_waits(before, n_melds)
                assert is_unique_wait(before, n_melds, k) == (expected == {k}), (before, k)
                checked += 1
    assert checked > 3000


def test_examples() -> None:
    def counts(*kinds: int) -> list[int]:
        c = [0] * 34
        for k in kinds:
            c[k] += 1
        return c

    # 4556p waits only on 5p; 45567p (+ a pair) on 3p and 6p; 1233s only on 3s
    assert wait_kinds(counts(12, 13, 13, 14), 3) == {13}
    assert wait_kinds(counts(12, 13, 13, 14, 15, 27, 27), 2) == {11, 14}
    assert wait_kinds(counts(18, 19, 20, 20), 3) == {20}
    # a kind whose four copies are all held still counts (formal waits)
    assert wait_kinds(counts(0, 0, 0, 0, 1, 2, 3, 4, 5, 9, 10, 11, 27), 0) == {27}


def test_one_pass_suit_check_matches_the_search() -> None:
    # Every suit of up to 10 tiles (counts up to five: a wait may add a fifth copy).
    for honors, size in ((False, 9), (True, 7)):
        for counts in itertools.product(range(6), repeat=size):
            if sum(counts) <= 10:
                assert _complete(list(counts), honors) == suit_complete(counts, honors), counts
