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
from server.usecases import corrections

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


ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorOut, "description": "no bearer token"},
    403: {"model": ErrorOut, "description": "not the admin token"},
    404: {"model": ErrorOut, "description": "no such match"},
    409: {"model": ErrorOut, "description": "nothing to correct in this state"},
    422: {"model": ErrorOut, "description": "a field is missing or invalid"},
}


@router.post("/{match_id}/void-last-hand", response_model=Scoresheet, responses=ERRORS)
async def void_last_hand(match_id: str, body: VoidIn, svc: ServicesDep) -> dict[str, Any]:
    return await corrections.void_last_hand(svc, match_id, body.by, body.reason)


@router.post("/{match_id}/void", response_model=Scoresheet, responses=ERRORS)
async def void_match(match_id: str, body: VoidIn, svc: ServicesDep) -> dict[str, Any]:
    return await corrections.void_match(svc, match_id, body.by, body.reason)


@router.post(
    "/{match_id}/adjustments", status_code=201, response_model=Scoresheet, responses=ERRORS
)
async def adjust(match_id: str, body: AdjustIn, svc: ServicesDep) -> dict[str, Any]:
    return await corrections.adjust(svc, match_id, body.seat, body.amount, body.by, body.reason)


@router.get("/{match_id}/audit", response_model=list[AuditOut], responses=ERRORS)
async def audit(match_id: str, svc: ServicesDep) -> list[dict[str, Any]]:
    return await corrections.audit(svc, match_id)
