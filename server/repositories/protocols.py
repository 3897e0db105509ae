"""What the server stores, as records and repository protocols (async, so that SQL
implementations fit without changing callers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


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


@dataclass(frozen=True)
class LoggedEvent:
    table_id: str
    seq: int  # 1, 2, 3 … per table
    hand_number: int | None
    event: dict[str, Any]  # the engine's unredacted event JSON


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


class Store(Protocol):
    players: PlayerRepository
    tables: TableRepository
    events: EventLog

    async def close(self) -> None: ...
