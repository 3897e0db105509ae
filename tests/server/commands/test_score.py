import json

from typer.testing import CliRunner

from server.cli import app

runner = CliRunner()

GOOD = {"id": "ex1", "concealed": "123456m1178s456p", "win_tile": "9s"}


def run(lines: list[str], *args: str) -> list[dict]:
    result = runner.invoke(app, ["score", "--ruleset", "mcr", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_scores_lines_in_order_and_survives_bad_ones() -> None:
    out = run(
        [
            json.dumps(GOOD),
            "not json",
            "[1, 2]",
            json.dumps({"id": 4, "concealed": "12x3m", "win_tile": "1m"}),
            "",
            json.dumps({**GOOD, "id": "again", "tsumo": True}),
        ]
    )
    assert [o["id"] for o in out] == ["ex1", None, None, 4, "again"]
    assert out[0]["ok"] and out[0]["total"] == 13 and out[0]["legal"]
    assert out[1] == {
        "id": None,
        "ok": False,
        "error": "invalid_input",
        "message": "line 2: not JSON (Expecting value at column 1)",
    }
    assert out[2]["error"] == "invalid_input" and "JSON object" in out[2]["message"]
    assert out[3]["error"] == "invalid_input" and "unknown suit 'x' at 2" in out[3]["message"]
    assert out[4]["total"] == 15


def test_options_are_validated() -> None:
    result = runner.invoke(
        app, ["score", "--ruleset", "mcr", "--options", '{"bogus": 1}'], input=""
    )
    assert result.exit_code == 2 and "option 'bogus': unknown option" in result.output
    result = runner.invoke(app, ["score", "--ruleset", "mcr", "--options", "[]"], input="")
    assert result.exit_code == 2
    result = runner.invoke(app, ["score", "--ruleset", "mcr", "--options", "{"], input="")
    assert result.exit_code == 2 and "not JSON" in result.output


def test_unknown_ruleset_is_a_clear_error() -> None:
    result = runner.invoke(app, ["score", "--ruleset", "nope"], input="")
    assert result.exit_code == 2 and "unknown ruleset 'nope'" in result.output
