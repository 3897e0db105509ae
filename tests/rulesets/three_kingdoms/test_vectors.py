"""Rule vectors: tests/vectors/three_kingdoms/*.jsonl.

Each line is a hand-jsonl input object (17 tiles) plus ``expected`` — ``ok``, ``total``,
``legal``, ``error``, ``qualifying`` (points toward the 8-point minimum), ``patterns`` as
{id: count}, ``face_down`` (the tiles of the set turned down, or a list of equally good
sets) and ``winning_tile_down`` — optional ``options`` and ``source`` (the rule or the
worked example of three-kingdoms.md / seed 002 the line checks).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.three_kingdoms import RULESET
from tests.rulesets import vectors as shared

_META = shared.META


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    return shared.load_vectors("three_kingdoms")


def run_vector(obj: dict[str, Any]) -> dict[str, Any]:
    return shared.run_vector(RULESET, obj, _META)


@pytest.mark.parametrize(("where", "obj"), load_vectors(), ids=shared.vector_id)
def test_vector(where: str, obj: dict[str, Any]) -> None:
    got = run_vector(obj)
    want = obj["expected"]
    label = f"{where} {obj.get('id')}"
    for key in ("ok", "total", "legal", "error", "qualifying"):
        if key in want:
            assert got.get(key) == want[key], f"{label}: {key}"
    if "patterns" in want:
        patterns = {p["id"]: p["count"] for p in got.get("patterns", [])}
        assert patterns == want["patterns"], label
        assert got["total"] == sum(p["value"] * p["count"] for p in got["patterns"])
    if "face_down" in want:
        acceptable = want["face_down"]
        if isinstance(acceptable, str):
            acceptable = [acceptable]
        assert got["face_down"]["tiles"] in acceptable, label
        assert got["face_down"]["winning_tile"] == want["winning_tile_down"], label


def test_every_worked_example_is_covered() -> None:
    ids = {obj["id"] for _w, obj in load_vectors()}
    for n in range(1, 7):
        assert any(i.startswith(f"10.{n}") for i in ids), n
    assert len(ids) >= 50


def test_every_seed_002_example_is_a_vector() -> None:
    """The introduction's example and the fourteen numbered ones, rebuilt from their fan
    lists (the seed's tile pictures are lost)."""
    ids = {obj["id"] for w, obj in load_vectors() if w.startswith("seed_002:")}
    assert "seed-intro" in ids
    covered = {int(i.split("-")[1]) for i in ids if i.split("-")[1].isdigit()}
    assert covered == set(range(1, 15))
