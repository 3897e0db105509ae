"""Fu cases of riichi.md §9 scored through whole hands (each case: hand, expected fu)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.context import WinContext
from rulesets.riichi import RULESET
from rulesets.riichi.fu import round_fu
from rulesets.riichi.options import RiichiOptions

CASES: list[tuple[str, dict[str, Any], int]] = [
    # pinfu tsumo 20, pinfu ron 30
    ("pinfu_tsumo", {"concealed": "23m567m345p678s99s", "win_tile": "4m", "tsumo": True,
                     "riichi": True}, 20),
    ("pinfu_ron", {"concealed": "23m567m345p678s99s", "win_tile": "4m", "riichi": True}, 30),
    # open tsumo without other fu: 20 + 2 = 22 -> 30
    ("open_tsumo", {"concealed": "567p55p345s78s", "melds": [{"type": "chi", "tiles": "234m"}],
                    "win_tile": "6s", "tsumo": True}, 30),
    # closed ron: 30 + closed terminal kan 32 + edge 2 = 64 -> 70 (§18 example 4)
    ("closed_kan", {"concealed": "12m55m234p678s", "melds": [{"type": "ankan",
                                                             "tiles": "1111z"}],
                    "win_tile": "3m"}, 70),
    # open: 20 + open simple kan 8 + open honor kan 16 (kakan) + tanki 2 = 46 -> 50
    ("open_kans", {"concealed": "234m456p5s", "melds": [{"type": "minkan", "tiles": "2222s"},
                                                        {"type": "kakan", "tiles": "7777z"}],
                   "win_tile": "5s"}, 50),
    # shanpon: tsumo keeps the triplet concealed, 20 + 2 + 8 = 30; ron opens it (§5),
    # 30 + 4 = 34 -> 40
    ("tsumo_shanpon", {"concealed": "234m567m99p44s678s", "win_tile": "9p", "tsumo": True,
                       "seat_wind": 2}, 30),
    ("ron_shanpon", {"concealed": "234m567m99p44s678s", "win_tile": "9p", "riichi": True,
                     "seat_wind": 2}, 40),
    # dragon pair 2, double wind pair 4 (option 4)
    ("dragon_pair", {"concealed": "234m567m345p55z78s", "win_tile": "6s", "riichi": True}, 40),
    # kanchan + closed simple triplet: 30 + 4 + 2 = 36 -> 40
    ("kanchan", {"concealed": "13m555p678s789s22m", "win_tile": "2m", "riichi": True}, 40),
    # chiitoitsu fixed 25
    ("chiitoitsu", {"concealed": "11m44m77p22s55s33z6z", "win_tile": "6z"}, 25),
]


@pytest.mark.parametrize(("name", "hand", "fu"), CASES, ids=[c[0] for c in CASES])
def test_fu(name: str, hand: dict[str, Any], fu: int) -> None:
    out = RULESET.score(WinContext.from_json(hand), RiichiOptions()).to_json()
    assert out["ok"], out
    assert out["fu"] == fu


def test_round_fu() -> None:
    assert [round_fu(x) for x in (20, 22, 25, 30, 32, 64, 102, 110)] == [
        20, 30, 25, 30, 40, 70, 110, 110,
    ]
