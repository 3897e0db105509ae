"""Whole matches in-process with every invariant checked after every event: tile and
score conservation, no leak in any redacted event or seat view."""

from __future__ import annotations

import pytest

from engine.ruleset import table_for
from engine.simulate import greedy_bots, play_match, random_bots
from rulesets.mcr import RULESET as MCR
from tests.engine.conftest import Helpers

MCR_SHORT = table_for(MCR, {"hands_per_session": 4})
MCR_FULL = table_for(MCR)


@pytest.mark.parametrize("chunk", range(8))
def test_200_mcr_matches_keep_every_invariant(chunk: int) -> None:
    """8 x 25 = 200 MCR matches (four-hand sessions to keep the suite fast, plus one full
    16-hand session per chunk), random and greedy bots alternating."""
    hands = 0
    wins = 0
    for i in range(25):
        seed = f"mcr-{chunk}-{i}"
        bots = greedy_bots if i % 2 else random_bots
        table = MCR_FULL if i == 0 else MCR_SHORT
        record = play_match(table, seed, bots, check=True, keep_events=False)
        assert record.state.over
        assert record.stats.hands == (16 if i == 0 else 4)
        assert sum(record.state.scores) == 0
        assert sum(s.points for s in record.state.standings) == pytest.approx(7)
        hands += record.stats.hands
        wins += record.stats.win_count
    assert hands == 16 + 24 * 4
    assert wins > 0


CONFIGS = ["MCR_LIKE", "RIICHI_LIKE", "THREE_KINGDOMS_LIKE", "ZUNG_JUNG_LIKE", "FLOWERS_ON_TURN"]


@pytest.mark.parametrize("config", CONFIGS)
def test_other_mechanisms_keep_every_invariant(h: Helpers, config: str) -> None:
    rules = getattr(h, config)
    match = h.riichi_match(rounds=1) if config == "RIICHI_LIKE" else None
    table = h.make_table(rules, match=match, hands=8)
    for i, bots in enumerate((random_bots, greedy_bots, random_bots, greedy_bots)):
        record = play_match(table, f"{config}-{i}", bots, check=True, keep_events=False)
        assert record.state.over and record.stats.hands >= 4


def test_thousands_of_hands_leak_nothing(h: Helpers) -> None:
    """2000+ hands over the mechanisms with the most hidden state (dead wall, ura
    indicators, face-down kongs, flowers), every event redacted for all five viewers."""
    configs = [
        h.make_table(h.RIICHI_LIKE, hands=50),
        h.make_table(h.MCR_LIKE, hands=50),
        h.make_table(h.THREE_KINGDOMS_LIKE, hands=50),
    ]
    hands = 0
    i = 0
    while hands < 2000:
        table = configs[i % len(configs)]
        bots = greedy_bots if i % 2 else random_bots
        record = play_match(table, f"leak-{i}", bots, check=True, keep_events=False)
        hands += record.stats.hands
        i += 1
    assert hands >= 2000
