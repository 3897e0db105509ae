"""When the store cannot write, nothing changes: a player's move is refused with
``storage_unavailable`` (and can be sent again), a bot's or a clock's move is retried, and
the log stays consecutive."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.tables.connection import Connection
from server.domain.tables.manager import TableManager
from server.ports.storage import EventLog, LoggedEvent, StorageError


class FlakyLog:
    def __init__(self, inner: EventLog) -> None:
        self.inner = inner
        self.fail = 0
        self.refused = 0

    async def append(self, events: list[LoggedEvent]) -> None:
        if self.fail > 0:
            self.fail -= 1
            self.refused += 1
            raise StorageError("the database is down")
        await self.inner.append(events)

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return await self.inner.read(table_id, after_seq)


def test_moves_are_refused_or_retried_while_storage_is_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("server.domain.tables.prompts.STORAGE_RETRY", 0.01)

    async def run() -> None:
        store = MemoryStore()
        flaky = FlakyLog(store.events)
        store.events = flaky
        manager = TableManager(store, Settings(admin_token="x", bot_delay=0))
        actor = await manager.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options={"hands_per_session": 1},
            seats=["p-human", "bot:greedy", "bot:greedy", "bot:greedy"],
            names={0: "human"},
            timers={"move": 0, "claim": 0, "bank": 0},
            spectators={"allowed": False, "delay": 0},
            created_by="admin",
        )
        for _ in range(1000):
            if 0 in actor.prompts:
                break
            await asyncio.sleep(0.005)
        conn = Connection(None, player_id="p-human", name="human", place=0)  # type: ignore[arg-type]
        actor.conns[0] = conn
        p = actor.prompts[0]
        state, events = actor.state, len(actor.log)
        flaky.fail = 1

        async def move() -> dict[str, Any] | None:
            action = p.actions[0]
            return await actor.act(conn, p.prompt_id, action)

        refused = await actor.call(move)
        assert refused is not None and refused["code"] == "storage_unavailable"
        assert actor.state is state and len(actor.log) == events
        assert await actor.call(move) is None  # the same move, sent again, is played
        assert len(actor.log) > events

        flaky.fail = 3  # the bots' next moves fail three times, then go through
        await actor.call(lambda: actor.replace_seat(0, "bot:greedy", "bot"))
        for _ in range(2000):
            if actor.record.status == "finished":
                break
            await asyncio.sleep(0.005)
        assert actor.record.status == "finished" and flaky.refused == 4
        stored = await store.events.read(actor.id)
        assert [e.seq for e in stored] == list(range(1, len(actor.log) + 1))
        assert [e.event for e in stored] == [e.json for e in actor.log]
        await manager.shutdown()

    asyncio.run(run())
