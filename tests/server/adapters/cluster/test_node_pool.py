"""The instance's Redis pool waits for a free connection instead of failing (docs/cluster.md,
``JANTAKU_REDIS_MAX_CONNECTIONS``): with redis-py's default pool a burst of relayed frames
above 100 concurrent publishes raised MaxConnectionsError and closed relayed sockets."""

from __future__ import annotations

import asyncio

from redis.asyncio import BlockingConnectionPool

from server.adapters.cluster.node import redis_client
from server.config import Settings

from .conftest import redis_url


def test_a_burst_beyond_the_pool_waits_for_a_connection() -> None:
    settings = Settings(redis_url=redis_url(), redis_max_connections=4, lease_seconds=3)

    async def burst() -> list[object]:
        client = redis_client(settings)
        try:
            assert isinstance(client.connection_pool, BlockingConnectionPool)
            assert client.connection_pool.max_connections == 4
            # 40 concurrent calls that each hold a connection for 50 ms (BLPOP on an empty
            # key blocks its own connection only), ten times the pool
            key = "jantaku-test:pool-burst"
            return await asyncio.gather(*(client.blpop([key], timeout=0.05) for _ in range(40)))
        finally:
            await client.aclose()

    assert len(asyncio.run(burst())) == 40
