"""Accounts: register with a password, log in on any device, list and end one's sessions,
set a password (a guest keeps its history); administrators set roles, reset passwords and
merge accounts. docs/security.md describes the rules."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import AdminCallerDep, LoginDep, ServicesDep, client_address
from server.adapters.rest.models import Credentials
from server.adapters.rest.responses import credentials
from server.domain.accounts.rules import PASSWORD_MAX, BadName, check_password, clean_name, name_key
from server.domain.errors import ApiError, not_found
from server.ports.storage import PlayerRecord
from server.usecases.accounts import limited, login_limited, new_player, open_session, valid_name
from server.usecases.context import Services

router = APIRouter(prefix="/api/accounts", tags=["accounts"])
admin_router = APIRouter(prefix="/api/admin/players", tags=["admin"])

# What a request may carry before any rule applies (the rules then say more precisely)
RawName = Field(min_length=1, max_length=200)
RawPassword = Field(min_length=1, max_length=PASSWORD_MAX * 4)
Label = Field("", max_length=80, description="what this session is (e.g. a device name)")


class NamePassword(BaseModel):
    """An account's name and password: to register it, or to log in to it."""

    model_config = ConfigDict(extra="forbid")
    name: str = RawName
    password: str = RawPassword
    label: str = Label


class SessionOut(BaseModel):
    session_id: str
    label: str
    created: datetime
    expires: datetime
    last_used: datetime | None
    current: bool


class PasswordIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = RawPassword
    current_password: str | None = Field(
        None, max_length=PASSWORD_MAX * 4, description="needed once the account has one"
    )


class PasswordSet(BaseModel):
    player_id: str
    sessions_ended: int


class RoleIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Literal["admin", "organizer", "player"]


class ResetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = RawPassword


class MergeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: str = Field(description="the account that disappears")
    target: str = Field(description="the account that keeps both histories")


class MergeOut(BaseModel):
    source: str
    target: str
    matches: int
    standings: int
    other: dict[str, int]


def _valid_password(password: str) -> None:
    problem = check_password(password)
    if problem is not None:
        raise ApiError(422, "weak_password", f"password: {problem}")


@router.post("/register", status_code=201, response_model=Credentials)
async def register(body: NamePassword, request: Request, svc: ServicesDep) -> Credentials:
    """A new account with a password, and its first session."""
    await limited(svc, "register_address", client_address(request))
    name = valid_name(body.name)
    await limited(svc, "register_name", name_key(name))
    _valid_password(body.password)
    if await svc.store.players.by_name_key(name_key(name)) is not None:
        raise ApiError(409, "name_taken", f"the name '{name}' is taken")
    player = await new_player(svc, name, await svc.passwords.hash(body.password))
    token, session = await open_session(svc, player, body.label)
    return credentials(player, token, session)


@router.post("/login", response_model=Credentials)
async def login(body: NamePassword, request: Request, svc: ServicesDep) -> Credentials:
    """A new session on an account with a password (any device, any number of them)."""
    try:
        key = name_key(clean_name(body.name))
    except BadName:
        key = ""
    await login_limited(svc, key, client_address(request))
    player = await svc.store.players.by_name_key(key) if key else None
    stored = player.password_hash if player is not None else None
    if player is None or not await svc.passwords.verify(stored, body.password):
        raise ApiError(401, "invalid_credentials", "wrong name or password")
    if stored is not None and svc.passwords.needs_rehash(stored):
        await svc.store.players.set_password(player.id, await svc.passwords.hash(body.password))
    token, session = await open_session(svc, player, body.label)
    return credentials(player, token, session)


@router.post("/logout")
async def logout(me: LoginDep, svc: ServicesDep) -> dict[str, Any]:
    """End the session of the token this request carries."""
    await svc.store.sessions.end(me.player.id, me.session.id)
    await svc.disconnect(me.player.id, me.session.id)
    return {"ended": True, "session_id": me.session.id}


@router.get("/sessions", response_model=list[SessionOut])
async def sessions(me: LoginDep, svc: ServicesDep) -> list[SessionOut]:
    """The caller's open sessions (expired ones are not listed)."""
    found = await svc.store.sessions.of_player(me.player.id, datetime.now(UTC))
    return [
        SessionOut(
            session_id=s.id,
            label=s.label,
            created=s.created,
            expires=s.expires,
            last_used=s.last_used,
            current=s.id == me.session.id,
        )
        for s in found
    ]


@router.delete("/sessions/{session_id}")
async def end_session(session_id: str, me: LoginDep, svc: ServicesDep) -> dict[str, Any]:
    """End one of the caller's sessions (its token stops working at once)."""
    if not await svc.store.sessions.end(me.player.id, session_id):
        raise not_found("session", session_id)
    closed = await svc.disconnect(me.player.id, session_id)
    return {"ended": True, "session_id": session_id, "connections_closed": closed}


@router.put("/password", response_model=PasswordSet)
async def set_password(body: PasswordIn, me: LoginDep, svc: ServicesDep) -> PasswordSet:
    """Set the account's password: a guest becomes an account that can log in anywhere
    and keeps its history. Once there is a password, the current one is needed. Every other
    session ends."""
    stored = me.player.password_hash
    if stored is not None:
        given = body.current_password or ""
        if not await svc.passwords.verify(stored, given):
            raise ApiError(403, "wrong_password", "current_password: does not match")
    _valid_password(body.password)
    await svc.store.players.set_password(me.player.id, await svc.passwords.hash(body.password))
    others = await svc.store.sessions.of_player(me.player.id, datetime.now(UTC))
    ended = await svc.store.sessions.end_all(me.player.id, keep=me.session.id)
    for other in others:
        if other.id != me.session.id:
            await svc.disconnect(me.player.id, other.id)
    return PasswordSet(player_id=me.player.id, sessions_ended=ended)


# ---------------------------------------------------------------- administration


async def _existing(svc: Services, player_id: str) -> PlayerRecord:
    found = await svc.store.players.get(player_id)
    if found is None:
        raise not_found("player", player_id)
    return found


@admin_router.put("/{player_id}/role")
async def set_role(
    player_id: str, body: RoleIn, svc: ServicesDep, _: AdminCallerDep
) -> dict[str, Any]:
    """Make an account an admin, an organizer (may manage tables) or a plain player."""
    await _existing(svc, player_id)
    await svc.store.players.set_role(player_id, body.role)
    return {"player_id": player_id, "role": body.role}


@admin_router.put("/{player_id}/password", response_model=PasswordSet)
async def reset_password(
    player_id: str, body: ResetIn, svc: ServicesDep, _: AdminCallerDep
) -> PasswordSet:
    """Give an account a new password; all its sessions end (connections close)."""
    await _existing(svc, player_id)
    _valid_password(body.password)
    await svc.store.players.set_password(player_id, await svc.passwords.hash(body.password))
    ended = await svc.store.sessions.end_all(player_id)
    await svc.disconnect(player_id)
    return PasswordSet(player_id=player_id, sessions_ended=ended)


@admin_router.post("/merge", response_model=MergeOut)
async def merge(body: MergeIn, svc: ServicesDep, _: AdminCallerDep) -> MergeOut:
    """Fold ``source`` into ``target``: its matches, seats, standings and statistics
    become the target's, its sessions end and the source account is deleted. Refused while
    either sits at an unfinished table, and for two accounts that played each other."""
    if body.source == body.target:
        raise ApiError(422, "invalid_field", "target: must differ from source")
    await _existing(svc, body.source)
    target = await _existing(svc, body.target)
    busy = [
        r.id
        for who in (body.source, body.target)
        for r in await svc.manager.live_records_of(who)  # on any instance of a cluster
    ]
    if busy:
        raise ApiError(
            409, "account_busy", f"seated at unfinished table(s) {', '.join(sorted(busy))}"
        )
    # tournament documents name their players inside JSON; a merge does not rewrite them
    entered = [
        str(doc.get("id", "?"))
        for doc in await svc.store.tournaments.list("tournament")
        if body.source in json.dumps(doc)
    ]
    if entered:
        raise ApiError(
            409, "account_in_tournament", f"source: entered in tournament(s) {', '.join(entered)}"
        )
    met = await svc.store.players.shared_matches(body.source, body.target)
    if met:
        raise ApiError(409, "accounts_met", f"both sat at match(es) {', '.join(sorted(met)[:10])}")
    await svc.disconnect(body.source)
    report = await svc.store.players.merge(body.source, body.target)
    svc.manager.repoint(body.source, target.id, target.name)
    svc.collusion_cache.clear()  # its facts name the source
    return MergeOut(
        source=body.source,
        target=body.target,
        matches=report.matches,
        standings=report.standings,
        other=report.other,
    )
