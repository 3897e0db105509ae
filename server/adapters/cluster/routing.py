"""REST across the cluster (installed only with ``JANTAKU_REDIS_URL``): a request about a
live table goes to the instance that owns it, a new table to the least-loaded instance,
and the lists of live tables gather every instance's. Forwarded requests carry
``X-Jantaku-Forwarded`` and are always answered where they arrive (no loops); gathered
ones ``X-Jantaku-Local``."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson
from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from redis.exceptions import RedisError

from server.adapters.cluster.node import ClusterNode, Unavailable
from server.domain.errors import error_body

FORWARDED = "x-jantaku-forwarded"
LOCAL = "x-jantaku-local"
KEPT = ("authorization", "content-type", "accept", "accept-language", "user-agent")
RETURNED = ("content-type", "retry-after", "location")
# table-scoped routes: the table id is the first group that matched
OWNED = re.compile(
    r"^/api/(?:admin/)?tables/([^/]+)(?:/.*)?$|^/api/admin/matches/([^/]+)/.+$"
    r"|^/api/tournaments/[^/]+/tables/([^/]+)/[^/]+$"
    # a live match's sheet, log and exports: the owner knows what claim pacing still holds
    r"|^/api/matches/([^/]+)(?:/[^/]+)?$"
)
GATHERED = {"/api/tables", "/api/admin/tables"}

Next = Callable[[Request], Awaitable[Response]]


def _unavailable(message: str) -> JSONResponse:
    return JSONResponse(
        error_body("instance_unavailable", message), status_code=503, headers={"Retry-After": "1"}
    )


async def _forward(node: ClusterNode, request: Request, url: str) -> Response:
    headers = {k: v for k, v in request.headers.items() if k in KEPT}
    headers[FORWARDED] = node.id
    try:
        answer = await node.http.request(
            request.method,
            url + request.url.path,
            params=list(request.query_params.multi_items()),
            content=await request.body(),
            headers=headers,
        )
    except httpx.HTTPError as exc:
        return _unavailable(f"the table's instance did not answer ({type(exc).__name__})")
    kept = {k: v for k, v in answer.headers.items() if k in RETURNED}
    return Response(answer.content, status_code=answer.status_code, headers=kept)


async def _body(response: Response) -> bytes:
    chunks = [chunk async for chunk in response.body_iterator]  # type: ignore[attr-defined]
    return b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks)


async def _gather(node: ClusterNode, request: Request, call_next: Next) -> Response:
    mine = await call_next(request)
    body = await _body(mine)
    if mine.status_code != 200:
        return Response(body, status_code=mine.status_code, headers=dict(mine.headers))
    rows: list[Any] = list(orjson.loads(body))
    headers = {k: v for k, v in request.headers.items() if k in KEPT} | {LOCAL: "1"}
    for other in await node.instances():
        if other.id == node.id:
            continue
        try:
            answer = await node.http.get(
                other.url + request.url.path,
                params=list(request.query_params.multi_items()),
                headers=headers,
            )
        except httpx.HTTPError:
            continue  # a dying instance: its tables show up again once taken over
        if answer.status_code == 200:
            rows.extend(answer.json())
    return Response(orjson.dumps(rows), media_type="application/json")


def install(app: FastAPI) -> None:
    @app.middleware("http")
    async def cluster_routing(request: Request, call_next: Next) -> Response:
        node: ClusterNode | None = getattr(request.app.state, "services", None) and (
            request.app.state.services.cluster
        )
        path = request.url.path
        if node is None or FORWARDED in request.headers or not path.startswith("/api/"):
            return await call_next(request)
        if path in GATHERED and request.method == "GET":
            if LOCAL in request.headers:
                return await call_next(request)
            return await _gather(node, request, call_next)
        if path == "/api/tables" and request.method == "POST":
            try:
                target = await node.place()
            except (RedisError, OSError):  # no coordination: the table stays here
                return await call_next(request)
            if target.id == node.id:
                return await call_next(request)
            return await _forward(node, request, target.url)
        found = OWNED.match(path)
        if found is None:
            return await call_next(request)
        table_id = next(g for g in found.groups() if g)
        try:
            url = await owner_url(node, table_id)
        except Unavailable as exc:
            return _unavailable(str(exc))
        if url is None:
            return await call_next(request)
        return await _forward(node, request, url)


async def owner_url(node: ClusterNode, table_id: str) -> str | None:
    """The address of the instance that serves the live table, or None when it is served
    here (or is not live: the local handlers answer from the database); ``Unavailable``
    while nobody serves it."""
    owner = await node.locate(table_id)
    if owner is None:
        return None
    other = await node.registry.get(owner)
    if other is None:
        raise Unavailable(f"table {table_id}: its instance just left; try again")
    return other.url


async def ask(
    node: ClusterNode, request: Request, method: str, url: str, timeout: float = 30.0
) -> httpx.Response:
    """A request of this instance's own to another one on the caller's behalf: the
    caller's credentials, answered where it arrives (``X-Jantaku-Forwarded``)."""
    headers = {k: v for k, v in request.headers.items() if k in KEPT and k != "content-type"}
    headers[FORWARDED] = node.id
    return await node.http.request(method, url, headers=headers, timeout=timeout)
