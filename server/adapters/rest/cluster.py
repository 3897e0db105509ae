"""The cluster as the administrator sees it (docs/cluster.md): its instances with their
load and tables, and draining one of them (its tables move to the others between two
actions, then it exits, so a rolling restart stops no game)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from fastapi import APIRouter, Request

from server.adapters.cluster.node import node_of
from server.adapters.cluster.routing import FORWARDED
from server.adapters.rest.deps import AdminDep, ServicesDep
from server.domain.errors import ApiError
from server.domain.tables.manager import OPEN

router = APIRouter(prefix="/api/admin/cluster", tags=["admin"], dependencies=[AdminDep])


@router.get("")
async def cluster(svc: ServicesDep) -> dict[str, Any]:
    """Every live instance: where it is, its load, whether it drains, its tables."""
    node = node_of(svc)
    if node is None:
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
    instances = [i.public() for i in await node.instances()]
    return {"clustered": True, "instance": node.id, "redis": node.redis_up, "instances": instances}


@router.post("/instances/{instance_id}/drain")
async def drain(instance_id: str, svc: ServicesDep, request: Request) -> dict[str, Any]:
    """Drain the instance: its tables go to the least-loaded others, then it exits."""
    node = node_of(svc)
    if node is None:
        raise ApiError(409, "not_clustered", "this server runs alone (no JANTAKU_REDIS_URL)")
    if instance_id == node.id:
        others = [i for i in await node.instances() if i.id != node.id and not i.draining]
        if not others:
            raise ApiError(409, "no_other_instance", "no other live instance to take the tables")
        return await node.drain()
    target = await node.registry.get(instance_id)
    if target is None or FORWARDED in request.headers:
        raise ApiError(404, "instance_not_found", f"no live instance '{instance_id}'")
    headers = {"authorization": request.headers.get("authorization", ""), FORWARDED: node.id}
    try:
        answer = await node.http.post(
            f"{target.url}/api/admin/cluster/instances/{instance_id}/drain",
            headers=headers,
            timeout=60.0,
        )
    except httpx.HTTPError as exc:
        raise ApiError(503, "instance_unavailable", f"{instance_id} did not answer") from exc
    if answer.status_code != 200:
        error = answer.json().get("error", {})
        raise ApiError(
            answer.status_code, error.get("code", "drain_failed"), error.get("message", "")
        )
    out: dict[str, Any] = answer.json()
    return out
