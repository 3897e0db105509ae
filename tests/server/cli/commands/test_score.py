import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from engine.ruleset import parse_options
from server.cli import app
from server.cli.commands.score import result_line, score_lines
from server.domain.registry import load

runner = CliRunner()

GOOD = {"id": "ex1", "concealed": "123456m1178s456p", "win_tile": "9s"}


def run(lines: list[str], *args: str) -> list[dict[str, Any]]:
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


def test_hostile_lines_are_answered_and_the_rest_still_scored() -> None:
    """Deep nesting, a 5,000-digit number, a lone surrogate and bytes that are not UTF-8
    each get their own invalid_input line; output is valid UTF-8 JSON throughout."""
    hostile = [
        b"[" * 5000,
        b'{"id": ' + b"9" * 5000 + b', "concealed": "123456m1178s456p", "win_tile": "9s"}',
        b'{"id": "\\ud800", "concealed": "123456m1178s456p", "win_tile": "9s"}',
        b'{"id": "\xff\xfe", "concealed": "x"}',
        json.dumps(GOOD).encode(),
    ]
    result = runner.invoke(app, ["score", "--ruleset", "mcr"], input=b"\n".join(hostile) + b"\n")
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout_bytes.decode("utf-8").splitlines()]
    assert [o.get("error") for o in out[:4]] == ["invalid_input"] * 4
    assert "nesting depth 5000" in out[0]["message"]
    assert "5000 characters" in out[1]["message"]
    assert "lone surrogate" in out[2]["message"]
    assert "not UTF-8" in out[3]["message"]
    assert out[4]["id"] == "ex1" and out[4]["ok"]


CORPUS = Path(__file__).parents[2] / "adapters" / "ws" / "corpus"
LINES = st.one_of(
    st.binary(max_size=80),
    st.text(max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from([p.read_bytes() for p in sorted(CORPUS.iterdir())]),
    st.builds(
        lambda hand, extra: json.dumps({**GOOD, **hand, **extra}).encode(),
        st.fixed_dictionaries({}, optional={"concealed": st.text(max_size=20),
                                            "win_tile": st.text(max_size=3)}),
        st.dictionaries(st.sampled_from(["id", "melds", "flowers", "self_draw", "seat_wind"]),
                        st.none() | st.integers() | st.text(max_size=5) | st.lists(st.text())),
    ),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=6))
def test_every_line_gets_one_valid_utf8_result(lines: list[bytes]) -> None:
    ruleset = load("mcr")
    options = parse_options(ruleset, {})
    split = [part for line in lines for part in line.split(b"\n")]  # stdin splits lines so
    results = list(score_lines(ruleset, options, split))
    expected = sum(1 for part in split if part.decode("utf-8", "replace").strip())
    assert len(results) == expected
    for result in results:
        out = result_line(result)
        assert isinstance(json.loads(out.decode("utf-8")), dict)
        assert result.get("error") != "internal_error", result
