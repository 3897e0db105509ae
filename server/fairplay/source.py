"""The collusion report's input, read from the store: every finished, not voided, not
sealed match of a ruleset (that ended in [since, until)), its occupants and its logged
events."""

from __future__ import annotations

from datetime import datetime

from server.fairplay.collusion import MatchFacts, Report, analyse, match_facts
from server.repositories.protocols import Store


async def collusion_matches(
    store: Store, ruleset: str, since: datetime | None = None, until: datetime | None = None
) -> list[MatchFacts]:
    out: list[MatchFacts] = []
    for record in await store.tables.list():
        if record.ruleset != ruleset or record.status != "finished" or record.voided:
            continue
        if record.ended is None or record.sealed_by is not None:
            continue  # a sealed duplicate round's walls must not show (docs/fair-play.md)
        if (since is not None and record.ended < since) or (
            until is not None and record.ended >= until
        ):
            continue
        log = await store.events.read(record.id)
        out.append(match_facts(record.id, record.seats, ((e.seq, e.event) for e in log)))
    out.sort(key=lambda m: m.match_id)
    return out


async def collusion_report(
    store: Store,
    ruleset: str,
    *,
    since: datetime | None = None,
    until: datetime | None = None,
    min_matches: int = 5,
    threshold: float = 3.0,
) -> Report:
    matches = await collusion_matches(store, ruleset, since, until)
    return analyse(matches, min_matches=min_matches, threshold=threshold)
