"""How uvicorn runs our WebSockets: its sans-I/O websockets protocol, except that a peer
which does not answer a keepalive ping in time is closed with 4429 ("does not read its
frames", docs/protocol.md) instead of uvicorn's 1011. A client that stops reading stops
answering pings too (its pong is behind the frames it does not read), so the keepalive is
what notices it, long before the send queue would fill."""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from server.config import Settings
from server.ws.messages import CloseCode

log = logging.getLogger("jantaku.ws")

SLOW_REASON = "client does not read its frames"


class JantakuWebSocketProtocol(WebSocketsSansIOProtocol):
    def keepalive_timeout(self) -> None:
        self.pong_timer = None
        self.pending_ping_payload = None
        if self.close_sent or self.transport.is_closing():
            return
        log.warning("closing a WebSocket that does not read its frames (%d)", CloseCode.TOO_SLOW)
        # The close frame joins the unread ones: a client that reads again finds 4429.
        self.conn.fail(CloseCode.TOO_SLOW, SLOW_REASON)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self.transport.close()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The WebSocket options of ``uvicorn.run`` / ``uvicorn.Config`` for ``settings``."""
    return {
        "ws": JantakuWebSocketProtocol,
        "ws_max_size": 1 << 20,
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
    }
