"""The table actors of one server process, and its counters."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime
from typing import Any

from server.config import Settings
from server.repositories.protocols import Store, TableRecord
from server.runtime.actor import TableActor, TableError
from server.runtime.tables import build_table
from server.ws.messages import CloseCode


class TableManager:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.actors: dict[str, TableActor] = {}
        self.started = time.time()
        self.connections_total = 0
        self.frames_in = 0
        self.bad_frames = 0

    async def create(
        self,
        *,
        ruleset: str,
        ruleset_version: str,
        options: dict[str, Any],
        seats: list[str],
        names: dict[int, str],
        timers: dict[str, float],
        spectators: dict[str, Any],
        created_by: str,
    ) -> TableActor:
        table = build_table(ruleset, options)
        record = TableRecord(
            id=uuid.uuid4().hex[:12],
            ruleset=ruleset,
            ruleset_version=ruleset_version,
            options=dict(table.options),
            seats=list(seats),
            timers=dict(timers),
            spectators=dict(spectators),
            created_by=created_by,
            created=datetime.now(UTC),
            scores=list(table.match_rules.start_scores()),
        )
        await self.store.tables.add(record)
        actor = TableActor(record, table, self.store, self.settings, names)
        self.actors[record.id] = actor
        actor.run()
        await actor.call(actor.start_if_full)
        return actor

    async def restore(self, record: TableRecord, names: dict[int, str]) -> TableActor:
        """Bring back a stored table (server restart): rebuild it from its seed and its
        event log and run it again. Finished and aborted tables are restored read-only."""
        table = build_table(record.ruleset, record.options)
        actor = TableActor(record, table, self.store, self.settings, names)
        self.actors[record.id] = actor
        actor.run()
        if record.seed is not None:
            logged = await self.store.events.read(record.id)
            await actor.call(lambda: actor.recover(record.seed or "", logged))
        return actor

    async def restore_all(self) -> int:
        """Restore every unfinished table of the store (at start-up)."""
        n = 0
        for record in await self.store.tables.list():
            if record.status not in ("waiting", "playing", "paused") or record.id in self.actors:
                continue
            names: dict[int, str] = {}
            for place, occupant in enumerate(record.seats):
                player = await self.store.players.get(occupant)
                if player is not None:
                    names[place] = player.name
            await self.restore(record, names)
            n += 1
        return n

    def get(self, table_id: str) -> TableActor:
        actor = self.actors.get(table_id)
        if actor is None:
            raise TableError(404, "table_not_found", f"no table '{table_id}'")
        return actor

    async def kick_player(self, player_id: str) -> int:
        n = 0
        for actor in self.actors.values():
            n += await actor.call(
                lambda a=actor: a.kick_player(  # type: ignore[misc]
                    player_id, CloseCode.UNAUTHORIZED, "token revoked"
                )
            )
        return n

    async def shutdown(self) -> None:
        for actor in list(self.actors.values()):
            await actor.stop()

    def stats(self) -> dict[str, Any]:
        by_status: dict[str, int] = {}
        for a in self.actors.values():
            by_status[a.record.status] = by_status.get(a.record.status, 0) + 1
        return {
            "uptime": round(time.time() - self.started, 3),
            "tables": len(self.actors),
            "tables_by_status": by_status,
            "connections": sum(len(a.conns) + len(a.spectators) for a in self.actors.values()),
            "connections_total": self.connections_total,
            "actions": sum(a.actions for a in self.actors.values()),
            "events": sum(len(a.log) for a in self.actors.values()),
            "frames_in": self.frames_in,
            "bad_frames": self.bad_frames,
        }
