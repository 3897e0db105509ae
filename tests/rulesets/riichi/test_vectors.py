"""Every hand vector of tests/vectors/riichi scores as written (riichi.md §18 and §8)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulesets.riichi.vectors import hand_vectors, mismatches, score_vector

VECTORS = hand_vectors()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    out = score_vector(vector)
    assert mismatches(vector["expect"], out) == []


def test_vector_ids_are_unique() -> None:
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
