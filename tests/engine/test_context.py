from typing import Any

import pytest

from engine.context import InvalidInput, WinContext
from engine.melds import MeldType


def test_from_json_reads_the_hand_jsonl_format() -> None:
    win = WinContext.from_json(
        {
            "id": 7,
            "concealed": "23345s456s55p",
            "melds": [{"type": "chi", "tiles": "123s"}],
            "win_tile": "4s",
            "seat_wind": 2,
            "flowers": 3,
            "dora_indicators": ["1m"],
        }
    )
    assert win.melds[0].type is MeldType.CHI
    assert win.tile_count == 14 and win.seat_wind == 2 and win.flowers == 3
    win.check(14)
    assert WinContext.from_json(win.to_json()) == win


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"win_tile": "1m"}, "concealed: Field required"),
        ({"concealed": "12x", "win_tile": "1m"}, "unknown suit 'x' at 2"),
        (
            {"concealed": "123m", "win_tile": "1m", "bogus": 1},
            "bogus: Extra inputs are not permitted",
        ),
        ({"concealed": "123m", "win_tile": "1m", "seat_wind": 5}, "seat_wind"),
        (
            {"concealed": "1m", "win_tile": "1m", "melds": [{"type": "pon", "tiles": "123m"}]},
            "not a pon",
        ),
        (
            {"concealed": "1m", "win_tile": "1m", "melds": [{"type": "pin", "tiles": "111m"}]},
            "unknown meld type",
        ),
        ({"concealed": "123m", "win_tile": "12m"}, "expected one tile"),
        (
            {"concealed": "123m", "win_tile": "1m", "dora_indicators": ["1p", "10m"]},
            r"dora_indicators.1: '10m' is not one tile",
        ),
        ({"concealed": "123m", "win_tile": "1m", "ura_dora_indicators": [""]}, "not one tile"),
    ],
)
def test_malformed_input_is_invalid_input(obj: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        WinContext.from_json(obj)


def test_check_counts_tiles_and_copies() -> None:
    short = WinContext.from_json({"concealed": "123m", "win_tile": "1m"})
    with pytest.raises(InvalidInput, match="4 tiles"):
        short.check(14)
    five = WinContext.from_json(
        {"concealed": "1111m234p567s788s", "win_tile": "9s", "dora_indicators": ["1m"]}
    )
    with pytest.raises(InvalidInput, match="more than four of 1m"):
        five.check(14)


HAND = {"concealed": "1233m456p789s111z", "win_tile": "3m"}


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"tsumo": True, "rinshan": True}, "needs a kong"),
        ({"chankan": True}, "robbed kong and the winning tile are all four 3m"),
        ({"last_tile_of_kind": True}, "the three visible are all four 3m"),
        ({"tsumo": True, "tenhou": True, "riichi": True}, "before any riichi"),
        ({"tsumo": True, "seat_wind": 2, "renhou": True}, "renhou is a win on a discard"),
        ({"ippatsu": True}, "ippatsu needs riichi"),
    ],
)
def test_check_refuses_flags_that_contradict_the_hand(flags: dict[str, Any], message: str) -> None:
    win = WinContext.from_json({**HAND, **flags})
    with pytest.raises(InvalidInput, match=message):
        win.check(14)


def test_check_accepts_what_a_table_produces() -> None:
    kong = {"concealed": "123m456p789s2z", "win_tile": "2z"}
    ankan = [{"type": "ankan", "tiles": "1111z"}]
    for obj in (
        {**kong, "melds": ankan, "tsumo": True, "rinshan": True, "haitei": True},
        {"concealed": "23m456p789s111z55m", "win_tile": "4m", "chankan": True},
        {"concealed": "23m456p789s111z55m", "win_tile": "1m", "last_tile_of_kind": True},
        {"concealed": "1233m456p789s111z", "win_tile": "3m", "seat_wind": 2, "renhou": True},
        {**kong, "melds": ankan, "riichi": True, "ippatsu": True, "tsumo": True},
    ):
        WinContext.from_json(obj).check(14)
