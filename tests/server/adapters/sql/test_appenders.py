"""The event log's PostgreSQL appender (server.adapters.sql.appenders.PgAppender): plain batches
go through the log's own asyncpg connection and keep the general path's promises — the
same rows, a stale fencing token refused under the match row's lock, a seq gap or an
unknown table refused whole, and a connection the server dropped replaced before the
next write instead of refusing a move."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import Row, text
from sqlalchemy.ext.asyncio import AsyncConnection

from server.adapters.cluster.leases import claim_epoch
from server.adapters.sql.appenders import PgAppender
from server.adapters.sql.store import SqlStore
from server.ports.storage import Fenced, LoggedEvent
from tests.server.adapters.sql.played import logged, played, record

Test = Callable[[SqlStore], Awaitable[None]]


def on_postgres(url: str, test: Test) -> None:
    async def run() -> None:
        store = await SqlStore.open(url)
        try:
            assert isinstance(store._log._appender, PgAppender)
            await test(store)
        finally:
            await store.close()

    asyncio.run(run())


def fenced(batch: list[LoggedEvent], epoch: int) -> list[LoggedEvent]:
    return [dataclasses.replace(ev, epoch=epoch) for ev in batch]


def test_a_stale_token_is_refused_and_the_current_one_appends(pg_url: str) -> None:
    async def test(store: SqlStore) -> None:
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        await store.events.append(batches[0])  # match_started: the general path
        first = await claim_epoch(store, "t1", "instance-a")
        assert first is not None
        await store.events.append(fenced(batches[1], first[0]))  # plain: the appender
        second = await claim_epoch(store, "t1", "instance-b")
        assert second is not None
        with pytest.raises(Fenced):
            await store.events.append(fenced(batches[2], first[0]))
        await store.events.append(fenced(batches[2], second[0]))
        stored = await store.events.read("t1")
        assert [e.event for e in stored] == [e.event for b in batches[:3] for e in b]

    on_postgres(pg_url, test)


def test_a_gap_or_an_unknown_table_writes_nothing_of_the_group(pg_url: str) -> None:
    async def test(store: SqlStore) -> None:
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        await store.events.append(batches[0])
        await store.events.append(batches[1])
        with pytest.raises(ValueError, match="seq"):
            await store.events.append(batches[3])
        with pytest.raises(ValueError, match="no such match"):
            await store.events.append([LoggedEvent("ghost", 1, 0, {"type": "drew", "seat": 0})])
        assert len(await store.events.read("t1")) == len(batches[0]) + len(batches[1])
        assert await store.events.read("ghost") == []

    on_postgres(pg_url, test)


def test_a_connection_the_server_dropped_is_replaced_before_the_next_move(pg_url: str) -> None:
    """What pool_pre_ping does for the general path: after the database restarted (here:
    the appender's backend terminated), the next append opens a new connection and
    succeeds instead of being refused as storage_unavailable."""

    async def test(store: SqlStore) -> None:
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        await store.events.append(batches[0])
        await store.events.append(batches[1])
        async with store.db.write() as conn:
            await conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        await asyncio.sleep(0.2)  # the appender's connection sees its socket close
        await store.events.append(batches[2])
        assert len(await store.events.read("t1")) == sum(len(b) for b in batches[:3])

    on_postgres(pg_url, test)


def test_a_move_is_not_queued_behind_another_tables_hand_end(pg_url: str) -> None:
    """Batches that write records (here held open inside their transaction) and plain
    batches are two group-commit queues: another table's move commits meanwhile, and the
    held batch then commits too."""

    async def test(store: SqlStore) -> None:
        for t in ("t1", "t2"):
            await store.tables.add(record(t))
        one, two = logged("t1", played()), logged("t2", played())
        await store.events.append(two[0])
        log = store._log
        gate = asyncio.Event()
        records = log._records

        async def held(
            conn: AsyncConnection, table_id: str, batch: list[LoggedEvent], match: Row[Any]
        ) -> None:
            await gate.wait()
            await records(conn, table_id, batch, match)

        log._records = held  # type: ignore[method-assign]  # on this one log only
        start = asyncio.create_task(store.events.append(one[0]))  # match_started: records
        await asyncio.sleep(0.2)
        assert not start.done()
        await asyncio.wait_for(store.events.append(two[1]), 10)  # a plain move of t2
        gate.set()
        await asyncio.wait_for(start, 10)
        await store.events.append(one[1])  # t1's next batch follows its first
        assert len(await store.events.read("t1")) == len(one[0]) + len(one[1])
        assert len(await store.events.read("t2")) == len(two[0]) + len(two[1])

    on_postgres(pg_url, test)
