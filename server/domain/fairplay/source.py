"""The collusion report's input, read from the store: every finished, not voided, not
sealed match of a ruleset (that ended in [since, until)), its occupants and its logged
events, less its voided hands and the seats stand-ins played (docs/fair-play.md). With a
``CollusionCache`` each match is read once and a report computed once per input."""

from __future__ import annotations

from datetime import datetime

from server.domain.fairplay.cache import CollusionCache
from server.domain.fairplay.collusion import MatchFacts, Report, analyse, match_facts
from server.ports.storage import Store, TableRecord


async def read_facts(store: Store, record: TableRecord) -> MatchFacts:
    """One match's facts: its log, less the hands a correction voided, and with the
    places stand-ins played counted as nobody in those hands."""
    log = await store.events.read(record.id)
    voided = {
        c.hand_number
        for c in await store.records.corrections(record.id)
        if c.kind == "void_hand" and c.hand_number is not None
    }
    return match_facts(
        record.id, record.seats, ((e.seq, e.event) for e in log), voided, record.standins
    )


async def collusion_matches(
    store: Store,
    ruleset: str,
    since: datetime | None = None,
    until: datetime | None = None,
    cache: CollusionCache | None = None,
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
        facts = cache.facts(record.id) if cache is not None else None
        if facts is None:
            facts = await read_facts(store, record)
            if cache is not None:
                cache.keep(facts)
        out.append(facts)
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
    cache: CollusionCache | None = None,
) -> Report:
    matches = await collusion_matches(store, ruleset, since, until, cache)
    key = (ruleset, since, until, min_matches, threshold)
    report = cache.report(key, matches) if cache is not None else None
    if report is None:
        report = analyse(matches, min_matches=min_matches, threshold=threshold)
        if cache is not None:
            cache.keep_report(key, matches, report)
    return report
