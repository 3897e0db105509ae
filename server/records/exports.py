"""What the read path and ``jantaku export`` share: a match's scoresheet and event log
loaded from a store, and the tenhou.net/6 document of a riichi match."""

from __future__ import annotations

from typing import Any

from engine.events import event_from_json
from server.records.scoresheet import scoresheet
from server.repositories.protocols import Store, TableRecord


class NoSuchMatch(LookupError):
    pass


class NotExportable(ValueError):
    pass


async def load_match(store: Store, match_id: str) -> TableRecord:
    record = await store.tables.get(match_id)
    if record is None:
        raise NoSuchMatch(match_id)
    return record


async def names_of(store: Store, seats: list[str]) -> dict[str, str]:
    names: dict[str, str] = {}
    for occupant in seats:
        if occupant == "open" or occupant.startswith("bot:"):
            continue
        player = await store.players.get(occupant)
        if player is not None:
            names[occupant] = player.name
    return names


async def load_sheet(store: Store, match_id: str) -> dict[str, Any]:
    record = await load_match(store, match_id)
    return scoresheet(
        record,
        await store.records.hands(match_id),
        await store.records.standings(match_id),
        await store.records.adjustments(match_id),
        await names_of(store, record.seats),
    )


async def load_tenhou6(store: Store, match_id: str) -> dict[str, Any]:
    """The tenhou.net/6 log of a finished riichi match (``NotExportable`` otherwise)."""
    record = await load_match(store, match_id)
    if record.ruleset != "riichi":
        raise NotExportable(f"tenhou.net/6 logs exist for riichi matches, not '{record.ruleset}'")
    if record.status != "finished":
        raise NotExportable(f"the match is {record.status}; only finished matches export")
    try:
        from rulesets.riichi.tenhou6 import to_tenhou6
    except ImportError as exc:  # pragma: no cover - the riichi package ships it
        raise NotExportable(f"the tenhou6 exporter is not available: {exc}") from None
    events = [event_from_json(e.event) for e in await store.events.read(match_id)]
    names = await names_of(store, record.seats)
    seat_names = [names.get(o, o) for o in record.seats]
    try:
        doc: dict[str, Any] = to_tenhou6(events, names=seat_names, title=f"Jantaku {match_id}")
    except Exception as exc:
        raise NotExportable(f"tenhou6 export failed: {exc}") from None
    return doc
