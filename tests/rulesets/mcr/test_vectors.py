"""Rule test vectors: tests/vectors/mcr/*.jsonl.

Each line is a hand-jsonl input object plus ``expected`` (the output fields to check:
``ok``, ``total``, ``legal``, ``error``, and ``patterns`` as {fan id: count}), optional
``options`` (MCR option values) and ``source`` (where the expectation comes from).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.context import WinContext
from engine.ruleset import parse_options
from rulesets.mcr import RULESET

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "mcr"
_META = ("expected", "options", "source")


def load_vectors() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(VECTORS.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                out.append((f"{path.stem}:{n}", json.loads(line)))
    return out


def run_vector(obj: dict[str, Any]) -> dict[str, Any]:
    hand = {k: v for k, v in obj.items() if k not in _META}
    options = parse_options(RULESET, obj.get("options"))
    return RULESET.score(WinContext.from_json(hand), options).to_json()


def _id(x: object) -> str:
    return x if isinstance(x, str) else ""


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
