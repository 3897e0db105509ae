"""server.domain.ratelimits: two instances' limiters on one Redis share their counters; with
Redis unreachable a limiter counts in its own memory, so the limit still holds (per
instance) rather than not at all."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from limits import parse

from server.adapters.cluster.local import free_port
from server.adapters.ratelimits import RateLimiter
from server.config import Settings
from tests.server.adapters.cluster.conftest import redis_url


def _settings(tmp_path: Path, redis: str | None, namespace: str) -> Settings:
    return Settings(
        redis_url=redis,
        cluster_namespace=namespace,
        lease_seconds=1.0,
        admin_token_file=tmp_path / "admin.sha256",
    )


def test_two_limiters_on_one_redis_share_the_count(tmp_path: Path) -> None:
    namespace = f"t{uuid.uuid4().hex[:10]}"
    url = redis_url()
    rule = parse("3/minute")

    async def run() -> list[float | None]:
        a = RateLimiter(_settings(tmp_path, url, namespace))
        b = RateLimiter(_settings(tmp_path, url, namespace))
        try:
            return [await (a, b)[k % 2].hit(rule, "login", "x") for k in range(4)]
        finally:
            await a.close()
            await b.close()

    waits = asyncio.run(run())
    assert waits[:3] == [None, None, None]
    assert waits[3] is not None and 0 < waits[3] <= 60


def test_without_redis_the_limit_holds_per_instance(tmp_path: Path) -> None:
    rule = parse("2/minute")

    async def run() -> list[float | None]:
        # nothing listens on a port just found free: every Redis call fails
        down = RateLimiter(_settings(tmp_path, f"redis://127.0.0.1:{free_port()}/0", "down"))
        try:
            return [await down.hit(rule, "login", "x") for _ in range(3)]
        finally:
            await down.close()

    waits = asyncio.run(run())
    assert waits[:2] == [None, None] and waits[2] is not None
