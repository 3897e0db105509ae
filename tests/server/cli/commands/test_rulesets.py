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


def test_readable_view_one_option_per_line() -> None:
    """Every option on a line of its own with its full name and default (the old table
    wrapped a comma-separated options column into fragments)."""
    result = runner.invoke(app, ["rulesets", "--ruleset", "riichi"], env={"COLUMNS": "90"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    info = {r["id"]: r for r in json.loads(runner.invoke(app, ["rulesets", "--json"]).stdout)}
    for name, schema in info["riichi"]["options_schema"]["properties"].items():
        row = [line for line in lines if line.split()[:1] == [name]]
        assert row, f"option {name} has no line of its own"
        assert json.dumps(schema["default"], ensure_ascii=False) in row[0]
    assert "mcr" not in result.stdout.split()
    bad = runner.invoke(app, ["rulesets", "--ruleset", "nope"])
    assert bad.exit_code != 0 and "installed:" in bad.output


def test_demo_scores_every_installed_ruleset() -> None:
    from server.domain.registry import available, load

    result = runner.invoke(app, ["demo", "--seed", "all"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for ruleset_id in available():
        name = load(ruleset_id).names.en
        line = next(x for x in result.stdout.splitlines() if x.startswith(name))
        assert " = " in line, line  # scored, with its total


def test_readable_view_presets_first_with_titles_in_the_language_asked() -> None:
    """Presets come first, each with its title, description and what it sets; options
    show their title and description from the ruleset's texts and values by name."""
    result = runner.invoke(app, ["rulesets", "--ruleset", "mcr"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert (
        out.index("Seed rules (default)") < out.index("Botzone (botzone)") < out.index("edition =")
    )
    assert 'sets edition="botzone1998"' in out
    assert 'seat_change = "mcr_table" · Change seats each round (MCR table)' in out
    assert "Seat changes: Whether players change seats" in out
    assert '"null" · As the edition reads it' not in out and "null · As the edition reads it" in out
    zh = runner.invoke(app, ["rulesets", "--ruleset", "riichi", "--lang", "zh"])
    assert zh.exit_code == 0, zh.output
    assert "天凤 (tenhou)" in zh.stdout and "一发: 立直后一巡内" in zh.stdout
    bad = runner.invoke(app, ["rulesets", "--lang", "fr"])
    assert bad.exit_code != 0
