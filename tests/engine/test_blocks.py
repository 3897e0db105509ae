"""The splits of a concealed part into sets and a pair (engine/blocks.py) against the
brute-force reference (tests/engine/shape_reference.py)."""

import random

import pytest

from engine.blocks import Block, decompose
from engine.tiles import NUM_KINDS
from tests.engine.hand_samples import complete_hand
from tests.engine.shape_reference import ref_decompositions


def as_ref(
    decomps: list[tuple[tuple[Block, ...], int]]
) -> set[tuple[tuple[tuple[str, int], ...], int]]:
    return {(tuple(sorted((b.kind.value, b.tile) for b in sets)), pair) for sets, pair in decomps}


@pytest.mark.parametrize("n_sets", [4, 5])
def test_decompositions_match_brute_force(n_sets: int) -> None:
    rng = random.Random(7 + n_sets)
    for i in range(3000):
        counts = complete_hand(rng, n_sets, rng.choice([None, [0], [1, 2]]))
        assert as_ref(decompose(counts, n_sets)) == ref_decompositions(counts, n_sets), counts
        if i % 5 == 0:  # and some that are not complete
            counts[rng.randrange(NUM_KINDS)] += 1
            k = rng.choice([k for k in range(NUM_KINDS) if counts[k]])
            counts[k] -= 1
            assert as_ref(decompose(counts, n_sets)) == ref_decompositions(counts, n_sets)
