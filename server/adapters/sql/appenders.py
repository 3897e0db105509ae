"""The event log's fast writers: a group of plain batches (events that write no records)
goes through a connection of the log's own, straight to the driver, instead of through
SQLAlchemy's transaction, pool, pre-ping and greenlet hops (``SqlEventLog._write`` keeps
that general path for batches that settle hands or start and end matches).

Both keep the general path's guarantees: all or nothing per group, each table's batch
must follow its last stored seq (``ValueError``), and on PostgreSQL a cluster owner's
fencing token is checked under the match row's lock, so a takeover's ``claim_epoch``
(which updates that row) and an append never interleave (docs/cluster.md)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import asyncpg

from server.adapters.sql.engine import SQLITE_PRAGMAS
from server.adapters.sql.models import Match, MatchEvent
from server.ports.storage import Fenced, LoggedEvent, StorageError

EVENTS = MatchEvent.__tablename__
MATCHES = Match.__tablename__
INSERT_COLUMNS = f"INSERT INTO {EVENTS} (match_id, seq, hand_number, type, event) "

Batches = dict[str, list[LoggedEvent]]


def event_type(ev: LoggedEvent) -> str:
    return str(ev.event.get("type", ""))


def check_seqs(order: list[str], batches: Batches, last: dict[str, int]) -> None:
    """Each table's batch must follow its last stored seq (``ValueError`` otherwise)."""
    for table_id in order:
        expected = last.get(table_id, 0)
        for ev in batches[table_id]:
            expected += 1
            if ev.seq != expected:
                raise ValueError(f"table {table_id}: seq {ev.seq} after {expected - 1}")


class SqliteAppender:
    """The event log's own connection to a SQLite file, on a thread of its own: a group
    (no fencing epoch on SQLite) is one call to that thread — ``BEGIN IMMEDIATE``, every
    table's last seq, the insert, ``COMMIT``. Same file, same pragmas (WAL,
    ``synchronous=FULL``, foreign keys), same row text; it writes only in the store's
    SQLite writer turn (``Database.writing``)."""

    def __init__(self, path: str, encode: Callable[[Any], str]) -> None:
        self.path = path
        self.encode = encode
        self._conn: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="jantaku-event-log")

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            for pragma in SQLITE_PRAGMAS:
                conn.execute(pragma)
            self._conn = conn
        return self._conn

    def _write(self, order: list[str], batches: Batches) -> None:
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            marks = ",".join("?" * len(order))
            last = dict(
                conn.execute(
                    f"SELECT match_id, MAX(seq) FROM {EVENTS} "
                    f"WHERE match_id IN ({marks}) GROUP BY match_id",
                    order,
                ).fetchall()
            )
            check_seqs(order, batches, last)
            conn.executemany(
                INSERT_COLUMNS + "VALUES (?, ?, ?, ?, ?)",
                [
                    (ev.table_id, ev.seq, ev.hand_number, event_type(ev), self.encode(ev.event))
                    for t in order
                    for ev in batches[t]
                ],
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    async def write(self, order: list[str], batches: Batches) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._write, order, batches)

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=True)


# The match rows locked in id order (every multi-row locker here uses that order, so no
# deadlock), with each one's fencing token and last stored seq, in one round trip.
_LOCK = (
    f"SELECT m.id, m.owner_epoch, "
    f"(SELECT MAX(e.seq) FROM {EVENTS} e WHERE e.match_id = m.id) "
    f"FROM {MATCHES} m WHERE m.id = ANY($1::text[]) ORDER BY m.id FOR UPDATE OF m"
)
_INSERT = INSERT_COLUMNS + (
    "SELECT m, s, h, t, e::json FROM unnest($1::text[], $2::int[], $3::int[], "
    "$4::text[], $5::text[]) AS rows (m, s, h, t, e)"
)
# Errors after which the connection is not trusted again (the next write opens another).
_BROKEN = (OSError, asyncio.TimeoutError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError)


class PgAppender:
    """The event log's own asyncpg connection (made with the engine's own connect
    arguments): a group is ``BEGIN``, one locking query for every table's token and last
    seq, one insert of all the rows, ``COMMIT``. The event log's flusher writes one group
    at a time, so one connection is enough. A connection that broke is dropped; a closed
    one found before a write is replaced first, so after a database restart the next move
    is not refused for a dead connection (what the pool's pre-ping does elsewhere)."""

    def __init__(self, connect: Callable[[], Any], encode: Callable[[Any], str]) -> None:
        self._connect = connect
        self.encode = encode
        self._conn: asyncpg.Connection | None = None

    async def _connection(self) -> asyncpg.Connection:
        if self._conn is not None and self._conn.is_closed():
            self._conn = None
        if self._conn is None:
            self._conn = await self._connect()
        return self._conn

    async def write(self, order: list[str], batches: Batches) -> None:
        try:
            conn = await self._connection()
            async with conn.transaction():
                rows = await conn.fetch(_LOCK, order)
                found = {str(r[0]): r for r in rows}
                for table_id in order:
                    match = found.get(table_id)
                    if match is None:
                        raise ValueError(f"table {table_id}: no such match")
                    epoch = batches[table_id][0].epoch  # a cluster owner's fencing token
                    if epoch is not None and match[1] != epoch:
                        raise Fenced(f"table {table_id}: epoch {epoch} is stale")
                last = {t: int(r[2]) for t, r in found.items() if r[2] is not None}
                check_seqs(order, batches, last)
                events = [ev for t in order for ev in batches[t]]
                await conn.execute(
                    _INSERT,
                    [ev.table_id for ev in events],
                    [ev.seq for ev in events],
                    [ev.hand_number for ev in events],
                    [event_type(ev) for ev in events],
                    [self.encode(ev.event) for ev in events],
                )
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ValueError(f"event log write refused: {exc}") from None
        except _BROKEN as exc:
            await self._drop()
            raise StorageError(f"event log unavailable: {exc}") from exc
        except asyncpg.PostgresError as exc:
            raise StorageError(f"event log unavailable: {exc}") from exc

    async def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.terminate()

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close(timeout=5)
