"""The memory store: one repository per aggregate, composed, in the modules the SQL store
has (server.adapters.sql.store): accounts, tables, event_log, projection, records, ratings,
corrections, tournaments. Everything is lost at exit."""

from __future__ import annotations

from server.adapters.memory.accounts import MemoryPlayers
from server.adapters.memory.event_log import MemoryEventLog
from server.adapters.memory.records import MemoryRecords
from server.adapters.memory.tables import MemoryTables
from server.adapters.memory.tournaments import MemoryTournaments
from server.ports.storage import (
    EventLog,
    PlayerRepository,
    RecordRepository,
    SessionRepository,
    TableRepository,
    TournamentRepository,
)


class MemoryStore:
    def __init__(self) -> None:
        tables = MemoryTables()
        records = MemoryRecords(tables)
        players = MemoryPlayers(tables, records)
        self.players: PlayerRepository = players
        self.sessions: SessionRepository = players.sessions
        self.tables: TableRepository = tables
        log = MemoryEventLog(tables, records)
        records._log = log
        self.events: EventLog = log
        self.records: RecordRepository = records
        self.tournaments: TournamentRepository = MemoryTournaments()

    async def close(self) -> None:
        return None
