"""Security headers on every HTTP answer (issue 35): a strict Content-Security-Policy,
framing refused, no MIME sniffing, no referrer.

The page and its modules (server/adapters/web/static) hold no inline script, so scripts
come from this origin only (``script-src 'self'``): a name or chat line that slipped
through the client's escaping into the DOM cannot run, and ``connect-src``/``img-src``
keep a script that did run from sending a token elsewhere. The client sets a few
``style`` attributes (a bar's width, the hand's tile count), so inline style
*attributes* are allowed (``style-src-attr``), ``<style>`` elements are not. The API
documentation pages (``/docs``, ``/redoc``) get the same policy except that Swagger UI and
ReDoc write their styles as ``<style>`` elements and ReDoc searches in a ``blob:`` worker.
WebSockets are left alone (no headers to set)."""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")
COMMON: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def policy(path: str) -> str:
    """The Content-Security-Policy of the answer to ``path``."""
    return DOCS_CSP if path in DOCS_PATHS else CSP


class SecurityHeaders:
    """ASGI middleware: adds the headers to each HTTP response that does not set them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = (*COMMON, (b"content-security-policy", policy(scope["path"]).encode()))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
                message["headers"] = headers + _missing(headers, extra)
            await send(message)

        await self.app(scope, receive, with_headers)


def _missing(
    headers: list[tuple[bytes, bytes]], extra: Iterable[tuple[bytes, bytes]]
) -> list[tuple[bytes, bytes]]:
    present = {name.lower() for name, _ in headers}
    return [(name, value) for name, value in extra if name not in present]
