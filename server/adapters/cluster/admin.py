"""The cluster as the administrator sees it (server.ports.cluster.Administration): its
instances with their load and tables, and draining one of them — this instance itself,
or another one asked on the caller's behalf (docs/cluster.md)."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi import Request

from server.adapters.cluster.node import ClusterNode
from server.adapters.cluster.routing import FORWARDED
from server.domain.errors import ApiError
from server.ports.cluster import Administration
from server.usecases.context import Services


class ClusterAdministration:
    """The instances of the cluster, for the caller of ``request``."""

    def __init__(self, node: ClusterNode, request: Request) -> None:
        self.node = node
        self.request = request

    async def overview(self) -> dict[str, Any]:
        node = self.node
        instances = [i.public() for i in await node.instances()]
        return {
            "clustered": True,
            "instance": node.id,
            "redis": node.redis_up,
            "instances": instances,
        }

    async def drain(self, instance_id: str) -> dict[str, Any]:
        node, request = self.node, self.request
        if instance_id == node.id:
            others = [i for i in await node.instances() if i.id != node.id and not i.draining]
            if not others:
                raise ApiError(
                    409, "no_other_instance", "no other live instance to take the tables"
                )
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


def administration_for(services: Services, request: Request) -> Administration | None:
    """The cluster's administration for the caller of ``request``; None on a single
    instance (wired by server.app)."""
    node = services.cluster
    if isinstance(node, ClusterNode):
        return ClusterAdministration(node, request)
    return None
