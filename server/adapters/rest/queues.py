"""Matchmaking queues (server.domain.matchmaking, docs/matchmaking.md): list them, join one,
leave it, and learn the table it seated you at."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from server.adapters.rest.deps import AuthHeader, PlayerDep, ServicesDep, caller
from server.domain.errors import ApiError
from server.usecases.matchmaking import Matchmaker, QueueError, my_status

router = APIRouter(prefix="/api/queues", tags=["queues"])


class QueueOut(BaseModel):
    id: str
    title: str
    ruleset: str
    options: dict[str, Any]
    length: str
    room: str
    ranked: bool
    waiting: int = Field(description="players waiting now")
    expected_wait: float | None = Field(
        description="seconds: the median wait of the queue's latest tables (None: none yet)"
    )
    bot_fill_after: float | None = Field(description="seconds before bots fill a table")


class MyQueueOut(BaseModel):
    status: Literal["idle", "queued", "matched"]
    queue_id: str | None = None
    forming: bool = Field(False, description="queued: your table is being opened")
    position: int | None = Field(None, description="1 = the longest waiting")
    waited: float | None = Field(None, description="seconds in the queue so far")
    rating: float | None = Field(None, description="the rating the queue matches you by")
    band: float | None = Field(None, description="the rating half-width you accept now")
    expected_wait: float | None = None
    table_id: str | None = Field(None, description="matched: your table")
    seat: int | None = None
    ws_url: str | None = None


class QueuesOut(BaseModel):
    queues: list[QueueOut]
    band_curve: list[tuple[float, float]] = Field(
        description="[seconds waited, rating half-width] points, linear in between"
    )
    me: MyQueueOut | None = Field(None, description="with a player's token: where you are")


def matchmaker(svc: ServicesDep) -> Matchmaker:
    mm = svc.matchmaker
    assert isinstance(mm, Matchmaker)
    return mm


def _error(exc: QueueError) -> ApiError:
    return ApiError(exc.status, exc.code, exc.message)


@router.get("", response_model=QueuesOut)
async def list_queues(svc: ServicesDep, authorization: AuthHeader = None) -> dict[str, Any]:
    """Every queue with how many wait and the expected wait; with a player's token, also
    your position."""
    mm = matchmaker(svc)
    waiting: dict[str, int] = {}
    for e in await mm.queues.entries():
        waiting[e.queue_id] = waiting.get(e.queue_id, 0) + 1
    s = svc.settings
    out = []
    for spec in mm.specs.values():
        after = spec.bot_fill_after if spec.bot_fill_after is not None else s.queue_bot_fill_after
        out.append(
            {
                **spec.model_dump(exclude={"bot", "bot_fill_after"}),
                "waiting": waiting.get(spec.id, 0),
                "expected_wait": await mm.expected_wait(spec.id),
                "bot_fill_after": after,
            }
        )
    me = None
    if authorization is not None:
        who = await caller(svc, authorization)
        if who.player is not None:
            me = await my_status(mm, who.player.id)
    return {"queues": out, "band_curve": list(s.queue_band_curve), "me": me}


@router.get("/me", response_model=MyQueueOut)
async def my_queue(svc: ServicesDep, who: PlayerDep) -> dict[str, Any]:
    """Poll this while queued: ``matched`` names your table once it formed."""
    return await my_status(matchmaker(svc), who.id)


@router.post("/{queue_id}/join", response_model=MyQueueOut)
async def join_queue(queue_id: str, svc: ServicesDep, who: PlayerDep) -> dict[str, Any]:
    """Wait in a queue (joining the queue you already wait in changes nothing)."""
    mm = matchmaker(svc)
    try:
        await mm.join(queue_id, who.id, who.name)
    except QueueError as exc:
        raise _error(exc) from None
    return await my_status(mm, who.id)


@router.post("/leave", response_model=MyQueueOut)
async def leave_queue(svc: ServicesDep, who: PlayerDep) -> dict[str, Any]:
    """Stop waiting (not an error when you were not queued)."""
    mm = matchmaker(svc)
    await mm.leave(who.id)
    return await my_status(mm, who.id)
