"""The queue store on the SQL database (SQLite or PostgreSQL): every instance that shares
the database shares the queues. ``claim`` deletes the group's rows in one transaction and
rolls back unless it deleted all of them."""

from __future__ import annotations

import time
from typing import Any, cast

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from server.adapters.sql.database import Database
from server.adapters.sql.models import QueueEntry, QueueSeating, QueueTable
from server.domain.matchmaking.store import AlreadyQueued, Entry, FormedTable, Seating

ENTRIES = cast(Table, QueueEntry.__table__)
SEATINGS = cast(Table, QueueSeating.__table__)
TABLES = cast(Table, QueueTable.__table__)


class _Incomplete(Exception):
    pass


def _entry(row: Any) -> Entry:
    return Entry(
        row.player,
        row.queue_id,
        row.name,
        float(row.rating),
        float(row.joined),
        row.claimed is not None,
    )


def _seating(row: Any) -> Seating:
    return Seating(
        row.player, row.queue_id, row.table_id, int(row.seat), float(row.waited), float(row.formed)
    )


class SqlQueueStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def join(self, entry: Entry) -> None:
        try:
            async with self.db.write() as conn:
                await conn.execute(delete(SEATINGS).where(SEATINGS.c.player == entry.player_id))
                await conn.execute(
                    insert(ENTRIES).values(
                        player=entry.player_id,
                        queue_id=entry.queue_id,
                        name=entry.name,
                        rating=entry.rating,
                        joined=entry.joined,
                    )
                )
        except IntegrityError:
            found = await self.entry(entry.player_id)
            raise AlreadyQueued(found.queue_id if found else entry.queue_id) from None

    async def leave(self, player_id: str) -> Entry | None:
        async with self.db.write() as conn:
            row = (await conn.execute(select(ENTRIES).where(ENTRIES.c.player == player_id))).first()
            if row is None:
                return None
            await conn.execute(delete(ENTRIES).where(ENTRIES.c.player == player_id))
            return _entry(row)

    async def entry(self, player_id: str) -> Entry | None:
        async with self.db.read() as conn:
            row = (await conn.execute(select(ENTRIES).where(ENTRIES.c.player == player_id))).first()
        return _entry(row) if row is not None else None

    async def entries(self, queue_id: str | None = None) -> list[Entry]:
        query = select(ENTRIES).order_by(ENTRIES.c.joined, ENTRIES.c.player)
        if queue_id is not None:
            query = query.where(ENTRIES.c.queue_id == queue_id)
        async with self.db.read() as conn:
            return [_entry(r) for r in (await conn.execute(query)).all()]

    async def claim(self, queue_id: str, player_ids: list[str]) -> bool:
        try:
            async with self.db.write() as conn:
                done = await conn.execute(
                    update(ENTRIES)
                    .where(
                        ENTRIES.c.queue_id == queue_id,
                        ENTRIES.c.player.in_(player_ids),
                        ENTRIES.c.claimed.is_(None),
                    )
                    .values(claimed=time.time())
                )
                if done.rowcount != len(set(player_ids)):
                    raise _Incomplete  # rolls the claims back
        except _Incomplete:
            return False
        return True

    async def restore(self, entries: list[Entry]) -> None:
        async with self.db.write() as conn:
            await conn.execute(
                update(ENTRIES)
                .where(ENTRIES.c.player.in_([e.player_id for e in entries]))
                .values(claimed=None)
            )

    async def seated(self, table: FormedTable, seatings: list[Seating]) -> None:
        async with self.db.write() as conn:
            await conn.execute(
                insert(TABLES).values(
                    table_id=table.table_id,
                    queue_id=table.queue_id,
                    ruleset=table.ruleset,
                    room=table.room,
                    ranked=table.ranked,
                    formed=table.formed,
                )
            )
            ids = [s.player_id for s in seatings]
            if ids:
                await conn.execute(delete(ENTRIES).where(ENTRIES.c.player.in_(ids)))
                await conn.execute(delete(SEATINGS).where(SEATINGS.c.player.in_(ids)))
                await conn.execute(
                    insert(SEATINGS),
                    [
                        {
                            "player": s.player_id,
                            "queue_id": s.queue_id,
                            "table_id": s.table_id,
                            "seat": s.seat,
                            "waited": s.waited,
                            "formed": s.formed,
                        }
                        for s in seatings
                    ],
                )

    async def seating(self, player_id: str) -> Seating | None:
        async with self.db.read() as conn:
            row = (
                await conn.execute(select(SEATINGS).where(SEATINGS.c.player == player_id))
            ).first()
        return _seating(row) if row is not None else None

    async def formed(self, ruleset: str) -> list[FormedTable]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(TABLES).where(TABLES.c.ruleset == ruleset))).all()
        return [
            FormedTable(r.table_id, r.queue_id, r.ruleset, r.room, bool(r.ranked), float(r.formed))
            for r in rows
        ]

    async def recent(self, queue_id: str, limit: int = 50) -> list[Seating]:
        query = (
            select(SEATINGS)
            .where(SEATINGS.c.queue_id == queue_id)
            .order_by(SEATINGS.c.formed.desc())
            .limit(limit)
        )
        async with self.db.read() as conn:
            return [_seating(r) for r in (await conn.execute(query)).all()]
