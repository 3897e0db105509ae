"""The faan vectors: tests/vectors/patterns.jsonl, one hand per line in tile notation.

Each line is a hand-jsonl input object plus ``expected`` (output fields to compare: ``ok``,
``total``, ``raw_faan``, ``legal``, ``error``, and ``patterns`` as {id: count}),
``options``, ``source`` (the section of docs/rules.md and the published source it checks),
``extra`` (what the table tells the scorer, ``WinContext.extra``: here ``bonus_tiles``,
which flowers, in tile notation; hand-jsonl only counts them), and for the catalogue
check ``covers`` (a pattern id) with ``case`` "hit" (it scores) or "miss" (a near miss
where it must not).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from jantaku_hong_kong import RULESET
from jantaku_hong_kong.patterns import CATALOGUE

from engine.context import InvalidInput, WinContext
from engine.ruleset import parse_options

VECTORS = Path(__file__).resolve().parent / "vectors"
META = ("id", "expected", "options", "source", "covers", "case", "extra")


def load(name: str) -> list[tuple[str, dict[str, Any]]]:
    path = VECTORS / name
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(f"{path.stem}:{n}", json.loads(line)) for n, line in enumerate(lines, 1) if line]


def context_of(obj: dict[str, Any]) -> WinContext:
    """The vector's hand, with its flowers named in ``extra`` as the table names them."""
    ctx = WinContext.from_json({k: v for k, v in obj.items() if k not in META})
    if isinstance(obj.get("extra"), dict):
        ctx = dataclasses.replace(ctx, extra=obj["extra"])
    return ctx


def run(obj: dict[str, Any]) -> dict[str, Any]:
    options = parse_options(RULESET, obj.get("options"))
    try:
        ctx = context_of(obj)
    except InvalidInput as exc:
        return {"ok": False, "error": "invalid_input", "message": str(exc)}
    return RULESET.score(ctx, options).to_json()


PATTERN_VECTORS = load("patterns.jsonl")


@pytest.mark.parametrize(("where", "obj"), PATTERN_VECTORS, ids=[w for w, _ in PATTERN_VECTORS])
def test_vector(where: str, obj: dict[str, Any]) -> None:
    assert obj.get("source"), f"{where}: every vector cites its source"
    got = run(obj)
    want = obj["expected"]
    label = f"{where} {obj['id']}: {got}"
    for key in ("ok", "total", "raw_faan", "legal", "error"):
        if key in want:
            assert got.get(key) == want[key], f"{key} {label}"
    if "patterns" in want:
        assert {p["id"]: p["count"] for p in got.get("patterns", [])} == want["patterns"], label
    if got.get("ok") and "patterns" in want:
        raw = sum(p["value"] * p["count"] for p in got["patterns"])
        assert got["raw_faan"] == raw and got["total"] == min(raw, got["total"]), label


def test_every_faan_has_a_hit_and_a_miss() -> None:
    cases: dict[str, set[str]] = {pid: set() for pid in CATALOGUE.ids}
    for _, obj in PATTERN_VECTORS:
        if "covers" in obj:
            cases[obj["covers"]].add(obj["case"])
    both = {"hit", "miss"}
    missing = {pid: both - seen for pid, seen in cases.items() if seen != both}
    assert not missing, missing


def test_scoring_ignores_tile_order() -> None:
    for _, obj in PATTERN_VECTORS:
        ctx = WinContext.from_json({k: v for k, v in obj.items() if k not in META})
        shuffled = dataclasses.replace(ctx, concealed=tuple(reversed(ctx.concealed)))
        options = parse_options(RULESET, obj.get("options"))
        assert RULESET.score(shuffled, options) == RULESET.score(ctx, options)
