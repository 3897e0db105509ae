"""Hand-wide facts: tile-set fans, concealment, corrected situational flags."""

from __future__ import annotations

from typing import Any

import pytest

from engine.context import InvalidInput, WinContext
from rulesets.mcr.hand import build_facts, check_flags


def base(**hand: Any) -> dict[str, int]:
    facts = build_facts(WinContext.from_json(hand))
    assert facts is not None
    return facts.base


def test_facts_refuse_a_flower_or_a_fifth_copy() -> None:
    # the scorer then asks WinContext's hand check for the message
    fifth = {"concealed": "1111m23m456p789s", "win_tile": "1m"}
    assert build_facts(WinContext.from_json(fifth)) is None
    flower = {"concealed": "123m456p789s1z", "win_tile": "1z"}
    hand = WinContext.from_json(flower)
    with_flower = WinContext(concealed=(*hand.concealed[:-1], 34), win_tile=hand.win_tile)
    assert build_facts(with_flower) is None


@pytest.mark.parametrize(
    ("concealed", "win", "expected"),
    [
        ("123m456p789s11z", "1z", {"concealed_hand"}),
        ("12355m456p789s", "4m", {"concealed_hand", "no_honors"}),
        ("234m345m456m66m", "6m", {"concealed_hand", "full_flush", "all_simples",
                                   "no_honors", "tile_hog"}),
        ("123m123m11z22z", "2z", {"concealed_hand", "half_flush"}),
        ("123444p55599s", "9s", {"concealed_hand", "reversible_tiles", "one_voided_suit",
                                  "no_honors"}),
        ("22334466888s66z", "6z", {"concealed_hand", "all_green", "half_flush"}),
        ("123m1234p1112s", "3s", {"concealed_hand", "lower_four", "no_honors"}),
        ("123m123p1112s", "3s", {"concealed_hand", "lower_tiles", "no_honors"}),
        ("789m789p7778s", "9s", {"concealed_hand", "upper_tiles", "no_honors"}),
        ("456m456p4445s", "6s", {"concealed_hand", "middle_tiles", "all_simples",
                                 "no_honors"}),
        ("111999m111p999s9p", "9p", {"concealed_hand", "all_terminals", "no_honors"}),
        ("11m999p111s55566z", "6z", {"concealed_hand", "all_terminals_and_honors"}),
        ("11m999p111s55511z", "1z", {"concealed_hand", "all_terminals_and_honors",
                                     "all_types"}),
        ("1122334455667z", "7z", {"concealed_hand", "all_honors"}),
    ],
)
def test_tile_fans(concealed: str, win: str, expected: set[str]) -> None:
    assert set(base(concealed=concealed, win_tile=win)) == expected


def test_concealment() -> None:
    hand = {"concealed": "123m456p789s1z", "win_tile": "1z"}
    chi = [{"type": "chi", "tiles": "123s"}]
    assert "fully_concealed_hand" in base(**hand, tsumo=True)
    assert "concealed_hand" in base(**hand, melds=[{"type": "ankan", "tiles": "5555s"}])
    four = [{"type": "chi", "tiles": "123s"}] * 2 + [
        {"type": "pon", "tiles": "555p"},
        {"type": "pon", "tiles": "777p"},
    ]
    assert "melded_hand" in base(concealed="1z", melds=four, win_tile="1z")
    assert "melded_hand" not in base(concealed="1z", melds=four, win_tile="1z", tsumo=True)
    assert not {"concealed_hand", "fully_concealed_hand"} & set(
        base(concealed="456p789s1z", melds=chi, win_tile="1z")
    )


def test_situational_flags() -> None:
    hand = {"concealed": "123m456p789s23s77z", "win_tile": "1s"}
    assert "last_tile" in base(**hand, last_tile_of_kind=True)
    assert set(base(**hand, houtei=True)) >= {"last_tile_claim"}
    assert set(base(**hand, tsumo=True, haitei=True)) >= {"last_tile_draw", "self_drawn"}
    assert "robbing_the_kong" in base(**hand, chankan=True)
    kong = {"concealed": "123m456p23s77z", "melds": [{"type": "minkan", "tiles": "8888s"}],
            "win_tile": "1s"}
    assert "out_with_replacement_tile" in base(**kong, tsumo=True, rinshan=True)


@pytest.mark.parametrize(
    "flags",
    [{"haitei": True}, {"rinshan": True}, {"tsumo": True, "houtei": True},
     {"tsumo": True, "chankan": True}],
)
def test_contradictory_flags(flags: dict[str, bool]) -> None:
    with pytest.raises(InvalidInput):
        check_flags(WinContext.from_json({"concealed": "123m456p789s1z", "win_tile": "1z",
                                          **flags}))
