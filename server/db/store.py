"""SQL implementations of the repository protocols (SQLAlchemy 2 Core over an async
engine). ``SqlStore.open(url)`` migrates the database to the newest schema first.

The write path: ``SqlEventLog.append`` inserts a batch of events, and in the same
transaction the scoresheet rows of the hands the batch settles, the new scores, and the
standings when the batch ends the match. The match row is locked first (``FOR UPDATE`` on
PostgreSQL; SQLite writes are serialised), so two writers of one table never interleave and
a batch whose seqs are not consecutive is refused whole."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Row, Table, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from server.db import migrate
from server.db.engine import is_sqlite, make_engine
from server.db.models import Adjustment, Audit, Hand, Match, MatchEvent, Player, Standing
from server.records.derive import derive
from server.repositories.protocols import (
    AdjustmentRow,
    AuditRow,
    EventLog,
    HandRow,
    LeaderRow,
    LoggedEvent,
    PlayerRecord,
    PlayerRepository,
    RecordRepository,
    StandingRow,
    StorageError,
    TableRecord,
    TableRepository,
)

PLAYERS = cast(Table, Player.__table__)
MATCHES = cast(Table, Match.__table__)
EVENTS = cast(Table, MatchEvent.__table__)
HANDS = cast(Table, Hand.__table__)
STANDINGS = cast(Table, Standing.__table__)
ADJUSTMENTS = cast(Table, Adjustment.__table__)
AUDIT = cast(Table, Audit.__table__)


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _now() -> datetime:
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
    async def read(self) -> AsyncIterator[AsyncConnection]:
        async with self.engine.connect() as conn:
            yield conn

    async def lock_match(self, conn: AsyncConnection, match_id: str) -> Row[Any] | None:
        query = select(MATCHES).where(MATCHES.c.id == match_id)
        if not self.sqlite:
            query = query.with_for_update()
        return (await conn.execute(query)).first()


# ---------------------------------------------------------------------- players


def _player(row: Row[Any]) -> PlayerRecord:
    return PlayerRecord(
        id=row.id,
        name=row.name,
        token_hash=row.token_hash,
        created=_utc(row.created) or _now(),
        last_seen=_utc(row.last_seen),
    )


class SqlPlayers:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, player: PlayerRecord) -> None:
        async with self.db.write() as conn:
            await conn.execute(insert(PLAYERS).values(**asdict(player)))

    async def get(self, player_id: str) -> PlayerRecord | None:
        async with self.db.read() as conn:
            row = (await conn.execute(select(PLAYERS).where(PLAYERS.c.id == player_id))).first()
        return _player(row) if row else None

    async def by_token_hash(self, token_hash: str) -> PlayerRecord | None:
        async with self.db.read() as conn:
            query = select(PLAYERS).where(PLAYERS.c.token_hash == token_hash)
            row = (await conn.execute(query)).first()
        return _player(row) if row else None

    async def list(self) -> list[PlayerRecord]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(PLAYERS).order_by(PLAYERS.c.created))).all()
        return [_player(r) for r in rows]

    async def revoke(self, player_id: str) -> bool:
        async with self.db.write() as conn:
            query = update(PLAYERS).where(PLAYERS.c.id == player_id).values(token_hash=None)
            done = await conn.execute(query)
        return bool(done.rowcount)

    async def touch(self, player_id: str, when: datetime) -> None:
        async with self.db.write() as conn:
            query = update(PLAYERS).where(PLAYERS.c.id == player_id).values(last_seen=when)
            await conn.execute(query)


# ---------------------------------------------------------------------- tables

_TABLE_FIELDS = (
    "ruleset",
    "ruleset_version",
    "options",
    "seats",
    "timers",
    "spectators",
    "created_by",
    "status",
    "commitment",
    "seed",
    "created",
    "started",
    "ended",
    "scores",
    "hand_label",
    "hands_played",
    "standings",
    "banks",
)


def _table(row: Row[Any]) -> TableRecord:
    return TableRecord(
        id=row.id,
        ruleset=row.ruleset,
        ruleset_version=row.ruleset_version,
        options=dict(row.options),
        seats=list(row.seats),
        timers=dict(row.timers),
        spectators=dict(row.spectators),
        created_by=row.created_by,
        created=_utc(row.created) or _now(),
        status=row.status,
        commitment=row.commitment,
        seed=row.seed,
        started=_utc(row.started),
        ended=_utc(row.ended),
        scores=list(row.scores),
        hand_label=row.hand_label,
        hands_played=row.hands_played,
        standings=list(row.standings),
        voided=bool(row.voided),
        banks=[float(b) for b in row.banks] if row.banks is not None else None,
    )


def _table_values(table: TableRecord) -> dict[str, Any]:
    return {name: getattr(table, name) for name in _TABLE_FIELDS}


class SqlTables:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, table: TableRecord) -> None:
        async with self.db.write() as conn:
            values = _table_values(table)
            await conn.execute(insert(MATCHES).values(id=table.id, voided=False, **values))

    async def get(self, table_id: str) -> TableRecord | None:
        async with self.db.read() as conn:
            row = (await conn.execute(select(MATCHES).where(MATCHES.c.id == table_id))).first()
        return _table(row) if row else None

    async def list(self) -> list[TableRecord]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(MATCHES).order_by(MATCHES.c.created))).all()
        return [_table(r) for r in rows]

    async def save(self, table: TableRecord) -> None:
        """Every field but ``voided``, which only an admin correction sets."""
        async with self.db.write() as conn:
            query = update(MATCHES).where(MATCHES.c.id == table.id)
            await conn.execute(query.values(**_table_values(table)))


# ---------------------------------------------------------------------- event log


def _logged(row: Row[Any]) -> LoggedEvent:
    return LoggedEvent(row.match_id, row.seq, row.hand_number, dict(row.event))


def _hand_values(h: HandRow) -> dict[str, Any]:
    values = asdict(h)
    values["match_id"] = values.pop("table_id")
    return values


RECORDED = {"match_started", "hand_started", "settled", "match_ended"}


class SqlEventLog:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def append(self, events: list[LoggedEvent]) -> None:
        """All or nothing: a batch whose seqs do not follow the table's last one, or a
        second writer of the same seq, raises ``ValueError`` and writes nothing."""
        batches: dict[str, list[LoggedEvent]] = {}
        for ev in events:
            batches.setdefault(ev.table_id, []).append(ev)
        try:
            async with self.db.write() as conn:
                for table_id in sorted(batches):  # one lock order: no deadlock
                    await self._append(conn, table_id, batches[table_id])
        except IntegrityError as exc:
            raise ValueError(f"event log write refused: {exc.orig}") from None
        except (DBAPIError, OSError) as exc:
            raise StorageError(f"event log unavailable: {exc}") from exc

    async def _append(self, conn: AsyncConnection, table_id: str, batch: list[LoggedEvent]) -> None:
        kinds = {ev.event.get("type") for ev in batch}
        match = None
        if kinds & RECORDED:  # the match row is read and updated: lock it first
            match = await self.db.lock_match(conn, table_id)
            if match is None:
                raise ValueError(f"table {table_id}: no such match")
        # Otherwise the primary key (match, seq) refuses a second writer of the same seq
        # and the foreign key an unknown match.
        last = await conn.scalar(
            select(func.coalesce(func.max(EVENTS.c.seq), 0)).where(EVENTS.c.match_id == table_id)
        )
        expected = int(last or 0)
        for ev in batch:
            expected += 1
            if ev.seq != expected:
                raise ValueError(f"table {table_id}: seq {ev.seq} after {expected - 1}")
        await conn.execute(
            insert(EVENTS),
            [
                {
                    "match_id": ev.table_id,
                    "seq": ev.seq,
                    "hand_number": ev.hand_number,
                    "type": str(ev.event.get("type", "")),
                    "event": ev.event,
                }
                for ev in batch
            ],
        )
        if match is None:
            return
        previous = None
        if "settled" in kinds and "hand_ended" not in kinds:
            query = (
                select(EVENTS)
                .where(EVENTS.c.match_id == table_id, EVENTS.c.type == "hand_ended")
                .order_by(EVENTS.c.seq.desc())
                .limit(1)
            )
            row = (await conn.execute(query)).first()
            previous = _logged(row) if row else None
        derived = derive(table_id, batch, list(match.seats), previous)
        if derived.hands:
            await conn.execute(insert(HANDS), [_hand_values(h) for h in derived.hands])
        if derived.standings:
            rows = [
                {
                    "match_id": s.table_id,
                    "place": s.place,
                    "player": s.player,
                    "rank": s.rank,
                    "score": s.score,
                    "points": s.points,
                }
                for s in derived.standings
            ]
            await conn.execute(insert(STANDINGS), rows)
        values: dict[str, Any] = {}
        if "match_started" in kinds and match.status == "waiting":
            values["status"] = "playing"
        if derived.scores is not None:
            values["scores"] = derived.scores
            values["hands_played"] = MATCHES.c.hands_played + derived.hands_played
        if derived.label is not None:
            values["hand_label"] = derived.label
        if derived.standings:
            values["status"] = "finished"
            values["seed"] = derived.seed
            values["ended"] = _now()
            values["standings"] = [
                {"player": s.place, "score": s.score, "rank": s.rank, "points": s.points}
                for s in derived.standings
            ]
        if values:
            await conn.execute(update(MATCHES).where(MATCHES.c.id == table_id).values(**values))

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        async with self.db.read() as conn:
            query = (
                select(EVENTS)
                .where(EVENTS.c.match_id == table_id, EVENTS.c.seq > after_seq)
                .order_by(EVENTS.c.seq)
            )
            rows = (await conn.execute(query)).all()
        return [_logged(r) for r in rows]


# ---------------------------------------------------------------------- records


def _hand(row: Row[Any]) -> HandRow:
    return HandRow(
        table_id=row.match_id,
        hand_number=row.hand_number,
        seq=row.seq,
        label=row.label,
        round_wind=row.round_wind,
        dealer=row.dealer,
        honba=row.honba,
        outcome=row.outcome,
        abort=row.abort,
        winners=list(row.winners),
        discarder=row.discarder,
        wins=list(row.wins),
        total=row.total,
        payments=list(row.payments),
        scores=list(row.scores),
        voided=bool(row.voided),
    )


def _standing(row: Row[Any]) -> StandingRow:
    return StandingRow(row.match_id, row.place, row.player, row.rank, row.score, row.points)


def _adjustment(row: Row[Any]) -> AdjustmentRow:
    return AdjustmentRow(
        row.id, row.match_id, row.place, row.amount, row.reason, row.by, _utc(row.at) or _now()
    )


def _audit(row: Row[Any]) -> AuditRow:
    return AuditRow(
        row.id,
        row.match_id,
        row.action,
        row.reason,
        row.by,
        _utc(row.at) or _now(),
        dict(row.detail),
    )


class SqlRecords:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def _all(self, query: Any) -> list[Row[Any]]:
        async with self.db.read() as conn:
            return list((await conn.execute(query)).all())

    async def hands(self, table_id: str) -> list[HandRow]:
        query = select(HANDS).where(HANDS.c.match_id == table_id).order_by(HANDS.c.hand_number)
        return [_hand(r) for r in await self._all(query)]

    async def standings(self, table_id: str) -> list[StandingRow]:
        query = select(STANDINGS).where(STANDINGS.c.match_id == table_id)
        return [_standing(r) for r in await self._all(query.order_by(STANDINGS.c.place))]

    async def adjustments(self, table_id: str) -> list[AdjustmentRow]:
        query = select(ADJUSTMENTS).where(ADJUSTMENTS.c.match_id == table_id)
        return [_adjustment(r) for r in await self._all(query.order_by(ADJUSTMENTS.c.id))]

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

    async def leaderboard(self, ruleset: str | None) -> list[LeaderRow]:
        points = func.sum(STANDINGS.c.points)
        average = func.avg(STANDINGS.c.rank)
        query = (
            select(STANDINGS.c.player, func.count(), points, average)
            .join(MATCHES, MATCHES.c.id == STANDINGS.c.match_id)
            .where(
                MATCHES.c.status == "finished",
                MATCHES.c.voided.is_(False),
                STANDINGS.c.player.not_like("bot:%"),
            )
            .group_by(STANDINGS.c.player)
            .order_by(points.desc(), average, STANDINGS.c.player)
        )
        if ruleset is not None:
            query = query.where(MATCHES.c.ruleset == ruleset)
        return [
            LeaderRow(player=p, matches=int(n), points=float(s), average_rank=float(a))
            for p, n, s, a in (tuple(row) for row in await self._all(query))
        ]

    async def _log(
        self,
        conn: AsyncConnection,
        table_id: str,
        action: str,
        by: str,
        reason: str,
        detail: dict[str, Any],
    ) -> None:
        values = {"match_id": table_id, "action": action, "by": by, "reason": reason}
        await conn.execute(insert(AUDIT).values(at=_now(), detail=detail, **values))

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> HandRow | None:
        async with self.db.write() as conn:
            if await self.db.lock_match(conn, table_id) is None:
                return None
            query = (
                select(HANDS)
                .where(HANDS.c.match_id == table_id, HANDS.c.voided.is_(False))
                .order_by(HANDS.c.hand_number.desc())
                .limit(1)
            )
            row = (await conn.execute(query)).first()
            if row is None:
                return None
            await conn.execute(update(HANDS).where(HANDS.c.id == row.id).values(voided=True))
            detail = {"hand_number": row.hand_number, "label": row.label}
            await self._log(conn, table_id, "void_hand", by, reason, detail)
        hand = _hand(row)
        hand.voided = True
        return hand

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        async with self.db.write() as conn:
            query = update(MATCHES).where(MATCHES.c.id == table_id, MATCHES.c.voided.is_(False))
            done = await conn.execute(query.values(voided=True))
            if not done.rowcount:
                return False
            await self._log(conn, table_id, "void_match", by, reason, {})
        return True

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> AdjustmentRow:
        at = _now()
        async with self.db.write() as conn:
            values = {"match_id": table_id, "place": place, "amount": amount}
            query = insert(ADJUSTMENTS).values(reason=reason, by=by, at=at, **values)
            new_id = (await conn.execute(query.returning(ADJUSTMENTS.c.id))).scalar_one()
            detail = {"adjustment": new_id, "place": place, "amount": amount}
            await self._log(conn, table_id, "adjust_score", by, reason, detail)
        return AdjustmentRow(new_id, table_id, place, amount, reason, by, at)


# ---------------------------------------------------------------------- the store


class SqlStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.db = Database(engine)
        self.url = engine.url.render_as_string(hide_password=True)
        self.players: PlayerRepository = SqlPlayers(self.db)
        self.tables: TableRepository = SqlTables(self.db)
        self.events: EventLog = SqlEventLog(self.db)
        self.records: RecordRepository = SqlRecords(self.db)

    @classmethod
    async def open(cls, url: str, *, migrate_first: bool = True) -> SqlStore:
        """Connect to ``url`` (after applying every pending migration)."""
        engine = make_engine(url)
        if migrate_first:
            await migrate.upgrade(url, engine=engine)
        return cls(engine)

    async def close(self) -> None:
        await self.db.engine.dispose()


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None for memory or another database)."""
    if not is_sqlite(url):
        return None
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    return database if database and database != ":memory:" else None
