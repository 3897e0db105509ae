"""Match records (read path): matches, scoresheets, event logs, player history and
statistics, the per-ruleset leaderboards, and the exports (JSON, CSV, tenhou.net/6, the
archive of a date range). The use cases are server.usecases.records."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, PlainTextResponse

from server.adapters.rest.deps import AuthHeader, ServicesDep
from server.adapters.rest.openapi import CsvResponse
from server.adapters.rest.records_models import (
    ArchiveOut,
    EventLogOut,
    HistoryOut,
    LeaderboardOut,
    MatchSummary,
    Scoresheet,
    StatsOut,
)
from server.adapters.rest.responses import day_range, record_errors, ruleset_param
from server.domain.accounts.tokens import bearer
from server.domain.records.exports import mjai_lines
from server.domain.records.scoresheet import standings_csv, to_csv
from server.usecases import records

router = APIRouter(prefix="/api", tags=["records"])

Status = Literal["waiting", "playing", "paused", "finished", "aborted"]


@router.get("/matches", response_model=list[MatchSummary])
async def list_matches(
    svc: ServicesDep,
    status: Status | None = None,
    ruleset: str | None = Query(None, max_length=64),
    limit: int = Query(100, ge=1, le=1000),
) -> list[dict[str, Any]]:
    return await records.matches(svc, status, ruleset, limit)


@router.get(
    "/matches/{match_id}",
    response_model=Scoresheet,
    response_model_by_alias=True,
    responses=record_errors(404, 409),
)
async def get_match(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The scoresheet: one row per hand (patterns, payments, deposits, deltas, running
    totals and pot), the lines after the hands (deposits left at the end, adjustments),
    the corrections, and the standings — one projection (docs/records.md)."""
    return await records.sheet(svc, match_id, bearer(authorization))


@router.get(
    "/matches/{match_id}/scoresheet.csv",
    response_class=CsvResponse,
    responses=record_errors(404, 409),
)
async def scoresheet_csv(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> CsvResponse:
    """One rectangular table: a line per hand, the seats' names heading their columns."""
    sheet = await records.sheet(svc, match_id, bearer(authorization))
    return CsvResponse(
        to_csv(sheet),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match_id}.csv"'},
    )


@router.get(
    "/matches/{match_id}/standings.csv",
    response_class=CsvResponse,
    responses=record_errors(404, 409),
)
async def match_standings_csv(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> CsvResponse:
    sheet = await records.sheet(svc, match_id, bearer(authorization))
    return CsvResponse(
        standings_csv(sheet),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match_id}-standings.csv"'},
    )


@router.get("/matches/{match_id}/scoresheet.json", responses=record_errors(404, 409))
async def scoresheet_json(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> JSONResponse:
    sheet = await records.sheet(svc, match_id, bearer(authorization))
    return JSONResponse(
        sheet, headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'}
    )


@router.get(
    "/matches/{match_id}/events",
    response_model=EventLogOut,
    responses=record_errors(401, 403, 404, 409),
)
async def match_events(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The unredacted event log: public once the match is finished or aborted; while it
    runs only the admin may read it (it shows every tile)."""
    return await records.events(svc, match_id, bearer(authorization))


@router.get("/matches/{match_id}/tenhou6", responses=record_errors(404, 409))
async def match_tenhou6(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """A finished riichi match as a tenhou.net/6 log, each seat with its display name."""
    return await records.tenhou6(svc, match_id, bearer(authorization))


@router.get(
    "/matches/{match_id}/mjai",
    response_class=PlainTextResponse,
    responses={**record_errors(404, 409, 422), 200: {"content": {"application/x-ndjson": {}}}},
)
async def match_mjai(
    match_id: str,
    svc: ServicesDep,
    seat: int | None = Query(
        None, ge=0, le=3, description="a seat's own view (others' tiles as '?'); omit: full log"
    ),
    authorization: AuthHeader = None,
) -> PlainTextResponse:
    """A finished riichi match as mjai JSON lines (docs/mjai.md), one event per line."""
    messages = await records.mjai(svc, match_id, seat, bearer(authorization))
    return PlainTextResponse(mjai_lines(messages), media_type="application/x-ndjson")


@router.get("/archive", response_model=ArchiveOut, responses=record_errors(404, 422))
async def archive(
    svc: ServicesDep,
    since: Annotated[date, Query(alias="from", description="first UTC day (YYYY-MM-DD)")],
    until: Annotated[date, Query(alias="to", description="last UTC day, included")],
    ruleset: str | None = Query(None, max_length=64),
) -> dict[str, Any]:
    """Every finished match that ended in the range, each with its scoresheet and its event
    log, for archiving. An empty range is 422; a range without a match is 404."""
    start, end = day_range(since, until)
    assert start is not None and end is not None
    return await records.archive(svc, start, end, ruleset)


@router.get("/players/{player_id}/history", response_model=HistoryOut, responses=record_errors(404))
async def player_history(player_id: str, svc: ServicesDep) -> dict[str, Any]:
    """The player's counted matches, newest first, with the corrected standings."""
    return await records.history(svc, player_id)


@router.get(
    "/players/{player_id}/stats", response_model=StatsOut, responses=record_errors(404, 422)
)
async def player_stats(
    player_id: str, svc: ServicesDep, ruleset: str | None = Query(None, max_length=64)
) -> dict[str, Any]:
    """The player's statistics in one ruleset over the counted matches (finished, not
    voided), read from the aggregate kept as matches are recorded and corrected.
    Definitions: docs/records.md."""
    return await records.stats(svc, player_id, ruleset_param(ruleset))


@router.get("/leaderboard", response_model=LeaderboardOut, responses=record_errors(404, 422))
async def leaderboard(
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
    since: Annotated[date | None, Query(alias="from", description="first UTC day")] = None,
    until: Annotated[date | None, Query(alias="to", description="last UTC day, included")] = None,
    min_matches: int = Query(1, ge=1, le=100_000),
    tournament: str | None = Query(
        None, max_length=64, description="only the matches of this tournament"
    ),
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0),
) -> dict[str, Any]:
    """Players over the counted matches of one ruleset, in its own measure: MCR and Three
    Kingdoms by table points (total raw score breaks ties), riichi by the uma/oka results
    (then average rank), Zung Jung by raw score (then average rank)."""
    ruleset = ruleset_param(ruleset)
    instants = day_range(since, until)
    return await records.leaderboard(
        svc, ruleset, (since, until), instants, min_matches, tournament, limit, offset
    )
