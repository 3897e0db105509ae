"""What the read path and ``jantaku export`` share: a match's scoresheet and event log
loaded from a store, the tenhou.net/6 document of a riichi match, and the archive of the
finished matches of a date range."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from engine.events import Event, event_from_json
from server.domain.records.scoresheet import display_names, scoresheet
from server.domain.records.sheet import project, table_of
from server.ports.storage import Store, TableRecord


class NoSuchMatch(LookupError):
    pass


class NotExportable(ValueError):
    pass


class NothingInRange(LookupError):
    pass


async def load_match(store: Store, match_id: str) -> TableRecord:
    record = await store.tables.get(match_id)
    if record is None:
        raise NoSuchMatch(match_id)
    return record


async def seat_names(store: Store, seats: list[str]) -> list[str]:
    """The display names of the places (players by name, bots like "Greedy bot (East)")."""
    players: dict[str, str] = {}
    for occupant in seats:
        if occupant == "open" or occupant.startswith("bot:"):
            continue
        player = await store.players.get(occupant)
        if player is not None:
            players[occupant] = player.name
    return display_names(seats, players)


async def sheet_of(store: Store, record: TableRecord, upto: int | None = None) -> dict[str, Any]:
    """The scoresheet; with ``upto`` (claim pacing holds the events after that seq:
    server.domain.tables.manager.as_sent) only the hands whose end was sent, and the standings
    only if the match's end was."""
    hands = await store.records.hands(record.id)
    standings = await store.records.standings(record.id)
    if upto is not None:
        hands = [h for h in hands if h.seq <= upto]
        standings = standings if record.status == "finished" else []
    projection = project(
        record.id,
        table_of(record.ruleset, record.options),
        record.seats,
        hands,
        await store.records.corrections(record.id),
        record.status == "finished",
    )
    return scoresheet(record, projection, standings, await seat_names(store, record.seats))


async def load_sheet(store: Store, match_id: str) -> dict[str, Any]:
    return await sheet_of(store, await load_match(store, match_id))


async def load_events(store: Store, match_id: str) -> list[dict[str, Any]]:
    await load_match(store, match_id)
    return [
        {"seq": e.seq, "hand_number": e.hand_number, "event": e.event}
        for e in await store.events.read(match_id)
    ]


async def _finished_riichi(store: Store, match_id: str, what: str) -> tuple[list[Event], list[str]]:
    """The events and seat names of a finished riichi match (``NotExportable`` otherwise)."""
    record = await load_match(store, match_id)
    if record.ruleset != "riichi":
        raise NotExportable(f"{what} logs exist for riichi matches, not '{record.ruleset}'")
    if record.status != "finished":
        raise NotExportable(f"the match is {record.status}; only finished matches export")
    events = [event_from_json(e.event) for e in await store.events.read(match_id)]
    return events, await seat_names(store, record.seats)


async def load_tenhou6(store: Store, match_id: str) -> dict[str, Any]:
    """The tenhou.net/6 log of a finished riichi match (``NotExportable`` otherwise)."""
    events, names = await _finished_riichi(store, match_id, "tenhou.net/6")
    try:
        from rulesets.riichi.tenhou6 import to_tenhou6
    except ImportError as exc:  # pragma: no cover - the riichi package ships it
        raise NotExportable(f"the tenhou6 exporter is not available: {exc}") from None
    try:
        doc: dict[str, Any] = to_tenhou6(events, names=names, title=f"Jantaku {match_id}")
    except Exception as exc:
        raise NotExportable(f"tenhou6 export failed: {exc}") from None
    return doc


async def load_mjai(store: Store, match_id: str, seat: int | None = None) -> list[dict[str, Any]]:
    """A finished riichi match as mjai messages: the full log, or with ``seat`` what that
    seat saw (``rulesets.riichi.mjai.seat_log``). ``NotExportable`` otherwise."""
    events, names = await _finished_riichi(store, match_id, "mjai")
    try:
        from rulesets.riichi.mjai import seat_log, to_mjai
    except ImportError as exc:  # pragma: no cover - the riichi package ships it
        raise NotExportable(f"the mjai exporter is not available: {exc}") from None
    try:
        if seat is None:
            return to_mjai(events, names=names)
        return seat_log(events, seat, names=names)
    except Exception as exc:
        raise NotExportable(f"mjai export failed: {exc}") from None


def mjai_lines(messages: list[dict[str, Any]]) -> str:
    """JSON lines: one compact object per line."""
    compact = (",", ":")
    return "".join(json.dumps(m, ensure_ascii=False, separators=compact) + "\n" for m in messages)


async def load_archive(
    store: Store, since: datetime, until: datetime, ruleset: str | None = None
) -> dict[str, Any]:
    """Every finished match that ended in [since, until): its scoresheet and event log.
    ``NothingInRange`` when there is none."""
    if until <= since:
        raise ValueError(f"the range is empty: 'to' ({until}) is not after 'from' ({since})")
    records = [
        r
        for r in await store.tables.list()
        if r.status == "finished"
        and r.sealed_by is None  # a duplicate round still played elsewhere: not yet
        and r.ended is not None
        and since <= r.ended < until
        and (ruleset is None or r.ruleset == ruleset)
    ]
    if not records:
        what = f" {ruleset}" if ruleset else ""
        raise NothingInRange(
            f"no finished{what} match ended between {since.isoformat()} and {until.isoformat()}"
        )
    records.sort(key=lambda r: (r.ended or r.created, r.id))
    matches = []
    for r in records:
        matches.append(
            {"scoresheet": await sheet_of(store, r), "events": await load_events(store, r.id)}
        )
    return {
        "from": since.isoformat(),
        "to": until.isoformat(),
        "ruleset": ruleset,
        "count": len(matches),
        "matches": matches,
    }
