"""Shared runner for the rule vectors in tests/vectors/<ruleset>/*.jsonl.

Each line is a hand-jsonl input object plus test metadata (``expected``, ``options``,
``source`` and any ruleset-specific keys named in ``meta``), and optionally ``extra``:
the facts a table gives the scorer (``WinContext.extra``), as the conformance kit reads it.
A vector runs exactly as ``jantaku score`` would: WinContext.from_json, then the
ruleset's score on its options.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.context import InvalidInput, WinContext
from engine.ruleset import Ruleset, parse_options
from engine.scoring import ScoreError

VECTOR_ROOT = Path(__file__).resolve().parents[1] / "vectors"
META = ("expected", "options", "source", "extra")


def load_vectors(ruleset_id: str) -> list[tuple[str, dict[str, Any]]]:
    """(``file:line``, object) for every vector line of a ruleset."""
    out = []
    for path in sorted((VECTOR_ROOT / ruleset_id).glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                out.append((f"{path.stem}:{n}", json.loads(line)))
    return out


def run_vector(
    ruleset: Ruleset[Any], obj: dict[str, Any], meta: Iterable[str] = META
) -> dict[str, Any]:
    """The hand-jsonl output object for one vector (``invalid_input`` for a bad hand)."""
    skip = set(meta)
    hand = {k: v for k, v in obj.items() if k not in skip}
    options = parse_options(ruleset, obj.get("options"))
    try:
        ctx = WinContext.from_json(hand)
    except InvalidInput as exc:
        return {"ok": False, "error": ScoreError.INVALID_INPUT, "message": str(exc)}
    if isinstance(obj.get("extra"), dict):
        ctx = replace(ctx, extra=obj["extra"])
    return ruleset.score(ctx, options).to_json()


def vector_id(x: object) -> str:
    return x if isinstance(x, str) else ""
