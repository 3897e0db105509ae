"""The mjai export against libriichi (Mortal's riichi engine, from the test-only PyPI
``mjai`` package; tests/rulesets/riichi/libriichi_check.py): under the Tenhou preset every
seat's stream of whole matches fits libriichi's ``PlayerState``, and at every point where
Jantaku waits for an action it offers each seat exactly the kinds of action libriichi
allows (discards, riichi, tsumo, ron, the three chi, pon, the three kongs, nine
terminals), with the same hand and the same discards after a call (kuikae). A table that
lets kuikae through is caught, so the comparison bites."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots import Bot
from engine.bots.defensive import DefensiveBot
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from tests.rulesets.riichi.libriichi_check import check_match, require_mjai
from tests.rulesets.riichi.table_helpers import riichi_table

TENHOU: dict[str, Any] = {"preset": "tenhou"}


@pytest.fixture(autouse=True)
def _mjai() -> None:
    require_mjai()


def test_random_and_greedy_players_get_libriichis_offers() -> None:
    # random players call everything they may: chi of every shape, pon, every kong
    t = riichi_table(TENHOU)
    bots: list[Bot] = [RandomBot("lr-0", 0), GreedyBot(t.rules)]
    bots += [RandomBot("lr-0", 2), GreedyBot(t.rules)]
    report = check_match(t, "lr-0", bots)
    assert report.mismatches == []
    assert report.decisions > 1000
    seen = set(report.flags_seen)
    assert {"can_discard", "can_riichi", "can_pon", "can_chi_low", "can_chi_mid"} <= seen
    assert {"can_chi_high", "can_ron_agari", "can_kakan", "can_daiminkan"} <= seen


def test_defensive_and_greedy_players_get_libriichis_offers() -> None:
    t = riichi_table(TENHOU)
    bots: list[Bot] = [DefensiveBot(t.rules), GreedyBot(t.rules)] * 2
    report = check_match(t, "lc-0", bots)
    assert report.mismatches == []
    assert {"can_riichi", "can_tsumo_agari", "can_ron_agari"} <= set(report.flags_seen)


def test_the_comparison_catches_a_rule_libriichi_does_not_share() -> None:
    t = riichi_table({**TENHOU, "kuikae": "allowed"})
    with pytest.raises(AssertionError, match="libriichi"):
        check_match(t, "neg", [GreedyBot(t.rules)] * 4)
