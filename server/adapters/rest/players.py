"""Players: quick play (a guest: a name and a bearer token, no password) and oneself.
Accounts with passwords, logins and sessions are under /api/accounts."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.accounts import (
    Credentials,
    address,
    credentials,
    limited,
    new_player,
    valid_name,
)
from server.adapters.rest.deps import PlayerDep, ServicesDep
from server.usecases.accounts import open_session

router = APIRouter(prefix="/api/players", tags=["players"])


class NewPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(
        min_length=1,
        max_length=200,
        description="unique (case-insensitive, after Unicode NFKC), at most 40 characters, "
        "no control characters, not blank",
    )


class PlayerOut(BaseModel):
    player_id: str
    name: str
    role: str
    has_password: bool
    created: datetime
    last_seen: datetime | None


@router.post("", status_code=201, response_model=Credentials)
async def register(body: NewPlayer, request: Request, svc: ServicesDep) -> Credentials:
    """Quick play: a guest identity and its session token. Set a password later
    (PUT /api/accounts/password) to log in on other devices and keep the history."""
    await limited(svc, "register_address", address(request))
    player = await new_player(svc, valid_name(body.name), None)
    token, session = await open_session(svc, player, "guest")
    return credentials(player, token, session)


@router.get("/me", response_model=PlayerOut)
async def me(who: PlayerDep) -> PlayerOut:
    return PlayerOut(
        player_id=who.id,
        name=who.name,
        role=who.role,
        has_password=who.password_hash is not None,
        created=who.created,
        last_seen=who.last_seen,
    )
