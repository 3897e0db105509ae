"""What the server stores, as records and repository protocols (async, so that SQL
implementations fit without changing callers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


class StorageError(Exception):
    """The store could not write (database unreachable, disk full …): nothing was
    written, and the caller may try again."""


@dataclass
class PlayerRecord:
    id: str
    name: str
    token_hash: str | None  # None once revoked; the token itself is never stored
    created: datetime
    last_seen: datetime | None = None


@dataclass
class TableRecord:
    """A table and its match. ``seats[i]`` is "open", "bot:<brain>" or a player id; ``i``
    is the table place (the engine's player index, not the hand seat)."""

    id: str
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    seats: list[str]
    timers: dict[str, float]
    spectators: dict[str, Any]
    created_by: str  # a player id, or "admin"
    created: datetime
    status: str = "waiting"  # waiting | playing | paused | finished | aborted
    commitment: str | None = None  # SHA-256 of the seed, published at the start
    seed: str | None = None  # revealed at the end of the match
    started: datetime | None = None
    ended: datetime | None = None
    scores: list[int] = field(default_factory=list)
    hand_label: str = ""
    hands_played: int = 0
    standings: list[dict[str, Any]] = field(default_factory=list)
    voided: bool = False  # set only by an admin correction (RecordRepository.void_match)
    # Time bank left per table place, seconds, saved whenever a bank is spent (None: every
    # bank is still full), so that a restarted table keeps its clocks.
    banks: list[float] | None = None


@dataclass(frozen=True)
class LoggedEvent:
    table_id: str
    seq: int  # 1, 2, 3 … per table
    hand_number: int | None
    event: dict[str, Any]  # the engine's unredacted event JSON


@dataclass
class HandRow:
    """One line of a match's scoresheet, written with the hand's final events. Seats in
    ``wins``/``payments`` are table places (``result.seating`` applied)."""

    table_id: str
    hand_number: int
    seq: int  # seq of the hand_ended event
    label: str
    round_wind: int
    dealer: int  # table place of the dealer
    honba: int
    outcome: str  # win | exhaustive_draw | abortive_draw
    abort: str | None
    winners: list[int]
    discarder: int | None
    wins: list[dict[str, Any]]  # per win: place, from, tile, self_draw, patterns, total
    total: int  # the winning hands' totals added up
    payments: list[dict[str, Any]]  # payer, payee (places; None = the table), amount, reason
    scores: list[int]  # per place, after the hand
    voided: bool = False


@dataclass
class StandingRow:
    table_id: str
    place: int
    player: str  # the occupant of the place when the match ended
    rank: int
    score: int
    points: float  # table points, or the uma/oka-adjusted result


@dataclass
class AdjustmentRow:
    """A penalty (or bonus) line an administrator added to a match's scoresheet."""

    id: int
    table_id: str
    place: int
    amount: int
    reason: str
    by: str
    at: datetime


@dataclass
class AuditRow:
    id: int
    table_id: str | None
    action: str  # void_hand | void_match | adjust_score
    reason: str
    by: str
    at: datetime
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class LeaderRow:
    player: str
    matches: int
    points: float
    average_rank: float


class PlayerRepository(Protocol):
    async def add(self, player: PlayerRecord) -> None: ...

    async def get(self, player_id: str) -> PlayerRecord | None: ...

    async def by_token_hash(self, token_hash: str) -> PlayerRecord | None: ...

    async def list(self) -> list[PlayerRecord]: ...

    async def revoke(self, player_id: str) -> bool: ...

    async def touch(self, player_id: str, when: datetime) -> None: ...


class TableRepository(Protocol):
    async def add(self, table: TableRecord) -> None: ...

    async def get(self, table_id: str) -> TableRecord | None: ...

    async def list(self) -> list[TableRecord]: ...

    async def save(self, table: TableRecord) -> None:
        """Store the record's current fields (status, seats, scores, seed …)."""
        ...


class EventLog(Protocol):
    async def append(self, events: list[LoggedEvent]) -> None:
        """Append events atomically; seqs are consecutive after the table's last one."""
        ...

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]: ...


class RecordRepository(Protocol):
    """The match records the event log writes (scoresheet rows with the hand's final
    events, standings with the last hand) and the admin corrections with their audit."""

    async def hands(self, table_id: str) -> list[HandRow]: ...

    async def standings(self, table_id: str) -> list[StandingRow]: ...

    async def adjustments(self, table_id: str) -> list[AdjustmentRow]: ...

    async def audit(self, table_id: str | None = None) -> list[AuditRow]: ...

    async def history(self, player_id: str) -> list[StandingRow]:
        """The player's standings in finished, not voided matches (newest first)."""
        ...

    async def leaderboard(self, ruleset: str | None) -> list[LeaderRow]: ...

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> HandRow | None:
        """Mark the last hand not yet voided as voided (None: nothing left to void)."""
        ...

    async def void_match(self, table_id: str, by: str, reason: str) -> bool: ...

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> AdjustmentRow: ...


class Store(Protocol):
    players: PlayerRepository
    tables: TableRepository
    events: EventLog
    records: RecordRepository

    async def close(self) -> None: ...
