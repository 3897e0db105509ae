"""Who opens a table connection, learned without a secret in the URL: a connection
opened with ``?auth=frame`` sends ``{"type": "auth", "token": …}`` as its first frame; one
without credentials is a spectator. The pre-accounts ``?token=`` works only while
``Settings.ws_query_token`` is on. Refusals never repeat what the client sent."""

from __future__ import annotations

import asyncio

from fastapi import WebSocket
from pydantic import ValidationError

from server.domain.accounts.tokens import Caller
from server.domain.protocol.messages import AuthMsg, CloseCode
from server.domain.protocol.parse import JsonLimits, JsonRefused, loads
from server.usecases.accounts import identify
from server.usecases.context import Services

FIRST_FRAME = 'the first frame must be {"type": "auth", "token": "<token>"}'


class Refused(Exception):
    def __init__(self, code: str, message: str, close: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.close = close


class Gone(Exception):
    """The client left before it authenticated."""


async def _frame_token(ws: WebSocket, services: Services) -> str:
    settings = services.settings
    try:
        message = await asyncio.wait_for(ws.receive(), settings.ws_auth_timeout)
    except TimeoutError:
        raise Refused(
            "auth_timeout",
            f"no auth frame within {settings.ws_auth_timeout:g} s",
            CloseCode.UNAUTHORIZED,
        ) from None
    if message["type"] == "websocket.disconnect":
        raise Gone
    text = message.get("text")
    if not isinstance(text, str) or len(text) > settings.max_frame_bytes:
        raise Refused("auth_required", FIRST_FRAME, CloseCode.UNAUTHORIZED)
    limits = JsonLimits(settings.json_max_depth, settings.json_max_number_chars)
    try:
        return AuthMsg.model_validate(loads(text, limits)).token
    except (JsonRefused, ValidationError):
        raise Refused("auth_required", FIRST_FRAME, CloseCode.UNAUTHORIZED) from None


async def identity(
    ws: WebSocket, services: Services, query_token: str | None, mode: str | None
) -> Caller | None:
    """The player's login, or None for a spectator; ``Refused`` or ``Gone`` otherwise."""
    if query_token is not None:
        if not services.settings.ws_query_token:
            raise Refused(
                "token_in_url",
                "?token= is turned off: open with ?auth=frame and send the token in an "
                "auth frame (docs/protocol.md)",
                CloseCode.UNAUTHORIZED,
            )
        token = query_token
    elif mode is None:
        return None
    elif mode != "frame":
        raise Refused("invalid_query", "auth: expected 'frame'", CloseCode.FORBIDDEN)
    else:
        token = await _frame_token(ws, services)
    caller = await identify(services, token)
    if caller is None or caller.player is None:
        raise Refused("unauthorized", "unknown, expired or revoked token", CloseCode.UNAUTHORIZED)
    return caller
