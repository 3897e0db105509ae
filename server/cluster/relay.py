"""The WebSocket relay through Redis pub/sub.

A client may connect to any instance. One that does not own the table accepts the socket
and becomes a pipe: every client message goes to the owner's inbox channel (``in``), and
every frame the owner writes comes back on the relaying instance's inbox (``out``), then
to the client. The owner runs the ordinary endpoint (server.ws.endpoint) on a
``RelayedSocket`` that stands for the remote client, so authentication, rate limits,
seats and the redaction through engine.views all happen there, exactly as for a local
socket. Frames of one connection stay in order: each side publishes them one after the
other on one channel. When either side or Redis goes away the client's socket is closed
with 1001 (reconnecting helps) and the client reconnects and resyncs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.datastructures import Headers, QueryParams
from starlette.websockets import WebSocket

from server.runtime.connection import dumps
from server.ws.messages import CloseCode

log = logging.getLogger("jantaku.cluster")

Send = Callable[[str, dict[str, Any]], Awaitable[None]]
FORWARDED_HEADERS = ("host", "origin", "user-agent")
GONE = {"type": "websocket.disconnect", "code": CloseCode.GOING_AWAY}


class RelayedSocket:
    """The owner's stand-in for a client connected at instance ``peer``: what the
    endpoint calls on a ``WebSocket`` (accept, receive, send_text, send_json, close)."""

    relayed = True  # server.ws.endpoint serves it here, never relays it again

    def __init__(
        self,
        app: Any,
        send: Send,
        conn_id: str,
        peer: str,
        query: Mapping[str, str],
        headers: Mapping[str, str],
    ) -> None:
        self.app = app
        self.conn_id = conn_id
        self.peer = peer
        self.query_params = QueryParams(dict(query))
        self.headers = Headers(headers={k: v for k, v in headers.items() if k in FORWARDED_HEADERS})
        self._send = send
        self._in: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False

    def feed(self, message: dict[str, Any]) -> None:
        """A message from the client (``in``) or its departure (``close``)."""
        if message.get("k") == "in":
            self._in.put_nowait({"type": "websocket.receive", "text": message.get("t", "")})
        else:
            self.gone()

    def gone(self) -> None:
        self._in.put_nowait(GONE)

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return await self._in.get()

    async def send_text(self, text: str) -> None:
        if not self.closed:
            await self._send(self.peer, {"k": "out", "c": self.conn_id, "t": text})

    async def send_json(self, data: Any) -> None:
        await self.send_text(dumps(data))

    async def close(self, code: int = CloseCode.NORMAL, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        await self._send(self.peer, {"k": "close", "c": self.conn_id, "code": code, "r": reason})


async def pipe(
    ws: WebSocket,
    owner: str,
    conn_id: str,
    me: str,
    table_id: str,
    down: asyncio.Queue[dict[str, Any]],
    send: Send,
) -> None:
    """Relay an accepted client socket to the table's ``owner`` until either side closes
    (``down`` holds what comes back for this connection: ``out``, ``close`` or ``lost``)."""
    headers = {k: v for k, v in ws.headers.items() if k in FORWARDED_HEADERS}
    opening = {"k": "open", "c": conn_id, "from": me, "table": table_id}
    await send(owner, opening | {"q": dict(ws.query_params), "h": headers})

    async def upstream() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None and message.get("bytes") is not None:
                text = bytes(message["bytes"]).decode("utf-8", "replace")
            await send(owner, {"k": "in", "c": conn_id, "t": text or ""})

    up = asyncio.create_task(upstream(), name=f"relay-up-{conn_id}")
    got: asyncio.Task[dict[str, Any]] | None = None
    try:
        while True:
            got = asyncio.create_task(down.get())
            done, _ = await asyncio.wait({up, got}, return_when=asyncio.FIRST_COMPLETED)
            if up in done:  # the client left (or its socket failed): tell the owner
                got.cancel()
                with contextlib.suppress(Exception):
                    await send(owner, {"k": "close", "c": conn_id})
                return
            message = got.result()
            kind = message.get("k")
            if kind == "out":
                await ws.send_text(str(message.get("t", "")))
            elif kind == "close":
                code = int(message.get("code") or CloseCode.NORMAL)
                await ws.close(code, str(message.get("r", ""))[:120])
                return
            else:  # lost: the owner or Redis went away; the client reconnects elsewhere
                with contextlib.suppress(Exception):
                    await send(owner, {"k": "close", "c": conn_id})
                await ws.close(CloseCode.GOING_AWAY, "the table's instance is unreachable")
                return
    except Exception:  # the client's socket failed while we wrote to it
        with contextlib.suppress(Exception):
            await send(owner, {"k": "close", "c": conn_id})
    finally:
        up.cancel()
        if got is not None:
            got.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await up
