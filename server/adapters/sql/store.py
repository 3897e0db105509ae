"""The SQL store: one repository per aggregate over one database (SQLAlchemy 2 Core over an
async engine), composed. ``SqlStore.open(url)`` migrates the database to the newest schema
first.

- server.adapters.sql.database: the engine's transactions, the table handles
- server.adapters.sql.accounts: players and sessions
- server.adapters.sql.tables: the tables' own fields
- server.adapters.sql.event_log: the event log (group commit) and the records it writes
- server.adapters.sql.projection: a match's projection, read and written
- server.adapters.sql.records, .ratings, .corrections: the record repository
- server.adapters.sql.tournaments: tournament and league documents
- server.adapters.sql.queues: the matchmaking queues (a store of their own)"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from server.adapters.sql import migrate
from server.adapters.sql.accounts import SqlPlayers, SqlSessions
from server.adapters.sql.database import Database
from server.adapters.sql.engine import make_engine
from server.adapters.sql.event_log import SqlEventLog
from server.adapters.sql.records import SqlRecords
from server.adapters.sql.tables import SqlTables
from server.adapters.sql.tournaments import SqlTournaments
from server.ports.storage import (
    EventLog,
    PlayerRepository,
    RecordRepository,
    SessionRepository,
    TableRepository,
    TournamentRepository,
)


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
