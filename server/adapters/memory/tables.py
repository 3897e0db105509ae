"""The tables in memory: a table's own fields (the projected ones are written only with the
events and the corrections: server.adapters.memory.projection)."""

from __future__ import annotations

import copy

from server.ports.storage import LIVE_STATUSES, PROJECTED_FIELDS, TableRecord


class MemoryTables:
    def __init__(self) -> None:
        self._by_id: dict[str, TableRecord] = {}

    async def add(self, table: TableRecord) -> None:
        self._by_id[table.id] = copy.deepcopy(table)

    async def get(self, table_id: str) -> TableRecord | None:
        found = self._by_id.get(table_id)
        return copy.deepcopy(found) if found else None

    async def live_of(self, player_id: str) -> list[TableRecord]:
        return [
            copy.deepcopy(t)
            for t in self._by_id.values()
            if t.status in LIVE_STATUSES and player_id in t.seats
        ]

    async def list(self) -> list[TableRecord]:
        return [copy.deepcopy(t) for t in self._by_id.values()]

    async def save(self, table: TableRecord, epoch: int | None = None) -> None:
        # no fencing in memory: one process, one owner
        old = self._by_id.get(table.id)
        saved = copy.deepcopy(table)
        if old is not None:  # the projected records are written only by the event log
            for name in PROJECTED_FIELDS:
                setattr(saved, name, copy.deepcopy(getattr(old, name)))
            if old.sealed_by is None:  # the seal only opens
                saved.sealed_by = None
        else:
            saved.voided = False
        self._by_id[table.id] = saved
