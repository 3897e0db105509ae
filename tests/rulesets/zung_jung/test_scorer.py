"""The scorer's output (hand-jsonl: ``total`` after the limit, ``raw_total`` before it)
and the CLI path ``RULESET.score(WinContext.from_json(obj), parse_options(...))``."""

from __future__ import annotations

import json

from engine.context import WinContext
from engine.ruleset import parse_options
from rulesets.zung_jung import RULESET
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.patterns import number_of
from server.cli.commands.score import score_lines

D = {"concealed": "111s222s333s555s9s", "win_tile": "9s", "tsumo": True}


def test_output_fields() -> None:
    out = RULESET.score(WinContext.from_json(D), Options()).to_json()
    assert out["ok"] and out["legal"] and out["ruleset"] == "zung_jung"
    assert (out["total"], out["raw_total"]) == (320, 340)
    first = out["patterns"][0]
    assert set(first) == {"id", "zh", "en", "ja", "value", "count"}
    assert out["pattern_numbers"] == {p["id"]: number_of(p["id"]) for p in out["patterns"]}
    assert out["pattern_numbers"]["three_consecutive_triplets"] == "7.2.1"


def test_patterns_in_seed_order() -> None:
    out = RULESET.score(WinContext.from_json(D), Options()).to_json()
    numbers = [tuple(int(x) for x in n.split(".")) for n in out["pattern_numbers"].values()]
    assert numbers == sorted(numbers)


def test_score_lines_like_the_cli() -> None:
    lines = [
        json.dumps({"id": 1, **D}),
        json.dumps({"id": 2, "concealed": "123m", "win_tile": "4m"}),
        "",
        json.dumps({"id": 3, "concealed": "19m19p19s1234567z", "win_tile": "1m"}),
    ]
    opts = parse_options(RULESET, {"compound_limit": 330})
    got = list(score_lines(RULESET, opts, lines))
    assert [g["id"] for g in got] == [1, 2, 3]
    assert got[0]["total"] == 330
    assert got[1]["error"] == "invalid_input"
    assert got[2]["total"] == 160


def test_options_are_the_rulesets_model_parsed() -> None:
    out = RULESET.score(
        WinContext.from_json(
            {**D, "concealed": "456p789s555m9s", "melds": [{"type": "chi", "tiles": "123m"}]}
        ),
        parse_options(RULESET, {"chicken_value": 3}),
    )
    assert out.total == 3


def test_not_a_win_and_bad_count() -> None:
    bad = RULESET.score(WinContext.from_json({"concealed": "123m", "win_tile": "4m"}), Options())
    assert bad.to_json()["error"] == "invalid_input"
    no = RULESET.score(
        WinContext.from_json({"concealed": "1357m2468p1357s9s", "win_tile": "9p"}), Options()
    )
    assert no.to_json() == {"ok": False, "error": "not_a_win", "message": "no winning shape"}
