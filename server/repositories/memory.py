"""In-process implementations of the repository protocols (lost at exit)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import TYPE_CHECKING

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
    TableRecord,
    TableRepository,
)

if TYPE_CHECKING:
    from server.records.derive import Derived


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
        old = self._by_id.get(table.id)
        saved = copy.deepcopy(table)
        saved.voided = old.voided if old is not None else False  # only corrections set it
        self._by_id[table.id] = saved


class MemoryRecords:
    def __init__(self, tables: MemoryTables) -> None:
        self._tables = tables
        self._hands: dict[str, list[HandRow]] = {}
        self._standings: dict[str, list[StandingRow]] = {}
        self._adjustments: list[AdjustmentRow] = []
        self._audit: list[AuditRow] = []

    def _write(self, hands: list[HandRow], standings: list[StandingRow]) -> None:
        for h in hands:
            self._hands.setdefault(h.table_id, []).append(h)
        for s in standings:
            self._standings.setdefault(s.table_id, []).append(s)

    async def hands(self, table_id: str) -> list[HandRow]:
        return [copy.deepcopy(h) for h in self._hands.get(table_id, [])]

    async def standings(self, table_id: str) -> list[StandingRow]:
        return [copy.copy(s) for s in self._standings.get(table_id, [])]

    async def adjustments(self, table_id: str) -> list[AdjustmentRow]:
        return [copy.copy(a) for a in self._adjustments if a.table_id == table_id]

    async def audit(self, table_id: str | None = None) -> list[AuditRow]:
        return [copy.copy(a) for a in self._audit if table_id in (None, a.table_id)]

    def _counted(self) -> list[tuple[TableRecord, StandingRow]]:
        out: list[tuple[TableRecord, StandingRow]] = []
        for table_id, rows in self._standings.items():
            record = self._tables._by_id.get(table_id)
            if record is None or record.voided or record.status != "finished":
                continue
            out.extend((record, s) for s in rows)
        return out

    async def history(self, player_id: str) -> list[StandingRow]:
        found = [(r, s) for r, s in self._counted() if s.player == player_id]
        found.sort(key=lambda rs: rs[0].ended or rs[0].created, reverse=True)
        return [copy.copy(s) for _, s in found]

    async def leaderboard(self, ruleset: str | None) -> list[LeaderRow]:
        acc: dict[str, list[StandingRow]] = {}
        for record, s in self._counted():
            if (ruleset is None or record.ruleset == ruleset) and not s.player.startswith("bot:"):
                acc.setdefault(s.player, []).append(s)
        rows = [
            LeaderRow(
                player=p,
                matches=len(ss),
                points=sum(s.points for s in ss),
                average_rank=sum(s.rank for s in ss) / len(ss),
            )
            for p, ss in acc.items()
        ]
        rows.sort(key=lambda r: (-r.points, r.average_rank, r.player))
        return rows

    def _log(
        self, table_id: str, action: str, by: str, reason: str, detail: dict[str, object]
    ) -> None:
        self._audit.append(
            AuditRow(len(self._audit) + 1, table_id, action, reason, by, datetime.now(UTC), detail)
        )

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> HandRow | None:
        live = [h for h in self._hands.get(table_id, []) if not h.voided]
        if not live:
            return None
        live[-1].voided = True
        self._log(table_id, "void_hand", by, reason, {"hand_number": live[-1].hand_number})
        return copy.deepcopy(live[-1])

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        record = self._tables._by_id.get(table_id)
        if record is None or record.voided:
            return False
        record.voided = True
        self._log(table_id, "void_match", by, reason, {})
        return True

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> AdjustmentRow:
        row = AdjustmentRow(
            len(self._adjustments) + 1, table_id, place, amount, reason, by, datetime.now(UTC)
        )
        self._adjustments.append(row)
        self._log(table_id, "adjust_score", by, reason, {"place": place, "amount": amount})
        return copy.copy(row)


def apply(record: TableRecord, d: Derived, started: bool) -> None:
    if started and record.status == "waiting":
        record.status = "playing"
    if d.scores is not None:
        record.scores = list(d.scores)
        record.hands_played += d.hands_played
    if d.label is not None:
        record.hand_label = d.label
    if d.standings:
        record.status = "finished"
        record.seed = d.seed
        record.ended = datetime.now(UTC)
        record.standings = [
            {"player": s.place, "score": s.score, "rank": s.rank, "points": s.points}
            for s in d.standings
        ]


class MemoryEventLog:
    def __init__(self, tables: MemoryTables, records: MemoryRecords) -> None:
        self._logs: dict[str, list[LoggedEvent]] = {}
        self._tables = tables
        self._records = records

    async def append(self, events: list[LoggedEvent]) -> None:
        last: dict[str, int] = {}
        for ev in events:  # check everything first: all or nothing
            before = last.get(ev.table_id, len(self._logs.get(ev.table_id, [])))
            if ev.seq != before + 1:
                raise ValueError(f"table {ev.table_id}: seq {ev.seq} after {before}")
            last[ev.table_id] = ev.seq
        from server.records.derive import derive  # imports this package's protocols

        derived = []
        for table_id in last:
            batch = [ev for ev in events if ev.table_id == table_id]
            record = self._tables._by_id.get(table_id)
            occupants = list(record.seats) if record else []
            previous = next(
                (
                    e
                    for e in reversed(self._logs.get(table_id, []))
                    if e.event.get("type") == "hand_ended"
                ),
                None,
            )
            derived.append(derive(table_id, batch, occupants, previous))
        for ev in events:
            self._logs.setdefault(ev.table_id, []).append(ev)
        for table_id, d in zip(last, derived, strict=True):
            self._records._write(d.hands, d.standings)
            record = self._tables._by_id.get(table_id)
            if record is not None:  # what the SQL store updates in the same transaction
                apply(record, d, any(e.event.get("type") == "match_started" for e in events))

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return list(self._logs.get(table_id, [])[after_seq:])


class MemoryStore:
    def __init__(self) -> None:
        tables = MemoryTables()
        records = MemoryRecords(tables)
        self.players: PlayerRepository = MemoryPlayers()
        self.tables: TableRepository = tables
        self.events: EventLog = MemoryEventLog(tables, records)
        self.records: RecordRepository = records

    async def close(self) -> None:
        return None
