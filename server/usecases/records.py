"""Match records (read path): matches, scoresheets, event logs and exports, a player's
history and statistics, the per-ruleset leaderboards and the archive of a date range
(docs/records.md). A table of a duplicate round still played elsewhere stays sealed
(docs/fair-play.md). ``token``: the caller's bearer token, if any (the admin reads all)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import date, datetime
from functools import partial
from typing import Any, TypeVar

from server.domain.accounts.tokens import same_hash, token_hash
from server.domain.errors import ApiError, not_found
from server.domain.records import leaderboard as boards
from server.domain.records import stats as statistics
from server.domain.records.exports import (
    FormatRefused,
    NoSuchMatch,
    NotExportable,
    NothingInRange,
    load_archive,
    load_match,
    load_mjai,
    load_sheet,
    load_tenhou6,
    sheet_of,
)
from server.domain.records.scoresheet import match_summary
from server.domain.records.sheet import RulesetUnavailable
from server.domain.tournaments.models import Tournament
from server.usecases.context import Services
from server.usecases.tournaments import KIND as TOURNAMENT
from server.usecases.tournaments import reveal_if_over

audit = logging.getLogger("jantaku.audit")
T = TypeVar("T")


def _is_admin(svc: Services, token: str | None) -> bool:
    return token is not None and same_hash(token_hash(token), svc.admin_hash)


async def _unsealed(svc: Services, match_id: str, token: str | None) -> None:
    """A table of a duplicate-wall round still played elsewhere keeps its seed, log,
    sheet and exports sealed (409 ``sealed``; the admin may read): they show the walls
    the other tables still play (docs/fair-play.md)."""
    record = await svc.store.tables.get(match_id)
    if record is None or record.sealed_by is None or _is_admin(svc, token):
        return
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


async def sheet(svc: Services, match_id: str, token: str | None) -> dict[str, Any]:
    """The scoresheet, as its players were sent it (claim pacing may hold a hand's end)."""
    await _unsealed(svc, match_id, token)
    held = svc.manager.as_sent(match_id)
    try:
        if held is not None:  # claim pacing holds a hand's end: not on the sheet yet
            return await sheet_of(svc.store, held[0], upto=held[1])
        return await load_sheet(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except RulesetUnavailable as exc:
        raise ApiError(409, "ruleset_unavailable", str(exc)) from None


async def matches(
    svc: Services, status: str | None, ruleset: str | None, limit: int
) -> list[dict[str, Any]]:
    """The matches, newest first, as their players were sent them."""
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


async def events(svc: Services, match_id: str, token: str | None) -> dict[str, Any]:
    """The unredacted event log: public once the match is finished or aborted; while it
    runs only the bootstrap admin token may read it (it shows every tile), an explicit
    capability whose every use is written to the ``jantaku.audit`` log (docs/security.md)."""
    try:
        record = await load_match(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    held = svc.manager.as_sent(match_id)
    if held is not None:  # a held match end: still running for everyone but the admin
        record = held[0]
    running = record.status not in ("finished", "aborted")
    if running and not _is_admin(svc, token):
        if token is None:
            raise ApiError(
                401, "unauthorized", "the match is running: the log needs the admin token"
            )
        raise ApiError(403, "forbidden", "the match is running: the log needs the admin token")
    if running:  # the one way to every hidden tile during play: each use is on record
        audit.warning(
            "match %s: the bootstrap admin token read the running match's full event log "
            "(every seat's hidden tiles)",
            match_id,
        )
    await _unsealed(svc, match_id, token)
    log = await svc.store.events.read(match_id)
    return {
        "match_id": match_id,
        "status": record.status,
        "seed": record.seed if record.status == "finished" else None,  # admin or unsealed
        "events": [{"seq": e.seq, "hand_number": e.hand_number, "event": e.event} for e in log],
    }


async def _export(
    svc: Services, match_id: str, token: str | None, load: Callable[[], Awaitable[T]]
) -> T:
    """An export of a finished match (``NotExportable`` otherwise), sealed like its log."""
    await _unsealed(svc, match_id, token)
    _not_held(svc, match_id)
    try:
        return await load()
    except NoSuchMatch:
        raise not_found("match", match_id) from None
    except FormatRefused as exc:  # the ruleset's game cannot have this format (sanma: mjai)
        raise ApiError(409, "format_refused", str(exc)) from None
    except NotExportable as exc:
        raise ApiError(409, "not_exportable", str(exc)) from None


async def tenhou6(svc: Services, match_id: str, token: str | None) -> dict[str, Any]:
    """A finished riichi match as a tenhou.net/6 log."""
    return await _export(svc, match_id, token, partial(load_tenhou6, svc.store, match_id))


async def mjai(
    svc: Services, match_id: str, seat: int | None, token: str | None
) -> list[dict[str, Any]]:
    """A finished riichi match as mjai messages (a seat's own view, or the full log)."""
    return await _export(svc, match_id, token, partial(load_mjai, svc.store, match_id, seat))


async def archive(
    svc: Services, start: datetime, end: datetime, ruleset: str | None
) -> dict[str, Any]:
    """Every finished match that ended in [start, end), with its scoresheet and log."""
    try:
        return await load_archive(svc.store, start, end, ruleset)
    except NothingInRange as exc:
        raise ApiError(404, "no_matches", str(exc)) from None


async def history(svc: Services, player_id: str) -> dict[str, Any]:
    """The player's counted matches, newest first, with the corrected standings."""
    player = await svc.store.players.get(player_id)
    if player is None:
        raise not_found("player", player_id)
    out = []
    for s in await svc.store.records.history(player_id):
        record = await svc.store.tables.get(s.table_id)
        if record is None:
            continue
        out.append(
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
    return {"player_id": player.id, "name": player.name, "matches": out}


async def stats(svc: Services, player_id: str, ruleset: str) -> dict[str, Any]:
    """The player's statistics in one ruleset over the counted matches."""
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
    found = await svc.store.tournaments.get(TOURNAMENT, tid)
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


async def leaderboard(
    svc: Services,
    ruleset: str,
    days: tuple[date | None, date | None],
    instants: tuple[datetime | None, datetime | None],
    min_matches: int,
    tournament: str | None,
    limit: int,
    offset: int,
) -> dict[str, Any]:
    """Players over the counted matches of one ruleset (of a tournament, of a range of
    days: ``days`` as asked, ``instants`` the range they make), in its own measure."""
    since, until = days
    start, end = instants
    chosen = None if tournament is None else await _tournament_matches(svc, tournament, ruleset)
    rows = boards.ordered(
        ruleset, await svc.store.records.leaderboard(ruleset, start, end, chosen), min_matches
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
