"""``jantaku score --options`` takes a preset and overrides (issue 14)."""

import json

from typer.testing import CliRunner

from server.cli import app

RED = json.dumps({"concealed": "234m067p888s5577z", "win_tile": "5z", "riichi": True})


def _score(options: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        app, ["score", "--ruleset", "riichi", "--options", options], input=RED + "\n"
    )
    return result.exit_code, result.output


def _aka(output: str) -> int:
    patterns = json.loads(output)["patterns"]
    return sum(p["count"] for p in patterns if p["id"] == "aka_dora")


def test_a_preset_and_its_overrides_score_the_hand() -> None:
    assert _aka(_score("{}")[1]) == 0
    assert _aka(_score('{"preset": "tenhou"}')[1]) == 1  # tenhou.net plays three red fives
    assert _aka(_score('{"preset": "tenhou", "aka_dora": 0}')[1]) == 0


def test_an_unknown_preset_is_a_usage_error() -> None:
    code, output = _score('{"preset": "tenhou6"}')
    assert code == 2 and "unknown preset 'tenhou6'" in output
    assert "known: default, tenhou, ema, wrc" in output
