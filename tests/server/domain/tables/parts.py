"""Helpers for the tests of the table actor's parts: a table's session (its shared state)
over the memory store, connections that keep their frames, and a match started in it."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

from engine.decide import start
from server.adapters.memory.store import MemoryStore
from server.adapters.memory.tables import MemoryTables
from server.config import Settings
from server.domain.registry import build_table
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.connection import Connection
from server.domain.tables.numbering import Entry
from server.domain.tables.recording import Recorder
from server.domain.tables.session import TableSession
from server.ports.storage import Store, TableRecord

HUMAN = "p-human"
SEATS = [HUMAN, "bot:greedy", "bot:greedy", "bot:greedy"]


def session(
    seats: list[str] | None = None,
    *,
    store: Store | None = None,
    timers: dict[str, float] | None = None,
    delay: float = 0.0,
    **settings: Any,
) -> TableSession:
    """A table's session (not yet started) over the memory store (which holds its
    record): MCR, one hand, no clocks unless ``timers`` says so."""
    table = build_table("mcr", {"hands_per_session": 1})
    record = TableRecord(
        id="t-parts",
        ruleset="mcr",
        ruleset_version="1.0.0",
        options=dict(table.options),
        seats=list(seats or SEATS),
        timers=dict(timers or {"move": 0, "claim": 0, "bank": 0}),
        spectators={"allowed": True, "delay": delay},
        created_by="admin",
        created=datetime.now(UTC),
        scores=list(table.match_rules.start_scores()),
    )
    store = store or MemoryStore()
    assert isinstance(store.tables, MemoryTables)
    store.tables._by_id[record.id] = copy.deepcopy(record)  # as ``tables.add`` keeps it
    config = Settings(admin_token="x", **{"bot_delay": 0, **settings})
    return TableSession(record, table, store, config, {0: "human"})


def recorder(s: TableSession, sent: list[list[Entry]] | None = None) -> Recorder:
    """A recorder (with its broadcaster) whose hooks note what they were told."""
    notes = sent if sent is not None else []
    return Recorder(s, Broadcaster(s), sent=notes.append, fenced=_no_hook, finished=_no_hook)


def _no_hook() -> None:
    pass


async def start_match(s: TableSession, rec: Recorder, seed: str = "parts-seed") -> None:
    """Deal the first hand as the actor does: the seed, the status, the first events."""
    s.seed = seed
    s.record.status = "playing"
    s.record.seed = seed
    state, events = start(s.table, seed)
    await rec.commit(state, events)


def conn(place: int | None, *, flow: bool = False, player_id: str | None = HUMAN) -> Connection:
    """A connection with no socket: its frames stay queued (``frames``)."""
    name = "spectator" if place is None else f"seat {place}"
    return Connection(None, player_id=player_id, name=name, place=place, flow=flow)  # type: ignore[arg-type]


def frames(c: Connection) -> list[dict[str, Any]]:
    """The frames queued on ``c``, decoded (a close is left out)."""
    return [json.loads(f) for f in c.pending() if f is not None]


def types(c: Connection) -> list[str]:
    return [f["type"] for f in frames(c)]
