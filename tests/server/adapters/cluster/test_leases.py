"""Leases and fencing tokens: the event log refuses an append whose epoch a takeover has
raised (in the append's own transaction; SQLite and PostgreSQL), and the Redis lease
script renews, takes back a vanished key, and reports a key another instance holds."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

import pytest
from redis.asyncio import Redis

from server.adapters.cluster.keys import Keys
from server.adapters.cluster.leases import Leases, claim_epoch, current_epoch
from server.adapters.sql.store import SqlStore
from server.ports.storage import Fenced
from tests.server.adapters.cluster.conftest import redis_url
from tests.server.adapters.sql.conftest import db_url  # noqa: F401  (fixture)
from tests.server.adapters.sql.played import logged, played, record


def test_a_stale_epoch_is_refused_and_writes_nothing(db_url: str) -> None:  # noqa: F811
    async def run() -> None:
        store = await SqlStore.open(db_url)
        try:
            await store.tables.add(record("fenced", hands=1))
            batches = logged("fenced", played(1))
            first = await claim_epoch(store, "fenced", "a")
            assert first == (1, "playing")
            await store.events.append([dataclasses.replace(e, epoch=1) for e in batches[0]])
            second = await claim_epoch(store, "fenced", "b")  # b takes the table over
            assert second is not None and second[0] == 2
            stale = [dataclasses.replace(e, epoch=1) for e in batches[1]]
            with pytest.raises(Fenced):
                await store.events.append(stale)
            assert len(await store.events.read("fenced")) == len(batches[0])
            await store.events.append([dataclasses.replace(e, epoch=2) for e in batches[1]])
            assert await current_epoch(store, "fenced") == 2
            # unfenced appends (a single instance) are not checked
            await store.events.append(batches[2])
            assert len(await store.events.read("fenced")) == sum(map(len, batches[:3]))
        finally:
            await store.close()

    asyncio.run(run())


def test_a_fenced_append_in_a_group_fails_only_its_own_table(db_url: str) -> None:  # noqa: F811
    """Appends of several tables arriving together share a group commit; one whose epoch
    a takeover raised is refused alone, and the other tables' batches are stored."""

    async def run() -> None:
        store = await SqlStore.open(db_url)
        try:
            ids = ["grp-a", "grp-b", "grp-c"]
            logs = {}
            for t in ids:
                await store.tables.add(record(t, hands=1))
                await claim_epoch(store, t, "a")
                logs[t] = [
                    [dataclasses.replace(e, epoch=1) for e in batch]
                    for batch in logged(t, played(1))
                ]
                await store.events.append(logs[t][0])
            await claim_epoch(store, "grp-b", "b")  # b takes grp-b over: epoch 2
            results = await asyncio.gather(
                *(store.events.append(logs[t][1]) for t in ids), return_exceptions=True
            )
            assert results[0] is None and results[2] is None
            assert isinstance(results[1], Fenced)
            for t in ("grp-a", "grp-c"):
                assert len(await store.events.read(t)) == len(logs[t][0]) + len(logs[t][1])
            assert len(await store.events.read("grp-b")) == len(logs["grp-b"][0])
        finally:
            await store.close()

    asyncio.run(run())


def test_a_stale_owner_cannot_save_the_table_record(db_url: str) -> None:  # noqa: F811
    """Seat changes, pause and resume (``TableRepository.save``) are fenced like the
    appends: a save with a taken-over epoch is refused and changes nothing."""

    async def run() -> None:
        store = await SqlStore.open(db_url)
        try:
            await store.tables.add(record("saved", hands=1))
            await claim_epoch(store, "saved", "a")
            await claim_epoch(store, "saved", "b")  # b takes the table over: epoch 2
            stale = await store.tables.get("saved")
            assert stale is not None
            stale.status = "paused"
            with pytest.raises(Fenced):
                await store.tables.save(stale, epoch=1)
            now = await store.tables.get("saved")
            assert now is not None and now.status == "playing"
            await store.tables.save(stale, epoch=2)
            now = await store.tables.get("saved")
            assert now is not None and now.status == "paused"
            stale.status = "playing"
            await store.tables.save(stale)  # unfenced (a single instance)
            assert (await store.tables.get("saved")).status == "playing"  # type: ignore[union-attr]
        finally:
            await store.close()

    asyncio.run(run())


def test_lease_acquire_renew_release() -> None:
    url = redis_url()

    async def run() -> None:
        redis = Redis.from_url(url, decode_responses=True)
        keys = Keys(f"t{uuid.uuid4().hex[:10]}")
        a, b = Leases(redis, keys, "a", 5.0), Leases(redis, keys, "b", 5.0)
        try:
            assert await a.acquire("t1")
            assert not await b.acquire("t1")
            assert await a.renew(["t1"]) == {"t1": 1}
            assert await b.renew(["t1"]) == {"t1": 0}  # b learns it lost the table
            await redis.delete(keys.lease("t1"))  # Redis restarted empty
            assert await a.renew(["t1"]) == {"t1": 2}
            assert await a.holder("t1") == "a"
            await b.release("t1")  # only the holder may release
            assert await a.holder("t1") == "a"
            await a.release("t1")
            assert await a.holders(["t1"]) == {"t1": None}
        finally:
            await redis.delete(keys.lease("t1"))
            await redis.aclose()

    asyncio.run(run())
