"""The hand-jsonl path of ``jantaku score --ruleset three_kingdoms`` (formats/hand-jsonl.md):
17-tile input, ``face_down`` in the output."""

from __future__ import annotations

import json

from engine.ruleset import parse_options
from rulesets.three_kingdoms import RULESET
from server.cli.commands.score import score_lines


def test_score_lines() -> None:
    lines = [
        json.dumps({"id": 1, "concealed": "123456789m234p234s5p", "win_tile": "5p"}),
        json.dumps({"id": 2, "concealed": "123456789m234p5p", "win_tile": "5p"}),
        "",
        json.dumps({"id": 3, "concealed": "123456789m234p234s5p", "win_tile": "5p", "x": 1}),
    ]
    out = list(score_lines(RULESET, parse_options(RULESET, {}), lines))
    assert [o["id"] for o in out] == [1, 2, 3]
    first = out[0]
    assert first["ok"] and first["ruleset"] == "three_kingdoms" and first["total"] == 21
    assert first["legal"] and first["face_down"]["tiles"] in ("234p", "234s")
    assert out[1]["error"] == "invalid_input"  # 14 tiles
    assert out[2]["error"] == "invalid_input"  # unknown field
