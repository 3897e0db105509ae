"""Every three-player vector scores as written: kita, the 1m/9m dora wrap, tsumo-son and
north bisection, kazoe (tests/vectors/sanma/hands.jsonl), and bad input refused with a
message naming the problem (errors.jsonl)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulesets.riichi.vectors import mismatches
from tests.rulesets.sanma.vectors import load, score_vector

HANDS = load("hands")
ERRORS = load("errors")


@pytest.mark.parametrize("vector", HANDS + ERRORS, ids=[v["id"] for v in HANDS + ERRORS])
def test_vector(vector: dict[str, Any]) -> None:
    out = score_vector(vector)
    assert mismatches(vector["expect"], out) == []
    if "message" in vector["expect"]:
        assert vector["expect"]["message"] in out["message"], out["message"]


def test_vector_ids_are_unique() -> None:
    ids = [v["id"] for v in HANDS + ERRORS]
    assert len(ids) == len(set(ids))


def test_the_score_names_the_ruleset() -> None:
    out = score_vector(HANDS[0])
    assert out["ruleset"] == "sanma"
