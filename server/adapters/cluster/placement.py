"""A tournament round on a cluster (server.ports.placement): its tables spread over the
instances as ``POST /api/tables`` would place them one by one, each opened by the
instance chosen, and time called at a table by the instance that serves it — requests
of this instance's own on the caller's behalf (server.adapters.cluster.routing.ask)."""

from __future__ import annotations

from collections.abc import Sequence

import httpx
from fastapi import Request

from server.adapters.cluster import routing
from server.adapters.cluster.node import ClusterNode, Unavailable
from server.domain.errors import ApiError
from server.ports.placement import ALONE, TIME_CALLED_ALREADY, RoundPlacement
from server.usecases.context import Services


class ClusterPlacement:
    """The instances of the cluster, asked on behalf of the caller of ``request``."""

    def __init__(self, node: ClusterNode, request: Request) -> None:
        self.node = node
        self.request = request

    async def spread(self, n: int) -> Sequence[str | None]:
        places = await self.node.spread(n)
        return [None if p.id == self.node.id else p.url for p in places]

    async def open_round_table(
        self, instance: str, tournament_id: str, number: int, table_no: int
    ) -> str | None:
        url = f"{instance}/api/tournaments/{tournament_id}/rounds/{number}/tables/{table_no}"
        try:
            answer = await routing.ask(self.node, self.request, "POST", url)
        except httpx.HTTPError:
            return None
        if answer.status_code >= 500:
            return None
        if answer.status_code != 201:
            error = answer.json().get("error", {})
            raise ApiError(
                answer.status_code, error.get("code", "cannot_open"), error.get("message")
            )
        match_id: str = answer.json()["table_id"]
        return match_id

    async def owner(self, match_id: str) -> str | None:
        try:
            return await routing.owner_url(self.node, match_id)
        except Unavailable as exc:
            raise ApiError(503, "instance_unavailable", str(exc), {"Retry-After": "1"}) from None

    async def call_time(self, instance: str, tournament_id: str, match_id: str) -> None:
        url = f"{instance}/api/tournaments/{tournament_id}/tables/{match_id}/time"
        try:
            answer = await routing.ask(self.node, self.request, "POST", url)
        except httpx.HTTPError as exc:
            raise ApiError(
                503, "instance_unavailable", f"the table's instance did not answer ({exc})"
            ) from None
        if answer.status_code != 200:
            error = answer.json().get("error", {})
            if error.get("code") not in TIME_CALLED_ALREADY:
                raise ApiError(
                    answer.status_code, error.get("code", "table_error"), error.get("message")
                )


def placement_for(services: Services, request: Request) -> RoundPlacement:
    """The placement of a round's tables for the caller of ``request``: the cluster's with
    ``JANTAKU_REDIS_URL``, else this instance alone (wired by server.app)."""
    node = services.cluster
    if isinstance(node, ClusterNode):
        return ClusterPlacement(node, request)
    return ALONE
