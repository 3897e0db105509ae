"""Rule test vectors: tests/vectors/mcr/*.jsonl.

Each line is a hand-jsonl input object plus ``expected`` (the output fields to check:
``ok``, ``total``, ``legal``, ``error``, and ``patterns`` as {fan id: count}), optional
``options`` (MCR option values) and ``source`` (where the expectation comes from).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.mcr import RULESET
from tests.rulesets import vectors as shared

_META = shared.META


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    return shared.load_vectors("mcr")


def run_vector(obj: dict[str, Any]) -> dict[str, Any]:
    return shared.run_vector(RULESET, obj, _META)


_id = shared.vector_id


@pytest.mark.parametrize(("where", "obj"), load_vectors(), ids=_id)
def test_vector(where: str, obj: dict[str, Any]) -> None:
    got = run_vector(obj)
    want = obj["expected"]
    for key in ("ok", "total", "legal", "error"):
        if key in want:
            assert got.get(key) == want[key], f"{where} {obj.get('id')}: {key}"
    if "patterns" in want:
        patterns = {p["id"]: p["count"] for p in got.get("patterns", [])}
        assert patterns == want["patterns"], f"{where} {obj.get('id')}"
        for p in got["patterns"]:
            assert p["value"] * p["count"] > 0
        assert got["total"] == sum(p["value"] * p["count"] for p in got["patterns"])


def test_vectors_exist() -> None:
    assert len(load_vectors()) > 100
