"""One instance of a cluster (docs/cluster.md): the object the composition root builds,
which joins the cluster, answers the table manager's ownership hooks, and leaves.

Its parts, each in its own module and each built on ``core.NodeCore`` (the shared state):

- ``takeover``: failover, the tables nobody leases any more taken over (a *scan* loop,
  and on demand for a connection or an adopt request);
- ``inbox``: one pub/sub channel per instance carrying relay frames and adopt requests,
  and both ends of the WebSocket relay;
- ``heartbeat``: the registry entry and the renewal of every lease (a *beat* loop);
- ``balance``: where new tables go; ``drain``: every table handed to the others.

While Redis is unreachable the owner keeps playing its tables (the database still fences
every append); relayed sockets close and their clients reconnect when it is back."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from redis.exceptions import RedisError
from starlette.websockets import WebSocket

from server.adapters.cluster import balance
from server.adapters.cluster.core import (
    MOVED,
    NodeCore,
    ServeSocket,
    Unavailable,
    log,
    redis_client,
)
from server.adapters.cluster.drain import drain_all
from server.adapters.cluster.heartbeat import Heartbeat
from server.adapters.cluster.inbox import Inbox
from server.adapters.cluster.leases import claim_epoch
from server.adapters.cluster.registry import Instance
from server.adapters.cluster.takeover import Takeovers
from server.config import Settings
from server.domain.tables.actor import TableActor
from server.domain.tables.manager import TableManager
from server.ports.storage import Store
from server.usecases.context import Services

__all__ = ["MOVED", "ClusterNode", "ServeSocket", "Unavailable", "node_of", "redis_client"]


class ClusterNode(NodeCore):
    def __init__(
        self,
        settings: Settings,
        store: Store,
        manager: TableManager,
        app: Any,
        serve_socket: ServeSocket | None = None,
    ) -> None:
        super().__init__(settings, store, manager)
        self.takeover = Takeovers(self)
        # ``serve_socket``: the WebSocket endpoint that serves a relayed connection here
        self.inbox = Inbox(self, self.takeover, app, serve_socket)
        self.heartbeat = Heartbeat(self, self.inbox)
        self._loops: list[asyncio.Task[None]] = []
        manager.ownership = self

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Join: announce this instance and listen, then take over orphaned tables."""
        try:
            await self.registry.beat(self.load())
            self.redis_up = True
        except (RedisError, OSError) as exc:
            log.warning("cluster: Redis unreachable at start (%s); retrying", type(exc).__name__)
        self._loops = [
            asyncio.create_task(self.inbox.loop(), name="cluster-inbox"),
            asyncio.create_task(self.heartbeat.loop(), name="cluster-beat"),
            asyncio.create_task(self.takeover.scan_loop(), name="cluster-scan"),
        ]

    async def close(self) -> None:
        """Leave: stop the loops, hand back every lease (the tables' actors were stopped
        by the manager's shutdown), leave the registry."""
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.inbox.all_lost()
        with contextlib.suppress(RedisError, OSError):
            for table_id in list(self.owned):
                await self.leases.release(table_id)
            await self.registry.leave(self.id)
        self.owned.clear()
        await self.http.aclose()
        await self.redis.aclose()

    def status(self) -> dict[str, Any]:
        return {"instance": self.id, "redis": self.redis_up, "takeovers": self.takeover.count}

    # ------------------------------------------------------------------ ownership hooks

    async def reserve(self, table_id: str) -> None:
        """A table about to be created here: its lease before its row exists, so no scan
        finds it open and unleased in between (and takes it over)."""
        try:  # owned only once acquired: a renewal in between would set the key itself
            if not await self.leases.acquire(table_id):
                raise Unavailable(f"table {table_id}: lease already held")
        except (RedisError, OSError):
            log.warning("table %s: created while Redis is unreachable", table_id)
        self.owned.add(table_id)

    async def claim_new(self, table_id: str) -> int:
        """A table just created here (``reserve`` took its lease): its first fencing
        token."""
        claimed = await claim_epoch(self.store, table_id, self.id)
        assert claimed is not None
        return claimed[0]

    def released(self, table_id: str) -> None:
        """The manager freed an ended table: give its lease back."""
        self.owned.discard(table_id)
        self.spawn(self._release(table_id), f"release-{table_id}")

    async def _release(self, table_id: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release(table_id)

    def fenced(self, actor: TableActor) -> None:
        """The log refused this actor's append: another instance owns the table."""
        log.warning("table %s: fenced (epoch %s is stale); stopping", actor.id, actor.fence)
        self.drop(actor.id)

    # ------------------------------------------------------------------ the parts' faces

    async def claim(self, table_id: str) -> TableActor | None:
        """Take over a stored table nobody leases (``Takeovers.claim``)."""
        return await self.takeover.claim(table_id)

    async def scan(self) -> int:
        return await self.takeover.scan()

    async def locate(self, table_id: str, wait: float | None = None) -> str | None:
        """The instance that owns the table, None when served here (``Takeovers.locate``)."""
        return await self.takeover.locate(table_id, wait)

    async def relay(self, ws: WebSocket, table_id: str) -> bool:
        """Serve ``ws`` through the table's owner if that is another instance
        (``Inbox.relay``)."""
        return await self.inbox.relay(ws, table_id)

    def _dispatch(self, message: dict[str, Any]) -> None:
        self.inbox.dispatch(message)  # as if it came through the inbox (tests)

    async def beat(self) -> None:
        await self.heartbeat.beat()

    async def place(self) -> Instance:
        return await balance.place(self)

    async def spread(self, n: int) -> list[Instance]:
        return await balance.spread(self, n)

    async def drain(self, exit_after: bool = True) -> dict[str, Any]:
        return await drain_all(self, exit_after)


def node_of(services: Services) -> ClusterNode | None:
    """This instance's cluster node, as the adapters that route and relay need it (the
    domain sees it only through server.ports.cluster)."""
    node = services.cluster
    return node if isinstance(node, ClusterNode) else None
