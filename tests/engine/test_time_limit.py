"""Calling time (engine.time_limit): a hand in play is finished and is the match's last;
a hand only dealt is not played; the log rebuilds and replays like any other."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.errors import IllegalAction
from engine.events import Event, HandEnded, HandStarted, MatchEnded, Settled, TimeCalled
from engine.replay import rebuild, replay
from engine.simulate import acting_seat
from engine.state import MatchState, Table
from engine.time_limit import CallTime, call_time, hand_begun
from engine.views import view_for


def play(
    table: Table, state: MatchState, log: list[Any], steps: int | None
) -> tuple[MatchState, list[Event]]:
    """Greedy bots act ``steps`` times (None: to the end); ``log`` collects the actions."""
    bots = [GreedyBot(table.rules) for _ in range(4)]
    events: list[Event] = []
    while not state.over and (steps is None or steps > 0):
        seat = acting_seat(state)
        assert seat is not None
        action: Action = bots[seat].act(view_for(state, seat))
        log.append(action)
        state, new = step(state, action)
        events += new
        steps = None if steps is None else steps - 1
    return state, events


@pytest.mark.parametrize("kind", ["mcr", "riichi"])
def test_the_hand_in_play_is_finished_and_is_the_last(h: Any, kind: str) -> None:
    table = (
        h.make_table(h.MCR_LIKE, hands=4)
        if kind == "mcr"
        else h.make_table(h.RIICHI_LIKE, match=h.riichi_match(rounds=2))
    )
    state, log = start(table, "time-1")
    actions: list[Any] = []
    state, events = play(table, state, actions, 30)
    log += events
    while not hand_begun(state):  # a hand may just have ended: play into the next one
        state, events = play(table, state, actions, 1)
        log += events
    number = state.hand.hand_number if state.hand else -1
    state, events = call_time(state)
    assert events == [TimeCalled(hand_number=number, finish=True)]
    assert state.final_hand == number and not state.over
    log += events
    actions.append(CallTime())
    with pytest.raises(IllegalAction):
        call_time(state)  # once only
    state, events = play(table, state, actions, None)
    log += events
    assert state.over and state.hands_played == number + 1
    kinds = [type(e) for e in log]
    assert kinds[-3:] == [HandEnded, Settled, MatchEnded]
    assert sum(1 for k in kinds if k is HandStarted) == number + 1  # no hand after it
    ended = log[-1]
    assert isinstance(ended, MatchEnded)
    assert ended.standings == table.match_rules.standings(state)
    assert rebuild(table, "time-1", log) == state
    _, again = replay(table, "time-1", actions)
    assert again == log  # seed + actions (with the time call) give the same events
    with pytest.raises(IllegalAction):
        call_time(state)  # the match is over


def test_a_hand_only_dealt_is_not_played(h: Any) -> None:
    table = h.make_table(h.MCR_LIKE, hands=4)
    state, log = start(table, "time-2")
    assert not hand_begun(state)  # the dealer has not discarded yet
    state, events = call_time(state)
    assert [type(e) for e in events] == [TimeCalled, MatchEnded]
    assert events[0] == TimeCalled(hand_number=0, finish=False)
    assert state.over and state.hands_played == 0
    ended = events[1]
    assert isinstance(ended, MatchEnded)
    assert [s.points for s in ended.standings] == [1.75] * 4  # all tied on 0: shared
    assert rebuild(table, "time-2", log + events) == state
    assert replay(table, "time-2", [CallTime()])[1] == log + events
