"""Admin corrections of match records, each an event of the scoresheet projection with an
audit line (who, when, why, the sheet before and after): void the last hand, void a match,
add a penalty or bonus line. The play is not touched; the records are projected again, so
totals, standings, table points, history, leaderboard and statistics all follow."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import AdminDep, ServicesDep
from server.adapters.rest.records_models import AuditOut, ErrorOut, Scoresheet
from server.domain.errors import ApiError, not_found
from server.domain.records.exports import NoSuchMatch, load_match, load_sheet
from server.ports.storage import TableRecord
from server.usecases.context import Services

router = APIRouter(prefix="/api/admin/matches", tags=["admin"], dependencies=[AdminDep])

Who = Field(min_length=1, max_length=64, description="the administrator's name, for the audit")
Why = Field(min_length=1, max_length=500, description="why, for the audit")


class VoidIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    by: str = Who
    reason: str = Why


class AdjustIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    by: str = Who
    reason: str = Why
    seat: int = Field(ge=0, le=3, description="table place")
    amount: int = Field(ge=-1_000_000, le=1_000_000, description="negative for a penalty")


async def _match(svc: Services, match_id: str) -> TableRecord:
    try:
        return await load_match(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None


async def _corrected(svc: Services, match_id: str) -> dict[str, Any]:
    """The sheet after a correction; a running table adopts the corrected records."""
    actor = svc.manager.actors.get(match_id)
    if actor is not None:
        await actor.call(actor.recorder.refresh_record)
    return await load_sheet(svc.store, match_id)


ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorOut, "description": "no bearer token"},
    403: {"model": ErrorOut, "description": "not the admin token"},
    404: {"model": ErrorOut, "description": "no such match"},
    409: {"model": ErrorOut, "description": "nothing to correct in this state"},
    422: {"model": ErrorOut, "description": "a field is missing or invalid"},
}


@router.post("/{match_id}/void-last-hand", response_model=Scoresheet, responses=ERRORS)
async def void_last_hand(match_id: str, body: VoidIn, svc: ServicesDep) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.voided:
        raise ApiError(409, "match_voided", "the match is voided")
    hand = await svc.store.records.void_last_hand(match_id, body.by, body.reason)
    svc.ladder_cache.forget(match_id)  # the ladder reads the corrected standings
    svc.collusion_cache.forget(match_id)  # the collusion report leaves voided hands out
    if hand is None:
        raise ApiError(409, "no_hand", "the match has no hand left to void")
    return await _corrected(svc, match_id)


@router.post("/{match_id}/void", response_model=Scoresheet, responses=ERRORS)
async def void_match(match_id: str, body: VoidIn, svc: ServicesDep) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.status not in ("finished", "aborted"):
        raise ApiError(409, "match_running", f"the match is {record.status}: abort it first")
    voided = await svc.store.records.void_match(match_id, body.by, body.reason)
    svc.ladder_cache.forget(match_id)  # the ladder leaves a voided match out
    svc.collusion_cache.forget(match_id)  # and so does the collusion report
    if not voided:
        raise ApiError(409, "match_voided", "the match is already voided")
    return await _corrected(svc, match_id)


@router.post(
    "/{match_id}/adjustments", status_code=201, response_model=Scoresheet, responses=ERRORS
)
async def adjust(match_id: str, body: AdjustIn, svc: ServicesDep) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.voided:
        raise ApiError(409, "match_voided", "the match is voided")
    if body.seat >= len(record.seats):
        raise ApiError(422, "invalid_field", f"seat: the match has {len(record.seats)} places")
    if body.amount == 0:
        raise ApiError(422, "invalid_field", "amount: a penalty line moves a non-zero amount")
    await svc.store.records.adjust(match_id, body.seat, body.amount, body.by, body.reason)
    svc.ladder_cache.forget(match_id)  # the ladder reads the corrected standings
    return await _corrected(svc, match_id)


@router.get("/{match_id}/audit", response_model=list[AuditOut], responses=ERRORS)
async def audit(match_id: str, svc: ServicesDep) -> list[dict[str, Any]]:
    await _match(svc, match_id)
    return [
        {
            "id": a.id,
            "action": a.action,
            "by": a.by,
            "at": a.at.isoformat(),
            "reason": a.reason,
            "detail": a.detail,
        }
        for a in await svc.store.records.audit(match_id)
    ]
