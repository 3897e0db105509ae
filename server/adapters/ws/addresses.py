"""A cap on the WebSocket connections one client address holds open on this instance
(``ws_connections_per_address``; issue 35: there was none). Past it the socket gets
``error too_many_connections`` and close 1013 (try again later). A connection relayed from
another instance of a cluster was counted there, where the client is."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

from fastapi import WebSocket

from server.domain.protocol.messages import CloseCode


class Addresses:
    """Open connections per address."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()

    def enter(self, address: str, cap: int) -> bool:
        if self.open[address] >= cap:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def _of(app: Any) -> Addresses:
    found = getattr(app.state, "ws_addresses", None)
    if found is None:
        found = app.state.ws_addresses = Addresses()
    assert isinstance(found, Addresses)
    return found


@contextlib.asynccontextmanager
async def admitted(ws: WebSocket) -> AsyncIterator[bool]:
    """True while the connection is within its address's cap (and counted); False once
    it has been refused and closed."""
    if getattr(ws, "relayed", False):
        yield True
        return
    cap: int = ws.app.state.services.settings.ws_connections_per_address
    address = ws.client.host if ws.client else "unknown"
    addresses = _of(ws.app)
    if not addresses.enter(address, cap):
        await ws.accept()
        message = f"at most {cap} open connections per address"
        await ws.send_json(
            {"type": "error", "code": "too_many_connections", "message": message, "ref": None}
        )
        await ws.close(CloseCode.TRY_AGAIN_LATER, message)
        yield False
        return
    try:
        yield True
    finally:
        addresses.leave(address)
