"""Tables: create, join, and read the public information (never tiles)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import PlayerDep, PlayerOrAdminDep, ServicesDep
from server.adapters.rest.models import TablePublic
from server.domain.tables.errors import TableError
from server.usecases.ladder import with_ranks
from server.usecases.tables import NewTable, open_table, table_error

router = APIRouter(prefix="/api/tables", tags=["tables"])


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(None, ge=0, le=3)


class JoinOut(BaseModel):
    table_id: str
    seat: int
    ws_url: str


@router.post("", status_code=201, response_model=TablePublic)
async def create_table(body: NewTable, svc: ServicesDep, who: PlayerOrAdminDep) -> dict[str, Any]:
    actor = await open_table(svc, body, who.id if who is not None else "admin")
    return actor.public()


@router.get("", response_model=list[TablePublic])
async def list_tables(
    svc: ServicesDep,
    status: Literal["waiting", "playing", "paused", "finished", "aborted"] | None = None,
) -> list[dict[str, Any]]:
    actors = [
        a for a in svc.manager.actors.values() if status is None or a.record.status == status
    ]
    for a in actors:
        await svc.manager.reread_seal(a)  # a store read for sealed tables only
    return [a.public() for a in actors]


@router.get("/{table_id}", response_model=TablePublic)
async def get_table(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    try:
        public = await svc.manager.public(table_id)
    except TableError as exc:
        raise table_error(exc) from None
    return await with_ranks(svc, public)


@router.post("/{table_id}/join", response_model=JoinOut)
async def join_table(
    table_id: str, svc: ServicesDep, who: PlayerDep, body: JoinIn | None = None
) -> JoinOut:
    try:
        actor = await svc.manager.require(table_id)
        place = await actor.call(
            lambda: actor.seat_player(who.id, who.name, body.seat if body else None)
        )
    except TableError as exc:
        raise table_error(exc) from None
    return JoinOut(table_id=table_id, seat=place, ws_url=f"/ws/tables/{table_id}")
