"""The WebSocket relay through Redis pub/sub.

A client may connect to any instance. One that does not own the table accepts the socket
and becomes a pipe: every client message goes to the owner's inbox channel (``in``), and
every frame the owner writes comes back on the relaying instance's inbox (``out``), then
to the client. The owner runs the ordinary endpoint (server.adapters.ws.endpoint) on a
``RelayedSocket`` that stands for the remote client, so authentication, rate limits,
seats and the redaction through engine.views all happen there, exactly as for a local
socket.

Frames of one connection stay in order: each side publishes them one after the other
(a lock per connection and direction) on one channel. Pub/sub may still lose one: a
publish that times out while Redis is slow, a subscriber that reconnects. So each side
numbers the frames it sends for a connection (``n``: 1, 2, …) and the receiving side
checks the numbers. A gap, or a publish that failed, ends the relayed connection: the
client's socket closes with 1001 and the client reconnects and resyncs from the log. A
client therefore either gets every frame or is closed; it never sees a gap. The same
happens when either instance or Redis goes away."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.datastructures import Headers, QueryParams
from starlette.websockets import WebSocket

from server.domain.protocol.messages import CloseCode
from server.domain.tables.connection import dumps

log = logging.getLogger("jantaku.cluster")

Send = Callable[[str, dict[str, Any]], Awaitable[None]]
FORWARDED_HEADERS = ("host", "origin", "user-agent")
GONE = {"type": "websocket.disconnect", "code": CloseCode.GOING_AWAY}
GAP = "a relayed frame was lost; reconnect"
CLOSE_RETRY = 0.25  # seconds between attempts to publish a close while Redis fails
CLOSE_PATIENCE = 60.0  # then the relaying side has given up on Redis by itself


class Numbered:
    """One direction of one relayed connection: the frames sent get 1, 2, … in ``n``,
    one publish at a time; ``broken`` once a publish failed (nothing is sent after it
    but the close)."""

    def __init__(self, send: Send, peer: str) -> None:
        self._send = send
        self.peer = peer
        self._lock = asyncio.Lock()
        self.sent = 0
        self.broken = False

    async def send(self, message: dict[str, Any]) -> None:
        """Publish ``message`` numbered; raises (and breaks) if the publish fails, or
        ``ConnectionError`` once broken."""
        async with self._lock:
            if self.broken:
                raise ConnectionError("the relayed connection lost a frame")
            self.sent += 1  # a failed frame keeps its number: its loss shows as a gap
            try:
                await self._send(self.peer, message | {"n": self.sent})
            except BaseException:
                self.broken = True  # the frame may or may not have gone out
                raise

    async def close(self, message: dict[str, Any]) -> None:
        """Publish the closing message, numbered after whatever went before, again and
        again while Redis fails (for ``CLOSE_PATIENCE`` at most)."""
        waited = 0.0
        async with self._lock:
            self.sent += 1
            while True:
                try:
                    await self._send(self.peer, message | {"n": self.sent})
                    return
                except Exception:
                    if waited >= CLOSE_PATIENCE:
                        log.warning("relay %s: could not send the close", message.get("c"))
                        return
                await asyncio.sleep(CLOSE_RETRY)
                waited += CLOSE_RETRY


class Expected:
    """The receiving side of one direction: True while the numbers follow on."""

    def __init__(self) -> None:
        self.got = 0

    def follows(self, message: dict[str, Any]) -> bool:
        n = message.get("n")
        if n is None:  # an unnumbered close (the owner forgot the connection)
            return message.get("k") == "close"
        if n != self.got + 1:
            return False
        self.got = n
        return True


class RelayedSocket:
    """The owner's stand-in for a client connected at instance ``peer``: what the
    endpoint calls on a ``WebSocket`` (accept, receive, send_text, send_json, close)."""

    relayed = True  # server.adapters.ws.endpoint serves it here, never relays it again

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
        self._out = Numbered(send, peer)
        self._expected = Expected()
        self._in: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False

    def feed(self, message: dict[str, Any]) -> None:
        """A message from the client (``in``) or its departure (``close``). After a gap
        the connection ends (its close then tells the relaying side to close with 1001)."""
        if not self._expected.follows(message):
            log.warning("relay %s: a client frame was lost; closing", self.conn_id)
            self._out.broken = True
            self.gone()
        elif message.get("k") == "in":
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
        """Publish one frame; if that fails the connection ends: this raises (so the
        connection's writer stops) and the endpoint's reader sees the client gone."""
        if self.closed:
            return
        try:
            await self._out.send({"k": "out", "c": self.conn_id, "t": text})
        except BaseException:
            self.gone()
            raise

    async def send_json(self, data: Any) -> None:
        await self.send_text(dumps(data))

    async def close(self, code: int = CloseCode.NORMAL, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        if self._out.broken:
            code, reason = CloseCode.GOING_AWAY, GAP
        # as after a real socket's close, the endpoint's reader sees the client gone: the
        # relaying side closes its client and sends nothing back, so without this a
        # connection the owner closed (a revocation, a kick) stayed at its table
        self.gone()
        await self._out.close({"k": "close", "c": self.conn_id, "code": code, "r": reason})


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
    (``down`` holds what comes back for this connection: ``out``, ``close`` or ``lost``).
    A gap in what comes back, or a client frame that could not be published, closes the
    client's socket with 1001."""
    headers = {k: v for k, v in ws.headers.items() if k in FORWARDED_HEADERS}
    opening = {"k": "open", "c": conn_id, "from": me, "table": table_id}
    await send(owner, opening | {"q": dict(ws.query_params), "h": headers})
    up_frames = Numbered(send, owner)
    expected = Expected()

    async def upstream() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None and message.get("bytes") is not None:
                text = bytes(message["bytes"]).decode("utf-8", "replace")
            await up_frames.send({"k": "in", "c": conn_id, "t": text or ""})

    async def going_away(reason: str) -> None:
        with contextlib.suppress(Exception):
            await ws.close(CloseCode.GOING_AWAY, reason)

    up = asyncio.create_task(upstream(), name=f"relay-up-{conn_id}")
    got: asyncio.Task[dict[str, Any]] | None = None
    try:
        while True:
            got = asyncio.create_task(down.get())
            done, _ = await asyncio.wait({up, got}, return_when=asyncio.FIRST_COMPLETED)
            if up in done:  # the client left, or its frame could not be published
                got.cancel()
                failed = not up.cancelled() and up.exception() is not None
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(up_frames.close({"k": "close", "c": conn_id}), 2.0)
                if failed:
                    await going_away("the table's instance is unreachable")
                return
            message = got.result()
            kind = message.get("k")
            if kind != "lost" and not expected.follows(message):
                log.warning("relay %s: a frame from %s was lost; closing", conn_id, owner)
                kind = "gap"
            if kind == "out":
                await ws.send_text(str(message.get("t", "")))
            elif kind == "close":
                code = int(message.get("code") or CloseCode.NORMAL)
                await ws.close(code, str(message.get("r", ""))[:120])
                return
            else:  # lost or a gap: the client reconnects (maybe elsewhere) and resyncs
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(up_frames.close({"k": "close", "c": conn_id}), 2.0)
                await going_away(GAP if kind == "gap" else "the table's instance is unreachable")
                return
    except Exception:  # the client's socket failed while we wrote to it
        with contextlib.suppress(Exception):
            await asyncio.wait_for(up_frames.close({"k": "close", "c": conn_id}), 2.0)
    finally:
        up.cancel()
        if got is not None:
            got.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await up
