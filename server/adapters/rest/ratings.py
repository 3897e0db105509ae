"""Ratings: the rated leaderboard of a ruleset and a player's rating history (OpenSkill
Plackett-Luce over the counted matches; server.domain.records.ratings, docs/ratings.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from server.adapters.rest.deps import ServicesDep
from server.adapters.rest.responses import record_errors, ruleset_param
from server.domain.errors import not_found
from server.domain.records import ratings as rating

router = APIRouter(prefix="/api", tags=["ratings"])


class RatedOut(BaseModel):
    position: int
    player_id: str
    name: str
    rating: float = Field(description="mu - 3 sigma, the order of the board")
    mu: float
    sigma: float
    matches: int


class RatingsOut(BaseModel):
    ruleset: str
    model: str
    total: int = Field(description="rated players (all pages)")
    limit: int
    offset: int
    players: list[RatedOut]


class RatingStep(BaseModel):
    match_id: str
    ended: datetime
    place: int
    rank: int
    rating: float
    mu: float
    sigma: float
    matches: int
    change: float = Field(description="rating after - rating before")


class RatingHistoryOut(BaseModel):
    player_id: str
    ruleset: str
    current: RatedOut | None
    history: list[RatingStep]


MODEL_NAME = "OpenSkill Plackett-Luce (mu 25, sigma 25/3; rating = mu - 3 sigma)"


@router.get("/ratings", response_model=RatingsOut, responses=record_errors(422))
async def ratings(
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
    min_matches: int = Query(1, ge=1, le=100_000),
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0),
) -> dict[str, Any]:
    """The rated players of one ruleset, best first (ratings are never mixed across
    rulesets)."""
    ruleset = ruleset_param(ruleset)
    board = [
        (p, r)
        for p, r in rating.ordered(await svc.store.records.ratings(ruleset))
        if r.matches >= min_matches
    ]
    out = []
    for i, (player_id, r) in enumerate(board[offset : offset + limit], offset + 1):
        player = await svc.store.players.get(player_id)
        name = player.name if player else ""
        out.append({"position": i, "player_id": player_id, "name": name, **rating.rating_json(r)})
    return {
        "ruleset": ruleset,
        "model": MODEL_NAME,
        "total": len(board),
        "limit": limit,
        "offset": offset,
        "players": out,
    }


@router.get(
    "/players/{player_id}/ratings",
    response_model=RatingHistoryOut,
    responses=record_errors(404, 422),
)
async def player_ratings(
    player_id: str,
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
) -> dict[str, Any]:
    """One player's rating of a ruleset and what each rated match did to it."""
    ruleset = ruleset_param(ruleset)
    player = await svc.store.players.get(player_id)
    if player is None:
        raise not_found("player", player_id)
    board = rating.ordered(await svc.store.records.ratings(ruleset))
    current = None
    for i, (who, r) in enumerate(board, 1):
        if who == player_id:
            current = {
                "position": i,
                "player_id": who,
                "name": player.name,
                **rating.rating_json(r),
            }
    steps = [
        {
            "match_id": h.match_id,
            "ended": h.ended,
            "place": h.place,
            "rank": h.rank,
            **rating.rating_json(h.after),
            "change": round(h.after.ordinal - h.before.ordinal, 4),
        }
        for h in await svc.store.records.rating_history(ruleset, player_id)
    ]
    return {"player_id": player_id, "ruleset": ruleset, "current": current, "history": steps}
