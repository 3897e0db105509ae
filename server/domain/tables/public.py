"""What anyone may know about a table, live or only in the database: never a tile."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from server.domain.tables.session import BOTS
from server.ports.storage import TableRecord


def table_public(
    r: TableRecord,
    names: dict[int, str],
    connected: Collection[int] = (),
    standins: Collection[int] = (),
) -> dict[str, Any]:
    """What anyone may know about a table (live, or only in the database): never a tile."""
    seats = []
    for place, occupant in enumerate(r.seats):
        kind = "open" if occupant == "open" else ("bot" if occupant in BOTS else "player")
        seats.append(
            {
                "seat": place,
                "kind": kind,
                "occupant": occupant,
                "name": names.get(place, occupant if kind == "bot" else ""),
                "connected": place in connected or kind == "bot",
                "standin": place in standins,
            }
        )
    return {
        "table_id": r.id,
        "ruleset": r.ruleset,
        "ruleset_version": r.ruleset_version,
        "options": r.options,
        "status": r.status,
        "seats": seats,
        "scores": list(r.scores),
        "hands_played": r.hands_played,
        "hand": r.hand_label,
        "timers": r.timers,
        "spectators": r.spectators,
        "commitment": r.commitment,
        "seed": r.seed if r.status == "finished" and r.sealed_by is None else None,
        "assist": r.assist,
        "sealed": r.sealed_by is not None,
        "standings": r.standings,
        "created": r.created.isoformat(),
    }
