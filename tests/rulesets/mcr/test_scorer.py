"""The MCR scorer: results, errors and every scoring option (mcr.md §11, §15-17)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.context import InvalidInput, WinContext
from engine.ruleset import Ruleset, parse_options
from engine.scoring import ScoreError
from rulesets.mcr import RULESET, Options

CHICKEN: dict[str, Any] = {
    "concealed": "56s678p22z",
    "melds": [{"type": "chi", "tiles": "123m"}, {"type": "chi", "tiles": "345m"}],
    "win_tile": "7s",
}
EXAMPLE_1 = {"concealed": "123456m1178s456p", "win_tile": "9s"}
SEVEN_PAIRS = {"concealed": "1133557799m224p", "win_tile": "4p", "tsumo": True}
KNITTED_EDGE = {"concealed": "14789m258p369s55s", "win_tile": "7m"}
MIXED_KONGS = {
    "concealed": "234m567s8p",
    "melds": [{"type": "ankan", "tiles": "3333s"}, {"type": "minkan", "tiles": "6666p"}],
    "win_tile": "8p",
}


def score(hand: dict[str, Any], **options: Any) -> dict[str, Any]:
    return RULESET.score(WinContext.from_json(hand), parse_options(RULESET, options)).to_json()


def fans(result: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: p["count"] for p in result.get("patterns", [])}


def test_ruleset_contract() -> None:
    assert isinstance(RULESET, Ruleset)
    assert RULESET.id == "mcr" and RULESET.version == "1.0.0"
    assert RULESET.names.zh == "国标麻将" and RULESET.names.ja == "国標麻将"
    assert RULESET.hand_tiles(Options()) == 14
    assert RULESET.options_model is Options


def test_output_shape() -> None:
    got = score(EXAMPLE_1)
    assert set(got) == {"ok", "ruleset", "patterns", "total", "legal"}
    assert got["ok"] and got["legal"] and got["ruleset"] == "mcr"
    assert got["patterns"][0] == {
        "id": "mixed_straight", "zh": "花龙", "en": "Mixed Straight", "ja": "花龍",
        "value": 8, "count": 1,
    }


def test_below_minimum_keeps_patterns() -> None:
    got = score({**CHICKEN, "tsumo": True, "flowers": 8})
    assert got["ok"] is False and got["error"] == ScoreError.BELOW_MINIMUM
    assert got["legal"] is False and got["total"] == 9
    assert fans(got) == {"self_drawn": 1, "flower_tiles": 8}


def test_flowers_are_added_after_the_minimum() -> None:
    got = score({**EXAMPLE_1, "flowers": 3})
    assert got["total"] == 16 and got["legal"]
    assert fans(score({**EXAMPLE_1, "flowers": 3}, use_flowers=False)) == fans(score(EXAMPLE_1))


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ({"concealed": "123456m1178s456p", "win_tile": "5s"}, ScoreError.NOT_A_WIN),
        ({"concealed": "123456m178s456p", "win_tile": "9s"}, ScoreError.INVALID_INPUT),
        ({**EXAMPLE_1, "rinshan": True}, ScoreError.INVALID_INPUT),
        ({**EXAMPLE_1, "haitei": True}, ScoreError.INVALID_INPUT),
        ({**EXAMPLE_1, "tsumo": True, "houtei": True}, ScoreError.INVALID_INPUT),
        ({**EXAMPLE_1, "tsumo": True, "chankan": True}, ScoreError.INVALID_INPUT),
        ({"concealed": "11112345678999m", "win_tile": "9m"}, ScoreError.INVALID_INPUT),
    ],
)
def test_errors(hand: dict[str, Any], code: str) -> None:
    got = score(hand)
    assert got == {"ok": False, "error": code, "message": got["message"]}
    assert got["message"]


def test_malformed_hands_get_the_hand_checks_message() -> None:
    """The scorer counts tiles itself on the common path; a malformed hand still gets
    exactly ``WinContext.check``'s message."""
    ok = WinContext.from_json(EXAMPLE_1)
    pon = WinContext.from_json({**CHICKEN, "melds": [{"type": "pon", "tiles": "111m"}]}).melds
    bad = [
        replace(ok, concealed=(0, 0, 0, 0, *ok.concealed[4:]), win_tile=0),  # five 1m
        replace(ok, concealed=(*ok.concealed[:-1], 34)),  # a flower tile in the hand
        replace(ok, win_tile=35),
        replace(ok, concealed=ok.concealed[:10], melds=pon, win_tile=0),  # 1m x4 + pon 111m
        replace(ok, concealed=ok.concealed[:-1]),  # 13 tiles
        replace(ok, flowers=9),
        replace(ok, dora_indicators=(36,)),
        replace(ok, dora_indicators=(0, 0, 0, 0)),  # a fifth 1m among the indicators
    ]
    for win in bad:
        with pytest.raises(InvalidInput) as exc:
            win.check(14)
        got = RULESET.score(win, Options())
        assert (got.error, got.message) == (ScoreError.INVALID_INPUT, str(exc.value)), win
    assert RULESET.score(replace(ok, dora_indicators=(5,)), Options()).legal


def test_flags_are_corrected_from_the_tiles() -> None:
    # The winner holds another copy: never Last Tile; robbing needs an unheld tile.
    pair_wait = {"concealed": "345m678p789p111s1z", "win_tile": "1z"}
    assert "last_tile" not in fans(score({**pair_wait, "last_tile_of_kind": True}))
    assert "robbing_the_kong" not in fans(score({**pair_wait, "chankan": True}))
    # A replacement-tile win needs a kong.
    no_kong = score({**EXAMPLE_1, "tsumo": True, "rinshan": True})
    assert "out_with_replacement_tile" not in fans(no_kong)
    # The fourth tile of one's own melded pung is always Last Tile.
    own = {"concealed": "123m456p78s55z", "melds": [{"type": "pon", "tiles": "999s"}],
           "win_tile": "9s"}
    assert "last_tile" in fans(score(own))


BOTZONE = {"edition": "botzone1998"}


def test_editions() -> None:
    """botzone1998 (PyMahjongGB), wmo2006 (Sloper's Green Book notes) and the default
    competition edition (seed 000) on the hands where they part."""
    assert score(SEVEN_PAIRS, **BOTZONE)["total"] == 27
    for edition in ("wmo2006", "competition"):
        got = score(SEVEN_PAIRS, edition=edition)
        assert got["total"] == 30 and "fully_concealed_hand" in fans(got)
    assert score(SEVEN_PAIRS) == score(SEVEN_PAIRS, edition="competition")  # the default
    kongs = {
        "concealed": "456p555s7z",
        "melds": [{"type": "ankan", "tiles": "7777s"}, {"type": "ankan", "tiles": "1111m"}],
        "win_tile": "7z",
    }
    assert score(kongs, **BOTZONE)["total"] == 26
    assert score(kongs)["total"] == 26  # the seed states no value: Two Concealed Kongs 6
    assert score(kongs, edition="wmo2006")["total"] == 28
    green = {"concealed": "223344s666z888s6s", "win_tile": "6s"}
    assert "half_flush" not in fans(score(green, **BOTZONE))
    assert "half_flush" in fans(score(green, edition="wmo2006"))
    assert "half_flush" in fans(score(green))
    gates = {"concealed": "1112345678999p", "win_tile": "5p"}
    assert "pung_of_terminals_or_honors" in fans(score(gates, **BOTZONE))
    assert "pung_of_terminals_or_honors" not in fans(score(gates, edition="wmo2006"))
    assert "pung_of_terminals_or_honors" not in fans(score(gates))
    # Where wmo2006 departs from seed 000: the 332-point hand, Seven Pairs' Tile Hogs with
    # All Green / All Terminals, and the knitted-straight wait.
    top = {
        "concealed": "2z",
        "melds": [{"type": "ankan", "tiles": t} for t in ("1111z", "5555z", "6666z", "7777z")],
        "win_tile": "2z",
        "tsumo": True,
        "rinshan": True,
        "haitei": True,
        "flowers": 8,
    }
    assert (score(top)["total"], score(top, edition="wmo2006")["total"]) == (332, 336)
    terminals = {"concealed": "1111m99m11p99p11s9s", "win_tile": "9s"}
    assert fans(score(terminals))["tile_hog"] == 1
    assert "tile_hog" not in fans(score(terminals, edition="wmo2006"))
    knitted = {"concealed": "14789m258p369s55s", "win_tile": "7m"}
    assert (score(knitted)["total"], score(knitted, edition="wmo2006")["total"]) == (16, 17)


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (5, {"melded_and_concealed_kong": 1, "all_simples": 1, "single_wait": 1}),
        (6, {"melded_and_concealed_kong": 1, "all_simples": 1, "single_wait": 1}),
        (3, {"melded_kong": 1, "concealed_kong": 1, "all_simples": 1, "single_wait": 1}),
    ],
)
def test_mixed_kong_points(points: int, expected: dict[str, int]) -> None:
    got = score(MIXED_KONGS, mixed_kong_points=points)
    assert fans(got) == expected
    assert got["total"] == points + 3


@pytest.mark.parametrize(
    ("mode", "wait"), [("allow", "edge_wait"), ("no_edge_closed", None), ("none_if_overlap", None)]
)
def test_knitted_straight_waits(mode: str, wait: str | None) -> None:
    got = fans(score(KNITTED_EDGE, knitted_straight_waits=mode))
    assert {k for k in got if k.endswith("_wait")} == ({wait} if wait else set())


def test_knitted_single_wait_outside_the_knitted_tiles() -> None:
    hand = {"concealed": "147m258p369s123s1z", "win_tile": "1z"}
    for mode in ("allow", "no_edge_closed", "none_if_overlap"):
        assert "single_wait" in fans(score(hand, knitted_straight_waits=mode)), mode


def test_beginner_rules() -> None:
    # Pure Triple Chow is not a beginner fan: it is absent, its exclusions too.
    hand = {"concealed": "555666777p5556s", "win_tile": "7s", "tsumo": True}
    got = score(hand, beginner=True)
    assert "pure_triple_chow" not in fans(got) and fans(got)["pure_double_chow"] == 2
    assert got["legal"]
    got = score(CHICKEN, beginner=True)
    assert got["error"] == ScoreError.BELOW_MINIMUM
    six = {
        "concealed": "234m56s22p",
        "melds": [{"type": "chi", "tiles": "678p"}, {"type": "chi", "tiles": "234s"}],
        "win_tile": "7s",
        "tsumo": True,
    }
    assert score(six)["legal"] is False
    assert score(six, beginner=True)["legal"] is True
    only = score(EXAMPLE_1, beginner=True, beginner_fans=["concealed_hand", "all_chows"])
    assert fans(only) == {"concealed_hand": 1, "all_chows": 1}


def test_tie_prefers_the_reference_reading() -> None:
    # 23 44 55 66 7 with pungs/chows: equal totals keep the Pure Triple Chow reading.
    got = score({"concealed": "555666777p5556s", "win_tile": "7s"})
    assert "pure_triple_chow" in fans(got) and got["total"] == 46


def test_red_fives_are_plain_fives_and_order_does_not_matter() -> None:
    plain = score({"concealed": "345m456p11s78s456p", "win_tile": "9s"})
    red = score({"concealed": "34m0m4p06p11s78s456p", "win_tile": "9s"})
    shuffled = score({"concealed": "9p8s7s1s1s6p5p4p6p5p4p5m4m3m"[2:], "win_tile": "9s"})
    assert fans(red) == fans(plain) == fans(shuffled)
    assert red["total"] == plain["total"]
