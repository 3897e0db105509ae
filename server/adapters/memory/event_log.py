"""The event log in memory: a batch appended all or nothing, and with it the scoresheet
rows of the hands it settles and the match's projection (what server.adapters.sql.event_log
writes in the same transaction)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from server.ports.storage import LoggedEvent

if TYPE_CHECKING:
    from server.adapters.memory.projection import MemoryProjection
    from server.adapters.memory.tables import MemoryTables


class MemoryEventLog:
    def __init__(self, tables: MemoryTables, records: MemoryProjection) -> None:
        self._logs: dict[str, list[LoggedEvent]] = {}
        self._tables = tables
        self._records = records

    async def append(self, events: list[LoggedEvent]) -> None:
        from server.domain.records.derive import hand_events, scan
        from server.domain.records.sheet import hand_row

        last: dict[str, int] = {}
        for ev in events:  # check everything first: all or nothing
            before = last.get(ev.table_id, len(self._logs.get(ev.table_id, [])))
            if ev.seq != before + 1:
                raise ValueError(f"table {ev.table_id}: seq {ev.seq} after {before}")
            last[ev.table_id] = ev.seq
        for ev in events:
            self._logs.setdefault(ev.table_id, []).append(ev)
        for table_id in last:
            found = scan([ev for ev in events if ev.table_id == table_id])
            log = self._logs[table_id]
            for settled in found.settled:
                row = hand_row(table_id, hand_events(log, settled))
                self._records._hands.setdefault(table_id, []).append(row)
            record = self._tables._by_id.get(table_id)
            if record is None:  # what the SQL store updates in the same transaction
                continue
            if found.started and record.status == "waiting":
                record.status = "playing"
            if found.label is not None:
                record.hand_label = found.label
            if found.ended:
                record.status = "finished"
                record.seed = found.seed
                record.ended = datetime.now(UTC)
            if found.reproject:
                finished = record.status == "finished"
                self._records._write(record, self._records._projection(record, finished))

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return list(self._logs.get(table_id, [])[after_seq:])
