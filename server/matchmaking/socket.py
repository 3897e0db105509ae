"""``/ws/queues/{queue_id}?auth=frame``: wait in a queue over a WebSocket.

After the ``auth`` frame the player is queued (or stays queued if they already were). The
server sends ``{"type": "queue", …}`` (position, wait, band, expected wait) every
``queue_tick`` seconds and, once a table formed, ``{"type": "matched", "table_id", "seat",
"ws_url"}`` and closes normally. Closing the socket (or sending ``{"type": "leave"}``)
while still queued leaves the queue."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import WebSocket

from server.api.queues import my_status
from server.matchmaking.matchmaker import QueueError
from server.services import Services
from server.ws.auth import Gone, Refused, identity
from server.ws.messages import CloseCode


async def _refuse(ws: WebSocket, code: str, message: str, close: int) -> None:
    await ws.send_json({"type": "error", "code": code, "message": message})
    await ws.close(close, message[:120])


async def queue_socket(ws: WebSocket, queue_id: str, auth: str | None = None) -> None:
    services: Services = ws.app.state.services
    mm = services.matchmaker
    assert mm is not None
    await ws.accept()
    try:
        caller = await identity(ws, services, None, auth or "frame")
    except Refused as no:
        await _refuse(ws, no.code, no.message, no.close)
        return
    except Gone:
        return
    assert caller is not None and caller.player is not None
    player = caller.player
    try:
        await mm.join(queue_id, player.id, player.name)
    except QueueError as exc:
        close = CloseCode.NO_TABLE if exc.status == 404 else CloseCode.FORBIDDEN
        await _refuse(ws, exc.code, exc.message, close)
        return
    left = asyncio.Event()
    reader = asyncio.create_task(_read(ws, left))
    matched = False
    try:
        while not left.is_set():
            status = await my_status(mm, player.id)
            if status["status"] == "matched":
                await ws.send_json({"type": "matched", **status})
                matched = True
                await ws.close(CloseCode.NORMAL, "matched")
                return
            if status["status"] != "queued":  # left through REST meanwhile
                await ws.send_json({"type": "queue", **status})
                await ws.close(CloseCode.NORMAL, "not queued")
                return
            await ws.send_json({"type": "queue", **status})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(left.wait(), services.settings.queue_tick)
    except Exception:  # the peer went away while we wrote
        pass
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
        if not matched:
            entry = await mm.queues.entry(player.id)
            if entry is not None and entry.queue_id == queue_id:
                await mm.leave(player.id)  # disconnected (or asked) while queued


async def _read(ws: WebSocket, left: asyncio.Event) -> None:
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if isinstance(text, str) and len(text) < 1024:
                with contextlib.suppress(ValueError):
                    frame = json.loads(text)
                    if isinstance(frame, dict) and frame.get("type") == "leave":
                        return
    finally:
        left.set()
