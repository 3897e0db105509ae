"""The records on SQL, read: a match's scoresheet rows, standings, corrections and audit
trail, a player's history and statistics, a ruleset's leaderboard. ``SqlRecords`` is the
whole record repository: these reads, the ratings (server.adapters.sql.ratings) and the
corrections (server.adapters.sql.corrections)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import Row, func, select

from server.adapters.sql.corrections import SqlCorrections
from server.adapters.sql.database import (
    AUDIT,
    CORRECTIONS,
    HANDS,
    MATCHES,
    PLAYER_STATS,
    STANDINGS,
    as_utc,
    now_utc,
)
from server.adapters.sql.projection import correction_of, hand_of
from server.adapters.sql.ratings import SqlRatings
from server.ports.storage import AuditRow, CorrectionRow, HandRow, LeaderRow, StandingRow


def _standing(row: Row[Any]) -> StandingRow:
    return StandingRow(row.match_id, row.place, row.player, row.rank, row.score, row.points)


def _audit(row: Row[Any]) -> AuditRow:
    return AuditRow(
        row.id,
        row.match_id,
        row.action,
        row.reason,
        row.by,
        as_utc(row.at) or now_utc(),
        dict(row.detail),
    )


class SqlRecords(SqlCorrections, SqlRatings):
    async def hands(self, table_id: str) -> list[HandRow]:
        query = select(HANDS).where(HANDS.c.match_id == table_id).order_by(HANDS.c.hand_number)
        return [hand_of(r) for r in await self._all(query)]

    async def standings(self, table_id: str) -> list[StandingRow]:
        query = select(STANDINGS).where(STANDINGS.c.match_id == table_id)
        return [_standing(r) for r in await self._all(query.order_by(STANDINGS.c.place))]

    async def corrections(self, table_id: str) -> list[CorrectionRow]:
        query = select(CORRECTIONS).where(CORRECTIONS.c.match_id == table_id)
        return [correction_of(r) for r in await self._all(query.order_by(CORRECTIONS.c.id))]

    async def audit(self, table_id: str | None = None) -> list[AuditRow]:
        query = select(AUDIT).order_by(AUDIT.c.id)
        if table_id is not None:
            query = query.where(AUDIT.c.match_id == table_id)
        return [_audit(r) for r in await self._all(query)]

    def _counted(self) -> Any:
        return (
            select(STANDINGS)
            .join(MATCHES, MATCHES.c.id == STANDINGS.c.match_id)
            .where(MATCHES.c.status == "finished", MATCHES.c.voided.is_(False))
        )

    async def history(self, player_id: str) -> list[StandingRow]:
        query = (
            self._counted()
            .where(STANDINGS.c.player == player_id)
            .order_by(MATCHES.c.ended.desc(), MATCHES.c.id)
        )
        return [_standing(r) for r in await self._all(query)]

    async def leaderboard(
        self,
        ruleset: str,
        since: datetime | None = None,
        until: datetime | None = None,
        matches: Collection[str] | None = None,
    ) -> list[LeaderRow]:
        if matches is not None and not matches:
            return []
        query = (
            select(
                STANDINGS.c.player,
                func.count(),
                func.sum(STANDINGS.c.points),
                func.sum(STANDINGS.c.score),
                func.sum(STANDINGS.c.rank),
            )
            .join(MATCHES, MATCHES.c.id == STANDINGS.c.match_id)
            .where(
                MATCHES.c.status == "finished",
                MATCHES.c.voided.is_(False),
                MATCHES.c.ruleset == ruleset,
                STANDINGS.c.player.not_like("bot:%"),
            )
            .group_by(STANDINGS.c.player)
        )
        if since is not None:
            query = query.where(MATCHES.c.ended >= since)
        if until is not None:
            query = query.where(MATCHES.c.ended < until)
        if matches is not None:
            query = query.where(MATCHES.c.id.in_(sorted(set(matches))))
        return [
            LeaderRow(player=p, matches=int(n), points=float(s), score=int(r), rank_sum=int(k))
            for p, n, s, r, k in (tuple(row) for row in await self._all(query))
        ]

    async def stats(self, player_id: str, ruleset: str) -> dict[str, Any] | None:
        query = select(PLAYER_STATS.c.data).where(
            PLAYER_STATS.c.player == player_id, PLAYER_STATS.c.ruleset == ruleset
        )
        rows = await self._all(query)
        return dict(rows[0].data) if rows else None
