"""Match records (read path): matches, scoresheets, event logs, player history, the
leaderboard, and the exports (JSON, CSV, tenhou.net/6)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, PlainTextResponse

from server.api.deps import AuthHeader, ServicesDep
from server.api.records_models import (
    EventLogOut,
    HistoryOut,
    LeaderboardOut,
    MatchSummary,
    Scoresheet,
)
from server.auth import bearer, same_hash, token_hash
from server.errors import ApiError, not_found
from server.records.exports import NoSuchMatch, NotExportable, load_match, load_sheet, load_tenhou6
from server.records.scoresheet import match_summary, to_csv
from server.services import Services

router = APIRouter(prefix="/api", tags=["records"])

Status = Literal["waiting", "playing", "paused", "finished", "aborted"]


async def _sheet(svc: Services, match_id: str) -> dict[str, Any]:
    try:
        return await load_sheet(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None


@router.get("/matches", response_model=list[MatchSummary])
async def list_matches(
    svc: ServicesDep,
    status: Status | None = None,
    ruleset: str | None = Query(None, max_length=64),
    limit: int = Query(100, ge=1, le=1000),
) -> list[dict[str, Any]]:
    out = []
    for record in reversed(await svc.store.tables.list()):  # newest first
        if status is not None and record.status != status:
            continue
        if ruleset is not None and record.ruleset != ruleset:
            continue
        out.append(match_summary(record))
        if len(out) >= limit:
            break
    return out


@router.get("/matches/{match_id}", response_model=Scoresheet, response_model_by_alias=True)
async def get_match(match_id: str, svc: ServicesDep) -> dict[str, Any]:
    """The scoresheet: one row per hand (patterns, payments, running totals), penalty
    lines, and the final standings."""
    return await _sheet(svc, match_id)


@router.get("/matches/{match_id}/scoresheet.csv", response_class=PlainTextResponse)
async def scoresheet_csv(match_id: str, svc: ServicesDep) -> PlainTextResponse:
    sheet = await _sheet(svc, match_id)
    return PlainTextResponse(
        to_csv(sheet),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match_id}.csv"'},
    )


@router.get("/matches/{match_id}/scoresheet.json")
async def scoresheet_json(match_id: str, svc: ServicesDep) -> JSONResponse:
    sheet = await _sheet(svc, match_id)
    return JSONResponse(
        sheet, headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'}
    )


def _is_admin(svc: Services, authorization: str | None) -> bool:
    token = bearer(authorization)
    return token is not None and same_hash(token_hash(token), svc.admin_hash)


@router.get("/matches/{match_id}/events", response_model=EventLogOut)
async def match_events(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The unredacted event log: public once the match is finished or aborted; while it
    runs only the admin may read it (it shows every tile)."""
    try:
        record = await load_match(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    if record.status not in ("finished", "aborted") and not _is_admin(svc, authorization):
        if bearer(authorization) is None:
            raise ApiError(
                401, "unauthorized", "the match is running: the log needs the admin token"
            )
        raise ApiError(403, "forbidden", "the match is running: the log needs the admin token")
    events = await svc.store.events.read(match_id)
    return {
        "match_id": match_id,
        "status": record.status,
        "seed": record.seed if record.status == "finished" else None,
        "events": [{"seq": e.seq, "hand_number": e.hand_number, "event": e.event} for e in events],
    }


@router.get("/matches/{match_id}/tenhou6")
async def match_tenhou6(match_id: str, svc: ServicesDep) -> dict[str, Any]:
    try:
        return await load_tenhou6(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except NotExportable as exc:
        raise ApiError(409, "not_exportable", str(exc)) from None


@router.get("/players/{player_id}/history", response_model=HistoryOut)
async def player_history(player_id: str, svc: ServicesDep) -> dict[str, Any]:
    player = await svc.store.players.get(player_id)
    if player is None:
        raise not_found("player", player_id)
    matches = []
    for s in await svc.store.records.history(player_id):
        record = await svc.store.tables.get(s.table_id)
        if record is None:
            continue
        matches.append(
            {
                "match_id": s.table_id,
                "ruleset": record.ruleset,
                "ended": record.ended.isoformat() if record.ended else None,
                "place": s.place,
                "rank": s.rank,
                "score": s.score,
                "points": s.points,
            }
        )
    return {"player_id": player.id, "name": player.name, "matches": matches}


@router.get("/leaderboard", response_model=LeaderboardOut)
async def leaderboard(
    svc: ServicesDep, ruleset: str | None = Query(None, max_length=64)
) -> dict[str, Any]:
    """Players over finished, not voided matches: matches played, total table points
    (or uma-adjusted results), average rank."""
    rows = []
    for r in await svc.store.records.leaderboard(ruleset):
        player = await svc.store.players.get(r.player)
        rows.append(
            {
                "player_id": r.player,
                "name": player.name if player else "",
                "matches": r.matches,
                "points": round(r.points, 4),
                "average_rank": round(r.average_rank, 4),
            }
        )
    return {"ruleset": ruleset, "players": rows}
