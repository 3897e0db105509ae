"""Drain (docs/cluster.md): an instance hands every table it owns to the others, each
between two of its actions, then leaves the cluster and exits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import Any

from redis.exceptions import RedisError

from server.adapters.cluster.core import NodeCore
from server.domain.tables.manager import OPEN


async def drain_all(node: NodeCore, exit_after: bool = True) -> dict[str, Any]:
    """Hand every table to the other instances, each between two of its actions (a
    job on its actor, so no action is half done), then leave and exit."""
    node.draining = True
    await node.registry.beat(node.load())
    moved: dict[str, str] = {}
    for table_id in sorted(node.owned):
        others = [i for i in await node.instances() if i.id != node.id and not i.draining]
        target = min(others, key=lambda i: i.load) if others else None
        await _hand_over(node, table_id, target.id if target else None)
        if target is not None:
            target.tables += 1
            moved[table_id] = target.id
    if exit_after:
        asyncio.get_running_loop().call_later(0.5, os.kill, os.getpid(), signal.SIGTERM)
    return {"instance": node.id, "moved": moved, "exiting": exit_after}


async def _hand_over(node: NodeCore, table_id: str, target: str | None) -> None:
    """Stop the table here once its current action is done, give its lease back, and ask
    ``target`` to adopt it; return once another instance holds it (or it is over)."""
    actor = node.manager.actors.get(table_id)
    if actor is not None:
        await actor.call(_between_actions)
    node.drop(table_id, "the table moves to another instance")
    with contextlib.suppress(RedisError, OSError):
        await node.leases.release(table_id)
        if target is not None:
            await node.send(target, {"k": "adopt", "table": table_id})
    for _ in range(int(node.settings.lease_seconds * 20)):  # until someone holds it
        with contextlib.suppress(RedisError, OSError):
            record = await node.store.tables.get(table_id)
            if record is None or record.status not in OPEN:
                return
            if await node.leases.holder(table_id) not in (None, node.id):
                return
        await asyncio.sleep(0.05)


async def _between_actions() -> None:
    return None
