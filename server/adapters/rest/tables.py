"""Tables: create, join, and read the public information (never tiles)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import PlayerDep, PlayerOrAdminDep, ServicesDep
from server.adapters.rest.models import TablePublic
from server.usecases import lobby
from server.usecases.tables import NewTable, join

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
    return await lobby.create(svc, body, who.id if who is not None else "admin")


@router.get("", response_model=list[TablePublic])
async def list_tables(
    svc: ServicesDep,
    status: Literal["waiting", "playing", "paused", "finished", "aborted"] | None = None,
) -> list[dict[str, Any]]:
    return await lobby.listed(svc, status)


@router.get("/{table_id}", response_model=TablePublic)
async def get_table(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    return await lobby.shown(svc, table_id)


@router.post("/{table_id}/join", response_model=JoinOut)
async def join_table(
    table_id: str, svc: ServicesDep, who: PlayerDep, body: JoinIn | None = None
) -> JoinOut:
    place = await join(svc, table_id, who, body.seat if body else None)
    return JoinOut(table_id=table_id, seat=place, ws_url=f"/ws/tables/{table_id}")
