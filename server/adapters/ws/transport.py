"""How uvicorn runs our WebSockets: its sans-I/O websockets protocol, except that a peer
which does not answer a keepalive ping in time is closed with 4429 ("does not read its
frames", docs/protocol.md) instead of uvicorn's 1011. A client that stops reading stops
answering pings too (its pong is behind the frames it does not read), so the keepalive is
what notices it, long before the send queue would fill.

It also offers the connection's writer (server.domain.tables.connection) a way to send several
text frames at once: ``send_texts(scope)`` is the protocol's own ``send_texts`` (the
frames of one table change, one socket write for all of them, without the ASGI layers a
``websocket.send`` message passes through each time), or None under another server."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from server.config import Settings
from server.domain.protocol.messages import CloseCode
from server.ports.sockets import SendTexts

log = logging.getLogger("jantaku.ws")

SLOW_REASON = "client does not read its frames"
SEND_TEXTS = "jantaku.send_texts"  # the scope's extension that holds ``send_texts``



def send_texts(scope: Any) -> SendTexts | None:
    """The batch sender of the connection of ``scope``, or None (another server)."""
    extensions = scope.get("extensions") if isinstance(scope, dict) else None
    sender = (extensions or {}).get(SEND_TEXTS)
    return sender if callable(sender) else None


class JantakuWebSocketProtocol(WebSocketsSansIOProtocol):
    async def run_asgi(self) -> None:
        extensions: dict[str, Any] = self.scope.setdefault("extensions", {})
        extensions[SEND_TEXTS] = self.send_texts
        await super().run_asgi()

    async def send_texts(self, texts: Sequence[str]) -> None:
        """Send ``texts`` as text frames, in order, with one write to the socket: what
        ``send`` does for a ``websocket.send`` message once the handshake is done, for
        many at once."""
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        if not self.handshake_complete or self.close_sent or self.initial_response is not None:
            raise RuntimeError("text frames sent before the handshake or after the close")
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:
            raise ClientDisconnected() from None
        self.transport.write(b"".join(self.conn.data_to_send()))

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
        # A stopping server closes its sockets (1012) and waits this long for handlers
        # to finish; without a bound, one handler that never returns keeps it alive.
        "timeout_graceful_shutdown": 5,
    }
