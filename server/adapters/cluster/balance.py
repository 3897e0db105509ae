"""Placement, the load balanced (docs/cluster.md): a new table goes to the least-loaded live
instance that is not draining, by the registry's view of the loads (live tables first, then
connections)."""

from __future__ import annotations

from server.adapters.cluster.core import NodeCore
from server.adapters.cluster.registry import Instance


async def place(node: NodeCore) -> Instance:
    """Where a new table goes: the least-loaded live instance that is not draining
    (this one on a tie)."""
    candidates = [i for i in await node.instances() if not i.draining]
    mine = node.load()
    if not node.draining:
        candidates = [i for i in candidates if i.id != node.id] + [mine]
    if not candidates:
        return mine
    return min(candidates, key=lambda i: (i.load, i.id != node.id))


async def spread(node: NodeCore, n: int) -> list[Instance]:
    """Where ``n`` new tables go together (a tournament round): each in turn to the
    least-loaded live instance that is not draining, counting the ones placed before
    it, since the registry's loads change only at the next heartbeats."""
    candidates = [i for i in await node.instances() if not i.draining and i.id != node.id]
    if not node.draining or not candidates:
        candidates.append(node.load())
    tables = {i.id: i.tables for i in candidates}
    chosen = []
    for _ in range(n):
        target = min(candidates, key=lambda i: (tables[i.id], i.connections, i.id != node.id))
        tables[target.id] += 1
        chosen.append(target)
    return chosen
