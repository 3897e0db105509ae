"""The cluster as the administrator sees it (docs/cluster.md): a single instance shows
itself alone and drains nothing; a cluster answers through its port
(server.ports.cluster.Administration)."""

from __future__ import annotations

import time
from typing import Any

from server.domain.errors import ApiError
from server.domain.tables.manager import OPEN
from server.ports.cluster import Administration
from server.usecases.context import Services


async def overview(svc: Services, cluster: Administration | None) -> dict[str, Any]:
    """Every live instance: where it is, its load, whether it drains, its tables."""
    if cluster is not None:
        return await cluster.overview()
    live = [a for a in svc.manager.actors.values() if a.record.status in OPEN]
    alone = {
        "id": "local",
        "url": None,
        "started": svc.manager.started,
        "beat": time.time(),
        "tables": len(live),
        "connections": sum(len(a.conns) + len(a.spectators) for a in live),
        "draining": False,
        "table_ids": sorted(svc.manager.actors),
    }
    return {"clustered": False, "instance": "local", "instances": [alone]}


async def drain(cluster: Administration | None, instance_id: str) -> dict[str, Any]:
    """Drain the instance: its tables go to the least-loaded others, then it exits."""
    if cluster is None:
        raise ApiError(409, "not_clustered", "this server runs alone (no JANTAKU_REDIS_URL)")
    return await cluster.drain(instance_id)
