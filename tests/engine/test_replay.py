"""Recorded games replay exactly: the same events from (seed, actions), the same state
from the stored event log, and through JSON."""

from __future__ import annotations

import pytest

from engine.actions import action_from_json, action_to_json
from engine.errors import ErrorCode, IllegalAction
from engine.events import event_from_json, event_to_json
from engine.replay import rebuild, replay
from engine.ruleset import table_for
from engine.simulate import greedy_bots, play_match, random_bots
from rulesets.mcr import RULESET as MCR
from tests.engine.conftest import Helpers

CONFIGS = ["MCR", "RIICHI_LIKE", "THREE_KINGDOMS_LIKE", "ZUNG_JUNG_LIKE"]


@pytest.mark.parametrize("config", CONFIGS)
def test_recorded_games_replay_exactly(h: Helpers, config: str) -> None:
    if config == "MCR":
        table = table_for(MCR, {"hands_per_session": 4})
    else:
        match = h.riichi_match(rounds=1) if config == "RIICHI_LIKE" else None
        table = h.make_table(getattr(h, config), match=match, hands=4)
    for i, bots in enumerate((greedy_bots, random_bots)):
        seed = f"replay-{config}-{i}"
        record = play_match(table, seed, bots)
        # actions and events go through their JSON as a stored log would
        actions = [action_from_json(action_to_json(a)) for a in record.actions]
        events = [event_from_json(event_to_json(e)) for e in record.events]
        state, replayed = replay(table, seed, actions)
        assert replayed == record.events == events
        assert state.scores == record.state.scores and state.standings == record.state.standings
        rebuilt = rebuild(table, seed, events)
        assert rebuilt.scores == record.state.scores
        assert rebuilt.version == record.state.version == len(events)
        assert rebuilt.hand == record.state.hand


def test_a_tampered_log_is_refused(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, hands=1)
    record = play_match(table, "tamper", random_bots)
    actions = list(record.actions)
    actions[5], actions[6] = actions[6], actions[5]
    with pytest.raises(IllegalAction) as err:
        replay(table, "tamper", actions)
    assert err.value.code in set(ErrorCode)
    with pytest.raises(IllegalAction):
        replay(table, "another seed", record.actions)
