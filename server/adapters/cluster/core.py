"""What every part of a cluster instance shares (docs/cluster.md): who it is and how it is
reached, its Redis client with the leases and the registry on it, the tables it owns, its
last view of the other instances and which of them are alive, and its background tasks.

The parts build on this alone: the takeovers (``takeover``), the inbox with the relay
(``inbox``), the heartbeat (``heartbeat``), placement (``balance``) and drain
(``drain``); ``node.ClusterNode`` ties them together."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson
from redis.asyncio import BlockingConnectionPool, Redis

from server.adapters.cluster.keys import Keys
from server.adapters.cluster.leases import Leases
from server.adapters.cluster.registry import Instance, Registry
from server.adapters.sql.store import SqlStore
from server.config import Settings
from server.domain.protocol.messages import CloseCode
from server.domain.tables.manager import OPEN, TableManager
from server.ports.storage import Store

log = logging.getLogger("jantaku.cluster")

ServeSocket = Callable[..., Awaitable[None]]  # (socket, table_id, **query) -> served

MOVED = "the table moved to another instance"


class Unavailable(Exception):
    """No instance serves the table now (its owner died and its lease has not expired,
    or Redis is unreachable): try again shortly."""


def instance_id(settings: Settings) -> str:
    if settings.instance_id:
        return settings.instance_id
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(2)}"


def redis_client(settings: Settings) -> Redis:
    """The instance's Redis client: a pool of at most ``redis_max_connections`` that makes a
    caller wait for a free connection (bounded by half a lease) instead of failing at once,
    so a burst of relayed frames queues rather than closing relayed sockets."""
    assert settings.redis_url is not None
    wait = max(settings.lease_seconds / 2, 1.0)
    pool = BlockingConnectionPool.from_url(
        settings.redis_url,
        max_connections=settings.redis_max_connections,
        timeout=wait,
        decode_responses=True,
        socket_timeout=wait,
        socket_connect_timeout=wait,
    )
    return Redis(connection_pool=pool)


class NodeCore:
    """One instance's shared state, and the few acts every part needs: stop a table here
    (``drop``), send to another instance's inbox (``send``), its own registry entry
    (``load``), the others (``instances``) and which of them still beat (``alive``)."""

    def __init__(self, settings: Settings, store: Store, manager: TableManager) -> None:
        if not isinstance(store, SqlStore):
            raise TypeError("a cluster instance needs the SQL store (PostgreSQL)")
        assert settings.redis_url is not None
        self.settings = settings
        self.store = store
        self.manager = manager
        self.id = instance_id(settings)
        host = settings.host  # a wildcard bind is reached by the host's name (a container's)
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        self.url = settings.advertise_url or f"http://{host}:{settings.port}"
        self.keys = Keys(settings.cluster_namespace)
        ttl = settings.lease_seconds
        self.interval = max(min(ttl / 4, 1.0), 0.1)
        # an instance silent for longer (two heartbeats missed, by Redis's clock) is taken
        # for dead: nothing is relayed to it any more, though its leases still run out
        self.quiet = max(0.6 * ttl, 2 * self.interval + 0.25)
        self.redis = redis_client(settings)
        self.leases = Leases(self.redis, self.keys, self.id, ttl)
        self.registry = Registry(self.redis, self.keys, ttl)
        self.me = Instance(id=self.id, url=self.url, started=time.time())
        self.owned: set[str] = set()
        self.draining = False
        self.redis_up = False
        self.http = httpx.AsyncClient(timeout=10.0)
        self.view: list[Instance] = []  # the registry as last read (heartbeat, scan)
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Any, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def drop(self, table_id: str, reason: str = MOVED) -> None:
        """Stop the table here at once (it is, or is about to be, owned elsewhere)."""
        self.owned.discard(table_id)
        actor = self.manager.actors.pop(table_id, None)
        if actor is not None:
            self.spawn(actor.stop(CloseCode.GOING_AWAY, reason), f"drop-{table_id}")

    async def send(self, instance: str, message: dict[str, Any]) -> None:
        await self.redis.publish(self.keys.inbox(instance), orjson.dumps(message))

    def load(self) -> Instance:
        """This instance's registry entry, brought up to date."""
        me = self.me
        live = [a for a in self.manager.actors.values() if a.record.status in OPEN]
        me.tables = len(live)
        me.connections = sum(len(a.conns) + len(a.spectators) for a in self.manager.actors.values())
        me.draining = self.draining
        me.table_ids = sorted(self.owned)
        return me

    async def instances(self) -> list[Instance]:
        self.view = await self.registry.all()
        return self.view

    async def alive(self) -> set[str]:
        """The instances of the last registry view that have beaten lately: a relay to
        any other ends at once (its client reconnects and waits for the takeover)."""
        return await self.alive_of([i.id for i in self.view])

    async def alive_of(self, instance_ids: list[str]) -> set[str]:
        silence = await self.registry.silence(instance_ids)
        return {i for i, quiet in silence.items() if quiet is not None and quiet <= self.quiet}
