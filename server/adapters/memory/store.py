"""In-process implementations of the repository protocols (lost at exit)."""

from __future__ import annotations

import copy
from collections.abc import Collection
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from server.ports.storage import (
    LIVE_STATUSES,
    PROJECTED_FIELDS,
    AuditRow,
    CorrectionRow,
    EventLog,
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
    TableRecord,
    TableRepository,
    TournamentRepository,
    VersionConflict,
)

if TYPE_CHECKING:
    from server.domain.records.ratings import HistoryRow, RatedMatch, Rating
    from server.domain.records.sheet import Projection


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
        ending = [
            s.id for s in self._by_id.values() if s.player_id == player_id and s.id != keep
        ]
        for session_id in ending:
            await self.end(player_id, session_id)
        return len(ending)


class MemoryTables:
    def __init__(self) -> None:
        self._by_id: dict[str, TableRecord] = {}

    async def add(self, table: TableRecord) -> None:
        self._by_id[table.id] = copy.deepcopy(table)

    async def get(self, table_id: str) -> TableRecord | None:
        found = self._by_id.get(table_id)
        return copy.deepcopy(found) if found else None

    async def live_of(self, player_id: str) -> list[TableRecord]:
        return [
            copy.deepcopy(t)
            for t in self._by_id.values()
            if t.status in LIVE_STATUSES and player_id in t.seats
        ]

    async def list(self) -> list[TableRecord]:
        return [copy.deepcopy(t) for t in self._by_id.values()]

    async def save(self, table: TableRecord, epoch: int | None = None) -> None:
        # no fencing in memory: one process, one owner
        old = self._by_id.get(table.id)
        saved = copy.deepcopy(table)
        if old is not None:  # the projected records are written only by the event log
            for name in PROJECTED_FIELDS:
                setattr(saved, name, copy.deepcopy(getattr(old, name)))
            if old.sealed_by is None:  # the seal only opens
                saved.sealed_by = None
        else:
            saved.voided = False
        self._by_id[table.id] = saved


class MemoryRecords:
    def __init__(self, tables: MemoryTables) -> None:
        self._tables = tables
        self._hands: dict[str, list[HandRow]] = {}
        self._standings: dict[str, list[StandingRow]] = {}
        self._corrections: list[CorrectionRow] = []
        self._audit: list[AuditRow] = []
        self._match_stats: dict[str, dict[int, tuple[str, dict[str, Any]]]] = {}
        self._stats: dict[tuple[str, str], dict[str, Any]] = {}
        self._log: MemoryEventLog | None = None  # set by the store
        self._history: dict[str, list[HistoryRow]] = {}  # per ruleset, in key order

    def _projection(self, record: TableRecord, finished: bool) -> Projection:
        from server.domain.records.sheet import project, table_of

        return project(
            record.id,
            table_of(record.ruleset, record.options),
            record.seats,
            self._hands.get(record.id, []),
            [c for c in self._corrections if c.table_id == record.id],
            finished,
        )

    def _write(self, record: TableRecord, p: Projection) -> None:
        """What the SQL store's ``_write_projection`` writes, in memory."""
        from server.domain.records.sheet import standings_json

        record.scores = list(p.final)
        record.pot = p.pot_left
        record.hands_played = len(self._hands.get(record.id, []))
        record.standings = standings_json(p.standings)
        record.voided = p.voided is not None
        if p.standings:
            self._write_standings(record, p)
        if record.status == "finished" and record.ended is not None:
            self._replay_ratings(record.ruleset, (record.ended, record.id))

    def _replay_ratings(self, ruleset: str, key: tuple[datetime, str] | None) -> int:
        """What the SQL store's ``_write_ratings`` writes: the history of ``ruleset``
        from the match ``key`` onwards (from nothing: None) replayed."""
        from server.domain.records import ratings as rating

        history = self._history.get(ruleset, [])
        kept = [h for h in history if key is not None and h.key < key]
        matches = [m for m in self._rated(ruleset) if key is None or m.key >= key]
        _, rows = rating.replay(ruleset, rating.state_before(kept, None), matches)
        self._history[ruleset] = kept + rows
        return len(matches)

    def _rated(self, ruleset: str) -> list[RatedMatch]:
        from server.domain.records.ratings import RatedMatch

        out: list[RatedMatch] = []
        for table_id, rows in self._standings.items():
            record = self._tables._by_id.get(table_id)
            if record is None or record.voided or record.status != "finished":
                continue
            if record.ruleset != ruleset or record.ended is None:
                continue
            ordered = sorted(rows, key=lambda s: s.place)
            out.append(
                RatedMatch(
                    table_id, record.ended, [s.player for s in ordered], [s.rank for s in ordered]
                )
            )
        return out

    async def ratings(self, ruleset: str) -> dict[str, Rating]:
        from server.domain.records.ratings import state_before

        return state_before(self._history.get(ruleset, []), None)

    async def rating_history(self, ruleset: str, player: str | None = None) -> list[HistoryRow]:
        rows = self._history.get(ruleset, [])
        return [h for h in rows if player in (None, h.player)]

    async def rebuild_ratings(self, ruleset: str) -> int:
        return self._replay_ratings(ruleset, None)

    def _write_standings(self, record: TableRecord, p: Projection) -> None:
        from server.domain.records import stats as statistics

        self._standings[record.id] = [copy.copy(s) for s in p.standings]
        old = {player for player, _ in self._match_stats.get(record.id, {}).values()}
        parts = statistics.contributions(record.id, p, record.seats)
        self._match_stats[record.id] = {
            place: (record.seats[place], data) for place, data in parts.items()
        }
        new = {record.seats[place]: data for place, data in parts.items()}
        for player in old | set(new):
            key = (player, record.ruleset)
            if not old and player in new:
                agg = statistics.merge(self._stats.get(key, statistics.empty()), new[player])
            else:
                agg = statistics.total(
                    data
                    for table_id, by_place in self._match_stats.items()
                    for who, data in by_place.values()
                    if who == player and self._ruleset(table_id) == record.ruleset
                )
            if agg["matches"]:
                self._stats[key] = agg
            else:
                self._stats.pop(key, None)

    def repoint_stats(self, source: str, target: str) -> None:
        """After an account merge: the source's match counters are the target's, and the
        target's aggregates are rebuilt from them."""
        from server.domain.records import stats as statistics

        for by_place in self._match_stats.values():
            for place, (who, data) in list(by_place.items()):
                if who == source:
                    by_place[place] = (target, data)
        for key in [k for k in self._stats if k[0] in (source, target)]:
            del self._stats[key]
        mine: dict[str, list[dict[str, Any]]] = {}
        for table_id, by_place in self._match_stats.items():
            for who, data in by_place.values():
                ruleset = self._ruleset(table_id)
                if who == target and ruleset is not None:
                    mine.setdefault(ruleset, []).append(data)
        for ruleset, datas in mine.items():
            self._stats[(target, ruleset)] = statistics.total(datas)

    def _ruleset(self, table_id: str) -> str | None:
        record = self._tables._by_id.get(table_id)
        return record.ruleset if record else None

    async def hands(self, table_id: str) -> list[HandRow]:
        return [copy.deepcopy(h) for h in self._hands.get(table_id, [])]

    async def standings(self, table_id: str) -> list[StandingRow]:
        return [copy.copy(s) for s in self._standings.get(table_id, [])]

    async def corrections(self, table_id: str) -> list[CorrectionRow]:
        return [copy.copy(c) for c in self._corrections if c.table_id == table_id]

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

    async def leaderboard(
        self,
        ruleset: str,
        since: datetime | None = None,
        until: datetime | None = None,
        matches: Collection[str] | None = None,
    ) -> list[LeaderRow]:
        acc: dict[str, list[StandingRow]] = {}
        for record, s in self._counted():
            ended = record.ended or record.created
            if record.ruleset != ruleset or s.player.startswith("bot:"):
                continue
            if matches is not None and record.id not in matches:
                continue
            if (since is not None and ended < since) or (until is not None and ended >= until):
                continue
            acc.setdefault(s.player, []).append(s)
        return [
            LeaderRow(
                player=p,
                matches=len(ss),
                points=sum(s.points for s in ss),
                score=sum(s.score for s in ss),
                rank_sum=sum(s.rank for s in ss),
            )
            for p, ss in acc.items()
        ]

    async def stats(self, player_id: str, ruleset: str) -> dict[str, Any] | None:
        found = self._stats.get((player_id, ruleset))
        return copy.deepcopy(found) if found is not None else None

    def _correct(
        self,
        table_id: str,
        kind: str,
        by: str,
        reason: str,
        place: int | None = None,
        amount: int = 0,
    ) -> CorrectionRow | None:
        from server.domain.records.sheet import NothingToCorrect, audit_detail, correction_target

        record = self._tables._by_id.get(table_id)
        if record is None:
            return None
        finished = record.status == "finished"
        before = self._projection(record, finished)
        try:
            hand_number = correction_target(before, kind)
        except NothingToCorrect:
            return None
        at = datetime.now(UTC)
        row = CorrectionRow(
            len(self._corrections) + 1, table_id, kind, place, amount, hand_number, reason, by, at
        )
        self._corrections.append(row)
        after = self._projection(record, finished)
        self._write(record, after)
        detail = audit_detail(row, before, after)
        action = {"adjust": "adjust_score"}.get(kind, kind)
        self._audit.append(AuditRow(len(self._audit) + 1, table_id, action, reason, by, at, detail))
        return copy.copy(row)

    async def rebuild(self, table_id: str) -> bool:
        from server.domain.records.sheet import rows_from_log

        record = self._tables._by_id.get(table_id)
        if record is None or self._log is None:
            return False
        self._hands[table_id] = rows_from_log(table_id, self._log._logs.get(table_id, []))
        self._write(record, self._projection(record, record.status == "finished"))
        return True

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> CorrectionRow | None:
        return self._correct(table_id, "void_hand", by, reason)

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        return self._correct(table_id, "void_match", by, reason) is not None

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> CorrectionRow:
        row = self._correct(table_id, "adjust", by, reason, place, amount)
        if row is None:
            raise ValueError(f"no match '{table_id}'")
        return row


class MemoryEventLog:
    def __init__(self, tables: MemoryTables, records: MemoryRecords) -> None:
        self._logs: dict[str, list[LoggedEvent]] = {}
        self._tables = tables
        self._records = records

    async def append(self, events: list[LoggedEvent]) -> None:
        from server.domain.records.derive import hand_events, scan
        from server.domain.records.sheet import hand_row

        last: dict[str, int] = {}
        for ev in events:  # check everything first: all or nothing
            before = last.get(ev.table_id, len(self._logs.get(ev.table_id, [])))
            if ev.seq != before + 1:
                raise ValueError(f"table {ev.table_id}: seq {ev.seq} after {before}")
            last[ev.table_id] = ev.seq
        for ev in events:
            self._logs.setdefault(ev.table_id, []).append(ev)
        for table_id in last:
            found = scan([ev for ev in events if ev.table_id == table_id])
            log = self._logs[table_id]
            for settled in found.settled:
                row = hand_row(table_id, hand_events(log, settled))
                self._records._hands.setdefault(table_id, []).append(row)
            record = self._tables._by_id.get(table_id)
            if record is None:  # what the SQL store updates in the same transaction
                continue
            if found.started and record.status == "waiting":
                record.status = "playing"
            if found.label is not None:
                record.hand_label = found.label
            if found.ended:
                record.status = "finished"
                record.seed = found.seed
                record.ended = datetime.now(UTC)
            if found.reproject:
                finished = record.status == "finished"
                self._records._write(record, self._records._projection(record, finished))

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return list(self._logs.get(table_id, [])[after_seq:])


class MemoryTournaments:
    def __init__(self) -> None:
        self._docs: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}

    async def add(self, kind: str, doc_id: str, data: dict[str, Any]) -> None:
        if (kind, doc_id) in self._docs:
            raise ValueError(f"{kind} {doc_id} exists")
        self._docs[(kind, doc_id)] = (copy.deepcopy(data), 1)

    async def get(self, kind: str, doc_id: str) -> tuple[dict[str, Any], int] | None:
        found = self._docs.get((kind, doc_id))
        return (copy.deepcopy(found[0]), found[1]) if found else None

    async def list(self, kind: str) -> list[dict[str, Any]]:
        return [copy.deepcopy(d) for (k, _), (d, _) in sorted(self._docs.items()) if k == kind]

    async def save(self, kind: str, doc_id: str, data: dict[str, Any], version: int) -> int:
        found = self._docs.get((kind, doc_id))
        if found is None or found[1] != version:
            raise VersionConflict(f"{kind} {doc_id} changed since version {version}")
        self._docs[(kind, doc_id)] = (copy.deepcopy(data), version + 1)
        return version + 1


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
