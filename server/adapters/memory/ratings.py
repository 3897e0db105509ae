"""The ratings in memory: the history of a ruleset, replayed from a match onwards whenever
the counted matches change, and read (what server.adapters.sql.ratings writes)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from server.adapters.memory.tables import MemoryTables
    from server.domain.records.ratings import HistoryRow, RatedMatch, Rating
    from server.ports.storage import StandingRow


class MemoryRatings:
    """The ratings part of the record repository (server.adapters.memory.records); the
    standings it rates are the projection's (server.adapters.memory.projection)."""

    _tables: MemoryTables
    _standings: dict[str, list[StandingRow]]
    _history: dict[str, list[HistoryRow]]  # per ruleset, in key order

    def _replay_ratings(self, ruleset: str, key: tuple[datetime, str] | None) -> int:
        """What the SQL store's ``write_ratings`` writes: the history of ``ruleset``
        from the match ``key`` onwards (from nothing: None) replayed."""
        from server.domain.records import ratings as rating

        history = self._history.get(ruleset, [])
        kept = [h for h in history if key is not None and h.key < key]
        matches = [m for m in self._rated(ruleset) if key is None or m.key >= key]
        _, rows = rating.replay(ruleset, rating.state_before(kept, None), matches)
        self._history[ruleset] = kept + rows
        return len(matches)

    def _rated(self, ruleset: str) -> list[RatedMatch]:
        from server.domain.records.ratings import RatedMatch

        out: list[RatedMatch] = []
        for table_id, rows in self._standings.items():
            record = self._tables._by_id.get(table_id)
            if record is None or record.voided or record.status != "finished":
                continue
            if record.ruleset != ruleset or record.ended is None:
                continue
            ordered = sorted(rows, key=lambda s: s.place)
            out.append(
                RatedMatch(
                    table_id, record.ended, [s.player for s in ordered], [s.rank for s in ordered]
                )
            )
        return out

    async def ratings(self, ruleset: str) -> dict[str, Rating]:
        from server.domain.records.ratings import state_before

        return state_before(self._history.get(ruleset, []), None)

    async def rating_history(self, ruleset: str, player: str | None = None) -> list[HistoryRow]:
        rows = self._history.get(ruleset, [])
        return [h for h in rows if player in (None, h.player)]

    async def rebuild_ratings(self, ruleset: str) -> int:
        return self._replay_ratings(ruleset, None)
