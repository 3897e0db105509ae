"""What the instances of a cluster share besides the tables (docs/cluster.md, What is
shared): the open-table quota, revocations and presence. (The rate limits count in Redis
on their own: ``server.domain.ratelimits``.)

- **Quota.** A player's open tables are counted in PostgreSQL, where every instance's
  tables are, and one creation per player runs at a time on the whole cluster (a Redis
  lock held from the count until the new row is stored), so N instances do not give N
  times the quota, and two requests at once cannot both pass the count.
- **Revocation.** A session's token is checked against PostgreSQL on every request and
  every new socket already; what an instance cannot see is another instance's open
  sockets. A logout, an ended session, a password change, an admin revocation or an
  account merge therefore closes the player's (or the session's) sockets here and
  publishes the same on ``<namespace>:all``; every other instance closes its own and
  answers with how many it closed, which the request waits for (at most
  ``REPLY_WAIT`` seconds). A publish that fails is tried again until it goes out (for
  ``RETRY_FOR`` seconds at most).
- **Presence.** Each instance writes the players connected at its tables every
  heartbeat, under a key that expires with its lease; ``online()`` adds up every live
  instance's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator
from typing import Any

import orjson
from redis.exceptions import LockError, RedisError
from sqlalchemy import func, select

from server.adapters.cluster.node import ClusterNode
from server.adapters.sql.database import MATCHES
from server.domain.tables.errors import TableError
from server.domain.tables.manager import OPEN

log = logging.getLogger("jantaku.cluster")

REPLY_WAIT = 2.0  # seconds a revocation waits for the other instances' counts
RETRY_FOR = 60.0  # seconds a revocation's publish is tried again while Redis fails
CREATE_LOCK_SECONDS = 10.0  # the per-player creation lock expires after this (a dead holder)


class ClusterShared:
    def __init__(self, node: ClusterNode) -> None:
        self.node = node
        self.manager = node.manager
        self.redis = node.redis
        self.keys = node.keys
        self._waiting: dict[str, asyncio.Queue[int]] = {}  # broadcast id -> counts
        self._loops: list[asyncio.Task[None]] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self.manager.quota = self

    async def start(self) -> None:
        self._loops = [
            asyncio.create_task(self._listen_loop(), name="cluster-shared"),
            asyncio.create_task(self._presence_loop(), name="cluster-presence"),
        ]

    async def close(self) -> None:
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        for task in [*self._loops, *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(self.keys.presence(self.node.id))

    # ------------------------------------------------------------------ quota

    @contextlib.asynccontextmanager
    async def creating(self, player_id: str) -> AsyncIterator[None]:
        """Hold the player's creation lock of the cluster. While Redis is unreachable the
        creation goes on under this instance's own lock only (the manager's)."""
        lock = self.redis.lock(
            self.keys.creating(player_id),
            timeout=CREATE_LOCK_SECONDS,
            blocking_timeout=CREATE_LOCK_SECONDS / 2,
        )
        try:
            held = await lock.acquire()
        except (RedisError, OSError) as exc:
            log.warning("quota: Redis failed (%s); counting without the lock", type(exc).__name__)
            yield
            return
        if not held:
            raise TableError(
                429,
                "rate_limited",
                "another table of yours is being created; try again",
                retry_after=1.0,
            )
        try:
            yield
        finally:
            with contextlib.suppress(RedisError, OSError, LockError):
                await lock.release()

    async def open_tables_of(self, player_id: str) -> int:
        """The player's tables not yet over, on every instance (from the database)."""
        query = (
            select(func.count())
            .select_from(MATCHES)
            .where(MATCHES.c.created_by == player_id, MATCHES.c.status.in_(OPEN))
        )
        async with self.node.store.db.read() as conn:
            return int((await conn.execute(query)).scalar_one())

    # ------------------------------------------------------------------ revocation

    async def disconnect(self, player_id: str, session_id: str | None = None) -> int:
        """Close the player's sockets (one session's, when given) on every instance; how
        many closed (the other instances' as far as they answered in time)."""
        closed = await self.manager.kick_player(player_id, session_id)
        ask = secrets.token_hex(8)
        message = {"k": "kick", "p": player_id, "s": session_id, "from": self.node.id, "r": ask}
        counts: asyncio.Queue[int] = asyncio.Queue()
        self._waiting[ask] = counts
        try:
            try:
                others = [i.id for i in await self.node.instances() if i.id != self.node.id]
                if not others:
                    return closed
                await self.redis.publish(self.keys.everyone, orjson.dumps(message))
            except (RedisError, OSError) as exc:
                log.warning("revocation: Redis failed (%s); retrying", type(exc).__name__)
                self._spawn(self._publish_later(message), f"kick-{player_id}")
                return closed
            deadline = time.monotonic() + REPLY_WAIT
            for _ in others:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                try:
                    closed += await asyncio.wait_for(counts.get(), left)
                except TimeoutError:
                    break
            return closed
        finally:
            self._waiting.pop(ask, None)

    async def _publish_later(self, message: dict[str, Any]) -> None:
        deadline = time.monotonic() + RETRY_FOR
        while time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            try:
                await self.redis.publish(self.keys.everyone, orjson.dumps(message))
                return
            except (RedisError, OSError):
                continue
        log.error("revocation of %s: could not reach the other instances", message["p"])

    async def _kicked(self, message: dict[str, Any]) -> None:
        """Another instance's revocation: close the sockets here and say how many."""
        session = message.get("s")
        n = await self.manager.kick_player(str(message["p"]), str(session) if session else None)
        reply = {"k": "kicked", "r": message.get("r"), "n": n, "from": self.node.id}
        with contextlib.suppress(RedisError, OSError):
            await self.redis.publish(self.keys.replies(str(message["from"])), orjson.dumps(reply))

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        if kind == "kick" and message.get("from") != self.node.id and message.get("p"):
            self._spawn(self._kicked(message), "kicked")
        elif kind == "kicked":
            counts = self._waiting.get(str(message.get("r")))
            if counts is not None:
                counts.put_nowait(int(message.get("n") or 0))

    async def _listen_loop(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.keys.everyone, self.keys.replies(self.node.id))
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._dispatch(orjson.loads(message["data"]))
            except (RedisError, OSError):
                await asyncio.sleep(self.node.interval)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: the shared channel failed")
                await asyncio.sleep(self.node.interval)
            finally:
                with contextlib.suppress(Exception):
                    aclose: Any = pubsub.aclose  # untyped in older redis-py (pyproject: redis>=5)
                    await aclose()

    def _spawn(self, coro: Any, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ presence

    async def _presence_loop(self) -> None:
        ttl_ms = max(int(self.node.settings.lease_seconds * 1000), 100)
        while True:
            try:
                here = self.manager.connected_players()
                await self.redis.set(
                    self.keys.presence(self.node.id), orjson.dumps(here), px=ttl_ms
                )
            except (RedisError, OSError):
                pass
            except Exception:
                log.exception("cluster: presence failed")
            await asyncio.sleep(self.node.interval)

    async def online(self) -> dict[str, int]:
        """Player id -> sockets open at the tables of every live instance (as of each
        instance's last heartbeat; this instance's as of now)."""
        names = [n async for n in self.redis.scan_iter(match=self.keys.presences, count=500)]
        mine = self.keys.presence(self.node.id)
        total = self.manager.connected_players()
        others = [n for n in names if n != mine]
        for raw in await self.redis.mget(others) if others else []:
            if raw:
                for player, n in orjson.loads(raw).items():
                    total[player] = total.get(player, 0) + int(n)
        return total
