"""The exported RULESET honours the ruleset contract and the hand-jsonl output format."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.context import WinContext
from engine.ruleset import Names, Ruleset, parse_options
from rulesets.riichi import RULESET, RiichiOptions

PACKAGE = Path(__file__).resolve().parents[3] / "rulesets" / "riichi"
FORBIDDEN = {"server", "fastapi", "starlette", "sqlalchemy", "websockets", "asyncio", "time",
             "random", "mahjong"}


def _win(**fields: object) -> WinContext:
    return WinContext.from_json({"concealed": "23m567m345p678s99s", "win_tile": "4m", **fields})


def test_contract() -> None:
    assert isinstance(RULESET, Ruleset)
    assert RULESET.id == "riichi" and RULESET.version == "1.0.0"
    assert RULESET.names == Names(en="Japanese Riichi", zh="日本立直麻将", ja="リーチ麻雀")
    assert RULESET.options_model is RiichiOptions
    assert RULESET.hand_tiles(RiichiOptions()) == 14


def test_output_fields() -> None:
    out = RULESET.score(_win(tsumo=True, riichi=True, seat_wind=2),
                        parse_options(RULESET, {})).to_json()
    assert out["ok"] is True and out["ruleset"] == "riichi" and out["legal"] is True
    assert [p["id"] for p in out["patterns"]] == ["riichi", "menzen_tsumo", "pinfu"]
    assert out["patterns"][0] == {"id": "riichi", "zh": "立直", "en": "Riichi",
                                  "ja": "立直", "value": 1, "count": 1}
    assert {k: out[k] for k in ("han", "fu", "limit", "yakuman", "payment", "total")} == {
        "han": 3, "fu": 20, "limit": None, "yakuman": 0,
        "payment": {"dealer": 1300, "non_dealer": 700}, "total": 2700,
    }


def test_dealer_field_absent_for_dealer_tsumo() -> None:
    out = RULESET.score(_win(tsumo=True, seat_wind=1), RiichiOptions()).to_json()
    assert out["payment"] == {"non_dealer": 700} and out["total"] == 2100


def test_failures() -> None:
    opts = RiichiOptions()
    bad = WinContext.from_json({"concealed": "23m567m345p678s9s", "win_tile": "4m"})
    assert RULESET.score(bad, opts).to_json()["error"] == "invalid_input"
    no_yaku = WinContext.from_json({"concealed": "123m456p789s11z22s", "win_tile": "2s",
                                    "seat_wind": 3, "round_wind": 2})
    out = RULESET.score(no_yaku, opts).to_json()
    assert out == {"ok": False, "error": "no_yaku", "message": out["message"]}
    not_win = WinContext.from_json({"concealed": "1357m2468p13579s", "win_tile": "1z"})
    assert RULESET.score(not_win, opts).to_json()["error"] == "not_a_win"


def test_options_from_another_model_instance_are_revalidated() -> None:
    opts = parse_options(RULESET, {"kuitan": False})
    assert isinstance(opts, RiichiOptions) and opts.kuitan is False


def test_pure_imports() -> None:
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, (path.name, name)
