"""Failover: the tables of a dead or departed instance taken over by the live ones
(docs/cluster.md).

A takeover (``claim``) takes the table's lease, then a new fencing token, then rebuilds the
table from its event log (``TableManager.restore``, today's crash recovery) with fresh
clocks. It happens three ways, one at a time per table: the *scan* loop finds the open
tables of the database that nobody leases any more; a connection's ``locate`` finds its
table unleased; another instance's drain asks for it (``adopt``, through the inbox).

Each orphan has one preferred taker among the live instances (rendezvous hashing, so a
dead instance's tables spread over the others); the others take it only after a delay."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time

from redis.exceptions import RedisError

from server.adapters.cluster.core import MOVED, NodeCore, Unavailable, log
from server.adapters.cluster.leases import claim_epoch, open_tables
from server.domain.protocol.messages import CloseCode
from server.domain.tables.actor import TableActor
from server.domain.tables.manager import OPEN
from server.ports.storage import TableRecord

TAKEOVERS = 4  # tables taken over (rebuilt) at once by one instance
EXPIRY_MARGIN = 0.02  # seconds after a lease's expiry before the scan looks again


def _rank(table_id: str, instance: str) -> bytes:
    return hashlib.sha256(f"{table_id}/{instance}".encode()).digest()


class Takeovers:
    def __init__(self, node: NodeCore) -> None:
        self.node = node
        self.count = 0  # tables taken over here
        self._rebuilds = asyncio.Semaphore(TAKEOVERS)
        self._expiry: float | None = None  # when a dead instance's next lease runs out
        self._orphans: dict[str, float] = {}  # table -> when first seen without a lease
        self._claims: dict[str, asyncio.Future[TableActor | None]] = {}  # under way

    def live(self, record: TableRecord) -> bool:
        """A table some instance should serve: open, or ended within its grace time (its
        owner died meanwhile: the clients' last resyncs still get the final frames, not
        ``table_freed``; issue 35). The scan takes only open tables; an ended one is
        taken over when a client asks for it."""
        return record.status in OPEN or self.node.manager.grace_left(record) > 0

    async def rebuilt(self, table_id: str) -> None:
        """Wait for the takeover of the table under way here, if any (whatever its end)."""
        pending = self._claims.get(table_id)
        if pending is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(pending)

    # ------------------------------------------------------------------ one table

    async def claim(self, table_id: str) -> TableActor | None:
        """Take over a stored table nobody leases: the lease, a new fencing token, then
        the table rebuilt from its event log. None if another instance was faster or the
        table is over. One takeover per table at a time here: the scan, a connection's
        ``locate`` and an ``adopt`` asking for the same table share it, and a relayed
        connection that arrives meanwhile waits for it (``rebuilt``)."""
        node = self.node
        if table_id in node.manager.actors or node.draining:
            return node.manager.actors.get(table_id)
        pending = self._claims.get(table_id)
        if pending is None:
            pending = asyncio.ensure_future(self._claim(table_id))
            self._claims[table_id] = pending
            pending.add_done_callback(lambda done: self._claimed(table_id, done))
        return await asyncio.shield(pending)

    def _claimed(self, table_id: str, done: asyncio.Future[TableActor | None]) -> None:
        if self._claims.get(table_id) is done:
            del self._claims[table_id]
        if not done.cancelled():
            done.exception()  # retrieved: each caller gets it raised (or was cancelled)

    async def _claim(self, table_id: str) -> TableActor | None:
        async with self._rebuilds:
            return await self._claim_now(table_id)

    async def _claim_now(self, table_id: str) -> TableActor | None:
        node = self.node
        manager = node.manager
        if table_id in manager.actors:  # taken over here while this one waited
            return manager.actors[table_id]
        if not await node.leases.acquire(table_id):
            return None
        node.owned.add(table_id)
        try:
            claimed = await claim_epoch(node.store, table_id, node.id)
            record = await node.store.tables.get(table_id)
            if claimed is None or record is None or not self.live(record):
                node.owned.discard(table_id)
                await node.leases.release(table_id)
                return None
            if table_id in manager.actors:  # a concurrent claim of ours won
                return manager.actors[table_id]
            names = await manager.names_of(record)
            actor = await manager.restore(record, names, fence=claimed[0])
            if record.status not in OPEN:  # ended, in its grace: read-only until it is over
                manager.free_later(actor, manager.grace_left(record))
        except Exception:
            node.owned.discard(table_id)
            with contextlib.suppress(RedisError, OSError):
                await node.leases.release(table_id)
            raise
        if table_id not in node.owned:  # dropped while rebuilt (its lease lost, fenced)
            if manager.actors.get(table_id) is actor:
                del manager.actors[table_id]
            await actor.stop(CloseCode.GOING_AWAY, MOVED)
            return None
        self.count += 1
        self._orphans.pop(table_id, None)
        log.info("table %s: taken over (epoch %d, %d events)", table_id, claimed[0], len(actor.log))
        return actor

    async def locate(self, table_id: str, wait: float | None = None) -> str | None:
        """The instance that owns the table, or None when it is served here: owned here,
        taken over now because nobody leased it, or not live (the local handlers answer
        from the database). ``Unavailable`` if its owner is dead and its lease has not
        expired within ``wait`` seconds (default: one lease), or Redis is unreachable."""
        node = self.node
        if table_id in node.owned and table_id in node.manager.actors:
            return None
        limit = node.settings.lease_seconds + 1.0 if wait is None else wait
        deadline = time.monotonic() + limit
        while True:
            try:
                holder = await node.leases.holder(table_id)
                if holder == node.id:
                    await self.rebuilt(table_id)  # being taken over here: wait for it
                    if table_id in node.manager.actors:
                        return None
                elif holder is not None:
                    # not to an owner that went silent: wait here for its lease to run
                    # out and take the table over at once (below, on the next round)
                    if holder in await node.alive_of([holder]):
                        return holder
                else:
                    record = await node.store.tables.get(table_id)
                    if record is None or not self.live(record):
                        return None
                    if not node.draining and await self.claim(table_id) is not None:
                        return None
            except (RedisError, OSError) as exc:
                raise Unavailable("the cluster's coordination store is unreachable") from exc
            if time.monotonic() >= deadline:
                raise Unavailable(f"table {table_id} has no live instance yet; try again")
            await asyncio.sleep(0.1)

    # ------------------------------------------------------------------ the scan

    async def scan_loop(self) -> None:
        node = self.node
        while True:
            delay = node.interval
            if self._expiry is not None:  # a dead instance's lease runs out sooner
                delay = min(delay, max(self._expiry - time.monotonic(), 0.0))
                self._expiry = None
            await asyncio.sleep(delay)
            if node.draining or not node.redis_up:
                continue
            try:
                await self.scan()
            except (RedisError, OSError):
                pass
            except Exception:
                log.exception("cluster: scan failed")

    async def scan(self) -> int:
        """Take over the open tables that have no lease (see the module docstring)."""
        node = self.node
        tables = [(t, o) for t, o in await open_tables(node.store) if t not in node.owned]
        holders = await node.leases.holders([t for t, _ in tables])
        if any(holders.get(t) is None for t, _ in tables):
            # fresh, not the last heartbeat's view: a dead owner's entry expires just
            # before its leases, and a stale view would make the others wait a lease more
            await node.instances()
        live = {i.id: i for i in node.view if not i.draining}
        live.setdefault(node.id, node.me)
        await self._watch_expiry(holders)
        now = time.monotonic()
        chosen: list[str] = []
        seen: set[str] = set()
        for table_id, last_owner in tables:
            if holders.get(table_id) is not None:
                continue
            seen.add(table_id)
            since = self._orphans.setdefault(table_id, now)
            waited = now - since
            if (
                last_owner in live
                and last_owner != node.id
                and waited < node.settings.lease_seconds
            ):
                continue  # its owner lives (Redis lost the key?): it takes it back itself
            preferred = max(live, key=lambda i: _rank(table_id, i))
            if preferred != node.id and waited < 2 * node.interval + 1.0:
                continue
            chosen.append(table_id)
        for table_id in list(self._orphans):
            if table_id not in seen:
                del self._orphans[table_id]
        # several at once (``TAKEOVERS`` rebuilds at a time): the database reads of one
        # overlap the replay of another, and no table waits for all those before it
        done = await asyncio.gather(*(self.claim(t) for t in chosen), return_exceptions=True)
        for table_id, outcome in zip(chosen, done, strict=True):
            if isinstance(outcome, BaseException):
                log.error("table %s: takeover failed", table_id, exc_info=outcome)
        return sum(1 for outcome in done if isinstance(outcome, TableActor))

    async def _watch_expiry(self, holders: dict[str, str | None]) -> None:
        """Schedule the next scan right after the earliest expiry among the leases held
        by instances that have gone silent, rather than up to a scan interval later."""
        node = self.node
        alive = await node.alive()
        dying = [t for t, h in holders.items() if h is not None and h != node.id and h not in alive]
        left = await node.leases.remaining(dying)
        if left:
            soonest = time.monotonic() + min(left.values()) + EXPIRY_MARGIN
            if self._expiry is None or soonest < self._expiry:
                self._expiry = soonest
