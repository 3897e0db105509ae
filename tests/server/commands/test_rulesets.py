import json

from typer.testing import CliRunner

from server.cli import app

runner = CliRunner()


def test_lists_installed_rulesets_with_schemas() -> None:
    result = runner.invoke(app, ["rulesets", "--json"])
    assert result.exit_code == 0, result.output
    info = {r["id"]: r for r in json.loads(result.stdout)}
    assert {"mcr", "riichi"} <= set(info)
    mcr = info["mcr"]
    assert mcr["names"]["zh"] and mcr["version"]
    assert mcr["options_schema"]["properties"]["edition"]["default"] == "competition"
    table = runner.invoke(app, ["rulesets"])
    assert table.exit_code == 0 and "mcr" in table.stdout


def test_demo_deals_and_scores() -> None:
    result = runner.invoke(app, ["demo", "--seed", "readme"])
    assert result.exit_code == 0, result.output
    assert "verifies against the commitment: True" in result.stdout
    assert "Mixed Straight" in result.stdout
