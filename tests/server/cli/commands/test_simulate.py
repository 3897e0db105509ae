"""``jantaku simulate`` through the real CLI entry point."""

from __future__ import annotations

from typer.testing import CliRunner

from server.cli import app

runner = CliRunner()


def test_simulate_plays_matches_and_prints_a_summary() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--ruleset",
            "mcr",
            "--games",
            "1",
            "--seed",
            "t",
            "--bots",
            "greedy",
            "--check",
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "hands" in out and "16" in out
    assert "wins: discard" in out and "hands/s" in out and "invariants checked" in out


def test_simulate_rejects_unknown_ruleset_and_bots() -> None:
    result = runner.invoke(app, ["simulate", "--ruleset", "nope", "--games", "1"])
    assert result.exit_code == 2 and "unknown ruleset" in result.output
    result = runner.invoke(app, ["simulate", "--bots", "psychic", "--games", "1"])
    assert result.exit_code == 2 and "unknown bots" in result.output


def test_simulate_takes_options_with_a_preset() -> None:
    args = ["simulate", "--ruleset", "riichi", "--games", "1", "--seed", "p"]
    wrc = '{"preset": "wrc", "game_length": "tonpuusen"}'
    result = runner.invoke(app, [*args, "--options", wrc])
    assert result.exit_code == 0, result.output
    assert '"multi_ron": "head_bump"' in result.output  # the resolved options, printed
    assert '"game_length": "tonpuusen"' in result.output
    result = runner.invoke(app, [*args, "--options", '{"preset": "nope"}'])
    assert result.exit_code == 2 and "unknown preset" in result.output
    result = runner.invoke(app, [*args, "--options", "[1]"])
    assert result.exit_code == 2 and "JSON object" in result.output
