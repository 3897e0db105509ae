"""Who a token stands for, and a new session: the account use cases every adapter's
authentication calls (REST's dependencies, the sockets' first frame)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from server.domain.accounts.tokens import TOUCH_EVERY, Caller, new_token, same_hash, token_hash
from server.ports.storage import PlayerRecord, SessionRecord
from server.usecases.context import Services


async def identify(svc: Services, token: str) -> Caller | None:
    """The caller a bearer token stands for, or None (unknown, expired or ended)."""
    hashed = token_hash(token)
    if same_hash(hashed, svc.admin_hash):
        return Caller(None, None)
    now = datetime.now(UTC)
    session = await svc.store.sessions.by_token_hash(hashed, now)
    if session is None:
        return None
    player = await svc.store.players.get(session.player_id)
    if player is None:
        return None
    if session.last_used is None or now - session.last_used > TOUCH_EVERY:
        await svc.store.sessions.touch(session.id, now)
        await svc.store.players.touch(player.id, now)
        player.last_seen = now
    return Caller(player, session)


async def open_session(
    svc: Services, player: PlayerRecord, label: str = ""
) -> tuple[str, SessionRecord]:
    """A new session for the player: (its bearer token, shown once; the stored record)."""
    token = new_token()
    now = datetime.now(UTC)
    hours = (
        svc.settings.session_ttl_hours
        if player.password_hash is not None
        else svc.settings.guest_session_ttl_hours
    )
    session = SessionRecord(
        id=secrets.token_hex(8),
        player_id=player.id,
        token_hash=token_hash(token),
        created=now,
        expires=now + timedelta(hours=hours),
        label=label[:80],
    )
    await svc.store.sessions.add(session)
    return token, session
