"""``jantaku score --ruleset sanma`` refuses what a three-player hand cannot hold, each
line with a message naming the problem: a 2m-8m tile, a chi."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from server.cli import app

runner = CliRunner()


def test_sanma_score_refuses_removed_tiles_and_chi() -> None:
    lines = [
        {"id": "2m", "concealed": "234m567p3488s678s", "win_tile": "2s", "riichi": True},
        {
            "id": "chi",
            "concealed": "567p3488s678s",
            "melds": [{"type": "chi", "tiles": "789s"}],
            "win_tile": "2s",
        },
        {"id": "ok", "concealed": "111m567p3488s678s", "win_tile": "2s", "riichi": True},
    ]
    stdin = "\n".join(json.dumps(x) for x in lines) + "\n"
    result = runner.invoke(app, ["score", "--ruleset", "sanma"], input=stdin)
    assert result.exit_code == 0, result.output
    out = {o["id"]: o for o in map(json.loads, result.stdout.splitlines())}
    assert out["2m"]["error"] == "invalid_input"
    assert out["2m"]["message"] == (
        "concealed: 234m not in the three-player set (108 tiles: 2m-8m are removed)"
    )
    assert out["chi"]["error"] == "invalid_input"
    assert (
        out["chi"]["message"]
        == "melds.0: chi 789s cannot be called at three players (pon and kan only)"
    )
    assert out["ok"]["ok"] and out["ok"]["legal"]
