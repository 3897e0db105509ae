"""Leagues: a season's set of matches (whole tournaments, or casual matches opted in) of
one ruleset, with a table of the ruleset's measure summed, averaged or best-N
(server.domain.tournaments.leagues). docs/tournaments.md."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from server.domain import registry
from server.domain.accounts.tokens import Caller
from server.domain.errors import ApiError, not_found
from server.domain.records import leaderboard as boards
from server.domain.tournaments import leagues as league_table
from server.domain.tournaments.models import Tournament
from server.ports.storage import VersionConflict
from server.usecases.context import Services
from server.usecases.tournaments import KIND as TOURNAMENT
from server.usecases.tournaments import is_organizer, names

KIND = "league"


class NewLeague(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f]+$")
    ruleset: str
    aggregate: Literal["sum", "average", "best"] = "sum"
    best: int | None = Field(None, ge=1, le=1000, description="N, with aggregate=best")
    season_from: date = Field(strict=False, description="first UTC day (YYYY-MM-DD)")
    season_to: date = Field(strict=False, description="last UTC day, included")


class League(NewLeague):
    model_config = ConfigDict(extra="forbid", strict=False)  # read back from JSON
    id: str
    created_by: str
    created: datetime
    tournaments: list[str] = Field(default_factory=list)
    matches: list[str] = Field(default_factory=list)  # casual matches opted in


def _out(lg: League) -> dict[str, Any]:
    return {
        "league_id": lg.id,
        "name": lg.name,
        "ruleset": lg.ruleset,
        "aggregate": lg.aggregate,
        "best": lg.best,
        "season_from": lg.season_from,
        "season_to": lg.season_to,
        "tournaments": lg.tournaments,
        "matches": lg.matches,
    }


async def _load(svc: Services, lid: str) -> tuple[League, int]:
    found = await svc.store.tournaments.get(KIND, lid)
    if found is None:
        raise not_found("league", lid)
    return League.model_validate(found[0]), found[1]


async def _save(svc: Services, lg: League, version: int) -> None:
    try:
        await svc.store.tournaments.save(KIND, lg.id, lg.model_dump(mode="json"), version)
    except VersionConflict:
        raise ApiError(409, "conflict", "the league changed meanwhile; try again") from None


def _in_season(lg: League, ended: datetime | None) -> bool:
    if ended is None:
        return False
    start = datetime.combine(lg.season_from, time(), UTC)
    end = datetime.combine(lg.season_to, time.max, UTC)
    when = ended if ended.tzinfo else ended.replace(tzinfo=UTC)
    return start <= when <= end


async def _match_ids(svc: Services, lg: League) -> list[str]:
    ids = list(lg.matches)
    for tid in lg.tournaments:
        found = await svc.store.tournaments.get(TOURNAMENT, tid)
        if found is not None:
            ids += Tournament.model_validate(found[0]).match_ids()
    return list(dict.fromkeys(ids))


async def create(svc: Services, body: NewLeague, who: Caller) -> dict[str, Any]:
    """Create a league of one ruleset over a season."""
    if body.ruleset not in registry.available():
        raise ApiError(422, "invalid_field", f"ruleset: unknown '{body.ruleset}'")
    if body.season_to < body.season_from:
        raise ApiError(422, "invalid_field", "season_to: before season_from")
    if (body.aggregate == "best") != (body.best is not None):
        raise ApiError(422, "invalid_field", "best: give N exactly when aggregate is best")
    lg = League(
        **body.model_dump(),
        id=uuid.uuid4().hex[:12],
        created_by=who.label,
        created=datetime.now(UTC),
    )
    await svc.store.tournaments.add(KIND, lg.id, lg.model_dump(mode="json"))
    return _out(lg)


async def add_tournament(svc: Services, lid: str, tid: str) -> dict[str, Any]:
    """Every match of a tournament of the league's ruleset counts (those in the season)."""
    lg, version = await _load(svc, lid)
    found = await svc.store.tournaments.get(TOURNAMENT, tid)
    if found is None:
        raise ApiError(422, "invalid_field", f"id: no tournament '{tid}'")
    if Tournament.model_validate(found[0]).ruleset != lg.ruleset:
        raise ApiError(422, "invalid_field", f"id: not a {lg.ruleset} tournament")
    if tid in lg.tournaments:
        raise ApiError(409, "already_added", "the tournament is in the league already")
    lg.tournaments.append(tid)
    await _save(svc, lg, version)
    return _out(lg)


async def add_match(svc: Services, lid: str, match_id: str, who: Caller) -> dict[str, Any]:
    """Opt a finished casual match in: an organizer, or a player who sat in it."""
    lg, version = await _load(svc, lid)
    record = await svc.store.tables.get(match_id)
    if record is None:
        raise ApiError(422, "invalid_field", f"id: no match '{match_id}'")
    if not is_organizer(who) and who.label not in record.seats:
        raise ApiError(403, "forbidden", "only an organizer or a player of the match opts it in")
    if record.ruleset != lg.ruleset:
        raise ApiError(422, "invalid_field", f"id: not a {lg.ruleset} match")
    if record.status != "finished" or record.voided or not _in_season(lg, record.ended):
        raise ApiError(409, "not_countable", "the match is not a finished match of the season")
    if match_id in lg.matches:
        raise ApiError(409, "already_added", "the match is in the league already")
    lg.matches.append(match_id)
    await _save(svc, lg, version)
    return _out(lg)


async def get(svc: Services, lid: str) -> dict[str, Any]:
    return _out((await _load(svc, lid))[0])


async def standings(svc: Services, lid: str) -> dict[str, Any]:
    """The league table: counted matches (finished, not voided, ended in the season) in
    the ruleset's measure, summed, averaged or best-N."""
    lg, _ = await _load(svc, lid)
    results = []
    for mid in await _match_ids(svc, lg):
        record = await svc.store.tables.get(mid)
        if record is None or record.status != "finished" or record.voided:
            continue
        if record.ruleset != lg.ruleset or not _in_season(lg, record.ended):
            continue
        results.append(await svc.store.records.standings(mid))
    players = sorted({s.player for rows in results for s in rows})
    rows = league_table.table(lg.ruleset, results, lg.aggregate, lg.best, await names(svc, players))
    return {
        "league_id": lg.id,
        "ruleset": lg.ruleset,
        "aggregate": lg.aggregate,
        "best": lg.best,
        "measure": boards.measure(lg.ruleset)[0],
        "players": rows,
    }
