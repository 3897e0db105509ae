"""One instance of a cluster: its heartbeat, its leases, the relay's inbox, failover and
drain (docs/cluster.md).

Loops, each ``lease_seconds / 4`` or so:

- *beat*: the registry entry (load, tables) and the renewal of every lease it holds. A
  table whose lease another instance now holds is dropped at once (its actor stops, its
  sockets close with 1001 and reconnect to the new owner).
- *scan*: the open tables of the database that nobody leases any more (their owner died
  or left) are taken over: the lease, a new fencing token, then the table rebuilt from its
  event log (``TableManager.restore``, today's crash recovery) with fresh clocks. Each
  orphan has one preferred taker among the live instances (rendezvous hashing, so a dead
  instance's tables spread over the others); the others take it only after a delay.
- *inbox*: one pub/sub channel per instance carries relay frames and adopt requests.

While Redis is unreachable the owner keeps playing its tables (the database still fences
every append); relayed sockets close and their clients reconnect when it is back."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import signal
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson
from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import RedisError
from starlette.websockets import WebSocket

from server.adapters.cluster.keys import Keys
from server.adapters.cluster.leases import Leases, claim_epoch, current_epoch, open_tables
from server.adapters.cluster.registry import Instance, Registry
from server.adapters.cluster.relay import RelayedSocket, pipe
from server.adapters.sql.store import SqlStore
from server.config import Settings
from server.domain.protocol.messages import CloseCode
from server.domain.tables.actor import TableActor
from server.domain.tables.manager import OPEN, TableManager
from server.ports.storage import Store
from server.usecases.context import Services

log = logging.getLogger("jantaku.cluster")

ServeSocket = Callable[..., Awaitable[None]]  # (socket, table_id, **query) -> served

MOVED = "the table moved to another instance"
TAKEOVERS = 4  # tables taken over (rebuilt) at once by one instance
EXPIRY_MARGIN = 0.02  # seconds after a lease's expiry before the scan looks again


class Unavailable(Exception):
    """No instance serves the table now (its owner died and its lease has not expired,
    or Redis is unreachable): try again shortly."""


def instance_id(settings: Settings) -> str:
    if settings.instance_id:
        return settings.instance_id
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(2)}"


def _rank(table_id: str, instance: str) -> bytes:
    return hashlib.sha256(f"{table_id}/{instance}".encode()).digest()


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


class ClusterNode:
    def __init__(
        self,
        settings: Settings,
        store: Store,
        manager: TableManager,
        app: Any,
        serve_socket: ServeSocket | None = None,
    ) -> None:
        if not isinstance(store, SqlStore):
            raise TypeError("a cluster instance needs the SQL store (PostgreSQL)")
        assert settings.redis_url is not None
        self.settings = settings
        self.store = store
        self.manager = manager
        self.app = app
        # the WebSocket endpoint that serves a relayed connection here (the composition
        # root hands in server.adapters.ws.endpoint.table_socket)
        self.serve_socket = serve_socket
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
        self._rebuilds = asyncio.Semaphore(TAKEOVERS)
        self._expiry: float | None = None  # when a dead instance's next lease runs out
        self.redis = redis_client(settings)
        self.leases = Leases(self.redis, self.keys, self.id, ttl)
        self.registry = Registry(self.redis, self.keys, ttl)
        self.me = Instance(id=self.id, url=self.url, started=time.time())
        self.owned: set[str] = set()
        self.draining = False
        self.redis_up = False
        self.http = httpx.AsyncClient(timeout=10.0)
        self.takeovers = 0
        self.relays: dict[str, asyncio.Queue[dict[str, Any]]] = {}  # here: conn -> frames
        self.relays_to: dict[str, str] = {}  # here: conn -> owner instance
        self.served: dict[str, RelayedSocket] = {}  # owned here, client elsewhere
        self._orphans: dict[str, float] = {}  # table -> when first seen without a lease
        self._claims: dict[str, asyncio.Future[TableActor | None]] = {}  # takeovers under way
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._instances: list[Instance] = []
        manager.ownership = self

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Join: announce this instance and listen, then take over orphaned tables."""
        try:
            await self.registry.beat(self._load())
            self.redis_up = True
        except (RedisError, OSError) as exc:
            log.warning("cluster: Redis unreachable at start (%s); retrying", type(exc).__name__)
        self._loops = [
            asyncio.create_task(self._inbox_loop(), name="cluster-inbox"),
            asyncio.create_task(self._beat_loop(), name="cluster-beat"),
            asyncio.create_task(self._scan_loop(), name="cluster-scan"),
        ]

    async def close(self) -> None:
        """Leave: stop the loops, hand back every lease (the tables' actors were stopped
        by the manager's shutdown), leave the registry."""
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for queue in self.relays.values():
            queue.put_nowait({"k": "lost"})
        for sock in self.served.values():
            sock.gone()
        with contextlib.suppress(RedisError, OSError):
            for table_id in list(self.owned):
                await self.leases.release(table_id)
            await self.registry.leave(self.id)
        self.owned.clear()
        await self.http.aclose()
        await self.redis.aclose()

    def _spawn(self, coro: Any, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
        self._spawn(self._release(table_id), f"release-{table_id}")

    async def _release(self, table_id: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release(table_id)

    def fenced(self, actor: TableActor) -> None:
        """The log refused this actor's append: another instance owns the table."""
        log.warning("table %s: fenced (epoch %s is stale); stopping", actor.id, actor.fence)
        self.drop(actor.id)

    def drop(self, table_id: str, reason: str = MOVED) -> None:
        """Stop the table here at once (it is, or is about to be, owned elsewhere)."""
        self.owned.discard(table_id)
        actor = self.manager.actors.pop(table_id, None)
        if actor is not None:
            self._spawn(actor.stop(CloseCode.GOING_AWAY, reason), f"drop-{table_id}")

    async def claim(self, table_id: str) -> TableActor | None:
        """Take over a stored table nobody leases: the lease, a new fencing token, then
        the table rebuilt from its event log. None if another instance was faster or the
        table is over. One takeover per table at a time here: the scan, a connection's
        ``locate`` and an ``adopt`` asking for the same table share it, and a relayed
        connection that arrives meanwhile waits for it (``_serve``)."""
        if table_id in self.manager.actors or self.draining:
            return self.manager.actors.get(table_id)
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
        if table_id in self.manager.actors:  # taken over here while this one waited
            return self.manager.actors[table_id]
        if not await self.leases.acquire(table_id):
            return None
        self.owned.add(table_id)
        try:
            claimed = await claim_epoch(self.store, table_id, self.id)
            record = await self.store.tables.get(table_id)
            if claimed is None or record is None or record.status not in OPEN:
                self.owned.discard(table_id)
                await self.leases.release(table_id)
                return None
            if table_id in self.manager.actors:  # a concurrent claim of ours won
                return self.manager.actors[table_id]
            names = await self.manager.names_of(record)
            actor = await self.manager.restore(record, names, fence=claimed[0])
        except Exception:
            self.owned.discard(table_id)
            with contextlib.suppress(RedisError, OSError):
                await self.leases.release(table_id)
            raise
        if table_id not in self.owned:  # dropped while rebuilt (its lease lost, fenced)
            if self.manager.actors.get(table_id) is actor:
                del self.manager.actors[table_id]
            await actor.stop(CloseCode.GOING_AWAY, MOVED)
            return None
        self.takeovers += 1
        self._orphans.pop(table_id, None)
        log.info("table %s: taken over (epoch %d, %d events)", table_id, claimed[0], len(actor.log))
        return actor

    # ------------------------------------------------------------------ loops

    def _load(self) -> Instance:
        me = self.me
        live = [a for a in self.manager.actors.values() if a.record.status in OPEN]
        me.tables = len(live)
        me.connections = sum(len(a.conns) + len(a.spectators) for a in self.manager.actors.values())
        me.draining = self.draining
        me.table_ids = sorted(self.owned)
        return me

    async def _beat_loop(self) -> None:
        down_since = time.monotonic()
        while True:
            try:
                await self.beat()
                if not self.redis_up:
                    log.info("cluster: Redis is reachable again")
                self.redis_up = True
            except (RedisError, OSError) as exc:
                if self.redis_up:
                    log.warning("cluster: Redis unreachable (%s)", type(exc).__name__)
                    down_since = time.monotonic()
                self.redis_up = False
                if time.monotonic() - down_since > self.settings.lease_seconds:
                    self._all_relays_lost()  # a close the other side sent may be lost too
            except Exception:
                log.exception("cluster: heartbeat failed")
            await asyncio.sleep(self.interval)

    async def beat(self) -> None:
        await self.registry.beat(self._load())
        outcome = await self.leases.renew(sorted(self.owned))
        for table_id, result in outcome.items():
            if result == 0 and table_id in self.owned:
                log.warning("table %s: lease lost; stopping", table_id)
                self.drop(table_id)
            elif result == 2:  # Redis lost the key: keep it only if the token is still ours
                actor = self.manager.actors.get(table_id)
                epoch = await current_epoch(self.store, table_id)
                if actor is None or epoch != actor.fence:
                    self.drop(table_id)
        self._instances = await self.registry.all()
        alive = await self._alive()
        ended: Counter[str] = Counter()
        for conn_id, owner in list(self.relays_to.items()):
            if owner not in alive:
                self._relay_lost(conn_id)
                ended[owner] += 1
        for sock in list(self.served.values()):
            if sock.peer not in alive:
                sock.gone()
                ended[sock.peer] += 1
        for peer, count in sorted(ended.items()):
            log.warning("instance %s is silent: %d relayed connections to it ended", peer, count)

    async def _alive(self) -> set[str]:
        """The instances of the last registry view that have beaten lately: a relay to
        any other ends at once (its client reconnects and waits for the takeover)."""
        return await self._alive_of([i.id for i in self._instances])

    async def _scan_loop(self) -> None:
        while True:
            delay = self.interval
            if self._expiry is not None:  # a dead instance's lease runs out sooner
                delay = min(delay, max(self._expiry - time.monotonic(), 0.0))
                self._expiry = None
            await asyncio.sleep(delay)
            if self.draining or not self.redis_up:
                continue
            try:
                await self.scan()
            except (RedisError, OSError):
                pass
            except Exception:
                log.exception("cluster: scan failed")

    async def scan(self) -> int:
        """Take over the open tables that have no lease (see the module docstring)."""
        tables = [(t, o) for t, o in await open_tables(self.store) if t not in self.owned]
        holders = await self.leases.holders([t for t, _ in tables])
        if any(holders.get(t) is None for t, _ in tables):
            # fresh, not the last heartbeat's view: a dead owner's entry expires just
            # before its leases, and a stale view would make the others wait a lease more
            self._instances = await self.registry.all()
        live = {i.id: i for i in self._instances if not i.draining}
        live.setdefault(self.id, self.me)
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
                and last_owner != self.id
                and waited < self.settings.lease_seconds
            ):
                continue  # its owner lives (Redis lost the key?): it takes it back itself
            preferred = max(live, key=lambda i: _rank(table_id, i))
            if preferred != self.id and waited < 2 * self.interval + 1.0:
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
        alive = await self._alive()
        dying = [t for t, h in holders.items() if h is not None and h != self.id and h not in alive]
        left = await self.leases.remaining(dying)
        if left:
            soonest = time.monotonic() + min(left.values()) + EXPIRY_MARGIN
            if self._expiry is None or soonest < self._expiry:
                self._expiry = soonest

    async def _inbox_loop(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.keys.inbox(self.id))
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._dispatch(orjson.loads(message["data"]))
            except (RedisError, OSError):
                self._all_relays_lost()
                await asyncio.sleep(self.interval)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: inbox failed")
                self._all_relays_lost()
                await asyncio.sleep(self.interval)
            finally:
                with contextlib.suppress(Exception):
                    aclose: Any = pubsub.aclose  # untyped in older redis-py (pyproject: redis>=5)
                    await aclose()

    # ------------------------------------------------------------------ relay

    async def send(self, instance: str, message: dict[str, Any]) -> None:
        await self.redis.publish(self.keys.inbox(instance), orjson.dumps(message))

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        conn_id = str(message.get("c", ""))
        if kind in ("out", "close") and conn_id in self.relays:
            self.relays[conn_id].put_nowait(message)
        elif kind in ("in", "close") and conn_id in self.served:
            self.served[conn_id].feed(message)
        elif kind == "in":  # the owner forgot this connection: the relay closes it
            peer = str(message.get("from") or "")
            if peer:
                refuse = {"k": "close", "c": conn_id, "code": CloseCode.GOING_AWAY, "r": MOVED}
                self._spawn(self.send(peer, refuse), "relay-refuse")
        elif kind == "open":  # registered now: the frames right behind it find it
            peer = str(message.get("from", ""))
            query = {str(k): str(v) for k, v in dict(message.get("q") or {}).items()}
            headers = {str(k): str(v) for k, v in dict(message.get("h") or {}).items()}
            sock = RelayedSocket(self.app, self.send, conn_id, peer, query, headers)
            self.served[conn_id] = sock
            self._spawn(self._serve(sock, str(message.get("table", ""))), f"relay-{conn_id}")
        elif kind == "adopt":
            self._spawn(self._adopt(str(message.get("table", ""))), "adopt")

    async def _adopt(self, table_id: str) -> None:
        try:
            await self.claim(table_id)
        except Exception:
            log.exception("table %s: adopting failed", table_id)

    async def _serve(self, sock: RelayedSocket, table_id: str) -> None:
        """A client connected at another instance, for a table owned here: run the
        ordinary endpoint on a stand-in socket."""
        conn_id = sock.conn_id
        known = ("token", "seat", "state_on_prompt", "protocol", "flow", "auth")
        params = {k: v for k, v in sock.query_params.items() if k in known}
        try:
            # The relaying instance saw this instance's lease, which a takeover takes
            # before it rebuilds the table: the connection waits for the rebuild. (A table
            # not live here afterwards is refused as moving, 1001: the client reconnects.)
            pending = self._claims.get(table_id)
            if pending is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(pending)
            if self.serve_socket is None:
                raise RuntimeError("no endpoint to serve relayed connections")
            await self.serve_socket(sock, table_id, **params)
        except Exception:
            log.exception("table %s: relayed connection failed", table_id)
        finally:
            self.served.pop(conn_id, None)
            await sock.close(CloseCode.GOING_AWAY, "bye")

    def _relay_lost(self, conn_id: str) -> None:
        queue = self.relays.get(conn_id)
        if queue is not None:
            queue.put_nowait({"k": "lost"})

    def _all_relays_lost(self) -> None:
        for conn_id in list(self.relays):
            self._relay_lost(conn_id)
        for sock in list(self.served.values()):
            sock.gone()

    async def relay(self, ws: WebSocket, table_id: str) -> bool:
        """Serve ``ws`` through the table's owner if that is another instance (True when
        done); False: the table is served here (owned, taken over, or not live)."""
        try:
            owner = await self.locate(table_id)
        except Unavailable as exc:
            await ws.accept()
            await ws.send_json({"type": "error", "code": "table_moving", "message": str(exc)})
            await ws.close(CloseCode.GOING_AWAY, "the table is moving; reconnect")
            return True
        if owner is None:
            return False
        await ws.accept()
        conn_id = secrets.token_hex(8)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.relays[conn_id] = queue
        self.relays_to[conn_id] = owner
        try:
            await pipe(ws, owner, conn_id, self.id, table_id, queue, self.send)
        except (RedisError, OSError):
            with contextlib.suppress(Exception):
                await ws.close(CloseCode.GOING_AWAY, "the table's instance is unreachable")
        finally:
            self.relays.pop(conn_id, None)
            self.relays_to.pop(conn_id, None)
        return True

    async def locate(self, table_id: str, wait: float | None = None) -> str | None:
        """The instance that owns the table, or None when it is served here: owned here,
        taken over now because nobody leased it, or not live (the local handlers answer
        from the database). ``Unavailable`` if its owner is dead and its lease has not
        expired within ``wait`` seconds (default: one lease), or Redis is unreachable."""
        if table_id in self.owned and table_id in self.manager.actors:
            return None
        limit = self.settings.lease_seconds + 1.0 if wait is None else wait
        deadline = time.monotonic() + limit
        while True:
            try:
                holder = await self.leases.holder(table_id)
                if holder == self.id:
                    pending = self._claims.get(table_id)
                    if pending is not None:  # being taken over here: wait for the rebuild
                        with contextlib.suppress(Exception):
                            await asyncio.shield(pending)
                    if table_id in self.manager.actors:
                        return None
                elif holder is not None:
                    # not to an owner that went silent: wait here for its lease to run
                    # out and take the table over at once (below, on the next round)
                    if holder in await self._alive_of([holder]):
                        return holder
                else:
                    record = await self.store.tables.get(table_id)
                    if record is None or record.status not in OPEN:
                        return None
                    if not self.draining and await self.claim(table_id) is not None:
                        return None
            except (RedisError, OSError) as exc:
                raise Unavailable("the cluster's coordination store is unreachable") from exc
            if time.monotonic() >= deadline:
                raise Unavailable(f"table {table_id} has no live instance yet; try again")
            await asyncio.sleep(0.1)

    async def _alive_of(self, instance_ids: list[str]) -> set[str]:
        silence = await self.registry.silence(instance_ids)
        return {i for i, quiet in silence.items() if quiet is not None and quiet <= self.quiet}

    # ------------------------------------------------------------------ placement, drain

    async def instances(self) -> list[Instance]:
        self._instances = await self.registry.all()
        return self._instances

    async def place(self) -> Instance:
        """Where a new table goes: the least-loaded live instance that is not draining
        (this one on a tie)."""
        candidates = [i for i in await self.instances() if not i.draining]
        mine = self._load()
        if not self.draining:
            candidates = [i for i in candidates if i.id != self.id] + [mine]
        if not candidates:
            return mine
        return min(candidates, key=lambda i: (i.load, i.id != self.id))

    async def spread(self, n: int) -> list[Instance]:
        """Where ``n`` new tables go together (a tournament round): each in turn to the
        least-loaded live instance that is not draining, counting the ones placed before
        it, since the registry's loads change only at the next heartbeats."""
        candidates = [i for i in await self.instances() if not i.draining and i.id != self.id]
        if not self.draining or not candidates:
            candidates.append(self._load())
        tables = {i.id: i.tables for i in candidates}
        chosen = []
        for _ in range(n):
            target = min(candidates, key=lambda i: (tables[i.id], i.connections, i.id != self.id))
            tables[target.id] += 1
            chosen.append(target)
        return chosen

    async def drain(self, exit_after: bool = True) -> dict[str, Any]:
        """Hand every table to the other instances, each between two of its actions (a
        job on its actor, so no action is half done), then leave and exit."""
        self.draining = True
        await self.registry.beat(self._load())
        moved: dict[str, str] = {}
        for table_id in sorted(self.owned):
            others = [i for i in await self.instances() if i.id != self.id and not i.draining]
            target = min(others, key=lambda i: i.load) if others else None
            await self._hand_over(table_id, target.id if target else None)
            if target is not None:
                target.tables += 1
                moved[table_id] = target.id
        if exit_after:
            asyncio.get_running_loop().call_later(0.5, os.kill, os.getpid(), signal.SIGTERM)
        return {"instance": self.id, "moved": moved, "exiting": exit_after}

    async def _hand_over(self, table_id: str, target: str | None) -> None:
        actor = self.manager.actors.get(table_id)
        if actor is not None:
            await actor.call(_between_actions)
        self.drop(table_id, "the table moves to another instance")
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release(table_id)
            if target is not None:
                await self.send(target, {"k": "adopt", "table": table_id})
        for _ in range(int(self.settings.lease_seconds * 20)):  # until someone holds it
            with contextlib.suppress(RedisError, OSError):
                record = await self.store.tables.get(table_id)
                if record is None or record.status not in OPEN:
                    return
                if await self.leases.holder(table_id) not in (None, self.id):
                    return
            await asyncio.sleep(0.05)

    def status(self) -> dict[str, Any]:
        return {"instance": self.id, "redis": self.redis_up, "takeovers": self.takeovers}


async def _between_actions() -> None:
    return None


def node_of(services: Services) -> ClusterNode | None:
    """This instance's cluster node, as the adapters that route and relay need it (the
    domain sees it only through server.ports.cluster)."""
    node = services.cluster
    return node if isinstance(node, ClusterNode) else None
