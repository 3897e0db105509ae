"""Loading and running the three-player vector files (tests/vectors/sanma/*.jsonl), in
riichi's vector format (tests/rulesets/riichi/vectors.py) with a ``kita`` count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.context import InvalidInput, WinContext
from engine.ruleset import parse_options
from engine.scoring import Score, ScoreError
from rulesets.sanma import RULESET
from tests.rulesets.riichi.vectors import NOT_INPUT

VECTOR_DIR = Path(__file__).resolve().parents[2] / "vectors" / "sanma"


def load(name: str) -> list[dict[str, Any]]:
    lines = (VECTOR_DIR / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def score_vector(v: dict[str, Any]) -> dict[str, Any]:
    """The hand-jsonl output for a vector under its preset and options."""
    obj = {k: x for k, x in v.items() if k not in NOT_INPUT}
    try:
        ctx = WinContext.from_json(obj)
    except InvalidInput as exc:
        return Score.failure("sanma", ScoreError.INVALID_INPUT, str(exc)).to_json()
    raw = {"preset": v.get("preset", "default"), **v.get("options", {})}
    return RULESET.score(ctx, parse_options(RULESET, raw)).to_json()
