"""The cluster as the administrator sees it (docs/cluster.md): its instances with their
load and tables, and draining one of them (its tables move to the others between two
actions, then it exits, so a rolling restart stops no game). The use cases are
server.usecases.cluster."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from server.adapters.rest.deps import AdminDep, ClusterAdminDep, ServicesDep
from server.usecases import cluster as instances

router = APIRouter(prefix="/api/admin/cluster", tags=["admin"], dependencies=[AdminDep])


@router.get("")
async def cluster(svc: ServicesDep, admin: ClusterAdminDep) -> dict[str, Any]:
    """Every live instance: where it is, its load, whether it drains, its tables."""
    return await instances.overview(svc, admin)


@router.post("/instances/{instance_id}/drain")
async def drain(instance_id: str, admin: ClusterAdminDep) -> dict[str, Any]:
    """Drain the instance: its tables go to the least-loaded others, then it exits."""
    return await instances.drain(admin, instance_id)
