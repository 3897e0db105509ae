"""A per-address limit on REST reads (issue 35: 500 parallel ``GET /api/matches`` were
all answered, for 38 s of one instance's time).

Every ``GET``/``HEAD`` under ``/api/`` but the health check counts against the client's
address (``api_read_rate_per_address``, one or more rates in the ``limits`` notation,
e.g. ``30/second;600/minute``); past it the answer is ``429 rate_limited`` with
Retry-After, before any handler runs. Counted in this instance's memory: a read costs no
Redis round trip, and each instance protects itself. Writes have their own limits
(login, registration, table creation). In a cluster, a request another instance
forwarded (``skip_header``) was counted where the client sent it."""

from __future__ import annotations

import json

from limits import parse_many
from starlette.types import ASGIApp, Receive, Scope, Send

from server.domain.errors import error_body
from server.domain.ratelimits import LocalLimiter

READS = frozenset({"GET", "HEAD"})
EXEMPT = frozenset({"/api/health"})


class ReadLimits:
    """ASGI middleware: 429 past the read rate of the client's address."""

    def __init__(self, app: ASGIApp, rate: str, skip_header: str | None = None) -> None:
        self.app = app
        self.rates = parse_many(rate)
        self.limiter = LocalLimiter()
        self.skip = skip_header.lower().encode() if skip_header else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._counted(scope):
            client = scope.get("client")
            address = client[0] if client else "unknown"
            for rate in self.rates:
                wait = await self.limiter.hit(rate, "api_read", address)
                if wait is not None:
                    await _refuse(send, max(1, int(wait) + 1), str(rate))
                    return
        await self.app(scope, receive, send)

    def _counted(self, scope: Scope) -> bool:
        path: str = scope["path"]
        if scope["method"] not in READS or not path.startswith("/api/") or path in EXEMPT:
            return False
        return self.skip is None or all(name != self.skip for name, _ in scope["headers"])


async def _refuse(send: Send, wait: int, rate: str) -> None:
    body = json.dumps(
        error_body("rate_limited", f"at most {rate} reads per address; try again in {wait} s")
    ).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(wait).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
