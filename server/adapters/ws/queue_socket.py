"""``/ws/queues/{queue_id}?auth=frame``: wait in a queue over a WebSocket.

After the ``auth`` frame the player is queued (or stays queued if they already were). The
server sends ``{"type": "queue", …}`` (position, wait, band, expected wait) every
``queue_tick`` seconds and, once a table formed, ``{"type": "matched", "table_id", "seat",
"ws_url"}`` and closes normally. Closing the socket (or sending ``{"type": "leave"}``)
while still queued leaves the queue.

Frames are read as the table socket reads them (``server.domain.protocol.parse``: size,
depth, number length, lone surrogates; ``Origin`` checked): anything but ``leave`` is
answered with an error code and changes nothing, and ``garbage_limit`` such frames in a
row, or more than ``frames_per_10s`` frames, close the socket with 4400 (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

from fastapi import WebSocket

from server.adapters.ws.addresses import admitted
from server.adapters.ws.auth import Gone, Refused, identity
from server.adapters.ws.origin import origin_allowed
from server.domain.protocol.messages import CloseCode
from server.domain.protocol.parse import JsonLimits, JsonRefused, loads, safe_text
from server.usecases.context import Services
from server.usecases.matchmaking import Matchmaker, QueueError, my_status

log = logging.getLogger("jantaku.ws")


async def _refuse(ws: WebSocket, code: str, message: str, close: int) -> None:
    await ws.send_json({"type": "error", "code": code, "message": message})
    await ws.close(close, message[:120])


async def queue_socket(ws: WebSocket, queue_id: str, auth: str | None = None) -> None:
    async with admitted(ws) as ok:  # the cap on connections per address
        if ok:
            await _queue_socket(ws, queue_id, auth)


async def _queue_socket(ws: WebSocket, queue_id: str, auth: str | None) -> None:
    services: Services = ws.app.state.services
    mm = services.matchmaker
    assert isinstance(mm, Matchmaker)
    await ws.accept()
    if not origin_allowed(ws.headers, services.settings.allowed_origins):
        await _refuse(ws, "origin_not_allowed", "this origin may not connect", CloseCode.FORBIDDEN)
        return
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
    reader = asyncio.create_task(_read(ws, left, services, queue_id))
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
        with contextlib.suppress(Exception):  # left: a normal close (unless already closed)
            await ws.close(CloseCode.NORMAL, "left")


async def _read(ws: WebSocket, left: asyncio.Event, services: Services, queue_id: str) -> None:
    """Until ``leave``, a disconnect or too many bad frames: every other frame gets an
    ``error`` (the queue socket takes no other message)."""
    settings = services.settings
    limits = JsonLimits(settings.json_max_depth, settings.json_max_number_chars)
    recent: deque[float] = deque()  # arrival times of the last 10 s
    garbage = 0
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            now = time.monotonic()
            recent.append(now)
            while recent[0] < now - 10:
                recent.popleft()
            code, text = _check(message, settings.max_frame_bytes, limits)
            if code is None:
                return  # leave
            if len(recent) > settings.frames_per_10s:
                code, text = "rate_limited", f"at most {settings.frames_per_10s} frames per 10 s"
            garbage += 1
            await ws.send_json({"type": "error", "code": code, "message": text})
            if garbage <= 20:
                log.info("queue %s: refused a frame: %s", queue_id, code)
            if garbage >= settings.garbage_limit:
                log.info("queue %s: closing after %d bad frames (4400)", queue_id, garbage)
                await ws.close(CloseCode.TOO_MUCH_GARBAGE, "too many bad frames")
                return
    except Exception:  # the peer went away while we answered
        return
    finally:
        left.set()


def _check(message: Any, max_bytes: int, limits: JsonLimits) -> tuple[str | None, str]:
    """(None, "") for a ``leave`` frame, else the error code and message it gets."""
    text = message.get("text")
    if not isinstance(text, str):
        return "binary_frame", "frames must be JSON text"
    if len(text.encode("utf-8", "replace")) > max_bytes:
        return "frame_too_large", f"frames are at most {max_bytes} bytes"
    try:
        frame = loads(text, limits)
    except JsonRefused as exc:
        return exc.code, f"not JSON: {exc.message}"
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        return "invalid_message", "a frame is a JSON object with a string 'type'"
    if frame["type"] != "leave":
        kind = safe_text(frame["type"][:40])
        return "unknown_type", f"unknown message type '{kind}' (known: leave)"
    return None, ""
