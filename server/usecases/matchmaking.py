"""The matchmaker: every ``queue_tick`` seconds each queue forms what tables it can
(server.domain.matchmaking.bands), claims their players from the queue store (all or none) and
opens the tables through the same path as ``POST /api/tables``. A seated player learns
their table from the queue socket's ``matched`` frame or by polling ``GET /api/queues/me``.

Several server instances on one database may each run a matchmaker: ``claim`` lets only
one of them seat a given player."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from statistics import median
from typing import TYPE_CHECKING, Any

from engine.ruleset import OptionsError
from server.config.queues import QueueSpec
from server.domain import registry
from server.domain.errors import ApiError
from server.domain.matchmaking import bands
from server.domain.matchmaking.store import (
    AlreadyQueued,
    Entry,
    FormedTable,
    MemoryQueueStore,
    QueueStore,
    Seating,
)
from server.domain.records.ratings import START
from server.usecases.tables import NewTable, open_table

if TYPE_CHECKING:
    from server.usecases.context import Services

log = logging.getLogger("jantaku.matchmaking")


class QueueError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class Matchmaker:
    def __init__(self, services: Services, queues: QueueStore | None = None) -> None:
        self.services = services
        self.queues: QueueStore = queues if queues is not None else MemoryQueueStore()
        self.specs: dict[str, QueueSpec] = {q.id: q for q in services.settings.queues}
        self._task: asyncio.Task[None] | None = None
        self.formed_total = 0
        self.bot_filled_total = 0
        self._sizes: dict[str, int] = {}  # queue id -> its table's seats

    # ------------------------------------------------------------------ running

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="matchmaker")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.services.settings.queue_tick)
            try:
                await self.tick()
            except Exception:
                log.exception("matchmaking tick failed")

    # ------------------------------------------------------------------ players

    def spec(self, queue_id: str) -> QueueSpec:
        spec = self.specs.get(queue_id)
        if spec is None:
            raise QueueError(404, "queue_not_found", f"no queue '{queue_id}'")
        return spec

    async def rating(self, ruleset: str, player_id: str) -> float:
        found = (await self.services.store.records.ratings(ruleset)).get(player_id, START)
        return found.ordinal

    async def join(self, queue_id: str, player_id: str, name: str) -> Entry:
        spec = self.spec(queue_id)
        live = await self.services.manager.live_records_of(player_id)  # any instance's
        if live:
            raise QueueError(
                409, "already_playing", f"you sit at an unfinished table ({live[0].id}); finish it"
            )
        entry = Entry(
            player_id, queue_id, name, await self.rating(spec.ruleset, player_id), time.time()
        )
        try:
            await self.queues.join(entry)
        except AlreadyQueued as exc:
            if exc.queue_id == queue_id:
                found = await self.queues.entry(player_id)
                return found or entry
            raise QueueError(
                409, "already_queued", f"you already wait in queue '{exc.queue_id}'; leave it"
            ) from None
        return entry

    async def leave(self, player_id: str) -> Entry | None:
        return await self.queues.leave(player_id)

    def width(self, waited: float) -> float:
        return bands.width(self.services.settings.queue_band_curve, waited)

    async def expected_wait(self, queue_id: str) -> float | None:
        """The median wait of the queue's latest seatings (None: none yet)."""
        recent = await self.queues.recent(queue_id)
        return round(median(s.waited for s in recent), 1) if recent else None

    # ------------------------------------------------------------------ forming tables

    async def tick(self, now: float | None = None) -> list[str]:
        """Form what tables each queue can; the ids of the tables opened."""
        now = time.time() if now is None else now
        opened: list[str] = []
        for spec in self.specs.values():
            opened.extend(await self._tick_queue(spec, now))
        return opened

    async def _tick_queue(self, spec: QueueSpec, now: float) -> list[str]:
        settings = self.services.settings
        curve = settings.queue_band_curve
        entries = [e for e in await self.queues.entries(spec.id) if not e.claimed]
        by_id = {e.player_id: e for e in entries}
        waiting = [bands.Waiting(e.player_id, e.rating, now - e.joined) for e in entries]
        size = self.seats(spec)
        groups = bands.form(waiting, curve, size)
        chosen = {w.player_id for g in groups for w in g}
        after = (
            spec.bot_fill_after
            if spec.bot_fill_after is not None
            else (settings.queue_bot_fill_after)
        )
        rest = [w for w in waiting if w.player_id not in chosen]
        filled = bands.bot_filled(rest, curve, after, size)
        if filled:
            groups.append(filled)
        opened: list[str] = []
        for group in groups:
            members = [by_id[w.player_id] for w in group]
            table_id = await self._seat(spec, members, size, now)
            if table_id is not None:
                opened.append(table_id)
        return opened

    def seats(self, spec: QueueSpec) -> int:
        """The queue's table size: its ruleset's seats (3 or 4); 4 if the queue's ruleset
        is not one the server can seat (opening its table then says why)."""
        size = self._sizes.get(spec.id)
        if size is None:
            try:
                size = registry.build_table(spec.ruleset, spec.options).rules.seats
            except (registry.UnknownRuleset, registry.NotPlayable, OptionsError):
                size = 4
            self._sizes[spec.id] = size
        return size

    async def _seat(
        self, spec: QueueSpec, members: list[Entry], size: int, now: float
    ) -> str | None:
        ids = [e.player_id for e in members]
        if not await self.queues.claim(spec.id, ids):
            return None  # someone left, or another instance seated them
        members = sorted(members, key=lambda e: (-e.rating, e.player_id))
        seats = [e.player_id for e in members] + [spec.bot] * (size - len(members))
        body = NewTable(ruleset=spec.ruleset, options=dict(spec.options), seats=seats)
        try:
            # no assistance at a ranked table (docs/fair-play.md)
            actor = await open_table(self.services, body, "admin", assist=not spec.ranked)
        except ApiError as exc:
            log.warning("queue %s: table not opened (%s); players put back", spec.id, exc)
            await self.queues.restore(members)
            return None
        table = FormedTable(actor.id, spec.id, spec.ruleset, spec.room, spec.ranked, now)
        await self.queues.seated(
            table,
            [
                Seating(e.player_id, spec.id, actor.id, place, round(now - e.joined, 3), now)
                for place, e in enumerate(members)
            ],
        )
        self.formed_total += 1
        if len(members) < size:
            self.bot_filled_total += 1
        log.info("queue %s: table %s for %d players", spec.id, actor.id, len(members))
        return actor.id


async def my_status(mm: Matchmaker, player_id: str) -> dict[str, Any]:
    """Where the player is: queued (position, wait, band), matched (the table), or idle."""
    entry = await mm.queues.entry(player_id)
    if entry is not None:
        queued = await mm.queues.entries(entry.queue_id)
        position = next(
            (i for i, e in enumerate(queued, 1) if e.player_id == player_id), len(queued)
        )
        waited = max(0.0, time.time() - entry.joined)
        return {
            "status": "queued",
            "forming": entry.claimed,
            "queue_id": entry.queue_id,
            "position": position,
            "waited": round(waited, 3),
            "rating": round(entry.rating, 4),
            "band": round(mm.width(waited), 4),
            "expected_wait": await mm.expected_wait(entry.queue_id),
        }
    seating = await mm.queues.seating(player_id)
    if seating is not None:
        return {
            "status": "matched",
            "queue_id": seating.queue_id,
            "waited": seating.waited,
            "table_id": seating.table_id,
            "seat": seating.seat,
            "ws_url": f"/ws/tables/{seating.table_id}",
        }
    return {"status": "idle"}
