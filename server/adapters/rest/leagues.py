"""Leagues: a season's set of matches (whole tournaments, or casual matches opted in) of
one ruleset, with a table of the ruleset's measure summed, averaged or best-N. The use
cases are server.usecases.leagues; docs/tournaments.md."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import CallerDep, OrganizerCallerDep, ServicesDep
from server.adapters.rest.responses import tournament_errors
from server.usecases import leagues
from server.usecases.leagues import NewLeague

router = APIRouter(prefix="/api/leagues", tags=["leagues"])


class AddIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(min_length=1, max_length=32, description="a tournament or match id")


class LeagueOut(BaseModel):
    league_id: str
    name: str
    ruleset: str
    aggregate: str
    best: int | None
    season_from: date
    season_to: date
    tournaments: list[str]
    matches: list[str]


class LeagueTableOut(BaseModel):
    league_id: str
    ruleset: str
    aggregate: str
    best: int | None
    measure: str
    players: list[dict[str, Any]]


@router.post(
    "", status_code=201, response_model=LeagueOut, responses=tournament_errors(401, 403, 422)
)
async def create(body: NewLeague, svc: ServicesDep, who: OrganizerCallerDep) -> dict[str, Any]:
    """Create a league of one ruleset over a season."""
    return await leagues.create(svc, body, who)


@router.post(
    "/{lid}/tournaments",
    response_model=LeagueOut,
    responses=tournament_errors(401, 403, 404, 409, 422),
)
async def add_tournament(
    lid: str, body: AddIn, svc: ServicesDep, who: OrganizerCallerDep
) -> dict[str, Any]:
    """Every match of a tournament of the league's ruleset counts (those in the season)."""
    return await leagues.add_tournament(svc, lid, body.id)


@router.post(
    "/{lid}/matches", response_model=LeagueOut, responses=tournament_errors(401, 404, 409, 422)
)
async def add_match(lid: str, body: AddIn, svc: ServicesDep, who: CallerDep) -> dict[str, Any]:
    """Opt a finished casual match in: an organizer, or a player who sat in it."""
    return await leagues.add_match(svc, lid, body.id, who)


@router.get("/{lid}", response_model=LeagueOut, responses=tournament_errors(404))
async def get_league(lid: str, svc: ServicesDep) -> dict[str, Any]:
    return await leagues.get(svc, lid)


@router.get("/{lid}/standings", response_model=LeagueTableOut, responses=tournament_errors(404))
async def standings(lid: str, svc: ServicesDep) -> dict[str, Any]:
    """The league table: counted matches (finished, not voided, ended in the season) in
    the ruleset's measure, summed, averaged or best-N."""
    return await leagues.standings(svc, lid)
