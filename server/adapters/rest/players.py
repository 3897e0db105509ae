"""Players: quick play (a guest: a name and a bearer token, no password) and oneself.
Accounts with passwords, logins and sessions are under /api/accounts."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import PlayerDep, ServicesDep, client_address
from server.adapters.rest.models import Credentials
from server.adapters.rest.responses import credentials
from server.usecases.accounts import guest

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
    player, token, session = await guest(svc, body.name, client_address(request))
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
