"""The accounts in memory: players (with the merge of one account into another) and their
sessions."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import TYPE_CHECKING

from server.ports.storage import MergeReport, NameTaken, PlayerRecord, SessionRecord

if TYPE_CHECKING:
    from server.adapters.memory.records import MemoryRecords
    from server.adapters.memory.tables import MemoryTables


class MemoryPlayers:
    def __init__(self, tables: MemoryTables, records: MemoryRecords) -> None:
        self._by_id: dict[str, PlayerRecord] = {}
        self._by_key: dict[str, str] = {}
        self._tables = tables
        self._records = records
        self.sessions = MemorySessions(self)

    async def add(self, player: PlayerRecord) -> None:
        if player.name_key in self._by_key:
            raise NameTaken(player.name)
        self._by_id[player.id] = copy.copy(player)
        self._by_key[player.name_key] = player.id

    async def get(self, player_id: str) -> PlayerRecord | None:
        found = self._by_id.get(player_id)
        return copy.copy(found) if found else None

    async def by_name_key(self, name_key: str) -> PlayerRecord | None:
        player_id = self._by_key.get(name_key)
        return await self.get(player_id) if player_id else None

    async def list(self) -> list[PlayerRecord]:
        return [copy.copy(p) for p in self._by_id.values()]

    async def touch(self, player_id: str, when: datetime) -> None:
        player = self._by_id.get(player_id)
        if player is not None:
            player.last_seen = when

    async def set_password(self, player_id: str, password_hash: str | None) -> bool:
        player = self._by_id.get(player_id)
        if player is None:
            return False
        player.password_hash = password_hash
        return True

    async def set_role(self, player_id: str, role: str) -> bool:
        player = self._by_id.get(player_id)
        if player is None:
            return False
        player.role = role
        return True

    async def shared_matches(self, a: str, b: str) -> tuple[str, ...]:
        return tuple(t.id for t in self._tables._by_id.values() if a in t.seats and b in t.seats)

    async def merge(self, source: str, target: str) -> MergeReport:
        report = MergeReport()
        rulesets = {t.ruleset for t in self._tables._by_id.values() if source in t.seats}
        for table in self._tables._by_id.values():
            if source in table.seats or table.created_by == source:
                table.seats = [target if s == source else s for s in table.seats]
                if table.created_by == source:
                    table.created_by = target
                report.matches += 1
        for rows in self._records._standings.values():
            for row in rows:
                if row.player == source:
                    row.player = target
                    report.standings += 1
        self._records.repoint_stats(source, target)
        for ruleset in sorted(rulesets):  # the ratings follow the re-pointed standings
            self._records._replay_ratings(ruleset, None)
        report.other["sessions_ended"] = await self.sessions.end_all(source)
        gone = self._by_id.pop(source)
        self._by_key.pop(gone.name_key, None)
        return report


class MemorySessions:
    def __init__(self, players: MemoryPlayers) -> None:
        self._players = players
        self._by_id: dict[str, SessionRecord] = {}
        self._by_hash: dict[str, str] = {}

    async def add(self, session: SessionRecord) -> None:
        self._by_id[session.id] = copy.copy(session)
        self._by_hash[session.token_hash] = session.id

    async def by_token_hash(self, token_hash: str, now: datetime) -> SessionRecord | None:
        found = self._by_id.get(self._by_hash.get(token_hash, ""))
        return copy.copy(found) if found is not None and found.expires > now else None

    async def of_player(self, player_id: str, now: datetime) -> list[SessionRecord]:
        mine = [
            copy.copy(s)
            for s in self._by_id.values()
            if s.player_id == player_id and s.expires > now
        ]
        return sorted(mine, key=lambda s: s.created)

    async def touch(self, session_id: str, when: datetime) -> None:
        found = self._by_id.get(session_id)
        if found is not None:
            found.last_used = when

    async def end(self, player_id: str, session_id: str) -> bool:
        found = self._by_id.get(session_id)
        if found is None or found.player_id != player_id:
            return False
        del self._by_id[session_id]
        self._by_hash.pop(found.token_hash, None)
        return True

    async def end_all(self, player_id: str, keep: str | None = None) -> int:
        ending = [s.id for s in self._by_id.values() if s.player_id == player_id and s.id != keep]
        for session_id in ending:
            await self.end(player_id, session_id)
        return len(ending)
