"""The database the SQL repositories share: the engine and its transactions, a handle on
each table of server.adapters.sql.models, and the base of every repository."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Row, Table, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from server.adapters.sql.models import (
    Audit,
    Correction,
    EventDocument,
    Hand,
    Match,
    MatchEvent,
    Player,
    PlayerMatchStats,
    PlayerRating,
    PlayerStats,
    RatingHistory,
    Session,
    Standing,
)

PLAYERS = cast(Table, Player.__table__)
SESSIONS = cast(Table, Session.__table__)
MATCHES = cast(Table, Match.__table__)
EVENTS = cast(Table, MatchEvent.__table__)
HANDS = cast(Table, Hand.__table__)
STANDINGS = cast(Table, Standing.__table__)
CORRECTIONS = cast(Table, Correction.__table__)
AUDIT = cast(Table, Audit.__table__)
MATCH_STATS = cast(Table, PlayerMatchStats.__table__)
PLAYER_STATS = cast(Table, PlayerStats.__table__)
RATING_HISTORY = cast(Table, RatingHistory.__table__)
RATINGS = cast(Table, PlayerRating.__table__)
DOCUMENTS = cast(Table, EventDocument.__table__)


def as_utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def now_utc() -> datetime:
    return datetime.now(UTC)


class Database:
    """The engine and its transactions; SQLite writers take turns (one file, one writer)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self._write_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        if self.sqlite:
            async with self._write_lock, self.engine.begin() as conn:
                yield conn
        else:
            async with self.engine.begin() as conn:
                yield conn

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """The SQLite writer's turn without an engine connection (the event log's own
        connection writes in it); nothing to wait for on another database."""
        if self.sqlite:
            async with self._write_lock:
                yield
        else:
            yield

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        async with self.engine.connect() as conn:
            yield conn

    async def lock_match(self, conn: AsyncConnection, match_id: str) -> Row[Any] | None:
        query = select(MATCHES).where(MATCHES.c.id == match_id)
        if not self.sqlite:
            query = query.with_for_update()
        return (await conn.execute(query)).first()


class Repository:
    """One aggregate's repository over the shared database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def _all(self, query: Any) -> list[Row[Any]]:
        async with self.db.read() as conn:
            return list((await conn.execute(query)).all())
