"""The records in memory, read: a match's scoresheet rows, standings, corrections and audit
trail, a player's history and statistics, a ruleset's leaderboard. ``MemoryRecords`` is the
whole record repository: these reads over the corrections
(server.adapters.memory.corrections), the projection (.projection) and the ratings
(.ratings)."""

from __future__ import annotations

import copy
from collections.abc import Collection
from datetime import datetime
from typing import Any

from server.adapters.memory.corrections import MemoryCorrections
from server.ports.storage import (
    AuditRow,
    CorrectionRow,
    HandRow,
    LeaderRow,
    StandingRow,
    TableRecord,
)


class MemoryRecords(MemoryCorrections):
    async def hands(self, table_id: str) -> list[HandRow]:
        return [copy.deepcopy(h) for h in self._hands.get(table_id, [])]

    async def standings(self, table_id: str) -> list[StandingRow]:
        return [copy.copy(s) for s in self._standings.get(table_id, [])]

    async def corrections(self, table_id: str) -> list[CorrectionRow]:
        return [copy.copy(c) for c in self._corrections if c.table_id == table_id]

    async def audit(self, table_id: str | None = None) -> list[AuditRow]:
        return [copy.copy(a) for a in self._audit if table_id in (None, a.table_id)]

    def _counted(self) -> list[tuple[TableRecord, StandingRow]]:
        out: list[tuple[TableRecord, StandingRow]] = []
        for table_id, rows in self._standings.items():
            record = self._tables._by_id.get(table_id)
            if record is None or record.voided or record.status != "finished":
                continue
            out.extend((record, s) for s in rows)
        return out

    async def history(self, player_id: str) -> list[StandingRow]:
        found = [(r, s) for r, s in self._counted() if s.player == player_id]
        found.sort(key=lambda rs: rs[0].ended or rs[0].created, reverse=True)
        return [copy.copy(s) for _, s in found]

    async def leaderboard(
        self,
        ruleset: str,
        since: datetime | None = None,
        until: datetime | None = None,
        matches: Collection[str] | None = None,
    ) -> list[LeaderRow]:
        acc: dict[str, list[StandingRow]] = {}
        for record, s in self._counted():
            ended = record.ended or record.created
            if record.ruleset != ruleset or s.player.startswith("bot:"):
                continue
            if matches is not None and record.id not in matches:
                continue
            if (since is not None and ended < since) or (until is not None and ended >= until):
                continue
            acc.setdefault(s.player, []).append(s)
        return [
            LeaderRow(
                player=p,
                matches=len(ss),
                points=sum(s.points for s in ss),
                score=sum(s.score for s in ss),
                rank_sum=sum(s.rank for s in ss),
            )
            for p, ss in acc.items()
        ]

    async def stats(self, player_id: str, ruleset: str) -> dict[str, Any] | None:
        found = self._stats.get((player_id, ruleset))
        return copy.deepcopy(found) if found is not None else None
