"""The accounts on SQL: players (with the merge of one account into another) and their
sessions."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Row, Text, delete, insert, select, update
from sqlalchemy import cast as cast_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from server.adapters.sql.database import (
    MATCH_STATS,
    MATCHES,
    PLAYER_STATS,
    PLAYERS,
    SESSIONS,
    STANDINGS,
    Repository,
    as_utc,
    now_utc,
)
from server.adapters.sql.models import Base
from server.adapters.sql.ratings import write_ratings
from server.domain.records import stats as statistics
from server.ports.storage import MergeReport, NameTaken, PlayerRecord, SessionRecord


def _player(row: Row[Any]) -> PlayerRecord:
    return PlayerRecord(
        id=row.id,
        name=row.name,
        name_key=row.name_key,
        created=as_utc(row.created) or now_utc(),
        last_seen=as_utc(row.last_seen),
        password_hash=row.password_hash,
        role=row.role,
    )


def player_columns() -> list[Column[Any]]:
    """Every column that holds a player id: foreign keys to players.id, and columns marked
    ``info={"player_ref": True}`` (server/adapters/sql/models.py). Sessions are not among them: a
    merge ends the source's sessions rather than handing them over."""
    found = []
    for table in Base.metadata.sorted_tables:
        if table is PLAYERS or table is SESSIONS:
            continue
        for column in table.columns:
            refers = any(fk.column is PLAYERS.c.id for fk in column.foreign_keys)
            if refers or column.info.get("player_ref") is True:
                found.append(column)
    return found


class SqlPlayers(Repository):
    async def add(self, player: PlayerRecord) -> None:
        try:
            async with self.db.write() as conn:
                taken = select(PLAYERS.c.id).where(PLAYERS.c.name_key == player.name_key)
                if (await conn.execute(taken)).first() is not None:
                    raise NameTaken(player.name)
                await conn.execute(insert(PLAYERS).values(**asdict(player)))
        except IntegrityError:  # a concurrent registration of the same name won
            raise NameTaken(player.name) from None

    async def _one(self, where: Any) -> PlayerRecord | None:
        async with self.db.read() as conn:
            row = (await conn.execute(select(PLAYERS).where(where))).first()
        return _player(row) if row else None

    async def get(self, player_id: str) -> PlayerRecord | None:
        return await self._one(PLAYERS.c.id == player_id)

    async def by_name_key(self, name_key: str) -> PlayerRecord | None:
        return await self._one(PLAYERS.c.name_key == name_key)

    async def list(self) -> list[PlayerRecord]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(PLAYERS).order_by(PLAYERS.c.created))).all()
        return [_player(r) for r in rows]

    async def _set(self, player_id: str, **values: Any) -> bool:
        async with self.db.write() as conn:
            query = update(PLAYERS).where(PLAYERS.c.id == player_id).values(**values)
            done = await conn.execute(query)
        return bool(done.rowcount)

    async def touch(self, player_id: str, when: datetime) -> None:
        await self._set(player_id, last_seen=when)

    async def set_password(self, player_id: str, password_hash: str | None) -> bool:
        return await self._set(player_id, password_hash=password_hash)

    async def set_role(self, player_id: str, role: str) -> bool:
        return await self._set(player_id, role=role)

    @staticmethod
    def _seated(player_id: str) -> Any:
        # a cheap pre-filter on the JSON text; the caller checks the decoded list
        return cast_(MATCHES.c.seats, Text).like(f'%"{player_id}"%')

    async def shared_matches(self, a: str, b: str) -> tuple[str, ...]:
        async with self.db.read() as conn:
            query = select(MATCHES.c.id, MATCHES.c.seats).where(self._seated(a), self._seated(b))
            rows = (await conn.execute(query)).all()
        return tuple(r.id for r in rows if a in r.seats and b in r.seats)

    async def merge(self, source: str, target: str) -> MergeReport:
        report = MergeReport()
        async with self.db.write() as conn:
            rulesets: set[str] = set()
            query = select(MATCHES.c.id, MATCHES.c.seats, MATCHES.c.ruleset).where(
                self._seated(source)
            )
            for row in (await conn.execute(query)).all():
                if source not in row.seats:
                    continue
                rulesets.add(row.ruleset)
                seats = [target if s == source else s for s in row.seats]
                await conn.execute(
                    update(MATCHES).where(MATCHES.c.id == row.id).values(seats=seats)
                )
                report.matches += 1
            for column in player_columns():
                table = column.table
                moved = await conn.execute(
                    update(table).where(column == source).values({column.name: target})
                )
                if table is STANDINGS:
                    report.standings += moved.rowcount
                elif table is not MATCHES:
                    key = f"{table.name}.{column.name}"
                    report.other[key] = report.other.get(key, 0) + moved.rowcount
            await self._rebuild_stats(conn, source, target)
            for ruleset in sorted(rulesets):  # the ratings follow the re-pointed standings
                await write_ratings(conn, ruleset, None)
            ended = await conn.execute(delete(SESSIONS).where(SESSIONS.c.player_id == source))
            report.other["sessions_ended"] = ended.rowcount
            await conn.execute(delete(PLAYERS).where(PLAYERS.c.id == source))
        return report

    @staticmethod
    async def _rebuild_stats(conn: AsyncConnection, source: str, target: str) -> None:
        """The target's aggregates from its match counters (the source's now among them)."""
        await conn.execute(delete(PLAYER_STATS).where(PLAYER_STATS.c.player.in_((source, target))))
        parts = select(MATCH_STATS.c.ruleset, MATCH_STATS.c.data).where(
            MATCH_STATS.c.player == target
        )
        by_ruleset: dict[str, list[dict[str, Any]]] = {}
        for row in await conn.execute(parts):
            by_ruleset.setdefault(row.ruleset, []).append(dict(row.data))
        for ruleset, datas in sorted(by_ruleset.items()):
            values = {"player": target, "ruleset": ruleset, "data": statistics.total(datas)}
            await conn.execute(insert(PLAYER_STATS).values(**values))


def _session(row: Row[Any]) -> SessionRecord:
    return SessionRecord(
        id=row.id,
        player_id=row.player_id,
        token_hash=row.token_hash,
        created=as_utc(row.created) or now_utc(),
        expires=as_utc(row.expires) or now_utc(),
        label=row.label,
        last_used=as_utc(row.last_used),
    )


class SqlSessions(Repository):
    async def add(self, session: SessionRecord) -> None:
        async with self.db.write() as conn:
            await conn.execute(insert(SESSIONS).values(**asdict(session)))

    async def by_token_hash(self, token_hash: str, now: datetime) -> SessionRecord | None:
        async with self.db.read() as conn:
            query = select(SESSIONS).where(
                SESSIONS.c.token_hash == token_hash, SESSIONS.c.expires > now
            )
            row = (await conn.execute(query)).first()
        return _session(row) if row else None

    async def of_player(self, player_id: str, now: datetime) -> list[SessionRecord]:
        async with self.db.read() as conn:
            query = (
                select(SESSIONS)
                .where(SESSIONS.c.player_id == player_id, SESSIONS.c.expires > now)
                .order_by(SESSIONS.c.created, SESSIONS.c.id)
            )
            rows = (await conn.execute(query)).all()
        return [_session(r) for r in rows]

    async def touch(self, session_id: str, when: datetime) -> None:
        async with self.db.write() as conn:
            query = update(SESSIONS).where(SESSIONS.c.id == session_id).values(last_used=when)
            await conn.execute(query)

    async def end(self, player_id: str, session_id: str) -> bool:
        async with self.db.write() as conn:
            done = await conn.execute(
                delete(SESSIONS).where(
                    SESSIONS.c.id == session_id, SESSIONS.c.player_id == player_id
                )
            )
        return bool(done.rowcount)

    async def end_all(self, player_id: str, keep: str | None = None) -> int:
        query = delete(SESSIONS).where(SESSIONS.c.player_id == player_id)
        if keep is not None:
            query = query.where(SESSIONS.c.id != keep)
        async with self.db.write() as conn:
            done = await conn.execute(query)
        return int(done.rowcount)
