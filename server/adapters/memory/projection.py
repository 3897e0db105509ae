"""A match's projection in memory (server.domain.records.sheet: totals, pot, standings,
statistics): the records' state — scoresheet rows, standings, corrections, audit trail,
statistics, rating history — and the one writer of the projection, called by the event
log's append and by a correction (what server.adapters.sql.projection writes)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from server.adapters.memory.ratings import MemoryRatings
from server.ports.storage import AuditRow, CorrectionRow, HandRow, StandingRow, TableRecord

if TYPE_CHECKING:
    from server.adapters.memory.tables import MemoryTables
    from server.domain.records.ratings import HistoryRow
    from server.domain.records.sheet import Projection


class MemoryProjection(MemoryRatings):
    def __init__(self, tables: MemoryTables) -> None:
        self._tables = tables
        self._hands: dict[str, list[HandRow]] = {}
        self._standings: dict[str, list[StandingRow]] = {}
        self._corrections: list[CorrectionRow] = []
        self._audit: list[AuditRow] = []
        self._match_stats: dict[str, dict[int, tuple[str, dict[str, Any]]]] = {}
        self._stats: dict[tuple[str, str], dict[str, Any]] = {}
        self._history: dict[str, list[HistoryRow]] = {}  # per ruleset, in key order

    def _projection(self, record: TableRecord, finished: bool) -> Projection:
        from server.domain.records.sheet import project, table_of

        return project(
            record.id,
            table_of(record.ruleset, record.options),
            record.seats,
            self._hands.get(record.id, []),
            [c for c in self._corrections if c.table_id == record.id],
            finished,
        )

    def _write(self, record: TableRecord, p: Projection) -> None:
        """What the SQL store's ``write_projection`` writes, in memory."""
        from server.domain.records.sheet import standings_json

        record.scores = list(p.final)
        record.pot = p.pot_left
        record.hands_played = len(self._hands.get(record.id, []))
        record.standings = standings_json(p.standings)
        record.voided = p.voided is not None
        if p.standings:
            self._write_standings(record, p)
        if record.status == "finished" and record.ended is not None:
            self._replay_ratings(record.ruleset, (record.ended, record.id))

    def _write_standings(self, record: TableRecord, p: Projection) -> None:
        from server.domain.records import stats as statistics

        self._standings[record.id] = [copy.copy(s) for s in p.standings]
        old = {player for player, _ in self._match_stats.get(record.id, {}).values()}
        parts = statistics.contributions(record.id, p, record.seats)
        self._match_stats[record.id] = {
            place: (record.seats[place], data) for place, data in parts.items()
        }
        new = {record.seats[place]: data for place, data in parts.items()}
        for player in old | set(new):
            key = (player, record.ruleset)
            if not old and player in new:
                agg = statistics.merge(self._stats.get(key, statistics.empty()), new[player])
            else:
                agg = statistics.total(
                    data
                    for table_id, by_place in self._match_stats.items()
                    for who, data in by_place.values()
                    if who == player and self._ruleset(table_id) == record.ruleset
                )
            if agg["matches"]:
                self._stats[key] = agg
            else:
                self._stats.pop(key, None)

    def repoint_stats(self, source: str, target: str) -> None:
        """After an account merge: the source's match counters are the target's, and the
        target's aggregates are rebuilt from them."""
        from server.domain.records import stats as statistics

        for by_place in self._match_stats.values():
            for place, (who, data) in list(by_place.items()):
                if who == source:
                    by_place[place] = (target, data)
        for key in [k for k in self._stats if k[0] in (source, target)]:
            del self._stats[key]
        mine: dict[str, list[dict[str, Any]]] = {}
        for table_id, by_place in self._match_stats.items():
            for who, data in by_place.values():
                ruleset = self._ruleset(table_id)
                if who == target and ruleset is not None:
                    mine.setdefault(ruleset, []).append(data)
        for ruleset, datas in mine.items():
            self._stats[(target, ruleset)] = statistics.total(datas)

    def _ruleset(self, table_id: str) -> str | None:
        record = self._tables._by_id.get(table_id)
        return record.ruleset if record else None
