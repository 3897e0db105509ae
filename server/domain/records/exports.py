"""What the read path and ``jantaku export`` share: a match's scoresheet and event log
loaded from a store, its match-log exports (tenhou.net/6, mjai: whichever the match's
ruleset declares, ``engine.log_exports``), and the archive of the finished matches of a
date range."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from engine.events import Event, event_from_json
from engine.log_exports import ExportRefused, LogExport
from engine.ruleset import log_export
from server.domain.records.scoresheet import display_names, scoresheet
from server.domain.records.sheet import project, table_of
from server.ports.storage import Store, TableRecord


class NoSuchMatch(LookupError):
    pass


class NotExportable(ValueError):
    pass


class FormatRefused(NotExportable):
    """The match's ruleset declares the format impossible for its game (mjai for
    three-player riichi): a request the match can never satisfy, whatever its state."""


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


def _exporter(ruleset_id: str, fmt: str, what: str) -> LogExport:
    """The match's ruleset's export to ``fmt``: ``FormatRefused`` where the ruleset declares
    the format impossible, ``NotExportable`` where it has none."""
    from server.domain.registry import load, load_all

    try:
        return log_export(load(ruleset_id), fmt)
    except ExportRefused as exc:
        if exc.declared:
            raise FormatRefused(f"{what}: {exc.reason}") from None
        having = ", ".join(r.id for r in load_all() if fmt in r.log_exports) or "no"
        raise NotExportable(f"{what} logs exist for {having} matches, not '{ruleset_id}'") from None
    except Exception as exc:  # an unknown or broken ruleset
        raise NotExportable(f"{what} export of a '{ruleset_id}' match: {exc}") from None


async def _finished_log(
    store: Store, match_id: str, fmt: str, what: str
) -> tuple[LogExport, list[Event], list[str]]:
    """The ruleset's export, the events and the seat names of a finished match whose
    ruleset writes ``fmt`` (``FormatRefused`` or ``NotExportable`` otherwise)."""
    record = await load_match(store, match_id)
    export = _exporter(record.ruleset, fmt, what)
    if record.status != "finished":
        raise NotExportable(f"the match is {record.status}; only finished matches export")
    events = [event_from_json(e.event) for e in await store.events.read(match_id)]
    return export, events, await seat_names(store, record.seats)


async def load_tenhou6(store: Store, match_id: str) -> dict[str, Any]:
    """The tenhou.net/6 log of a finished match (``NotExportable`` otherwise)."""
    export, events, names = await _finished_log(store, match_id, "tenhou6", "tenhou.net/6")
    try:
        doc: dict[str, Any] = export.full(events, names, f"Jantaku {match_id}")
    except Exception as exc:
        raise NotExportable(f"tenhou6 export failed: {exc}") from None
    return doc


async def load_mjai(store: Store, match_id: str, seat: int | None = None) -> list[dict[str, Any]]:
    """A finished match as mjai messages: the full log, or with ``seat`` what that seat
    saw. ``FormatRefused`` (no mjai form of the game) or ``NotExportable`` otherwise."""
    export, events, names = await _finished_log(store, match_id, "mjai", "mjai")
    try:
        if seat is None:
            messages: list[dict[str, Any]] = export.full(events, names, f"Jantaku {match_id}")
            return messages
        if export.seat is None:
            raise FormatRefused("mjai: this ruleset's mjai export has no per-seat view")
        mine: list[dict[str, Any]] = export.seat(events, seat, names)
        return mine
    except NotExportable:
        raise
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
