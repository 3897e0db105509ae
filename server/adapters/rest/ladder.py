"""The ranked ladder of a ruleset (server.domain.ladder, docs/ladder.md) and one player's steps on
it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from server.adapters.rest.deps import ServicesDep
from server.adapters.rest.responses import record_errors, ruleset_param
from server.domain.errors import ApiError, not_found
from server.domain.ladder import schemes
from server.domain.ladder.ladder import ordered, standing_json
from server.usecases.ladder import ladder_of

router = APIRouter(prefix="/api/ladder", tags=["ladder"])


class LadderStandingOut(BaseModel):
    rank: str = Field(description="the rank's (tier's) id, e.g. 1d, 2k, gold")
    rank_en: str
    rank_ja: str
    level: int = Field(description="0 = the lowest rank")
    points: float
    target: float | None = Field(None, description="tenhou: points that promote")


class LadderRow(LadderStandingOut):
    position: int
    player_id: str
    name: str
    matches: int


class LadderOut(BaseModel):
    ruleset: str
    scheme: str = Field(description="tenhou (dan/kyu) or points")
    source: str = Field(description="where the tables come from")
    levels: list[dict[str, Any]] = Field(description="the ranks or tiers, lowest first")
    total: int
    limit: int
    offset: int
    players: list[LadderRow]


class LadderStep(BaseModel):
    match_id: str
    ended: datetime
    place: int = Field(description="table place")
    placement: int = Field(description="1 = first")
    delta: float = Field(description="the points the match moved")
    before: LadderStandingOut
    after: LadderStandingOut


class PlayerLadderOut(BaseModel):
    player_id: str
    ruleset: str
    current: LadderStandingOut
    matches: int
    history: list[LadderStep]


def _ladder_ruleset(ruleset: str | None) -> str:
    ruleset = ruleset_param(ruleset)
    if not schemes.has_ladder(ruleset):
        raise ApiError(422, "no_ladder", f"ruleset: '{ruleset}' has no ranked ladder")
    return ruleset


@router.get("", response_model=LadderOut, responses=record_errors(422))
async def ladder(
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0),
) -> dict[str, Any]:
    """The ladder of one ruleset, best first (rank, then points)."""
    ruleset = _ladder_ruleset(ruleset)
    lad = await ladder_of(svc, ruleset)
    board = ordered(lad)
    rows = []
    for i, (player_id, s) in enumerate(board[offset : offset + limit], offset + 1):
        player = await svc.store.players.get(player_id)
        rows.append(
            {
                "position": i,
                "player_id": player_id,
                "name": player.name if player else "",
                "matches": lad.matches.get(player_id, 0),
                **standing_json(ruleset, s),
            }
        )
    data = schemes.table(ruleset)
    return {
        "ruleset": ruleset,
        "scheme": data["scheme"],
        "source": data["source"],
        "levels": schemes.levels(ruleset),
        "total": len(board),
        "limit": limit,
        "offset": offset,
        "players": rows,
    }


@router.get(
    "/players/{player_id}", response_model=PlayerLadderOut, responses=record_errors(404, 422)
)
async def player_ladder(
    player_id: str,
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
) -> dict[str, Any]:
    """A player's rank on the ladder and what each ranked match did to it."""
    ruleset = _ladder_ruleset(ruleset)
    if await svc.store.players.get(player_id) is None:
        raise not_found("player", player_id)
    lad = await ladder_of(svc, ruleset)
    current = lad.players.get(player_id, schemes.Standing())
    return {
        "player_id": player_id,
        "ruleset": ruleset,
        "current": standing_json(ruleset, current),
        "matches": lad.matches.get(player_id, 0),
        "history": [
            {
                "match_id": h.match_id,
                "ended": h.ended,
                "place": h.place,
                "placement": h.rank,
                "delta": h.delta,
                "before": standing_json(ruleset, h.before),
                "after": standing_json(ruleset, h.after),
            }
            for h in lad.history.get(player_id, [])
        ],
    }
