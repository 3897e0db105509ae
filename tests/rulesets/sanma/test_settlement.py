"""Three-player settlement against tests/vectors/sanma/settlement.jsonl: tsumo-son and
north bisection per seat, honba over the two payers, noten and nagashi at three seats."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.sanma import SanmaOptions
from tests.rulesets.riichi.test_settlement import _transfers, apply
from tests.rulesets.sanma.vectors import load

VECTORS = load("settlement")


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_settlement_vector(vector: dict[str, Any]) -> None:
    transfers = _transfers(vector, SanmaOptions)
    points, taken = apply(vector["points"], transfers)
    expect = vector["expect"]
    assert points == expect["points"]
    assert all(t.payer is None or 0 <= t.payer < 3 for t in transfers)
    if "deposits_taken" in expect:
        assert taken == expect["deposits_taken"]
    if "winner_receives" in expect:
        received = sum(t.amount for t in transfers if t.payee == vector["winner"])
        assert received == expect["winner_receives"]
