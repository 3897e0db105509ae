"""What a ruleset declares for the server to ask instead of naming it: the option that
sets a match's length in hands (``length_option``), whether its tables can seat external
mjai bots (``plays_mjai``: its events convert to the mjai protocol), and how its boards
rank players (``leaderboard``)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.ruleset import Ruleset, parse_options

BUILT_IN = ("mcr", "riichi", "sanma", "three_kingdoms", "zung_jung")


def _ruleset(name: str) -> Ruleset[Any]:
    found: Ruleset[Any] = importlib.import_module(f"rulesets.{name}").RULESET
    return found


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_length_option_is_an_option_that_takes_a_number_of_hands(name: str) -> None:
    ruleset = _ruleset(name)
    key = ruleset.length_option
    if key is None:
        return
    assert key in ruleset.options_model.model_fields
    assert getattr(parse_options(ruleset, {key: 4}, strict=True), key) == 4


def test_the_rulesets_that_count_hands_say_so() -> None:
    counted = {n: _ruleset(n).length_option for n in BUILT_IN}
    assert counted == {
        "mcr": "hands_per_session",
        "riichi": None,  # game_length: hanchan or tonpuusen
        "sanma": None,
        "three_kingdoms": "hands_per_session",
        "zung_jung": "hands_per_game",
    }


def test_only_riichi_plays_mjai() -> None:
    assert {n for n in BUILT_IN if _ruleset(n).plays_mjai} == {"riichi"}
    importlib.import_module("rulesets.riichi.mjai")  # the converter the mjai seat uses


def test_each_ruleset_names_its_leaderboard_measure() -> None:
    """``leaderboard``: how the server's boards rank a ruleset's players (what
    server/domain/records/leaderboard.py held per ruleset id before)."""
    measures = {n: _ruleset(n).leaderboard for n in BUILT_IN}
    assert measures == {
        "mcr": ("table points", "total raw score"),
        "riichi": ("uma/oka result", "average rank"),
        "sanma": ("table points", "total raw score"),
        "three_kingdoms": ("table points", "total raw score"),
        "zung_jung": ("raw score", "average rank"),
    }
