"""Rule vectors: tests/vectors/zung_jung/*.jsonl (no reference calculator exists for Zung
Jung, so these hand-checked vectors are the source of correctness).

Each line is a hand-jsonl input object plus ``expected`` (output fields to compare:
``ok``, ``total``, ``raw_total``, ``legal``, ``error``, and ``patterns`` as {id: count}),
optional ``options``, ``source`` (the rule it checks), and for the catalogue check
``covers`` (a pattern id) with ``case`` = "hit" (it scores) or "miss" (a near miss where
it must not).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.context import InvalidInput, WinContext
from engine.ruleset import parse_options
from engine.scoring import ScoreError
from rulesets.zung_jung import RULESET

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "zung_jung"
META = ("expected", "options", "source", "covers", "case")


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(VECTORS.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                out.append((f"{path.stem}:{n}", json.loads(line)))
    return out


def run_vector(obj: dict[str, Any]) -> dict[str, Any]:
    hand = {k: v for k, v in obj.items() if k not in META}
    options = parse_options(RULESET, obj.get("options"))
    try:
        ctx = WinContext.from_json(hand)
    except InvalidInput as exc:
        return {"ok": False, "error": ScoreError.INVALID_INPUT, "message": str(exc)}
    return RULESET.score(ctx, options).to_json()


def _id(x: object) -> str:
    return x if isinstance(x, str) else ""


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
