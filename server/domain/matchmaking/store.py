"""Where queue state lives: a small protocol with an in-process implementation and a SQL
one (``server.adapters.sql.queues``, on the store's database, so that every server instance
sharing the database shares the queues). A Redis implementation fits the same protocol.

``claim`` is the one step that seats players: it marks a group as being seated only if
every member still waits unclaimed, atomically, so concurrent matchmakers (or a player
leaving meanwhile) can never put one player at two tables. ``seated`` then replaces the
claimed entries by seatings in one step (``restore`` releases them if the table could not
be opened), so a player is always queued, being seated, or seated."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Protocol


class AlreadyQueued(Exception):
    """The player already waits in a queue (``queue_id``)."""

    def __init__(self, queue_id: str) -> None:
        super().__init__(queue_id)
        self.queue_id = queue_id


@dataclass(frozen=True)
class Entry:
    player_id: str
    queue_id: str
    name: str
    rating: float  # at the time they joined (OpenSkill mu - 3 sigma)
    joined: float  # Unix time
    claimed: bool = False  # a matchmaker is opening their table


@dataclass(frozen=True)
class Seating:
    """Where a queue seated a player (until they queue again)."""

    player_id: str
    queue_id: str
    table_id: str
    seat: int
    waited: float  # seconds in the queue
    formed: float  # Unix time


@dataclass(frozen=True)
class FormedTable:
    table_id: str
    queue_id: str
    ruleset: str
    room: str
    ranked: bool
    formed: float


class QueueStore(Protocol):
    async def join(self, entry: Entry) -> None:
        """Queue a player (their previous seating is forgotten); ``AlreadyQueued``."""
        ...

    async def leave(self, player_id: str) -> Entry | None:
        """Take the player out of their queue (None: they were not queued)."""
        ...

    async def entry(self, player_id: str) -> Entry | None: ...

    async def entries(self, queue_id: str | None = None) -> list[Entry]:
        """The queued players (of one queue), first come first, claimed ones included."""
        ...

    async def claim(self, queue_id: str, player_ids: list[str]) -> bool:
        """Claim all of ``player_ids`` in ``queue_id`` at once, or none (False: one of
        them is no longer there, or already claimed)."""
        ...

    async def restore(self, entries: list[Entry]) -> None:
        """Release claimed entries (their table could not be opened)."""
        ...

    async def seated(self, table: FormedTable, seatings: list[Seating]) -> None:
        """The claimed players are seated: their entries become these seatings."""
        ...

    async def seating(self, player_id: str) -> Seating | None: ...

    async def formed(self, ruleset: str) -> list[FormedTable]:
        """The tables queues formed for ``ruleset``."""
        ...

    async def recent(self, queue_id: str, limit: int = 50) -> list[Seating]:
        """The latest seatings of a queue, newest first (how long people waited)."""
        ...



class QueueDesk(Protocol):
    """What other rooms read of the matchmaker: its queues and the tables they formed
    (the ladder); the queue routes and socket use the ``Matchmaker`` itself."""

    @property
    def queues(self) -> QueueStore: ...


class MemoryQueueStore:
    """In one process (tests, and a server on the in-memory store)."""

    def __init__(self) -> None:
        self._entries: dict[str, Entry] = {}
        self._seatings: dict[str, Seating] = {}
        self._history: list[Seating] = []
        self._tables: dict[str, FormedTable] = {}
        self._lock = asyncio.Lock()

    async def join(self, entry: Entry) -> None:
        async with self._lock:
            queued = self._entries.get(entry.player_id)
            if queued is not None:
                raise AlreadyQueued(queued.queue_id)
            self._seatings.pop(entry.player_id, None)
            self._entries[entry.player_id] = replace(entry)

    async def leave(self, player_id: str) -> Entry | None:
        async with self._lock:
            return self._entries.pop(player_id, None)

    async def entry(self, player_id: str) -> Entry | None:
        return self._entries.get(player_id)

    async def entries(self, queue_id: str | None = None) -> list[Entry]:
        found = [e for e in self._entries.values() if queue_id in (None, e.queue_id)]
        return sorted(found, key=lambda e: (e.joined, e.player_id))

    async def claim(self, queue_id: str, player_ids: list[str]) -> bool:
        async with self._lock:
            found = [self._entries.get(p) for p in player_ids]
            if any(e is None or e.queue_id != queue_id or e.claimed for e in found):
                return False
            for e in found:
                assert e is not None
                self._entries[e.player_id] = replace(e, claimed=True)
            return True

    async def restore(self, entries: list[Entry]) -> None:
        async with self._lock:
            for e in entries:
                if e.player_id in self._entries:
                    self._entries[e.player_id] = replace(e, claimed=False)

    async def seated(self, table: FormedTable, seatings: list[Seating]) -> None:
        async with self._lock:
            self._tables[table.table_id] = table
            for s in seatings:
                self._entries.pop(s.player_id, None)
                self._seatings[s.player_id] = s
                self._history.append(s)

    async def seating(self, player_id: str) -> Seating | None:
        return self._seatings.get(player_id)

    async def formed(self, ruleset: str) -> list[FormedTable]:
        return [t for t in self._tables.values() if t.ruleset == ruleset]

    async def recent(self, queue_id: str, limit: int = 50) -> list[Seating]:
        mine = [s for s in self._history if s.queue_id == queue_id]
        return sorted(mine, key=lambda s: -s.formed)[:limit]
