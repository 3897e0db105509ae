"""Moving-window rate limits (the ``limits`` library) of login, registration and table
creation.

One instance counts in its own memory, as it always did. An instance of a cluster
(``JANTAKU_REDIS_URL``) counts in Redis instead, under ``<namespace>:limits:…``, so every
instance sees the same counters: a client cannot get N times a limit by spreading its
attempts over N instances (docs/cluster.md, What is shared). If Redis fails, the instance
counts in its own memory until it answers again: the limit holds per instance meanwhile,
rather than not at all."""

from __future__ import annotations

import logging
import time
from typing import Any

from limits import RateLimitItem
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter as SharedLimiter
from limits.errors import StorageError
from redis.asyncio import BlockingConnectionPool
from redis.exceptions import RedisError

from server.config import Settings
from server.domain.ratelimits import LocalLimiter

log = logging.getLogger("jantaku.limits")

POOL = 50  # Redis connections of the limiter; a burst past it waits for one


class RateLimiter:
    """The ``Limiter`` of ``jantaku serve``: in Redis on a cluster, else (and while Redis
    fails) in this process's memory."""

    def __init__(self, settings: Settings) -> None:
        self.local = LocalLimiter()
        self.shared: SharedLimiter | None = None
        self.pool: BlockingConnectionPool | None = None
        self._down = False
        if settings.redis_url:
            wait = max(settings.lease_seconds / 2, 1.0)
            self.pool = BlockingConnectionPool.from_url(
                settings.redis_url,
                max_connections=POOL,
                timeout=wait,
                socket_timeout=wait,
                socket_connect_timeout=wait,
            )
            # (passed through to redis-py's client; typed narrower in limits)
            client: dict[str, Any] = {"connection_pool": self.pool}
            storage = RedisStorage(
                "async+" + settings.redis_url,
                implementation="redispy",
                key_prefix=f"{settings.cluster_namespace}:limits",
                **client,
            )
            self.shared = SharedLimiter(storage)

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.disconnect()

    async def hit(self, item: RateLimitItem, *keys: str) -> float | None:
        """Count one attempt: None when it is allowed, else the seconds until the next
        one is (more than 0)."""
        if self.shared is not None:
            try:
                if await self.shared.hit(item, *keys):
                    allowed = True
                else:
                    allowed = False
                    stats = await self.shared.get_window_stats(item, *keys)
                if self._down:
                    log.info("rate limits: counted in Redis again")
                    self._down = False
                return None if allowed else max(stats.reset_time - time.time(), 0.001)
            except (RedisError, OSError, StorageError) as exc:
                if not self._down:
                    log.warning("rate limits: Redis failed (%s); counting here", type(exc).__name__)
                    self._down = True
        return await self.local.hit(item, *keys)
