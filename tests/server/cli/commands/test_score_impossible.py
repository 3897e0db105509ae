"""Impossible hands through ``jantaku score``: every line of
tests/vectors/<ruleset>/impossible.jsonl is refused as ``invalid_input`` with a message
naming the conflict (issue 14), in every ruleset."""

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from server.cli import app
from tests.rulesets.vectors import load_vectors

RULESETS = ("mcr", "riichi", "zung_jung", "three_kingdoms")
NOT_INPUT = frozenset({"expected", "expect", "source"})


def _vectors(ruleset: str) -> list[dict[str, Any]]:
    return [obj for where, obj in load_vectors(ruleset) if where.startswith("impossible:")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_impossible_hand_is_refused_by_name(ruleset: str) -> None:
    vectors = _vectors(ruleset)
    assert len(vectors) >= 20
    lines = [json.dumps({k: v for k, v in obj.items() if k not in NOT_INPUT}) for obj in vectors]
    result = CliRunner().invoke(app, ["score", "--ruleset", ruleset], input="\n".join(lines))
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["id"] for o in out] == [v["id"] for v in vectors]
    for vector, got in zip(vectors, out, strict=True):
        want = vector.get("expected") or vector["expect"]
        assert got["ok"] is False and got["error"] == "invalid_input", (vector["id"], got)
        assert want["message"] in got["message"], (vector["id"], got["message"])
