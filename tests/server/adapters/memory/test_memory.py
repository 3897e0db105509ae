"""The in-memory repositories keep the protocols' promises (the SQL ones must too)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from server.adapters.memory.store import MemoryStore
from server.ports.storage import LoggedEvent, TableRecord


def test_tables_are_copies_and_save_replaces() -> None:
    async def run() -> None:
        store = MemoryStore()
        rec = TableRecord(
            "t1",
            "mcr",
            "1",
            {},
            ["open"] * 4,
            {"move": 0, "claim": 0, "bank": 0},
            {"allowed": True},
            "admin",
            datetime.now(UTC),
        )
        await store.tables.add(rec)
        rec.status = "playing"
        got = await store.tables.get("t1")
        assert got is not None and got.status == "waiting"  # nothing leaks by reference
        await store.tables.save(rec)
        assert (await store.tables.get("t1")).status == "playing"  # type: ignore[union-attr]
        assert await store.tables.get("t2") is None

    asyncio.run(run())


def test_event_log_is_append_only_and_all_or_nothing() -> None:
    async def run() -> None:
        log = MemoryStore().events
        await log.append([LoggedEvent("t", 1, None, {"type": "a"}), LoggedEvent("t", 2, 0, {})])
        with pytest.raises(ValueError):
            await log.append([LoggedEvent("t", 3, 0, {}), LoggedEvent("t", 5, 0, {})])
        assert [e.seq for e in await log.read("t")] == [1, 2]
        assert [e.seq for e in await log.read("t", after_seq=1)] == [2]
        assert await log.read("other") == []

    asyncio.run(run())
