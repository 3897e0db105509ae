"""``/ws/tables/{table_id}``: authenticate (``server.adapters.ws.auth``: an ``auth`` first frame,
no secret in the URL), then turn frames into actor jobs.

The reader checks every frame (size, JSON, type, fields) before the table sees it; bad
frames get an ``error`` and change nothing, and ``garbage_limit`` bad frames in a row
close the connection with ``CloseCode.TOO_MUCH_GARBAGE``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime
from typing import Any

from fastapi import WebSocket

from engine.actions import Action
from server.adapters.cluster.node import node_of
from server.adapters.ws.addresses import admitted
from server.adapters.ws.auth import Gone, Refused, identity
from server.adapters.ws.origin import origin_allowed
from server.adapters.ws.transport import send_texts
from server.domain.protocol.messages import (
    PROTOCOL_VERSION,
    ActionMsg,
    ChatMsg,
    CloseCode,
    PingMsg,
    ReadyMsg,
    ResyncMsg,
)
from server.domain.protocol.parse import FrameRefused, JsonLimits, client_message
from server.domain.tables.actor import TableActor
from server.domain.tables.connection import Connection
from server.domain.tables.errors import TableError
from server.usecases.context import Services

log = logging.getLogger("jantaku.ws")


def _error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "ref": ref}


async def _refuse(ws: WebSocket, code: str, message: str, close: int) -> None:
    await ws.send_json(_error(code, message))
    await ws.close(close, message[:120])


async def table_socket(
    ws: WebSocket,
    table_id: str,
    token: str | None = None,
    seat: str | None = None,
    state_on_prompt: str | None = None,
    protocol: str | None = None,
    flow: str | None = None,
    auth: str | None = None,
) -> None:
    async with admitted(ws) as ok:  # the cap on connections per address
        if ok:
            await _table_socket(ws, table_id, token, seat, state_on_prompt, protocol, flow, auth)


async def _table_socket(
    ws: WebSocket,
    table_id: str,
    token: str | None,
    seat: str | None,
    state_on_prompt: str | None,
    protocol: str | None,
    flow: str | None,
    auth: str | None,
) -> None:
    services: Services = ws.app.state.services
    cluster = node_of(services)  # a table owned by another instance is relayed there
    if (
        cluster is not None
        and not getattr(ws, "relayed", False)
        and await cluster.relay(ws, table_id)
    ):
        return
    await ws.accept()
    if not origin_allowed(ws.headers, services.settings.allowed_origins):
        await _refuse(ws, "origin_not_allowed", "this origin may not connect", CloseCode.FORBIDDEN)
        return
    if protocol is not None and protocol != str(PROTOCOL_VERSION):
        await _refuse(
            ws,
            "unsupported_protocol",
            f"this server speaks protocol {PROTOCOL_VERSION}, not {protocol[:10]}",
            CloseCode.UNSUPPORTED_PROTOCOL,
        )
        return
    if seat is not None and seat not in ("0", "1", "2", "3"):
        await _refuse(ws, "invalid_query", "seat: expected 0, 1, 2 or 3", CloseCode.FORBIDDEN)
        return
    try:
        actor = await services.manager.require(table_id)
    except TableError as exc:  # none, or it ended and left memory
        close = {404: CloseCode.NO_TABLE, 503: CloseCode.GOING_AWAY}.get(
            exc.status, CloseCode.TABLE_CLOSED
        )  # 503: the table is moving between instances; the client reconnects
        await _refuse(ws, exc.code, exc.message, close)
        return
    try:
        caller = await identity(ws, services, token, auth)
    except Refused as no:
        await _refuse(ws, no.code, no.message, no.close)
        return
    except Gone:
        return
    player = caller.player if caller is not None else None
    place = (
        actor.record.seats.index(player.id)
        if player is not None and player.id in actor.record.seats
        else None
    )
    if seat is not None and int(seat) != place:
        who = "spectators" if place is None else f"seat {place}"
        await _refuse(
            ws, "wrong_seat", f"this token is not seat {seat}'s (it is {who})", CloseCode.FORBIDDEN
        )
        return
    await services.manager.reread_seal(actor)  # unsealed elsewhere in a cluster?
    if place is None and actor.record.sealed_by is not None:
        # a duplicate-wall round: watching one table shows the walls the others still
        # play (docs/fair-play.md)
        await _refuse(
            ws,
            "sealed",
            "this table's walls are played at other tables still: no spectators",
            CloseCode.FORBIDDEN,
        )
        return
    if place is None and not actor.record.spectators.get("allowed", False):
        await _refuse(
            ws,
            "forbidden",
            "you do not sit at this table and it has no spectators",
            CloseCode.FORBIDDEN,
        )
        return
    conn = Connection(
        ws,
        player_id=player.id if player else None,
        name=player.name if player else "spectator",
        place=place,
        state_on_prompt=(state_on_prompt or "").lower() in ("1", "true", "yes"),
        queue_limit=services.settings.send_queue_limit,
        flow=(flow or "").lower() in ("1", "true", "yes"),
        send_many=send_texts(getattr(ws, "scope", None)),
    )
    conn.session_id = caller.session.id if caller is not None and caller.session else None
    services.manager.connections_total += 1
    writer = asyncio.create_task(conn.writer())
    try:
        try:
            await actor.call(lambda: actor.join(conn))
        except TableError as exc:  # the actor stopped here (table_moving): reconnect
            conn.send(_error(exc.code, exc.message))
            conn.close(CloseCode.GOING_AWAY, exc.message[:120])
            return
        # The reader is a task of its own: each frame received resumes it alone, not the
        # whole chain of ASGI middleware and routing frames this endpoint runs under
        # (cancelling this endpoint cancels the task it awaits).
        await asyncio.create_task(
            _read(ws, conn, actor, services, SeenClock(services, conn.player_id)),
            name=f"ws-read-{table_id}",
        )
    finally:
        actor.submit(lambda: actor.leave(conn))
        conn.close(CloseCode.NORMAL, "bye")
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(writer, 2.0)


class SeenClock:
    """Keeps the player's ``last_seen`` current from WebSocket activity, writing at most
    once per ``LAST_SEEN_EVERY`` seconds per connection (the first frame writes)."""

    def __init__(self, services: Services, player_id: str | None) -> None:
        self.services = services
        self.player_id = player_id
        self.written: float | None = None

    async def seen(self) -> None:
        now = time.monotonic()
        if self.player_id is None or (
            self.written is not None and now - self.written < LAST_SEEN_EVERY
        ):
            return
        self.written = now
        try:
            await self.services.store.players.touch(self.player_id, datetime.now(UTC))
        except Exception:  # a record of activity never costs the connection
            log.warning("last_seen of %s not written", self.player_id)


LAST_SEEN_EVERY = 60.0
MOVING = "table_moving"  # a job refused by a stopped actor (server.domain.tables.session)
# A peer that alternates good and bad frames is never closed; its log lines are bounded.
LOGGED_REFUSALS = 20


def _who(conn: Connection) -> str:
    if conn.place is not None:
        return f"place {conn.place} ({conn.player_id})"
    return f"a spectator ({conn.player_id or 'no token'})"


async def _read(
    ws: WebSocket, conn: Connection, actor: TableActor, services: Services, clock: SeenClock
) -> None:
    settings = services.settings
    garbage = 0
    logged = 0  # refused frames logged for this connection (at most LOGGED_REFUSALS)
    await clock.seen()
    while not conn.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        await clock.seen()
        services.manager.frames_in += 1
        try:
            error = await _handle(dict(message), conn, actor, services)
        except Exception:  # answered, never a dropped connection
            log.exception("table %s: frame handling failed", actor.id)
            error = _error("internal", "the frame could not be processed")
        if error is None:
            garbage = 0
            continue
        garbage_frame = bool(error.pop("garbage", False)) or error["code"] == "rate_limited"
        conn.send(error)
        if error["code"] == MOVING:  # the actor stopped here: the client reconnects, resyncs
            conn.close(CloseCode.GOING_AWAY, error["message"][:120])
            return
        if garbage_frame:
            services.manager.bad_frames += 1
            garbage += 1
            if logged < LOGGED_REFUSALS:  # the code and who, never the frame (a secret?)
                logged += 1
                log.info(
                    "table %s: refused a frame from %s: %s", actor.id, _who(conn), error["code"]
                )
            if garbage >= settings.garbage_limit:
                log.info(
                    "table %s: closing %s after %d bad frames in a row (%d)",
                    actor.id,
                    _who(conn),
                    garbage,
                    CloseCode.TOO_MUCH_GARBAGE,
                )
                conn.close(CloseCode.TOO_MUCH_GARBAGE, "too many bad frames")
                return
        else:
            garbage = 0


async def _handle(
    message: dict[str, Any], conn: Connection, actor: TableActor, services: Services
) -> dict[str, Any] | None:
    """None when the frame was accepted; else an error frame (``garbage`` marks frames that
    are not the protocol at all; rate-limited frames count as garbage too)."""
    settings = services.settings
    if not conn.allowed("frame", settings.frames_per_10s):
        return _error("rate_limited", f"at most {settings.frames_per_10s} frames per 10 s")
    text = message.get("text")
    offered = conn.offered.get(text) if isinstance(text, str) else None
    if offered is not None:  # an action frame of the last prompt, sent back as offered:
        assert offered.prompt is not None  # what parsing the text gives, known already
        return await _act(conn, actor, offered.prompt, offered)
    limits = JsonLimits(settings.json_max_depth, settings.json_max_number_chars)
    try:
        msg = client_message(message, settings.max_frame_bytes, limits)
    except FrameRefused as exc:
        if exc.code == "unknown_type" and exc.ref == "auth":
            return _error(
                "already_authenticated",
                "auth is only valid as the first frame of a connection opened with ?auth=frame",
                "auth",
            )
        return _error(exc.code, exc.message, exc.ref) | {"garbage": True}
    if isinstance(msg, ActionMsg):
        return await _act(conn, actor, msg.prompt_id, msg.action)
    if isinstance(msg, ResyncMsg):
        if not conn.allowed("resync", settings.resync_per_10s):
            return _error(
                "rate_limited", f"at most {settings.resync_per_10s} resyncs per 10 s", "resync"
            )
        actor.submit(lambda: actor.resync(conn, msg.last_seq))
        return None
    if isinstance(msg, ReadyMsg):
        actor.submit(lambda: actor.ready(conn))
        return None
    if isinstance(msg, PingMsg):
        if not conn.allowed("ping", settings.pings_per_10s):
            return _error(
                "rate_limited", f"at most {settings.pings_per_10s} pings per 10 s", "ping"
            )
        conn.send({"type": "pong", "nonce": msg.nonce, "server_time": _now()})
        return None
    assert isinstance(msg, ChatMsg)
    text = "".join(ch for ch in msg.text if ch.isprintable()).strip()
    if not text:
        return _error("invalid_message", "text: empty chat line", "chat")
    if len(text) > settings.chat_max_chars:
        return _error(
            "chat_too_long",
            f"chat lines are at most {settings.chat_max_chars} characters",
            "chat",
        )
    if not conn.allowed("chat", settings.chat_per_10s):
        return _error(
            "rate_limited", f"at most {settings.chat_per_10s} chat lines per 10 s", "chat"
        )
    actor.submit(lambda: actor.chat(conn, text))
    return None


async def _act(
    conn: Connection, actor: TableActor, prompt_id: int, action: Action
) -> dict[str, Any] | None:
    try:
        refused = await actor.call(lambda: actor.act(conn, prompt_id, action))
    except TableError as exc:  # table_moving: the actor stopped here
        return _error(exc.code, exc.message, prompt_id)
    except Exception:
        log.exception("table %s: action failed", actor.id)
        return _error("internal", "the action could not be processed", prompt_id)
    if refused is None:  # accepted actions are bounded by the prompts, not the budget
        conn.refund("frame")
    return refused


def _now() -> float:
    return round(time.time(), 3)
