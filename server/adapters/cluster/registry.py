"""The instance registry: each instance writes its heartbeat — where to reach it, its
load, its tables, whether it is draining — under a key that expires ``lease_seconds``
after the last beat, so a dead instance leaves the registry when its leases expire."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

import orjson
from redis.asyncio import Redis

from server.adapters.cluster.keys import Keys


@dataclass
class Instance:
    id: str
    url: str  # where the other instances reach it over HTTP
    started: float
    beat: float = 0.0  # Unix time of the last heartbeat
    tables: int = 0  # live tables it owns
    connections: int = 0  # sockets it serves (its own and relayed)
    draining: bool = False
    table_ids: list[str] = field(default_factory=list)

    @property
    def load(self) -> tuple[int, int]:
        """What placement minimises: live tables first, then connections."""
        return (self.tables, self.connections)

    def public(self) -> dict[str, Any]:
        return asdict(self)


class Registry:
    def __init__(self, redis: Redis, keys: Keys, ttl: float) -> None:
        self.redis = redis
        self.keys = keys
        self.ttl_ms = max(int(ttl * 1000), 100)

    async def beat(self, me: Instance) -> None:
        me.beat = time.time()
        await self.redis.set(self.keys.instance(me.id), orjson.dumps(asdict(me)), px=self.ttl_ms)

    async def leave(self, instance_id: str) -> None:
        await self.redis.delete(self.keys.instance(instance_id))

    async def get(self, instance_id: str) -> Instance | None:
        raw = await self.redis.get(self.keys.instance(instance_id))
        return Instance(**orjson.loads(raw)) if raw else None

    async def silence(self, instance_ids: list[str]) -> dict[str, float | None]:
        """Seconds since each instance's last heartbeat, by Redis's own clock (the key's
        remaining expiry), so the instances' clocks need not agree; None once it left."""
        if not instance_ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for instance_id in instance_ids:
                pipe.pttl(self.keys.instance(instance_id))
            left = await pipe.execute()
        return {
            i: None if int(ms) < 0 else max(self.ttl_ms - int(ms), 0) / 1000
            for i, ms in zip(instance_ids, left, strict=True)
        }

    async def all(self) -> list[Instance]:
        """The live instances (their heartbeat has not expired), by id."""
        names = [name async for name in self.redis.scan_iter(match=self.keys.instances, count=500)]
        if not names:
            return []
        raws = await self.redis.mget(names)
        found = [Instance(**orjson.loads(raw)) for raw in raws if raw]
        return sorted(found, key=lambda i: i.id)
