"""The table actors of one server process, and its counters.

Memory stays bounded: a finished or aborted table leaves memory ``table_grace_seconds``
after it ended (its record and event log stay in the database, where REST reads it), and
a player may have only so many open tables and create them only so fast."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from limits import parse

from server.config import Settings
from server.domain.protocol.messages import CloseCode
from server.domain.ratelimits import Limiter, LocalLimiter
from server.domain.registry import build_table
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.public import table_public
from server.ports.storage import StorageError, Store, TableRecord

OPEN = ("waiting", "playing", "paused")


class Ownership(Protocol):
    """A cluster instance's hold on its tables (server.adapters.cluster.node): a new table's lease
    and fencing token, a freed table's release, an actor whose append was fenced."""

    async def reserve(self, table_id: str) -> None:
        """A table about to be stored: its lease first, so no takeover scan sees it
        unowned in between."""
        ...

    async def claim_new(self, table_id: str) -> int: ...

    def released(self, table_id: str) -> None: ...

    def fenced(self, actor: TableActor) -> None: ...


class SharedQuota(Protocol):
    """The open-table quota of a whole cluster (server.adapters.cluster.shared): one player's
    creations one at a time on every instance, counted from the database."""

    def creating(self, player_id: str) -> AbstractAsyncContextManager[None]: ...

    async def open_tables_of(self, player_id: str) -> int: ...


class TableManager:
    def __init__(self, store: Store, settings: Settings, limiter: Limiter | None = None) -> None:
        self.store = store
        self.settings = settings
        self.actors: dict[str, TableActor] = {}
        self.started = time.time()
        self.connections_total = 0
        self.frames_in = 0
        self.bad_frames = 0
        self.tables_freed = 0
        self._create_rate = parse(settings.table_create_rate)
        # shared with the account limits (services); the composition root hands in the
        # cluster-wide one (server.adapters.ratelimits)
        self.limiter: Limiter = limiter if limiter is not None else LocalLimiter()
        self._creating: dict[str, tuple[asyncio.Lock, int]] = {}  # lock, users
        self._freeing: dict[str, asyncio.TimerHandle] = {}
        # called once per table when it is over (server.usecases.context: a duplicate round's seal)
        self.on_table_over: Callable[[TableActor], None] | None = None
        self._tasks: set[asyncio.Task[bool]] = set()
        self.ownership: Ownership | None = None  # set by a cluster instance
        self.quota: SharedQuota | None = None  # set by a cluster instance

    @contextlib.asynccontextmanager
    async def _creating_for(self, player_id: str) -> AsyncIterator[None]:
        """One creation at a time per player (the admin has no quota), from the quota's
        count until the new table is stored and live, so two requests at once cannot both
        pass the count; on a cluster, across every instance (``quota``)."""
        if player_id == "admin":
            yield
            return
        lock, users = self._creating.get(player_id, (asyncio.Lock(), 0))
        self._creating[player_id] = (lock, users + 1)
        try:
            async with lock:
                if self.quota is None:
                    yield
                else:
                    async with self.quota.creating(player_id):
                        yield
        finally:
            lock, users = self._creating[player_id]
            if users == 1:
                del self._creating[player_id]
            else:
                self._creating[player_id] = (lock, users - 1)

    async def check_quota(self, player_id: str) -> None:
        """Refuse a new table of ``player_id`` over the per-player limits (the admin has
        none): ``too_many_open_tables`` (409) or ``rate_limited`` (429). On a cluster both
        count the tables and attempts of every instance."""
        limit = self.settings.max_open_tables_per_player
        if self.quota is not None:
            open_ = await self.quota.open_tables_of(player_id)
        else:
            open_ = sum(
                1
                for a in self.actors.values()
                if a.record.created_by == player_id and a.record.status in OPEN
            )
        if open_ >= limit:
            raise TableError(
                409,
                "too_many_open_tables",
                f"you already have {open_} open tables (at most {limit}); finish one first",
            )
        wait = await self.limiter.hit(self._create_rate, "create", player_id)
        if wait is not None:
            wait = max(wait, 1.0)
            raise TableError(
                429,
                "rate_limited",
                f"at most {self._create_rate.amount} new tables per "
                f"{self._create_rate.get_expiry()} s; try again in {wait:.0f} s",
                retry_after=wait,
            )

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
        seed: str | None = None,
        assist: bool = True,
        sealed_by: str | None = None,
    ) -> TableActor:
        """``seed``: the match's wall seed given in advance (a tournament's duplicate round
        plays one seed at every table); default a fresh random one at the start."""
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
            seed=seed,
            assist=assist,
            sealed_by=sealed_by,
        )
        async with self._creating_for(created_by):
            if created_by != "admin":
                await self.check_quota(created_by)
            if self.ownership is not None:
                await self.ownership.reserve(record.id)
            await self.store.tables.add(record)
            actor = TableActor(record, table, self.store, self.settings, names)
            if self.ownership is not None:
                actor.fence = await self.ownership.claim_new(record.id)
            self._adopt(actor)  # counted from here on by one instance's quota
        await actor.call(actor.start_if_full)
        return actor

    def _adopt(self, actor: TableActor) -> TableActor:
        self._run(actor)
        self.actors[actor.id] = actor
        return actor

    def _run(self, actor: TableActor) -> None:
        actor.on_over = self._schedule_free
        if self.ownership is not None:
            actor.on_fenced = self.ownership.fenced
        actor.run()

    def _schedule_free(self, actor: TableActor) -> None:
        """Free an ended table after the grace period (spectators with a delay get their
        last frames first)."""
        if actor.id in self._freeing:
            return
        if self.on_table_over is not None:
            self.on_table_over(actor)
        delay = self.settings.table_grace_seconds
        if actor.spectator_delay > 0:
            delay = max(delay, actor.spectator_delay + 1.0)
        loop = asyncio.get_running_loop()
        self._freeing[actor.id] = loop.call_later(delay, self._start_free, actor.id)

    def grace_left(self, record: TableRecord) -> float:
        """Seconds an ended table has left in memory (0: not ended, or its grace is over):
        a cluster takes such a table over read-only when its owner died meanwhile, so the
        clients' last resyncs get the final frames, not ``table_freed`` (issue 35)."""
        if record.status in OPEN or record.ended is None:
            return 0.0
        grace = self.settings.table_grace_seconds
        delay = float(record.spectators.get("delay", 0.0))
        if delay > 0:
            grace = max(grace, delay + 1.0)
        return max(0.0, grace - (datetime.now(UTC) - record.ended).total_seconds())

    def free_later(self, actor: TableActor, delay: float) -> None:
        """Free a table restored after it ended (a takeover) once ``delay`` has passed."""
        if actor.id not in self._freeing:
            loop = asyncio.get_running_loop()
            self._freeing[actor.id] = loop.call_later(delay, self._start_free, actor.id)

    def _start_free(self, table_id: str) -> None:
        task = asyncio.create_task(self.free(table_id), name=f"free-{table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def free(self, table_id: str) -> bool:
        """Take an ended table out of memory (its records stay in the store)."""
        self._freeing.pop(table_id, None)
        actor = self.actors.get(table_id)
        if actor is None or actor.record.status in OPEN:
            return False
        del self.actors[table_id]
        await actor.stop(CloseCode.TABLE_CLOSED, "the table is over")
        actor.release()
        self.tables_freed += 1
        if self.ownership is not None:
            self.ownership.released(table_id)
        return True

    async def stored(self, table_id: str) -> TableRecord:
        """The record of a table that has left memory: ``table_freed`` (410) names where
        its match record is; ``table_not_found`` (404) when there never was one;
        ``table_moving`` (503) while a table not yet over is served nowhere here (a cluster
        moves it between instances): a client tries again, maybe elsewhere."""
        record = await self.store.tables.get(table_id)
        if record is None:
            raise TableError(404, "table_not_found", f"no table '{table_id}'")
        if record.status in OPEN:  # a cluster's table between two owners (or being rebuilt)
            raise TableError(
                503,
                "table_moving",
                f"table '{table_id}' is not served here now; try again",
                retry_after=1.0,
            )
        raise TableError(
            410,
            "table_freed",
            f"table '{table_id}' is {record.status} and no longer live; "
            f"its record is at /api/matches/{table_id}",
        )

    async def require(self, table_id: str) -> TableActor:
        """The live table, or ``TableError`` 404 / 410 (see ``stored``)."""
        actor = self.actors.get(table_id)
        if actor is None:
            await self.stored(table_id)
        assert actor is not None
        return actor

    async def reread_seal(self, actor: TableActor) -> None:
        """A sealed table's actor takes the stored seal again: a duplicate round unseals
        when its last table ends, maybe on another instance of a cluster, which writes
        only the store (docs/fair-play.md). The seal only opens, so a stored None is
        final. Called where the seal is shown: each connection's start and REST reads."""
        if actor.record.sealed_by is None:
            return
        try:
            stored = await self.store.tables.get(actor.id)
        except StorageError:  # the database is down: it stays sealed for now
            return
        if stored is not None and stored.sealed_by is None:
            actor.record.sealed_by = None

    async def public(self, table_id: str) -> dict[str, Any]:
        """A table's public information, live or from the database."""
        actor = self.actors.get(table_id)
        if actor is not None:
            await self.reread_seal(actor)
            return actor.public()
        record = await self.store.tables.get(table_id)
        if record is None:
            raise TableError(404, "table_not_found", f"no table '{table_id}'")
        return table_public(record, await self._names(record))

    async def names_of(self, record: TableRecord) -> dict[int, str]:
        return await self._names(record)

    async def _names(self, record: TableRecord) -> dict[int, str]:
        names: dict[int, str] = {}
        for place, occupant in enumerate(record.seats):
            player = await self.store.players.get(occupant)
            if player is not None:
                names[place] = player.name
        return names

    async def restore(
        self, record: TableRecord, names: dict[int, str], fence: int | None = None
    ) -> TableActor:
        """Bring back a stored table (server restart, or a cluster takeover with the new
        lease's ``fence``): rebuild it from its seed and its event log and run it again.
        Finished and aborted tables are restored read-only.

        The actor is listed in ``actors`` only once rebuilt: a connection that found it
        earlier would be welcomed by an empty table (``last_seq`` 0), its resync refused
        as ahead of the table, and its player marked away by the rebuild."""
        table = build_table(record.ruleset, record.options)
        actor = TableActor(record, table, self.store, self.settings, names)
        actor.fence = fence
        self._run(actor)
        try:
            if record.seed is not None:
                logged = await self.store.events.read(record.id)
                await actor.call(lambda: actor.recover(record.seed or "", logged))
        except BaseException:
            await actor.stop()
            raise
        self.actors[actor.id] = actor
        return actor

    async def restore_all(self) -> int:
        """Restore every unfinished table of the store (at start-up)."""
        n = 0
        for record in await self.store.tables.list():
            if record.status not in ("waiting", "playing", "paused") or record.id in self.actors:
                continue
            await self.restore(record, await self._names(record))
            n += 1
        return n

    def get(self, table_id: str) -> TableActor:
        actor = self.actors.get(table_id)
        if actor is None:
            raise TableError(404, "table_not_found", f"no table '{table_id}'")
        return actor

    async def kick_player(self, player_id: str, session_id: str | None = None) -> int:
        """Close the player's connections (of one session, when given): its token ended."""
        n = 0
        for actor in self.actors.values():
            n += await actor.call(
                lambda a=actor: a.kick_player(  # type: ignore[misc]
                    player_id, CloseCode.UNAUTHORIZED, "token revoked", session_id
                )
            )
        return n

    def connected_players(self) -> dict[str, int]:
        """Player id -> sockets open at this process's tables, seats and spectators (a
        relayed socket counts at the table's owner, where its endpoint runs)."""
        found: dict[str, int] = {}
        for actor in self.actors.values():
            for conn in [*actor.conns.values(), *actor.spectators]:
                if conn.player_id is not None:
                    found[conn.player_id] = found.get(conn.player_id, 0) + 1
        return found

    def live_tables_of(self, player_id: str) -> list[str]:
        """Tables not yet over at which the player sits."""
        return [
            a.id
            for a in self.actors.values()
            if a.record.status in ("waiting", "playing", "paused") and player_id in a.record.seats
        ]

    def as_sent(self, table_id: str) -> tuple[TableRecord, int] | None:
        """While claim pacing holds a table's newest events (stored, not yet sent to its
        players): its record as the players were sent it (the actor adopts the store's
        projection only at the release) and the last seq sent. None when nothing is held
        here: the store's records are what everyone has seen (docs/fair-play.md)."""
        actor = self.actors.get(table_id)
        if actor is None or not actor.pacer.holding:
            return None
        return copy.deepcopy(actor.record), actor.sent_seq()

    async def live_records_of(self, player_id: str) -> list[TableRecord]:
        """The tables not yet over at which the player sits on any instance of a cluster:
        the store's (which every owner writes), and this instance's live actors."""
        found = {r.id: r for r in await self.store.tables.live_of(player_id)}
        for table_id in self.live_tables_of(player_id):
            found[table_id] = self.actors[table_id].record
        return list(found.values())

    def repoint(self, source: str, target: str, name: str) -> None:
        """After an account merge: the finished tables held in memory name the target."""
        for actor in self.actors.values():
            r = actor.record
            if source in r.seats:
                place = r.seats.index(source)
                r.seats[place] = target
                actor.names[place] = name
            if r.created_by == source:
                r.created_by = target

    async def shutdown(self) -> None:
        for handle in self._freeing.values():
            handle.cancel()
        self._freeing.clear()
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
            "tables_freed": self.tables_freed,
        }
