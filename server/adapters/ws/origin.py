"""The WebSocket ``Origin`` check: a browser page may open a table's socket only from the
server's own origin or one the operator allowed (``JANTAKU_ALLOWED_ORIGINS``). Without
it any web page a player visits could play with the player's browser-held credentials."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit


def origin_allowed(headers: Mapping[str, str], allowed: Sequence[str]) -> bool:
    """True for a request without ``Origin`` (not a browser), from the same host as the
    request's ``Host`` header, or from an origin in ``allowed`` ("*" allows any)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if "*" in allowed or origin in {a.strip().lower().rstrip("/") for a in allowed}:
        return True
    if origin == "null":  # sandboxed frames, file:// pages
        return False
    host = (headers.get("host") or "").strip().lower()
    return bool(host) and urlsplit(origin).netloc == host
