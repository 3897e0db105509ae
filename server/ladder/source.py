"""The ladder's input, read from the records: the ranked tables the queues formed for a
ruleset that count (finished, not voided), with their corrected standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from server.ladder import schemes
from server.ladder.ladder import Ladder, LadderMatch, label, project

if TYPE_CHECKING:
    from server.services import Services


async def ladder_matches(svc: Services, ruleset: str) -> list[LadderMatch]:
    mm = svc.matchmaker
    if mm is None:
        return []
    out: list[LadderMatch] = []
    for formed in await mm.queues.formed(ruleset):
        if not formed.ranked:
            continue
        record = await svc.store.tables.get(formed.table_id)
        if record is None or record.status != "finished" or record.voided:
            continue
        if record.ended is None:
            continue
        rows = sorted(await svc.store.records.standings(formed.table_id), key=lambda s: s.place)
        if not rows:
            continue
        out.append(
            LadderMatch(
                match_id=formed.table_id,
                ended=record.ended,
                room=formed.room,
                length=str(record.options.get("game_length", "hanchan")),
                players=[s.player for s in rows],
                ranks=[s.rank for s in rows],
                points=[float(s.points) for s in rows],
            )
        )
    return out


async def ladder_of(svc: Services, ruleset: str) -> Ladder:
    return project(ruleset, await ladder_matches(svc, ruleset))


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
