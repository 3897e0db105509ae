"""The corrections in memory: a voided hand, a voided match or a score adjustment appended
and the match's projection written again, with an audit line that keeps the sheet before
and after; and a match projected again from its stored events."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from server.adapters.memory.projection import MemoryProjection
from server.ports.storage import AuditRow, CorrectionRow

if TYPE_CHECKING:
    from server.adapters.memory.event_log import MemoryEventLog
    from server.adapters.memory.tables import MemoryTables


class MemoryCorrections(MemoryProjection):
    """The corrections part of the record repository (server.adapters.memory.records)."""

    def __init__(self, tables: MemoryTables) -> None:
        super().__init__(tables)
        self._log: MemoryEventLog | None = None  # set by the store

    def _correct(
        self,
        table_id: str,
        kind: str,
        by: str,
        reason: str,
        place: int | None = None,
        amount: int = 0,
    ) -> CorrectionRow | None:
        from server.domain.records.sheet import NothingToCorrect, audit_detail, correction_target

        record = self._tables._by_id.get(table_id)
        if record is None:
            return None
        finished = record.status == "finished"
        before = self._projection(record, finished)
        try:
            hand_number = correction_target(before, kind)
        except NothingToCorrect:
            return None
        at = datetime.now(UTC)
        row = CorrectionRow(
            len(self._corrections) + 1, table_id, kind, place, amount, hand_number, reason, by, at
        )
        self._corrections.append(row)
        after = self._projection(record, finished)
        self._write(record, after)
        detail = audit_detail(row, before, after)
        action = {"adjust": "adjust_score"}.get(kind, kind)
        self._audit.append(AuditRow(len(self._audit) + 1, table_id, action, reason, by, at, detail))
        return copy.copy(row)

    async def rebuild(self, table_id: str) -> bool:
        from server.domain.records.sheet import rows_from_log

        record = self._tables._by_id.get(table_id)
        if record is None or self._log is None:
            return False
        self._hands[table_id] = rows_from_log(table_id, self._log._logs.get(table_id, []))
        self._write(record, self._projection(record, record.status == "finished"))
        return True

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> CorrectionRow | None:
        return self._correct(table_id, "void_hand", by, reason)

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        return self._correct(table_id, "void_match", by, reason) is not None

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> CorrectionRow:
        row = self._correct(table_id, "adjust", by, reason, place, amount)
        if row is None:
            raise ValueError(f"no match '{table_id}'")
        return row
