"""SQL implementations of the repository protocols (SQLAlchemy 2 Core over an async
engine). ``SqlStore.open(url)`` migrates the database to the newest schema first.

The write path: ``SqlEventLog.append`` inserts a batch of events, and in the same
transaction the scoresheet rows of the hands the batch settles and the match's projection
(server.domain.records.sheet: totals, pot, standings, statistics) — the only writer of those.
Corrections append to ``corrections`` and write the projection again. The match row is
locked first (``FOR UPDATE`` on PostgreSQL; SQLite writes are serialised), so two writers
of one table never interleave and a batch whose seqs are not consecutive is refused whole."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any, cast

import aiosqlite
import asyncpg
from sqlalchemy import (
    Column,
    Row,
    Table,
    Text,
    case,
    delete,
    func,
    insert,
    literal,
    null,
    select,
    update,
)
from sqlalchemy import cast as cast_
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from server.adapters.sql import migrate
from server.adapters.sql.appenders import PgAppender, SqliteAppender, check_seqs, event_type
from server.adapters.sql.engine import is_sqlite, make_engine
from server.adapters.sql.group_commit import GroupCommit
from server.adapters.sql.models import (
    Audit,
    Base,
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
from server.domain.records import ratings as rating
from server.domain.records import stats as statistics
from server.domain.records.derive import hand_events, scan
from server.domain.records.sheet import (
    HAND_EVENTS,
    NothingToCorrect,
    Projection,
    audit_detail,
    correction_target,
    hand_row,
    project,
    rows_from_log,
    standings_json,
    table_of,
)
from server.ports.storage import (
    LIVE_STATUSES,
    PROJECTED_FIELDS,
    AuditRow,
    CorrectionRow,
    EventLog,
    Fenced,
    HandRow,
    LeaderRow,
    LoggedEvent,
    MergeReport,
    NameTaken,
    PlayerRecord,
    PlayerRepository,
    RecordRepository,
    SessionRecord,
    SessionRepository,
    StandingRow,
    StorageError,
    TableRecord,
    TableRepository,
    TournamentRepository,
    VersionConflict,
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


# ---------------------------------------------------------------------- players


def _player(row: Row[Any]) -> PlayerRecord:
    return PlayerRecord(
        id=row.id,
        name=row.name,
        name_key=row.name_key,
        created=_utc(row.created) or _now(),
        last_seen=_utc(row.last_seen),
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


class SqlPlayers:
    def __init__(self, db: Database) -> None:
        self.db = db

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
                await _write_ratings(conn, ruleset, None)
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
        created=_utc(row.created) or _now(),
        expires=_utc(row.expires) or _now(),
        label=row.label,
        last_used=_utc(row.last_used),
    )


class SqlSessions:
    def __init__(self, db: Database) -> None:
        self.db = db

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
    "pot",
    "hand_label",
    "hands_played",
    "standings",
    "banks",
    "standins",
    "assist",
    "sealed_by",
)
# Written only with the events and corrections (the projection), never by ``save``.
_PROJECTED = set(PROJECTED_FIELDS)
ACTIONS = {"adjust": "adjust_score", "void_hand": "void_hand", "void_match": "void_match"}


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
        pot=int(row.pot or 0),
        hand_label=row.hand_label,
        hands_played=row.hands_played,
        standings=list(row.standings),
        voided=bool(row.voided),
        banks=[float(b) for b in row.banks] if row.banks is not None else None,
        standins=[[int(n) for n in p] for p in row.standins] if row.standins else None,
        assist=bool(row.assist),
        sealed_by=row.sealed_by,
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

    async def live_of(self, player_id: str) -> list[TableRecord]:
        # ``status`` is indexed; the seats (a JSON list) are narrowed by their text and
        # then checked exactly, so a player id that is a substring of another never counts
        seats = cast_(MATCHES.c.seats, Text).contains(json.dumps(player_id), autoescape=True)
        query = select(MATCHES).where(MATCHES.c.status.in_(LIVE_STATUSES), seats)
        async with self.db.read() as conn:
            rows = (await conn.execute(query.order_by(MATCHES.c.created))).all()
        return [t for t in map(_table, rows) if player_id in t.seats]

    async def list(self) -> list[TableRecord]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(MATCHES).order_by(MATCHES.c.created))).all()
        return [_table(r) for r in rows]

    async def save(self, table: TableRecord, epoch: int | None = None) -> None:
        """The table's own fields: not ``voided`` nor the projected records (scores, pot,
        hands, standings), which only the event log and the corrections write. With
        ``epoch``, fenced as the event log is: the row is written only while its owner
        epoch is still ``epoch`` (one statement, so no takeover slips in between)."""
        values = {k: v for k, v in _table_values(table).items() if k not in _PROJECTED}
        # the seal only opens: once stored as NULL it stays NULL (docs/fair-play.md)
        if values["sealed_by"] is not None:
            values["sealed_by"] = case(
                (MATCHES.c.sealed_by.is_(None), null()),
                else_=literal(values["sealed_by"], MATCHES.c.sealed_by.type),
            )
        async with self.db.write() as conn:
            query = update(MATCHES).where(MATCHES.c.id == table.id)
            if epoch is not None:
                query = query.where(MATCHES.c.owner_epoch == epoch)
            done = await conn.execute(query.values(**values))
            if epoch is not None and done.rowcount == 0:
                raise Fenced(f"table {table.id}: epoch {epoch} is stale")


# ---------------------------------------------------------------------- event log


def _logged(row: Row[Any]) -> LoggedEvent:
    return LoggedEvent(row.match_id, row.seq, row.hand_number, dict(row.event))


def _hand_values(h: HandRow) -> dict[str, Any]:
    values = asdict(h)
    values["match_id"] = values.pop("table_id")
    return values


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
        deposits=list(row.deposits),
        deltas=list(row.deltas),
        pot_before=row.pot_before,
        pot=row.pot,
        riichi=list(row.riichi),
        tenpai=list(row.tenpai),
        called=list(row.called),
    )


def _correction(row: Row[Any]) -> CorrectionRow:
    return CorrectionRow(
        id=row.id,
        table_id=row.match_id,
        kind=row.kind,
        place=row.place,
        amount=row.amount,
        hand_number=row.hand_number,
        reason=row.reason,
        by=row.by,
        at=_utc(row.at) or _now(),
    )


RECORDED = {"match_started", "hand_started", "settled", "match_ended"}


async def _projection(conn: AsyncConnection, match: Row[Any], finished: bool) -> Projection:
    hands = (await conn.execute(select(HANDS).where(HANDS.c.match_id == match.id))).all()
    query = select(CORRECTIONS).where(CORRECTIONS.c.match_id == match.id)
    corrections = (await conn.execute(query.order_by(CORRECTIONS.c.id))).all()
    return project(
        match.id,
        table_of(match.ruleset, dict(match.options)),
        list(match.seats),
        [_hand(h) for h in hands],
        [_correction(c) for c in corrections],
        finished,
    )


async def _write_stats(conn: AsyncConnection, match: Row[Any], p: Projection) -> None:
    """Replace the match's statistics counters and update the players' aggregates: added
    when the match first counts, rebuilt from the counters when a correction changed them."""
    where = MATCH_STATS.c.match_id == match.id
    old = {r.player for r in (await conn.execute(select(MATCH_STATS.c.player).where(where)))}
    await conn.execute(delete(MATCH_STATS).where(where))
    parts = statistics.contributions(match.id, p, list(match.seats))
    if parts:
        rows = [
            {
                "match_id": match.id,
                "place": place,
                "player": match.seats[place],
                "ruleset": match.ruleset,
                "data": data,
            }
            for place, data in parts.items()
        ]
        await conn.execute(insert(MATCH_STATS), rows)
    new = {match.seats[place]: data for place, data in parts.items()}
    for player in sorted(old | set(new)):  # one lock order: no deadlock
        key = (PLAYER_STATS.c.player == player, PLAYER_STATS.c.ruleset == match.ruleset)
        # the row exists (a concurrent first insert is skipped), then it is locked
        dialect = conn.dialect.name
        ensure = (pg_insert if dialect == "postgresql" else sqlite_insert)(PLAYER_STATS)
        blank = {"player": player, "ruleset": match.ruleset, "data": statistics.empty()}
        await conn.execute(ensure.values(**blank).on_conflict_do_nothing())
        query = select(PLAYER_STATS.c.data).where(*key)
        if dialect == "postgresql":
            query = query.with_for_update()
        row = (await conn.execute(query)).first()
        if not old and player in new:
            agg = statistics.merge(dict(row.data) if row else statistics.empty(), new[player])
        else:
            parts_query = select(MATCH_STATS.c.data).where(
                MATCH_STATS.c.player == player, MATCH_STATS.c.ruleset == match.ruleset
            )
            agg = statistics.total(dict(r.data) for r in await conn.execute(parts_query))
        if agg["matches"]:
            await conn.execute(update(PLAYER_STATS).where(*key).values(data=agg))
        else:
            await conn.execute(delete(PLAYER_STATS).where(*key))


async def _write_projection(
    conn: AsyncConnection, match: Row[Any], p: Projection, values: dict[str, Any]
) -> None:
    """Store the projection: the match row's totals, pot and standings, the standings
    rows and the statistics (the one writer of each)."""
    count = await conn.scalar(
        select(func.count()).select_from(HANDS).where(HANDS.c.match_id == match.id)
    )
    values = dict(values)
    values.update(
        scores=list(p.final),
        pot=p.pot_left,
        hands_played=int(count or 0),
        standings=standings_json(p.standings),
        voided=p.voided is not None,
    )
    await conn.execute(update(MATCHES).where(MATCHES.c.id == match.id).values(**values))
    if p.standings:
        await conn.execute(delete(STANDINGS).where(STANDINGS.c.match_id == match.id))
        rows = [
            {
                "match_id": s.table_id,
                "place": s.place,
                "player": s.player,
                "rank": s.rank,
                "score": s.score,
                "points": s.points,
            }
            for s in p.standings
        ]
        await conn.execute(insert(STANDINGS), rows)
        await _write_stats(conn, match, p)
    if values.get("status", match.status) == "finished":
        await _write_ratings(conn, match.ruleset, match.id)


def _history(row: Row[Any]) -> rating.HistoryRow:
    before = rating.Rating(row.mu_before, row.sigma_before, row.matches_before)
    after = rating.Rating(row.mu, row.sigma, row.matches_before + 1)
    ended = _utc(row.ended) or _now()
    return rating.HistoryRow(
        row.ruleset, row.match_id, ended, row.player, row.place, row.rank, before, after
    )


async def _rated_matches(
    conn: AsyncConnection, ruleset: str, since: datetime | None
) -> list[rating.RatedMatch]:
    """The counted matches of ``ruleset`` that ended at or after ``since`` (all: None),
    with their corrected standings."""
    query = (
        select(
            MATCHES.c.id, MATCHES.c.ended, STANDINGS.c.place, STANDINGS.c.player, STANDINGS.c.rank
        )
        .join(STANDINGS, STANDINGS.c.match_id == MATCHES.c.id)
        .where(
            MATCHES.c.ruleset == ruleset,
            MATCHES.c.status == "finished",
            MATCHES.c.voided.is_(False),
            MATCHES.c.ended.is_not(None),
        )
    )
    if since is not None:
        query = query.where(MATCHES.c.ended >= since)
    seats: dict[str, tuple[datetime, dict[int, tuple[str, int]]]] = {}
    for row in (await conn.execute(query)).all():
        entry = seats.setdefault(row.id, (_utc(row.ended) or _now(), {}))
        entry[1][row.place] = (row.player, row.rank)
    return [
        rating.RatedMatch(
            match_id,
            ended,
            [by_place[p][0] for p in sorted(by_place)],
            [by_place[p][1] for p in sorted(by_place)],
        )
        for match_id, (ended, by_place) in seats.items()
    ]


async def _write_ratings(conn: AsyncConnection, ruleset: str, match_id: str | None) -> int:
    """Replay the ratings of ``ruleset`` from the match ``match_id`` onwards (from nothing:
    None): its history rows and every later one are replaced, the current ratings of the
    players they touch rewritten. The number of matches rated."""
    if conn.dialect.name == "postgresql":  # one ratings writer per ruleset at a time
        key_text = f"jantaku-ratings:{ruleset}"
        await conn.execute(select(func.pg_advisory_xact_lock(func.hashtext(key_text))))
    key: tuple[datetime, str] | None = None
    if match_id is not None:
        ended = await conn.scalar(select(MATCHES.c.ended).where(MATCHES.c.id == match_id))
        if ended is None:
            return 0
        key = (_utc(ended) or _now(), match_id)
    where = [RATING_HISTORY.c.ruleset == ruleset]
    if key is not None:
        where.append(RATING_HISTORY.c.ended >= key[0])
    stale: list[rating.HistoryRow] = []
    stale_ids: list[int] = []
    for row in (await conn.execute(select(RATING_HISTORY).where(*where))).all():
        h = _history(row)
        if key is None or h.key >= key:
            stale.append(h)
            stale_ids.append(row.id)
    # Before the key, a player's rating is the current one unless a stale row changed it:
    # then it is what the earliest stale row started from.
    state: dict[str, rating.Rating] = {}
    if key is not None:
        query = select(RATINGS).where(RATINGS.c.ruleset == ruleset)
        for r in (await conn.execute(query)).all():
            state[r.player] = rating.Rating(r.mu, r.sigma, r.matches)
        for h in sorted(stale, key=lambda h: h.key, reverse=True):
            if h.before.matches:
                state[h.player] = h.before
            else:
                state.pop(h.player, None)
    matches = [
        m
        for m in await _rated_matches(conn, ruleset, key[0] if key else None)
        if key is None or m.key >= key
    ]
    final, rows = rating.replay(ruleset, state, matches)
    if stale_ids:
        await conn.execute(delete(RATING_HISTORY).where(RATING_HISTORY.c.id.in_(stale_ids)))
    if rows:
        await conn.execute(
            insert(RATING_HISTORY),
            [
                {
                    "ruleset": ruleset,
                    "match_id": h.match_id,
                    "ended": h.ended,
                    "player": h.player,
                    "place": h.place,
                    "rank": h.rank,
                    "mu_before": h.before.mu,
                    "sigma_before": h.before.sigma,
                    "matches_before": h.before.matches,
                    "mu": h.after.mu,
                    "sigma": h.after.sigma,
                }
                for h in rows
            ],
        )
    touched = {h.player for h in stale} | {h.player for h in rows}
    if key is None:
        await conn.execute(delete(RATINGS).where(RATINGS.c.ruleset == ruleset))
        touched = set(final)
    elif touched:
        await conn.execute(
            delete(RATINGS).where(
                RATINGS.c.ruleset == ruleset, RATINGS.c.player.in_(sorted(touched))
            )
        )
    fresh = [
        {
            "player": p,
            "ruleset": ruleset,
            "mu": final[p].mu,
            "sigma": final[p].sigma,
            "matches": final[p].matches,
            "ordinal": final[p].ordinal,
        }
        for p in sorted(touched)
        if p in final
    ]
    if fresh:
        await conn.execute(insert(RATINGS), fresh)
    return len(matches)


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
            log = [_logged(r) for r in (await conn.execute(query)).all()]
            row = hand_row(table_id, hand_events(log, settled))
            await conn.execute(insert(HANDS), [_hand_values(row)])
        values: dict[str, Any] = {}
        if found.started and match.status == "waiting":
            values["status"] = "playing"
        if found.label is not None:
            values["hand_label"] = found.label
        if found.reproject:
            finished = found.ended or match.status == "finished"
            if found.ended:
                values.update(status="finished", seed=found.seed, ended=_now())
            projection = await _projection(conn, match, finished)
            await _write_projection(conn, match, projection, values)
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
        return [_logged(r) for r in rows]


# ---------------------------------------------------------------------- records


def _standing(row: Row[Any]) -> StandingRow:
    return StandingRow(row.match_id, row.place, row.player, row.rank, row.score, row.points)


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

    async def corrections(self, table_id: str) -> list[CorrectionRow]:
        query = select(CORRECTIONS).where(CORRECTIONS.c.match_id == table_id)
        return [_correction(r) for r in await self._all(query.order_by(CORRECTIONS.c.id))]

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

    async def ratings(self, ruleset: str) -> dict[str, rating.Rating]:
        query = select(RATINGS).where(RATINGS.c.ruleset == ruleset)
        return {r.player: rating.Rating(r.mu, r.sigma, r.matches) for r in await self._all(query)}

    async def rating_history(
        self, ruleset: str, player: str | None = None
    ) -> list[rating.HistoryRow]:
        query = select(RATING_HISTORY).where(RATING_HISTORY.c.ruleset == ruleset)
        if player is not None:
            query = query.where(RATING_HISTORY.c.player == player)
        rows = [_history(r) for r in await self._all(query)]
        return sorted(rows, key=lambda h: (h.key, h.place))

    async def rebuild_ratings(self, ruleset: str) -> int:
        async with self.db.write() as conn:
            return await _write_ratings(conn, ruleset, None)

    async def rebuild(self, table_id: str) -> bool:
        """Project the match again from its stored events and corrections (the hand rows,
        totals, standings and statistics); False: no such match."""
        async with self.db.write() as conn:
            match = await self.db.lock_match(conn, table_id)
            if match is None:
                return False
            query = select(EVENTS).where(EVENTS.c.match_id == table_id).order_by(EVENTS.c.seq)
            log = [_logged(r) for r in (await conn.execute(query)).all()]
            await conn.execute(delete(HANDS).where(HANDS.c.match_id == table_id))
            rows = rows_from_log(table_id, log)
            if rows:
                await conn.execute(insert(HANDS), [_hand_values(h) for h in rows])
            projection = await _projection(conn, match, match.status == "finished")
            await _write_projection(conn, match, projection, {})
        return True

    async def _correct(
        self,
        table_id: str,
        kind: str,
        by: str,
        reason: str,
        place: int | None = None,
        amount: int = 0,
    ) -> CorrectionRow | None:
        """Append a correction and write the projection again, with an audit line that
        keeps the sheet before and after. None: nothing to correct (no hand left to void,
        the match already voided, or no such match)."""
        at = _now()
        async with self.db.write() as conn:
            match = await self.db.lock_match(conn, table_id)
            if match is None:
                return None
            finished = match.status == "finished"
            before = await _projection(conn, match, finished)
            try:
                hand_number = correction_target(before, kind)
            except NothingToCorrect:
                return None
            values = {
                "match_id": table_id,
                "kind": kind,
                "place": place,
                "amount": amount,
                "hand_number": hand_number,
            }
            query = insert(CORRECTIONS).values(reason=reason, by=by, at=at, **values)
            new_id = (await conn.execute(query.returning(CORRECTIONS.c.id))).scalar_one()
            row = CorrectionRow(new_id, table_id, kind, place, amount, hand_number, reason, by, at)
            after = await _projection(conn, match, finished)
            await _write_projection(conn, match, after, {})
            detail = audit_detail(row, before, after)
            audit = {"match_id": table_id, "action": ACTIONS[kind], "by": by, "reason": reason}
            await conn.execute(insert(AUDIT).values(at=at, detail=detail, **audit))
        return row

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> CorrectionRow | None:
        return await self._correct(table_id, "void_hand", by, reason)

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        return await self._correct(table_id, "void_match", by, reason) is not None

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> CorrectionRow:
        row = await self._correct(table_id, "adjust", by, reason, place, amount)
        if row is None:
            raise ValueError(f"no match '{table_id}'")
        return row


# ---------------------------------------------------------------------- tournaments


class SqlTournaments:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, kind: str, doc_id: str, data: dict[str, Any]) -> None:
        async with self.db.write() as conn:
            await conn.execute(insert(DOCUMENTS).values(kind=kind, id=doc_id, version=1, data=data))

    async def get(self, kind: str, doc_id: str) -> tuple[dict[str, Any], int] | None:
        query = select(DOCUMENTS).where(DOCUMENTS.c.kind == kind, DOCUMENTS.c.id == doc_id)
        async with self.db.read() as conn:
            row = (await conn.execute(query)).first()
        return (dict(row.data), int(row.version)) if row else None

    async def list(self, kind: str) -> list[dict[str, Any]]:
        query = select(DOCUMENTS.c.data).where(DOCUMENTS.c.kind == kind).order_by(DOCUMENTS.c.id)
        async with self.db.read() as conn:
            return [dict(r.data) for r in (await conn.execute(query)).all()]

    async def save(self, kind: str, doc_id: str, data: dict[str, Any], version: int) -> int:
        query = (
            update(DOCUMENTS)
            .where(
                DOCUMENTS.c.kind == kind, DOCUMENTS.c.id == doc_id, DOCUMENTS.c.version == version
            )
            .values(data=data, version=version + 1)
        )
        async with self.db.write() as conn:
            result = await conn.execute(query)
        if result.rowcount != 1:
            raise VersionConflict(f"{kind} {doc_id} changed since version {version}")
        return version + 1


# ---------------------------------------------------------------------- the store


class SqlStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.db = Database(engine)
        self.url = engine.url.render_as_string(hide_password=True)
        self.players: PlayerRepository = SqlPlayers(self.db)
        self.sessions: SessionRepository = SqlSessions(self.db)
        self.tables: TableRepository = SqlTables(self.db)
        self._log = SqlEventLog(self.db)
        self.events: EventLog = self._log
        self.records: RecordRepository = SqlRecords(self.db)
        self.tournaments: TournamentRepository = SqlTournaments(self.db)

    @classmethod
    async def open(cls, url: str, *, migrate_first: bool = True) -> SqlStore:
        """Connect to ``url`` (after applying every pending migration)."""
        engine = make_engine(url)
        if migrate_first:
            await migrate.upgrade(url, engine=engine)
        return cls(engine)

    async def close(self) -> None:
        await self._log.close()
        await self.db.engine.dispose()


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None for memory or another database)."""
    if not is_sqlite(url):
        return None
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    return database if database and database != ":memory:" else None
