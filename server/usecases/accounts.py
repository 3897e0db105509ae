"""Who a token stands for, and a new session: the account use cases every adapter's
authentication calls (REST's dependencies, the sockets' first frame)."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from datetime import UTC, datetime, timedelta

from server.domain.accounts.rules import BadName, clean_name, name_key
from server.domain.accounts.tokens import TOUCH_EVERY, Caller, new_token, same_hash, token_hash
from server.domain.errors import ApiError
from server.ports.storage import NameTaken, PlayerRecord, SessionRecord
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


def valid_name(raw: str) -> str:
    """A player's name as the rules clean it, or 422 ``invalid_name``."""
    try:
        return clean_name(raw)
    except BadName as exc:
        raise ApiError(422, "invalid_name", f"name: {exc}") from None


async def limited(svc: Services, rule: str, key: str) -> None:
    """Count an attempt under ``rule`` for ``key`` (an address, a name): 429 past the limit."""
    wait = await svc.limits.hit(rule, key)
    if wait is not None:
        raise ApiError(
            429,
            "rate_limited",
            f"too many attempts; try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )


async def login_limited(svc: Services, key: str, address: str) -> None:
    """Count a login attempt on the name ``key`` from ``address``: 429 past the limit per
    address or per (name, address); past the name's own limit (attempts from every address)
    the answer is only delayed, so nobody can lock a name out by guessing from many
    addresses (issue 35)."""
    await limited(svc, "login_address", address)
    await limited(svc, "login_name", f"{key}\x00{address}")
    if await svc.limits.hit("login_name_slow", key) is not None:
        await asyncio.sleep(svc.settings.login_slowdown_seconds)


async def new_player(svc: Services, name: str, password_hash: str | None) -> PlayerRecord:
    """A new player of that (clean) name: 409 ``name_taken`` if another has it."""
    record = PlayerRecord(
        id=uuid.uuid4().hex[:12],
        name=name,
        name_key=name_key(name),
        created=datetime.now(UTC),
        password_hash=password_hash,
    )
    try:
        await svc.store.players.add(record)
    except NameTaken:
        raise ApiError(409, "name_taken", f"the name '{name}' is taken") from None
    return record


async def guest(svc: Services, name: str, address: str) -> tuple[PlayerRecord, str, SessionRecord]:
    """Quick play: a guest of that name (no password) and its session (player, token,
    session), the attempts counted per client address."""
    await limited(svc, "register_address", address)
    player = await new_player(svc, valid_name(name), None)
    token, session = await open_session(svc, player, "guest")
    return player, token, session
