"""Rule vectors: tests/vectors/zung_jung/*.jsonl (no reference calculator exists for Zung
Jung, so these hand-checked vectors are the source of correctness).

Each line is a hand-jsonl input object plus ``expected`` (output fields to compare:
``ok``, ``total``, ``raw_total``, ``legal``, ``error``, and ``patterns`` as {id: count}),
optional ``options``, ``source`` (the rule it checks), and for the catalogue check
``covers`` (a pattern id) with ``case`` = "hit" (it scores) or "miss" (a near miss where
it must not).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.zung_jung import RULESET
from tests.rulesets import vectors as shared

META = (*shared.META, "covers", "case")


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    return shared.load_vectors("zung_jung")


def run_vector(obj: dict[str, Any]) -> dict[str, Any]:
    return shared.run_vector(RULESET, obj, META)


_id = shared.vector_id


@pytest.mark.parametrize(("where", "obj"), load_vectors(), ids=_id)
def test_vector(where: str, obj: dict[str, Any]) -> None:
    got = run_vector(obj)
    want = obj["expected"]
    label = f"{where} {obj.get('id')}"
    for key in ("ok", "total", "raw_total", "legal", "error"):
        if key in want:
            assert got.get(key) == want[key], f"{label}: {key} {got}"
    if "patterns" in want:
        patterns = {p["id"]: p["count"] for p in got.get("patterns", [])}
        assert patterns == want["patterns"], label
        raw = sum(p["value"] * p["count"] for p in got["patterns"])
        assert got["raw_total"] == raw, label
        assert got["total"] <= raw


def test_vectors_exist() -> None:
    assert len(load_vectors()) >= 100
