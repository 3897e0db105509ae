"""Loading and running the riichi vector files (tests/vectors/riichi/*.jsonl)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.context import InvalidInput, WinContext
from engine.scoring import Score, ScoreError
from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions, preset

VECTOR_DIR = Path(__file__).resolve().parents[2] / "vectors" / "riichi"
HAND_FILES = ("examples", "yaku", "yakuman", "local", "options", "dora", "errors", "impossible")
NOT_INPUT = frozenset({"expect", "options", "preset", "extra", "doc"})
BONUS = ("dora", "aka_dora", "ura_dora", "kita")


def load(name: str) -> list[dict[str, Any]]:
    lines = (VECTOR_DIR / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def hand_vectors() -> list[dict[str, Any]]:
    return [v for name in HAND_FILES for v in load(name)]


def options_of(v: dict[str, Any]) -> RiichiOptions:
    base = preset(v.get("preset", "default")).model_dump()
    return RiichiOptions.model_validate({**base, **v.get("options", {})})


def score_vector(v: dict[str, Any]) -> dict[str, Any]:
    """The hand-jsonl output for a vector, as the integrator's CLI would produce it."""
    obj = {k: x for k, x in v.items() if k not in NOT_INPUT}
    try:
        ctx = WinContext.from_json(obj)
    except InvalidInput as exc:
        return Score.failure("riichi", ScoreError.INVALID_INPUT, str(exc)).to_json()
    if "extra" in v:
        ctx = replace(ctx, extra=v["extra"])
    return RULESET.score(ctx, options_of(v)).to_json()


def mismatches(expect: dict[str, Any], out: dict[str, Any]) -> list[str]:
    """Differences between a vector's ``expect`` and a result (empty when it matches)."""
    if "error" in expect:
        if out.get("ok") or out.get("error") != expect["error"]:
            return [f"error: expected {expect['error']}, got {out}"]
        return []
    if not out.get("ok"):
        return [f"expected a score, got {out}"]
    found: list[str] = []
    patterns = {p["id"]: p for p in out["patterns"]}
    if "yaku" in expect:
        yaku = sorted(pid for pid in patterns if pid not in BONUS)
        if yaku != sorted(expect["yaku"]):
            found.append(f"yaku: expected {sorted(expect['yaku'])}, got {yaku}")
    for bonus in BONUS:
        if bonus in expect:
            count = patterns[bonus]["count"] if bonus in patterns else 0
            if count != expect[bonus]:
                found.append(f"{bonus}: expected {expect[bonus]}, got {count}")
    for key in ("han", "fu", "limit", "yakuman", "payment", "total"):
        if key in expect and out.get(key) != expect[key]:
            found.append(f"{key}: expected {expect[key]}, got {out.get(key)}")
    return found
