"""Moving-window rate limits (the ``limits`` library) of login, registration and table
creation, as the domain asks for them: ``Limiter`` is the port, ``LocalLimiter`` counts in
this process. The composition root hands in the adapter that also counts across a
cluster (server.adapters.ratelimits)."""

from __future__ import annotations

import time
from typing import Protocol

from limits import RateLimitItem
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


class Limiter(Protocol):
    async def hit(self, item: RateLimitItem, *keys: str) -> float | None:
        """Count one attempt: None when it is allowed, else the seconds until the next
        one is (more than 0)."""
        ...

    async def close(self) -> None: ...


class LocalLimiter:
    """Counts in this process's memory."""

    def __init__(self) -> None:
        self.window = MovingWindowRateLimiter(MemoryStorage())

    async def hit(self, item: RateLimitItem, *keys: str) -> float | None:
        if self.window.hit(item, *keys):
            return None
        return max(self.window.get_window_stats(item, *keys).reset_time - time.time(), 0.001)

    async def close(self) -> None:
        return None
