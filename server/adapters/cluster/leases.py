"""Table leases and fencing tokens.

A lease is a Redis key naming the owning instance, set with ``NX`` and an expiry, renewed
by its owner (``renew``, one script for all its tables). The lease says who *should* run
a table; the fencing token makes it safe when two instances believe they do: taking a
table raises ``matches.owner_epoch`` in PostgreSQL (``claim_epoch``), every append carries
the taker's epoch, and the event log refuses an append whose epoch is no longer the
table's (server.adapters.sql.event_log, in the append's own transaction, under the match
row's lock)."""

from __future__ import annotations

from typing import Any, cast

from redis.asyncio import Redis
from sqlalchemy import select, update

from server.adapters.cluster.keys import Keys
from server.adapters.sql.database import MATCHES
from server.adapters.sql.store import SqlStore

# KEYS: lease keys; ARGV: instance id, ttl in ms. Per key: 1 renewed, 2 taken again (the key
# had vanished, e.g. Redis restarted empty), 0 lost (another instance holds it).
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  elseif not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    out[i] = 2
  else
    out[i] = 0
  end
end
return out
"""
# KEYS: one lease key; ARGV: instance id. Deletes it only if this instance holds it.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

OPEN = ("waiting", "playing", "paused")


class Leases:
    def __init__(self, redis: Redis, keys: Keys, me: str, ttl: float) -> None:
        self.redis = redis
        self.keys = keys
        self.me = me
        self.ttl_ms = max(int(ttl * 1000), 100)
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    async def acquire(self, table_id: str) -> bool:
        return bool(
            await self.redis.set(self.keys.lease(table_id), self.me, nx=True, px=self.ttl_ms)
        )

    async def renew(self, table_ids: list[str]) -> dict[str, int]:
        """Each table's outcome: 1 renewed, 2 taken again, 0 lost."""
        if not table_ids:
            return {}
        keys = [self.keys.lease(t) for t in table_ids]
        out = cast(list[Any], await self._renew(keys=keys, args=[self.me, self.ttl_ms]))
        return {t: int(r) for t, r in zip(table_ids, out, strict=True)}

    async def release(self, table_id: str) -> None:
        await self._release(keys=[self.keys.lease(table_id)], args=[self.me])

    async def holder(self, table_id: str) -> str | None:
        holder = await self.redis.get(self.keys.lease(table_id))
        return str(holder) if holder is not None else None

    async def remaining(self, table_ids: list[str]) -> dict[str, float]:
        """Seconds until each lease expires unless renewed (0 when there is none)."""
        if not table_ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.pttl(self.keys.lease(table_id))
            left = await pipe.execute()
        return {t: max(int(ms), 0) / 1000 for t, ms in zip(table_ids, left, strict=True)}

    async def holders(self, table_ids: list[str]) -> dict[str, str | None]:
        if not table_ids:
            return {}
        raws = await self.redis.mget([self.keys.lease(t) for t in table_ids])
        return {t: None if r is None else str(r) for t, r in zip(table_ids, raws, strict=True)}


async def claim_epoch(store: SqlStore, table_id: str, me: str) -> tuple[int, str] | None:
    """Raise the table's fencing token and name ``me`` its owner, in one statement: it
    waits for an append of the previous owner that holds the match row, and every append
    after it with the old token is refused. The new epoch and the table's status; None
    when there is no such table."""
    query = (
        update(MATCHES)
        .where(MATCHES.c.id == table_id)
        .values(owner_epoch=MATCHES.c.owner_epoch + 1, owner=me)
        .returning(MATCHES.c.owner_epoch, MATCHES.c.status)
    )
    async with store.db.write() as conn:
        row = (await conn.execute(query)).first()
    return (int(row.owner_epoch), str(row.status)) if row is not None else None


async def current_epoch(store: SqlStore, table_id: str) -> int | None:
    async with store.db.read() as conn:
        value = await conn.scalar(select(MATCHES.c.owner_epoch).where(MATCHES.c.id == table_id))
    return int(value) if value is not None else None


async def open_tables(store: SqlStore) -> list[tuple[str, str | None]]:
    """Every table not yet over, with the instance that took it last."""
    query = select(MATCHES.c.id, MATCHES.c.owner).where(MATCHES.c.status.in_(OPEN))
    async with store.db.read() as conn:
        rows = (await conn.execute(query)).all()
    return [(str(r.id), r.owner) for r in rows]
