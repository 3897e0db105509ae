"""``jantaku ruleset check``: exit 0 for a conforming ruleset, 1 with one line per
failure (what, where, how to fix), 2 for a target that names no ruleset; ``jantaku
rulesets`` still lists."""

from __future__ import annotations

from typer.testing import CliRunner

from server.cli import app

runner = CliRunner()


def test_a_conforming_ruleset_exits_zero() -> None:
    result = runner.invoke(app, ["ruleset", "check", "zung_jung", "--quick", "--only", "contract"])
    assert result.exit_code == 0, result.output
    assert "ruleset 'zung_jung' conforms: 5 passed" in result.output


def test_a_broken_plugin_exits_one_with_a_line_per_failure() -> None:
    result = runner.invoke(
        app, ["ruleset", "check", "tests.conformance.fakes:NOCHINESETEXT", "--only", "contract"]
    )
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("FAIL ")]
    assert lines and all("contract.option_texts: description missing in zh" in x for x in lines)
    assert all("[option '" in x and "-> fix: " in x for x in lines)


def test_an_unknown_target_exits_two() -> None:
    result = runner.invoke(app, ["ruleset", "check", "no_such_plugin"])
    assert result.exit_code == 2
    assert "neither an installed ruleset" in result.output


def test_rulesets_still_lists() -> None:
    result = runner.invoke(app, ["rulesets", "--json"])
    assert result.exit_code == 0 and '"id": "sanma"' in result.output
