"""Administration: tables, seats and connections (organizers and admins); players, their
tokens and the server's figures (admins: the admin token or an account with that role)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import AdminDep, OrganizerDep, ServicesDep
from server.adapters.rest.models import PlayerAdmin, TableLive
from server.domain.errors import ApiError, not_found
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.session import BOTS
from server.usecases.context import Services
from server.usecases.tables import table_error

router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[OrganizerDep])


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    occupant: str = Field(description='"bot:random", "bot:greedy", "bot:defensive" or a player id')


class AbortIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    reason: str = Field("", max_length=200)


async def _actor(svc: Services, table_id: str) -> TableActor:
    try:
        return await svc.manager.require(table_id)
    except TableError as exc:
        raise table_error(exc) from None


def _place(seat: int) -> int:
    if not 0 <= seat <= 3:
        raise ApiError(422, "invalid_field", f"seat: {seat} is not a seat (0..3)")
    return seat


@router.get("/tables", response_model=list[TableLive])
async def tables(svc: ServicesDep) -> list[dict[str, Any]]:
    return [a.live() for a in svc.manager.actors.values()]


@router.get("/tables/{table_id}", response_model=TableLive)
async def table(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    return (await _actor(svc, table_id)).live()


async def _run(actor: TableActor, job: Any) -> dict[str, Any]:
    try:
        await actor.call(job)
    except TableError as exc:
        raise table_error(exc) from None
    return actor.live()


@router.post("/tables/{table_id}/pause", response_model=TableLive)
async def pause(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    actor = await _actor(svc, table_id)
    return await _run(actor, actor.pause)


@router.post("/tables/{table_id}/resume", response_model=TableLive)
async def resume(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    actor = await _actor(svc, table_id)
    return await _run(actor, actor.resume)


@router.post("/tables/{table_id}/abort", response_model=TableLive)
async def abort(table_id: str, svc: ServicesDep, body: AbortIn | None = None) -> dict[str, Any]:
    actor = await _actor(svc, table_id)
    reason = body.reason if body else ""
    return await _run(actor, lambda: actor.abort(reason))


@router.put("/tables/{table_id}/seats/{seat}", response_model=TableLive)
async def replace_seat(table_id: str, seat: int, body: SeatIn, svc: ServicesDep) -> dict[str, Any]:
    actor = await _actor(svc, table_id)
    place = _place(seat)
    occupant = body.occupant
    if occupant in BOTS:
        name = occupant
    else:
        player = await svc.store.players.get(occupant)
        if player is None:
            raise ApiError(422, "invalid_field", f"occupant: no player or bot '{occupant}'")
        name = player.name
    return await _run(actor, lambda: actor.replace_seat(place, occupant, name))


@router.post("/tables/{table_id}/seats/{seat}/kick")
async def kick(table_id: str, seat: int, svc: ServicesDep) -> dict[str, Any]:
    actor = await _actor(svc, table_id)
    place = _place(seat)
    kicked = await actor.call(lambda: actor.kick(place))
    if not kicked:
        raise ApiError(404, "not_connected", f"nobody is connected at seat {place}")
    return {"kicked": True, "seat": place}


@router.get("/players", response_model=list[PlayerAdmin], dependencies=[AdminDep])
async def players(svc: ServicesDep) -> list[dict[str, Any]]:
    now = datetime.now(UTC)
    online = await svc.online()
    return [
        {
            "player_id": p.id,
            "name": p.name,
            "role": p.role,
            "has_password": p.password_hash is not None,
            "sessions": len(await svc.store.sessions.of_player(p.id, now)),
            "created": p.created.isoformat(),
            "last_seen": p.last_seen.isoformat() if p.last_seen else None,
            "connections": online.get(p.id, 0),
        }
        for p in await svc.store.players.list()
    ]


@router.delete("/players/{player_id}/token", dependencies=[AdminDep])
async def revoke(player_id: str, svc: ServicesDep) -> dict[str, Any]:
    """End every session of the player (all its tokens) and close its connections."""
    if await svc.store.players.get(player_id) is None:
        raise not_found("player", player_id)
    ended = await svc.store.sessions.end_all(player_id)
    closed = await svc.disconnect(player_id)
    return {
        "player_id": player_id,
        "revoked": True,
        "sessions_ended": ended,
        "connections_closed": closed,
    }


@router.get("/health", dependencies=[AdminDep])
async def health(svc: ServicesDep) -> dict[str, Any]:
    return {"status": "ok", "tables": len(svc.manager.actors)}


@router.get("/stats", dependencies=[AdminDep])
async def stats(svc: ServicesDep) -> dict[str, Any]:
    return svc.manager.stats()
