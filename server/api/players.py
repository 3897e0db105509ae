"""Players: register (get a bearer token) and look at oneself."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.api.deps import PlayerDep, ServicesDep
from server.auth import new_token, token_hash
from server.repositories.protocols import PlayerRecord

router = APIRouter(prefix="/api/players", tags=["players"])


class NewPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")


class Credentials(BaseModel):
    player_id: str
    name: str
    token: str = Field(description="bearer token for this player only; shown once")


class PlayerOut(BaseModel):
    player_id: str
    name: str
    created: datetime
    last_seen: datetime | None


@router.post("", status_code=201, response_model=Credentials)
async def register(body: NewPlayer, svc: ServicesDep) -> Credentials:
    token = new_token()
    record = PlayerRecord(
        id=uuid.uuid4().hex[:12],
        name=body.name.strip(),
        token_hash=token_hash(token),
        created=datetime.now(UTC),
    )
    await svc.store.players.add(record)
    return Credentials(player_id=record.id, name=record.name, token=token)


@router.get("/me", response_model=PlayerOut)
async def me(who: PlayerDep) -> PlayerOut:
    return PlayerOut(player_id=who.id, name=who.name, created=who.created, last_seen=who.last_seen)
