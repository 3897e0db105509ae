"""The event log on SQL. ``SqlEventLog.append`` inserts a batch of events, and in the same
transaction the scoresheet rows of the hands the batch settles and the match's projection
(server.adapters.sql.projection). The match row is locked first (``FOR UPDATE`` on
PostgreSQL; SQLite writes are serialised), so two writers of one table never interleave and
a batch whose seqs are not consecutive is refused whole."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import aiosqlite
import asyncpg
from sqlalchemy import Row, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from server.adapters.sql.appenders import PgAppender, SqliteAppender, check_seqs, event_type
from server.adapters.sql.database import EVENTS, HANDS, MATCHES, Database, now_utc
from server.adapters.sql.engine import sqlite_file
from server.adapters.sql.group_commit import GroupCommit
from server.adapters.sql.projection import hand_values, read_projection, write_projection
from server.domain.records.derive import hand_events, scan
from server.domain.records.sheet import HAND_EVENTS, hand_row
from server.ports.storage import Fenced, LoggedEvent, StorageError

RECORDED = {"match_started", "hand_started", "settled", "match_ended"}


def logged_event(row: Row[Any]) -> LoggedEvent:
    return LoggedEvent(row.match_id, row.seq, row.hand_number, dict(row.event))


def _pg_connector(engine: AsyncEngine) -> Callable[[], Awaitable[asyncpg.Connection]]:
    """A new asyncpg connection made as the engine's pool makes one (the adapter's own
    arguments left out), for the event log's ``PgAppender``."""
    args, kwargs = engine.dialect.create_connect_args(engine.url)
    for adapter_only in (
        "async_creator_fn",
        "prepared_statement_cache_size",
        "prepared_statement_name_func",
    ):
        kwargs.pop(adapter_only, None)
    kwargs.setdefault("timeout", 10)
    return lambda: asyncpg.connect(*args, **kwargs)


class SqlEventLog:
    """The event log in two group-commit queues (server.adapters.sql.group_commit): batches that
    write records (a hand's or a match's start and end: the scoresheet, the projection,
    statistics, ratings, dozens of statements) in one, plain batches in the other, so a
    move is never queued behind another table's hand end. A table's batches stay in one
    queue while any is in it, so they are written in order; the two queues' tables are
    then disjoint, and so are the match rows they lock. A group of plain batches goes
    through the log's own connection (server.adapters.sql.appenders: ``SqliteAppender`` for a file
    without fencing, ``PgAppender``). On SQLite the queues still take turns (one writer)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._record_queue = GroupCommit(self._write)
        self._plain_queue = GroupCommit(self._write)
        path = sqlite_file(db.engine.url.render_as_string(hide_password=False))
        encode = db.engine.dialect._json_serializer or json.dumps  # what the JSON column writes
        self._appender: SqliteAppender | PgAppender | None = None
        if path is not None:
            self._appender = SqliteAppender(path, encode)
        elif db.engine.dialect.driver == "asyncpg":
            self._appender = PgAppender(_pg_connector(db.engine), encode)

    async def close(self) -> None:
        if self._appender is not None:
            await self._appender.close()

    async def append(self, events: list[LoggedEvent]) -> None:
        """All or nothing: a batch whose seqs do not follow the table's last one, or a
        second writer of the same seq, raises ``ValueError`` and writes nothing."""
        ids = {ev.table_id for ev in events}
        if any(t in self._record_queue.tables for t in ids):
            queue = self._record_queue
        elif any(t in self._plain_queue.tables for t in ids):
            queue = self._plain_queue
        elif any(ev.event.get("type") in RECORDED for ev in events):
            queue = self._record_queue
        else:
            queue = self._plain_queue
        await queue.append(events)

    async def _write(self, events: list[LoggedEvent]) -> None:
        """One transaction for a group: the match rows of the batches that change records
        locked (in one order: no deadlock), one query for every table's last seq, one
        insert of all the rows, then the records of the batches that settle hands."""
        batches: dict[str, list[LoggedEvent]] = {}
        for ev in events:
            batches.setdefault(ev.table_id, []).append(ev)
        order = sorted(batches)
        try:
            plain = not any(ev.event.get("type") in RECORDED for ev in events)
            if isinstance(self._appender, PgAppender) and plain:
                await self._appender.write(order, batches)
                return
            fenced = any(ev.epoch is not None for ev in events)
            if isinstance(self._appender, SqliteAppender) and plain and not fenced:
                async with self.db.writing():
                    await self._appender.write(order, batches)
                return
            async with self.db.write() as conn:
                locked: dict[str, Row[Any]] = {}
                for table_id in order:
                    recorded = {ev.event.get("type") for ev in batches[table_id]} & RECORDED
                    epoch = batches[table_id][0].epoch  # a cluster owner's fencing token
                    if recorded or epoch is not None:
                        match = await self.db.lock_match(conn, table_id)
                        if match is None:
                            raise ValueError(f"table {table_id}: no such match")
                        if epoch is not None and match.owner_epoch != epoch:
                            raise Fenced(f"table {table_id}: epoch {epoch} is stale")
                        if recorded:
                            locked[table_id] = match
                # Otherwise the primary key (match, seq) refuses a second writer of the same
                # seq and the foreign key an unknown match.
                check_seqs(order, batches, await self._last_seqs(conn, order))
                await self._insert(conn, [ev for t in order for ev in batches[t]])
                for table_id, match in locked.items():
                    await self._records(conn, table_id, batches[table_id], match)
        except IntegrityError as exc:
            raise ValueError(f"event log write refused: {exc.orig}") from None
        except (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError) as exc:
            raise ValueError(f"event log write refused: {exc}") from None  # from a driver
        except (DBAPIError, OSError, sqlite3.Error, asyncpg.PostgresError) as exc:
            raise StorageError(f"event log unavailable: {exc}") from exc

    async def _last_seqs(self, conn: AsyncConnection, table_ids: list[str]) -> dict[str, int]:
        """Each table's last stored seq (tables without events are left out)."""
        sqlite_driver, pg_driver = await self._drivers(conn)
        sql = f"SELECT match_id, MAX(seq) FROM {EVENTS.name} WHERE match_id "
        if sqlite_driver is not None:
            marks = ",".join("?" * len(table_ids))
            sql += f"IN ({marks}) GROUP BY match_id"
            return {str(t): int(n) for t, n in await sqlite_driver.execute_fetchall(sql, table_ids)}
        if pg_driver is not None:
            rows = await pg_driver.fetch(sql + "= ANY($1::text[]) GROUP BY match_id", table_ids)
            return {str(t): int(n) for t, n in rows}
        query = (
            select(EVENTS.c.match_id, func.max(EVENTS.c.seq))
            .where(EVENTS.c.match_id.in_(table_ids))
            .group_by(EVENTS.c.match_id)
        )
        return {str(t): int(n) for t, n in (await conn.execute(query)).all()}

    async def _insert(self, conn: AsyncConnection, events: list[LoggedEvent]) -> None:
        """The rows in one statement, straight through the driver (in the transaction
        SQLAlchemy opened; the JSON text is what the ``JSON`` column writes): no
        statement compiled, one trip to the driver (its thread, or the server)."""
        sqlite_driver, pg_driver = await self._drivers(conn)
        encode = conn.dialect._json_serializer or json.dumps
        columns = f"INSERT INTO {EVENTS.name} (match_id, seq, hand_number, type, event) "
        if sqlite_driver is not None:
            await sqlite_driver.executemany(
                columns + "VALUES (?, ?, ?, ?, ?)",
                [
                    (ev.table_id, ev.seq, ev.hand_number, event_type(ev), encode(ev.event))
                    for ev in events
                ],
            )
            return
        if pg_driver is not None:
            await pg_driver.execute(
                columns + "SELECT m, s, h, t, e::json FROM unnest($1::text[], $2::int[], "
                "$3::int[], $4::text[], $5::text[]) AS rows (m, s, h, t, e)",
                [ev.table_id for ev in events],
                [ev.seq for ev in events],
                [ev.hand_number for ev in events],
                [event_type(ev) for ev in events],
                [encode(ev.event) for ev in events],
            )
            return
        await conn.execute(
            insert(EVENTS),
            [
                {
                    "match_id": ev.table_id,
                    "seq": ev.seq,
                    "hand_number": ev.hand_number,
                    "type": event_type(ev),
                    "event": ev.event,
                }
                for ev in events
            ],
        )

    async def _drivers(self, conn: AsyncConnection) -> tuple[Any, Any]:
        """The aiosqlite or the asyncpg connection under ``conn`` (the other None)."""
        raw = await conn.get_raw_connection()
        driver = raw.driver_connection
        if isinstance(driver, aiosqlite.Connection):
            return driver, None
        if isinstance(driver, asyncpg.Connection):
            return None, driver
        return None, None

    async def _records(
        self, conn: AsyncConnection, table_id: str, batch: list[LoggedEvent], match: Row[Any]
    ) -> None:
        """The scoresheet rows of the hands ``batch`` settles and the match's projection."""
        found = scan(batch)
        for settled in found.settled:
            begun = (
                select(func.max(EVENTS.c.seq))
                .where(
                    EVENTS.c.match_id == table_id,
                    EVENTS.c.type == "hand_started",
                    EVENTS.c.seq <= settled.seq,
                )
                .scalar_subquery()
            )
            query = (
                select(EVENTS)
                .where(
                    EVENTS.c.match_id == table_id,
                    EVENTS.c.type.in_(sorted(HAND_EVENTS)),
                    EVENTS.c.seq >= begun,
                    EVENTS.c.seq <= settled.seq,
                )
                .order_by(EVENTS.c.seq)
            )
            log = [logged_event(r) for r in (await conn.execute(query)).all()]
            row = hand_row(table_id, hand_events(log, settled))
            await conn.execute(insert(HANDS), [hand_values(row)])
        values: dict[str, Any] = {}
        if found.started and match.status == "waiting":
            values["status"] = "playing"
        if found.label is not None:
            values["hand_label"] = found.label
        if found.reproject:
            finished = found.ended or match.status == "finished"
            if found.ended:
                values.update(status="finished", seed=found.seed, ended=now_utc())
            projection = await read_projection(conn, match, finished)
            await write_projection(conn, match, projection, values)
        elif values:
            await conn.execute(update(MATCHES).where(MATCHES.c.id == table_id).values(**values))

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        async with self.db.read() as conn:
            query = (
                select(EVENTS)
                .where(EVENTS.c.match_id == table_id, EVENTS.c.seq > after_seq)
                .order_by(EVENTS.c.seq)
            )
            rows = (await conn.execute(query)).all()
        return [logged_event(r) for r in rows]
