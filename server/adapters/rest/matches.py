"""Match records (read path): matches, scoresheets, event logs, player history and
statistics, the per-ruleset leaderboards, and the exports (JSON, CSV, tenhou.net/6, the
archive of a date range)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, PlainTextResponse

from server.adapters.rest.deps import AuthHeader, ServicesDep
from server.adapters.rest.openapi import CsvResponse
from server.adapters.rest.records_models import (
    ArchiveOut,
    ErrorOut,
    EventLogOut,
    HistoryOut,
    LeaderboardOut,
    MatchSummary,
    Scoresheet,
    StatsOut,
)
from server.domain import registry
from server.domain.accounts.tokens import bearer, same_hash, token_hash
from server.domain.errors import ApiError, not_found
from server.domain.records import leaderboard as boards
from server.domain.records import stats as statistics
from server.domain.records.exports import (
    NoSuchMatch,
    NotExportable,
    NothingInRange,
    load_archive,
    load_match,
    load_mjai,
    load_sheet,
    load_tenhou6,
    mjai_lines,
    sheet_of,
)
from server.domain.records.scoresheet import match_summary, standings_csv, to_csv
from server.domain.records.sheet import RulesetUnavailable
from server.usecases.context import Services

router = APIRouter(prefix="/api", tags=["records"])

Status = Literal["waiting", "playing", "paused", "finished", "aborted"]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    text = {
        401: "no bearer token",
        403: "not the admin",
        404: "no such match, player or tournament",
        409: "the record cannot be exported in this state, or its ruleset is not installed",
        422: "a parameter is missing or invalid",
    }
    return {c: {"model": ErrorOut, "description": text[c]} for c in codes}


async def _sheet(svc: Services, match_id: str) -> dict[str, Any]:
    held = svc.manager.as_sent(match_id)
    try:
        if held is not None:  # claim pacing holds a hand's end: not on the sheet yet
            return await sheet_of(svc.store, held[0], upto=held[1])
        return await load_sheet(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except RulesetUnavailable as exc:
        raise ApiError(409, "ruleset_unavailable", str(exc)) from None


async def _unsealed(svc: Services, match_id: str, authorization: str | None) -> None:
    """A table of a duplicate-wall round still played elsewhere keeps its seed, log,
    sheet and exports sealed (409 ``sealed``; the admin may read): they show the walls
    the other tables still play (docs/fair-play.md)."""
    record = await svc.store.tables.get(match_id)
    if record is None or record.sealed_by is None or _is_admin(svc, authorization):
        return
    from server.adapters.rest.tournaments import reveal_if_over  # (tournaments imports tables)

    if not await reveal_if_over(svc, record.sealed_by):
        raise ApiError(
            409,
            "sealed",
            "this table's walls are still played at other tables of its duplicate round; "
            "its record opens when the round is over",
        )


def _not_held(svc: Services, match_id: str) -> None:
    """A match whose end claim pacing still holds is not over for its players yet."""
    held = svc.manager.as_sent(match_id)
    if held is not None and held[0].status != "finished":
        raise ApiError(
            409, "not_exportable", f"the match is {held[0].status}; only finished matches export"
        )


def _ruleset(ruleset: str | None) -> str:
    if ruleset is None:
        raise ApiError(
            422,
            "ruleset_required",
            "ruleset: give ?ruleset= (one of "
            + ", ".join(registry.available())
            + "); rankings are never summed across rulesets",
        )
    if ruleset not in registry.available():
        known = ", ".join(registry.available())
        raise ApiError(422, "unknown_ruleset", f"ruleset: unknown '{ruleset}' (known: {known})")
    return ruleset


def _range(since: date | None, until: date | None) -> tuple[datetime | None, datetime | None]:
    """Dates (UTC days, both included) to [start, end) instants."""
    start = datetime.combine(since, time(), UTC) if since else None
    end = datetime.combine(until, time(), UTC) + timedelta(days=1) if until else None
    if start is not None and end is not None and end <= start:
        raise ApiError(
            422, "invalid_range", f"from ({since}) is after to ({until}): the range is empty"
        )
    return start, end


@router.get("/matches", response_model=list[MatchSummary])
async def list_matches(
    svc: ServicesDep,
    status: Status | None = None,
    ruleset: str | None = Query(None, max_length=64),
    limit: int = Query(100, ge=1, le=1000),
) -> list[dict[str, Any]]:
    out = []
    for record in reversed(await svc.store.tables.list()):  # newest first
        held = svc.manager.as_sent(record.id)
        record = held[0] if held is not None else record  # as its players were sent it
        if status is not None and record.status != status:
            continue
        if ruleset is not None and record.ruleset != ruleset:
            continue
        out.append(match_summary(record))
        if len(out) >= limit:
            break
    return out


@router.get(
    "/matches/{match_id}",
    response_model=Scoresheet,
    response_model_by_alias=True,
    responses=_errors(404, 409),
)
async def get_match(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The scoresheet: one row per hand (patterns, payments, deposits, deltas, running
    totals and pot), the lines after the hands (deposits left at the end, adjustments),
    the corrections, and the standings — one projection (docs/records.md)."""
    await _unsealed(svc, match_id, authorization)
    return await _sheet(svc, match_id)


@router.get(
    "/matches/{match_id}/scoresheet.csv",
    response_class=CsvResponse,
    responses=_errors(404, 409),
)
async def scoresheet_csv(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> CsvResponse:
    """One rectangular table: a line per hand, the seats' names heading their columns."""
    await _unsealed(svc, match_id, authorization)
    sheet = await _sheet(svc, match_id)
    return CsvResponse(
        to_csv(sheet),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match_id}.csv"'},
    )


@router.get(
    "/matches/{match_id}/standings.csv",
    response_class=CsvResponse,
    responses=_errors(404, 409),
)
async def match_standings_csv(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> CsvResponse:
    await _unsealed(svc, match_id, authorization)
    sheet = await _sheet(svc, match_id)
    return CsvResponse(
        standings_csv(sheet),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match_id}-standings.csv"'},
    )


@router.get("/matches/{match_id}/scoresheet.json", responses=_errors(404, 409))
async def scoresheet_json(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> JSONResponse:
    await _unsealed(svc, match_id, authorization)
    sheet = await _sheet(svc, match_id)
    return JSONResponse(
        sheet, headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'}
    )


def _is_admin(svc: Services, authorization: str | None) -> bool:
    token = bearer(authorization)
    return token is not None and same_hash(token_hash(token), svc.admin_hash)


@router.get(
    "/matches/{match_id}/events",
    response_model=EventLogOut,
    responses=_errors(401, 403, 404, 409),
)
async def match_events(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The unredacted event log: public once the match is finished or aborted; while it
    runs only the admin may read it (it shows every tile)."""
    try:
        record = await load_match(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    held = svc.manager.as_sent(match_id)
    if held is not None:  # a held match end: still running for everyone but the admin
        record = held[0]
    if record.status not in ("finished", "aborted") and not _is_admin(svc, authorization):
        if bearer(authorization) is None:
            raise ApiError(
                401, "unauthorized", "the match is running: the log needs the admin token"
            )
        raise ApiError(403, "forbidden", "the match is running: the log needs the admin token")
    await _unsealed(svc, match_id, authorization)
    events = await svc.store.events.read(match_id)
    return {
        "match_id": match_id,
        "status": record.status,
        "seed": record.seed if record.status == "finished" else None,  # admin or unsealed
        "events": [{"seq": e.seq, "hand_number": e.hand_number, "event": e.event} for e in events],
    }


@router.get("/matches/{match_id}/tenhou6", responses=_errors(404, 409))
async def match_tenhou6(
    match_id: str, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    """A finished riichi match as a tenhou.net/6 log, each seat with its display name."""
    await _unsealed(svc, match_id, authorization)
    _not_held(svc, match_id)
    try:
        return await load_tenhou6(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except NotExportable as exc:
        raise ApiError(409, "not_exportable", str(exc)) from None


@router.get(
    "/matches/{match_id}/mjai",
    response_class=PlainTextResponse,
    responses={**_errors(404, 409, 422), 200: {"content": {"application/x-ndjson": {}}}},
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
    await _unsealed(svc, match_id, authorization)
    _not_held(svc, match_id)
    try:
        messages = await load_mjai(svc.store, match_id, seat)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except NotExportable as exc:
        raise ApiError(409, "not_exportable", str(exc)) from None
    return PlainTextResponse(mjai_lines(messages), media_type="application/x-ndjson")


@router.get("/archive", response_model=ArchiveOut, responses=_errors(404, 422))
async def archive(
    svc: ServicesDep,
    since: Annotated[date, Query(alias="from", description="first UTC day (YYYY-MM-DD)")],
    until: Annotated[date, Query(alias="to", description="last UTC day, included")],
    ruleset: str | None = Query(None, max_length=64),
) -> dict[str, Any]:
    """Every finished match that ended in the range, each with its scoresheet and its event
    log, for archiving. An empty range is 422; a range without a match is 404."""
    start, end = _range(since, until)
    assert start is not None and end is not None
    try:
        return await load_archive(svc.store, start, end, ruleset)
    except NothingInRange as exc:
        raise ApiError(404, "no_matches", str(exc)) from None


@router.get("/players/{player_id}/history", response_model=HistoryOut, responses=_errors(404))
async def player_history(player_id: str, svc: ServicesDep) -> dict[str, Any]:
    """The player's counted matches, newest first, with the corrected standings."""
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


@router.get("/players/{player_id}/stats", response_model=StatsOut, responses=_errors(404, 422))
async def player_stats(
    player_id: str, svc: ServicesDep, ruleset: str | None = Query(None, max_length=64)
) -> dict[str, Any]:
    """The player's statistics in one ruleset over the counted matches (finished, not
    voided), read from the aggregate kept as matches are recorded and corrected.
    Definitions: docs/records.md."""
    ruleset = _ruleset(ruleset)
    player = await svc.store.players.get(player_id)
    if player is None:
        raise not_found("player", player_id)
    agg = await svc.store.records.stats(player_id, ruleset) or statistics.empty()
    return {
        "player_id": player.id,
        "name": player.name,
        "ruleset": ruleset,
        **statistics.figures(ruleset, agg),
    }


async def _tournament_matches(svc: Services, tid: str, ruleset: str) -> list[str]:
    from server.domain.tournaments.models import Tournament

    found = await svc.store.tournaments.get("tournament", tid)
    if found is None:
        raise not_found("tournament", tid)
    t = Tournament.model_validate(found[0])
    if t.ruleset != ruleset:
        raise ApiError(
            422,
            "ruleset_mismatch",
            f"ruleset: tournament '{tid}' plays {t.ruleset}, not {ruleset}",
        )
    return t.match_ids()


@router.get("/leaderboard", response_model=LeaderboardOut, responses=_errors(404, 422))
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
    ruleset = _ruleset(ruleset)
    start, end = _range(since, until)
    matches = None if tournament is None else await _tournament_matches(svc, tournament, ruleset)
    rows = boards.ordered(
        ruleset, await svc.store.records.leaderboard(ruleset, start, end, matches), min_matches
    )
    page = rows[offset : offset + limit]
    out = []
    for i, r in enumerate(page, offset + 1):
        player = await svc.store.players.get(r.player)
        out.append(boards.row_json(ruleset, i, r, player.name if player else ""))
    main, tie = boards.measure(ruleset)
    return {
        "ruleset": ruleset,
        "measure": main,
        "tie_break": tie,
        "from": since.isoformat() if since else None,
        "to": until.isoformat() if until else None,
        "min_matches": min_matches,
        "tournament": tournament,
        "total": len(rows),
        "limit": limit,
        "offset": offset,
        "players": out,
    }
