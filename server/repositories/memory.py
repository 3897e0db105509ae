"""In-process implementations of the repository protocols (lost at exit)."""

from __future__ import annotations

import copy
from datetime import datetime

from server.repositories.protocols import (
    EventLog,
    LoggedEvent,
    PlayerRecord,
    PlayerRepository,
    TableRecord,
    TableRepository,
)


class MemoryPlayers:
    def __init__(self) -> None:
        self._by_id: dict[str, PlayerRecord] = {}
        self._by_hash: dict[str, str] = {}

    async def add(self, player: PlayerRecord) -> None:
        self._by_id[player.id] = copy.copy(player)
        if player.token_hash:
            self._by_hash[player.token_hash] = player.id

    async def get(self, player_id: str) -> PlayerRecord | None:
        found = self._by_id.get(player_id)
        return copy.copy(found) if found else None

    async def by_token_hash(self, token_hash: str) -> PlayerRecord | None:
        player_id = self._by_hash.get(token_hash)
        return await self.get(player_id) if player_id else None

    async def list(self) -> list[PlayerRecord]:
        return [copy.copy(p) for p in self._by_id.values()]

    async def revoke(self, player_id: str) -> bool:
        player = self._by_id.get(player_id)
        if player is None:
            return False
        if player.token_hash:
            self._by_hash.pop(player.token_hash, None)
        player.token_hash = None
        return True

    async def touch(self, player_id: str, when: datetime) -> None:
        player = self._by_id.get(player_id)
        if player is not None:
            player.last_seen = when


class MemoryTables:
    def __init__(self) -> None:
        self._by_id: dict[str, TableRecord] = {}

    async def add(self, table: TableRecord) -> None:
        self._by_id[table.id] = copy.deepcopy(table)

    async def get(self, table_id: str) -> TableRecord | None:
        found = self._by_id.get(table_id)
        return copy.deepcopy(found) if found else None

    async def list(self) -> list[TableRecord]:
        return [copy.deepcopy(t) for t in self._by_id.values()]

    async def save(self, table: TableRecord) -> None:
        self._by_id[table.id] = copy.deepcopy(table)


class MemoryEventLog:
    def __init__(self) -> None:
        self._logs: dict[str, list[LoggedEvent]] = {}

    async def append(self, events: list[LoggedEvent]) -> None:
        last: dict[str, int] = {}
        for ev in events:  # check everything first: all or nothing
            before = last.get(ev.table_id, len(self._logs.get(ev.table_id, [])))
            if ev.seq != before + 1:
                raise ValueError(f"table {ev.table_id}: seq {ev.seq} after {before}")
            last[ev.table_id] = ev.seq
        for ev in events:
            self._logs.setdefault(ev.table_id, []).append(ev)

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return list(self._logs.get(table_id, [])[after_seq:])


class MemoryStore:
    def __init__(self) -> None:
        self.players: PlayerRepository = MemoryPlayers()
        self.tables: TableRepository = MemoryTables()
        self.events: EventLog = MemoryEventLog()

    async def close(self) -> None:
        return None
