"""Replays: the events of a match from its seed and the actions taken (tests, crash
recovery, log export), and the state from an event log."""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import Action
from engine.decide import start, step
from engine.events import Event
from engine.evolve import evolve
from engine.state import MatchState, Table
from engine.time_limit import CallTime, call_time


def replay(
    table: Table, seed: str, actions: Iterable[Action | CallTime]
) -> tuple[MatchState, list[Event]]:
    """Play ``actions`` from the start of the match seeded ``seed``; every action is checked
    as if it came from a player (an illegal one raises ``IllegalAction``); a ``CallTime``
    is the organizer's time call (``engine.time_limit``)."""
    state, events = start(table, seed)
    log = list(events)
    for action in actions:
        if isinstance(action, CallTime):
            state, events = call_time(state)
        else:
            state, events = step(state, action)
        log.extend(events)
    return state, log


def rebuild(table: Table, seed: str, events: Iterable[Event]) -> MatchState:
    """The state after ``events`` (a stored, unredacted log), applied with ``evolve``."""
    state = MatchState(table=table, seed=seed)
    for event in events:
        state = evolve(state, event)
    return state
