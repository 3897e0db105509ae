"""The ladder's input, read from the records: the ranked tables the queues formed for a
ruleset that count (finished, not voided), with their corrected standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from server.domain.ladder import schemes
from server.domain.ladder.ladder import Ladder, LadderMatch, label, project

if TYPE_CHECKING:
    from server.domain.matchmaking.store import FormedTable
    from server.ports.storage import TableRecord
    from server.usecases.context import Services


async def ladder_matches(svc: Services, ruleset: str, cached: bool = True) -> list[LadderMatch]:
    """The ladder's input; ``cached``: each finished table's is read once
    (server.domain.ladder.cache), else everything is read from the records."""
    mm = svc.matchmaker
    if mm is None:
        return []
    cache = svc.ladder_cache
    out: list[LadderMatch] = []
    for formed in await mm.queues.formed(ruleset):
        if not formed.ranked:
            continue
        found, kept = cache.input(formed.table_id) if cached else (False, None)
        if not found:
            record = await svc.store.tables.get(formed.table_id)
            if record is None or record.status != "finished":
                continue  # not kept: it may finish
            kept = await _input(svc, formed, record)
            if cached:
                cache.keep(formed.table_id, kept)
        if kept is not None:
            out.append(kept)
    return out


async def _input(svc: Services, formed: FormedTable, record: TableRecord) -> LadderMatch | None:
    if record.voided or record.ended is None:
        return None
    rows = sorted(await svc.store.records.standings(formed.table_id), key=lambda s: s.place)
    if not rows:
        return None
    return LadderMatch(
        match_id=formed.table_id,
        ended=record.ended,
        room=formed.room,
        length=str(record.options.get("game_length", "hanchan")),
        players=[s.player for s in rows],
        ranks=[s.rank for s in rows],
        points=[float(s.points) for s in rows],
    )


async def ladder_of(svc: Services, ruleset: str, cached: bool = True) -> Ladder:
    matches = await ladder_matches(svc, ruleset, cached)
    if not cached:
        return project(ruleset, matches)
    lad = svc.ladder_cache.ladder(ruleset, matches)
    if lad is None:
        lad = project(ruleset, matches)
        svc.ladder_cache.keep_ladder(ruleset, matches, lad)
    return lad


async def with_ranks(svc: Services, table: dict[str, Any]) -> dict[str, Any]:
    """A table's public information with each player's ladder rank (``seats[i].rank``)
    when a queue formed it as ranked; other tables are left as they are."""
    mm = svc.matchmaker
    ruleset = str(table.get("ruleset", ""))
    if mm is None or not schemes.has_ladder(ruleset):
        return table
    formed = {t.table_id: t for t in await mm.queues.formed(ruleset)}
    found = formed.get(str(table.get("table_id")))
    if found is None or not found.ranked:
        return table
    lad = await ladder_of(svc, ruleset)
    for seat in table.get("seats", []):
        if seat.get("kind") == "player":
            standing = lad.players.get(seat["occupant"], schemes.Standing())
            seat["rank"] = label(ruleset, standing)
    return table
