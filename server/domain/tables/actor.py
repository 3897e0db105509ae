"""One actor per table: an asyncio task that runs every change of its table in turn.

Everything that touches a table — a player's action, a timer, a bot's move, a
(re)connection, an admin command — is a job on the actor's queue, so a table's actions
are serialised while tables run concurrently. The engine alone judges an action
(``engine.decide.step``: ``check``, then the events, each applied by ``evolve``); the
actor checks only the session — who holds the seat, the table's status, which prompt is
open — maps the engine's refusals to protocol codes (server.domain.tables.errors), persists the
events, sends each viewer its redacted copy (engine.views), and opens the next prompts
with their clocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from engine.actions import Action
from engine.bots import BRAINS, Bot, make_bot
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.errors import IllegalAction
from engine.events import (
    ClaimWindowOpened,
    Event,
    HandStarted,
    MatchEnded,
    Settled,
    event_from_json,
    event_to_json,
)
from engine.evolve import evolve
from engine.legal import legal_actions
from engine.replay import rebuild
from engine.state import MatchState, Phase, Table
from engine.time_limit import call_time
from engine.views import TableView, view_for
from engine.wall import commitment
from server.config import Settings
from server.domain.protocol.messages import PROTOCOL_VERSION, CloseCode
from server.domain.tables.claim_pacing import ClaimPacer
from server.domain.tables.clock import Timers, fallback
from server.domain.tables.connection import Connection, dumps
from server.domain.tables.errors import protocol_error
from server.domain.tables.frames import (
    FrameCache,
    Match,
    Prompt,
    event_frames,
    offered_frames,
    prompt_frame,
    state_frame,
)
from server.domain.tables.mjai_seat import PREFIX as MJAI_PREFIX
from server.domain.tables.mjai_seat import Limits, MjaiSeat
from server.domain.tables.numbering import Entry, Numbering
from server.ports.storage import (
    PROJECTED_FIELDS,
    Fenced,
    LoggedEvent,
    StorageError,
    Store,
    TableRecord,
)

log = logging.getLogger("jantaku.table")

T = TypeVar("T")
# The record's fields the store writes with the events (the actor only adopts them).
PROJECTED = ("status", "seed", "ended", *PROJECTED_FIELDS)


class _BotSeats(tuple[str, ...]):
    """The built-in bot seats; ``in`` also accepts an external ``bot:mjai:<name>``."""

    def __contains__(self, occupant: object) -> bool:
        if isinstance(occupant, str) and occupant.startswith(MJAI_PREFIX):
            return True
        return tuple.__contains__(self, occupant)


BOTS = _BotSeats(f"bot:{brain}" for brain in BRAINS)
STORAGE_RETRY = 1.0  # seconds before a server-made move is tried again


@dataclasses.dataclass
class Intermission:
    """Between two hands: the next hand's prompts wait for these places' ``ready`` or the
    deadline, whichever comes first. Only the clocks wait; the log and the state already
    hold the next hand (so replay and recovery are untouched)."""

    deadline: float  # Unix time
    waiting: set[int]
    handle: asyncio.TimerHandle | None = None


class TableError(Exception):
    """A refused request; ``status`` is the HTTP status the REST layer should use
    (``retry_after``: seconds until a rate-limited request may succeed)."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        super().__init__(message)


class TableActor:
    def __init__(
        self,
        record: TableRecord,
        table: Table,
        store: Store,
        settings: Settings,
        names: dict[int, str] | None = None,
    ) -> None:
        self.record = record
        self.table = table
        self.store = store
        self.settings = settings
        self.names: dict[int, str] = dict(names or {})
        self.timers = Timers(
            move=float(record.timers["move"]),
            claim=float(record.timers["claim"]),
            bank=float(record.timers["bank"]),
        )
        # what the record kept (a restarted table), else full banks
        self.banks = list(record.banks) if record.banks else [self.timers.bank] * 4
        self.state: MatchState | None = None
        self.seed: str | None = None
        self.log: list[Entry] = []
        # each viewer's frame numbers (server.domain.tables.numbering): a function of the log
        self.numbers = Numbering(record.assist)
        self.conns: dict[int, Connection] = {}
        self.spectators: set[Connection] = set()
        self.prompts: dict[int, Prompt] = {}
        self.bots: dict[int, Bot] = {}
        self.external: dict[int, MjaiSeat] = {}  # bot:mjai seats (server.domain.tables.mjai_seat)
        # places of absent players played by a bot until they return, and since when
        # (loop time) each absent player has been away
        self.standins: dict[int, Bot] = {}
        self.away: dict[int, float] = {}
        self.hold: Intermission | None = None
        self.pacer = ClaimPacer(settings.claim_min_seconds)
        self._pace_handle: asyncio.TimerHandle | None = None
        self.actions = 0
        self.last_action: float | None = None
        self._queue: asyncio.Queue[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any] | None]]
        self._queue = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._feed: deque[tuple[float, int, list[str]]] = deque()
        self._feed_wake = asyncio.Event()
        self._feed_task: asyncio.Task[None] | None = None
        self._external_tasks: set[asyncio.Task[None]] = set()
        # called once when the table is finished or aborted (the manager frees it later)
        self.on_over: Callable[[TableActor], None] | None = None
        # Cluster ownership (server/adapters/cluster): the lease's fencing token every append
        # carries, and what to call when the log refused it (another instance owns the table now).
        self.fence: int | None = None
        self.on_fenced: Callable[[TableActor], None] | None = None

    # ------------------------------------------------------------------ plumbing

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def spectator_delay(self) -> float:
        return float(self.record.spectators.get("delay", 0.0))

    def run(self) -> None:
        self._task = asyncio.create_task(self._loop(), name=f"table-{self.id}")
        if self.spectator_delay > 0:
            self._feed_task = asyncio.create_task(self._feed_loop(), name=f"feed-{self.id}")

    async def stop(
        self, code: int = CloseCode.GOING_AWAY, reason: str = "server shutting down"
    ) -> None:
        for p in self.prompts.values():
            p.cancel()
        if self.hold is not None and self.hold.handle is not None:
            self.hold.handle.cancel()
        if self._pace_handle is not None:
            self._pace_handle.cancel()
        for conn in [*self.conns.values(), *self.spectators]:
            conn.close(code, reason)
        for task in (self._task, self._feed_task, *self._external_tasks):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self._close_external()

    def release(self) -> None:
        """Drop the event log and its numbering, the bulk of a table's memory, once the
        table has left the manager. The actor may still sit in a reference cycle (its
        connections point back at it) that only the cyclic collector frees, and with the
        collector paced (server.domain.tables.gc_pacing) that can be minutes away; the log goes
        now, by reference counting."""
        self.log = []
        self.numbers = Numbering(self.record.assist)

    async def _close_external(self) -> None:
        for external in list(self.external.values()):
            await external.close()

    async def _loop(self) -> None:
        while True:
            job, future = await self._queue.get()
            try:
                result = await job()
            except Exception as exc:
                if future is not None and not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, TableError):
                    log.exception("table %s: job failed", self.id)
            else:
                if future is not None and not future.done():
                    future.set_result(result)

    def submit(self, job: Callable[[], Awaitable[Any]]) -> None:
        """Queue a job; its errors are logged, never raised into the caller."""
        self._queue.put_nowait((job, None))

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        """Queue a job and wait for its result (or its ``TableError``)."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    # ------------------------------------------------------------------ match flow

    def _make_bot(self, place: int, occupant: str) -> Bot:
        return make_bot(occupant.removeprefix("bot:"), self.table, f"{self.id}/{self.seed}", place)

    def _seat_bot(self, place: int, occupant: str) -> None:
        """Put the bot ``occupant`` at ``place``: a brain, or an external mjai process that
        is first shown the match so far."""
        if occupant.startswith(MJAI_PREFIX):
            name = occupant.removeprefix(MJAI_PREFIX)
            s = self.settings
            limits = Limits(
                answer_seconds=s.mjai_answer_seconds,
                start_seconds=s.mjai_start_seconds,
                cpu_seconds=s.mjai_cpu_seconds,
                memory_bytes=s.mjai_memory_mb * 1024**2,
            )
            names = [self.names.get(q, f"seat {q + 1}") for q in range(4)]
            seat = MjaiSeat(
                name,
                s.mjai_bots.get(name, ""),
                place,
                names,
                s.mjai_log_dir / f"{self.id}.log",
                limits,
            )
            seat.observe([e.event for e in self.log])
            self.external[place] = seat
        else:
            self.bots[place] = self._make_bot(place, occupant)

    async def _start_match(self) -> None:
        # a seed given at creation (a duplicate tournament round) or a fresh one
        self.seed = self.record.seed or secrets.token_hex(16)
        for place, occupant in enumerate(self.record.seats):
            if occupant in BOTS:
                self._seat_bot(place, occupant)
        state, events = start(self.table, self.seed)
        self.record.status = "playing"
        self.record.commitment = commitment(self.seed)
        self.record.seed = self.seed  # kept for recovery; public() shows it only at the end
        self.record.started = datetime.now(UTC)
        # The seed is stored before the first event: a crash in between restarts the match
        # from the same seed (``recover`` with an empty log).
        await self._save()
        await self._commit(state, events)
        self._status("playing", "the match started")
        for place in self._humans():
            if place not in self.conns:
                self._mark_away(place)

    def _fenced(self) -> None:
        if self.on_fenced is not None:
            self.on_fenced(self)  # stops this actor: it no longer owns the table

    async def _save(self) -> None:
        """Store the record's own fields, fenced like the event appends."""
        if self.pacer.holding:
            # held events are stored already (a match's end sets status, seed, ended):
            # never write the record from before them back over it
            await self.refresh_record()
        try:
            await self.store.tables.save(self.record, epoch=self.fence)
        except Fenced:
            self._fenced()
            raise

    async def _commit(self, state: MatchState, events: list[Event]) -> None:
        """Persist ``events`` (the log is append-only), then adopt ``state``, then send."""
        loop_now = asyncio.get_running_loop().time()
        entries: list[Entry] = []
        seating = self.state.seating if self.state is not None else (0, 1, 2, 3)
        seq = len(self.log)
        hand_number = self.state.hand.hand_number if self.state and self.state.hand else None
        logged: list[LoggedEvent] = []
        for ev in events:
            seq += 1
            if isinstance(ev, HandStarted):
                seating = ev.seating
                hand_number = ev.hand_number
            entry = Entry(seq, ev, seating, loop_now, event_to_json(ev))
            entries.append(entry)
            logged.append(LoggedEvent(self.id, seq, hand_number, entry.json, self.fence))
        try:
            await self.store.events.append(logged)
        except Fenced:
            self._fenced()
            raise
        self.state = state
        self.log.extend(entries)
        self.numbers.extend(entries)
        for external in self.external.values():
            external.observe(events)
        sent = self.pacer.split(entries, loop_now, bool(self._humans()))
        # a held hand end reaches the record (the public table, the status) when it is sent
        await self._update_record(sent)
        self._broadcast(sent)
        if self.pacer.holding:  # claim pacing (server.domain.tables.claim_pacing)
            self._hold_claims()
            return
        self._after_broadcast(entries)

    def _after_broadcast(self, entries: list[Entry]) -> None:
        state = self.state
        if (
            state is not None
            and not state.over
            and any(isinstance(e.event, Settled) for e in entries)
        ):
            self._begin_intermission()
        self._refresh_prompts()

    def _hold_claims(self) -> None:
        if self._pace_handle is None:
            loop = asyncio.get_running_loop()
            wait = max(0.0, self.pacer.deadline - loop.time())
            self._pace_handle = loop.call_later(wait, lambda: self.submit(self._release_claims))

    async def _release_claims(self) -> None:
        self._pace_handle = None
        entries = self.pacer.release()
        await self._update_record(entries)
        self._broadcast(entries)
        self._after_broadcast(entries)

    async def _update_record(self, entries: list[Entry]) -> None:
        """The store projected the records (scores, pot, standings …) with the events:
        adopt them; the actor never writes them itself."""
        if any(isinstance(e.event, HandStarted | Settled | MatchEnded) for e in entries):
            await self.refresh_record()
            if self.record.status == "finished":
                self._status("finished", "the match is over")
                self._over()

    async def refresh_record(self) -> None:
        """Take the projected fields of the stored record (after events or a correction)."""
        stored = await self.store.tables.get(self.id)
        if stored is None:
            return
        for name in PROJECTED:
            setattr(self.record, name, getattr(stored, name))

    # ------------------------------------------------------------------ frames

    def _frames(self, entry: Entry, place: int | None, cache: FrameCache) -> list[str]:
        """The frames of ``entry`` for table place ``place`` (None: a spectator), numbered
        in that viewer's own sequence (server.domain.tables.numbering)."""
        face_down = self.table.rules.concealed_kong_face_down
        match = None if self.seed is None else Match(self.table, self.seed)
        r = self.record
        viewer = None if place is None else entry.seating.index(place)
        seq = self.numbers.number(place, entry)
        sealed = r.sealed_by is not None
        return event_frames(entry, viewer, self.log, face_down, cache, match, r.assist, sealed, seq)

    def _broadcast(self, entries: list[Entry]) -> None:
        delay = self.spectator_delay
        loop_now = asyncio.get_running_loop().time()
        for entry in entries:
            cache: FrameCache = {}
            for place, conn in self.conns.items():
                for frame in self._frames(entry, place, cache):
                    conn.send(frame)
            if delay > 0:
                self._feed.append((loop_now + delay, entry.seq, self._frames(entry, None, cache)))
                self._feed_wake.set()
            else:
                frames = self._frames(entry, None, cache) if self.spectators else []
                for conn in self.spectators:
                    for frame in frames:
                        conn.send(frame)
                    conn.known_seq = entry.seq

    async def _feed_loop(self) -> None:
        """Deliver public frames to spectators ``delay`` seconds after they happened."""
        loop = asyncio.get_running_loop()
        while True:
            if not self._feed:
                self._feed_wake.clear()
                await self._feed_wake.wait()
                continue
            due, seq, frames = self._feed[0]
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self._feed.popleft()
            for conn in self.spectators:
                if seq > conn.known_seq:
                    for frame in frames:
                        conn.send(frame)
                    conn.known_seq = seq

    def _state_frame(self, place: int | None, state: MatchState, k: int) -> dict[str, Any]:
        """The ``state`` frame of ``state`` (the table after the log's first ``k`` events)
        for table place ``place`` (None: a spectator), in that viewer's numbering. A
        viewer with no option in an open claim window gets the table as it was before
        the window opened: it never heard of the window (server.domain.tables.numbering)."""
        viewer = None if place is None else state.seating.index(place)
        hand = state.hand
        if (
            hand is not None
            and hand.phase is Phase.CLAIM
            and hand.window is not None
            and (viewer is None or not hand.window.options_for(viewer))
            and self.seed is not None
        ):
            entries = self.log
            windows = (
                j for j in range(k - 1, -1, -1) if isinstance(entries[j].event, ClaimWindowOpened)
            )
            opened = next(windows, None)
            if opened is not None:
                k = opened
                state = rebuild(self.table, self.seed, [e.event for e in self.log[:k]])
        n = self.numbers
        seq, prompt = n.count(place, k), n.prompt_id(place, state.prompt)
        return state_frame(state, viewer, seq, self.record.assist, prompt)

    def _prompt_frame(self, p: Prompt) -> str:
        return prompt_frame(p, self.banks[p.place], asyncio.get_running_loop().time())

    def _send_prompt(self, conn: Connection, p: Prompt) -> None:
        if conn.state_on_prompt and self.state is not None:
            conn.send(self._state_frame(p.place, self.state, len(self.log)))
        self._offer(conn, p)

    def _offer(self, conn: Connection, p: Prompt) -> None:
        """Send ``p``'s frame; the connection knows its action frames' texts (an answer
        sent back as offered needs no parsing: server.adapters.ws.endpoint)."""
        conn.send(self._prompt_frame(p))
        conn.offered = offered_frames(p)

    def _status(self, status: str, reason: str) -> None:
        frame = dumps(
            {"type": "status", "status": status, "reason": reason, "seats": self.record.seats}
        )
        for conn in [*self.conns.values(), *self.spectators]:
            conn.send(frame)

    # ------------------------------------------------------------------ prompts and clocks

    def _refresh_prompts(self) -> None:
        if self.pacer.holding:
            return  # the prompts open when the paced events are sent
        state = self.state
        if state is None or self.record.status != "playing" or self.hold is not None:
            for p in self.prompts.values():
                p.cancel()
            self.prompts.clear()
            return
        hand = state.hand
        claim = hand is not None and hand.phase is Phase.CLAIM
        loop = asyncio.get_running_loop()
        places: Sequence[int] = range(4)
        if hand is not None and hand.phase is Phase.TURN:
            # the seat on turn last: the engine's legal-actions memo (one entry per table)
            # then still holds its actions when ``step`` checks the answer against them
            mover = state.seating[hand.turn]
            places = [*(q for q in places if q != mover), mover]
        for place in places:
            seat = state.seating.index(place)
            legal = legal_actions(state, seat)
            current = self.prompts.get(place)
            if not legal:
                if current is not None:
                    current.cancel()
                    del self.prompts[place]
                continue
            if current is not None and current.version == state.prompt:
                continue  # still open (another seat answered the same claim window)
            if current is not None:
                current.cancel()
            allowance = self.timers.allowance(claim, self.banks[place])
            wire = self.numbers.prompt_id(place, state.prompt)  # its id on the wire
            p = Prompt(place, seat, wire, legal, claim, loop.time(), allowance, state.prompt)
            self.prompts[place] = p
            # a stand-in plays only while some player is here to be kept waiting, or to
            # finish the last hand once time was called
            driven = (
                place in self.bots
                or place in self.external
                or (place in self.standins and (self._humans_here() or self._time_called()))
            )
            if allowance is not None and not driven:
                pid = p.prompt_id
                p.handles.append(loop.call_later(allowance, self._schedule_timeout, place, pid))
            if driven:
                pid = p.prompt_id
                delay = self.settings.bot_delay
                if delay > 0:
                    p.handles.append(loop.call_later(delay, self._schedule_bot, place, pid))
                else:
                    self._schedule_bot(place, pid)
            conn = self.conns.get(place)
            if conn is not None:
                self._send_prompt(conn, p)

    def _schedule_timeout(self, place: int, prompt_id: int) -> None:
        self.submit(lambda: self._timeout(place, prompt_id))

    def _schedule_bot(self, place: int, prompt_id: int) -> None:
        self.submit(lambda: self._bot_move(place, prompt_id))

    async def _timeout(self, place: int, prompt_id: int) -> None:
        p = self.prompts.get(place)
        if p is None or p.prompt_id != prompt_id or self.state is None:
            return
        action = fallback(self.state, p.seat, p.actions)
        if action is not None:
            await self._apply_or_retry(place, action, lambda: self._timeout(place, prompt_id))

    async def _apply_or_retry(
        self, place: int, action: Action, again: Callable[[], Awaitable[None]]
    ) -> None:
        """A server-made move (clock, bot) whose events could not be stored is tried again
        a second later: nothing changed, and the table must not stall."""
        try:
            await self._apply(place, action)
        except StorageError:
            log.warning("table %s: storage unavailable; retrying the move in 1 s", self.id)
            loop = asyncio.get_running_loop()
            p = self.prompts.get(place)
            if p is not None:
                p.handles.append(loop.call_later(STORAGE_RETRY, self.submit, again))

    async def _bot_move(self, place: int, prompt_id: int) -> None:
        p = self.prompts.get(place)
        external = self.external.get(place)
        if external is not None:
            if p is not None and p.prompt_id == prompt_id and self.state is not None:
                view = view_for(self.state, p.seat)
                task = asyncio.create_task(self._external_move(external, place, prompt_id, view))
                self._external_tasks.add(task)
                task.add_done_callback(self._external_tasks.discard)
            return
        bot = self.bots.get(place) or self.standins.get(place)
        if p is None or p.prompt_id != prompt_id or bot is None or self.state is None:
            return
        if place not in self.bots:
            await self._note_standin(place)
        chosen: Action | None
        try:
            chosen = bot.act(view_for(self.state, p.seat))
        except Exception:
            log.exception("table %s: bot at place %d failed", self.id, place)
            chosen = None
        await self._play_or_fallback(p, chosen, lambda: self._bot_move(place, prompt_id))

    async def _external_move(
        self, external: MjaiSeat, place: int, prompt_id: int, view: TableView
    ) -> None:
        """Ask the external bot outside the table's queue (it may take its time limit),
        then play its answer, or the timeout move, if the prompt is still open."""
        chosen = await external.act(view)
        self.submit(lambda: self._external_apply(place, prompt_id, chosen))

    async def _external_apply(self, place: int, prompt_id: int, chosen: Action | None) -> None:
        p = self.prompts.get(place)
        if p is None or p.prompt_id != prompt_id or self.state is None:
            return
        await self._play_or_fallback(
            p, chosen, lambda: self._external_apply(place, prompt_id, chosen), external=True
        )

    async def _play_or_fallback(
        self,
        p: Prompt,
        chosen: Action | None,
        again: Callable[[], Awaitable[None]],
        *,
        external: bool = False,
    ) -> None:
        """Play a bot's answer to ``p``; one the engine refuses (or none at all) gets the
        timeout move instead: a broken brain never stalls the table."""
        place = p.place
        if chosen is not None and chosen.seat == p.seat:  # a bot speaks for its own seat
            try:
                await self._apply_or_retry(place, p.engine_action(chosen), again)
                return
            except IllegalAction:
                pass  # nothing changed: the engine judges before it makes an event
        if external:
            log.warning("table %s: mjai bot at place %d gets the timeout move", self.id, place)
        assert self.state is not None
        fallen = fallback(self.state, p.seat, p.actions)
        if fallen is not None:
            await self._apply_or_retry(place, fallen, again)

    async def _apply(self, place: int, action: Action) -> None:
        """Play an answer to ``place``'s open prompt: the engine judges it
        (``IllegalAction`` propagates with the state untouched)."""
        assert self.state is not None
        p = self.prompts.get(place)
        new_state, events = step(self.state, action)
        before = self.banks[place]
        untimed = place in self.bots or place in self.external
        if p is not None and p.allowance is not None and not untimed:
            used = asyncio.get_running_loop().time() - p.opened
            self.banks[place] = self.timers.spent(p.claim, used, before)
        try:
            await self._commit(new_state, events)  # the next prompts see the bank left
        except BaseException:
            self.banks[place] = before  # nothing was played, nothing was spent
            raise
        self.actions += 1
        self.last_action = time.time()
        if self.banks[place] != before:  # persisted right after the move that spent it
            self.record.banks = list(self.banks)
            await self._save()

    # ------------------------------------------------------------------ between hands

    def _begin_intermission(self) -> None:
        """A hand just ended and the next is dealt: hold its prompts until every player
        whose client confirms hand ends said ``ready`` (or ``hand_pause`` seconds)."""
        pause = self.settings.hand_pause
        waiting = {
            place
            for place, conn in self.conns.items()
            if conn.flow and place not in self.bots and place not in self.standins
        }
        if pause <= 0 or not waiting:
            return
        self.hold = Intermission(round(time.time() + pause, 3), waiting)
        hold = self.hold
        loop = asyncio.get_running_loop()
        hold.handle = loop.call_later(pause, lambda: self.submit(lambda: self._expire(hold)))
        self._send_intermission()

    def _intermission_frame(self) -> str:
        hold = self.hold
        return dumps(
            {
                "type": "intermission",
                "open": hold is not None,
                "deadline": hold.deadline if hold else None,
                "waiting": sorted(hold.waiting) if hold else [],
            }
        )

    def _send_intermission(self) -> None:
        frame = self._intermission_frame()
        for conn in [*self.conns.values(), *self.spectators]:
            if conn.flow:
                conn.send(frame)

    async def _expire(self, hold: Intermission) -> None:
        if hold is self.hold:
            self._release()

    def _release(self) -> None:
        """End the wait (all ready, the deadline, or nobody left to wait for)."""
        if self.hold is None:
            return
        if self.hold.handle is not None:
            self.hold.handle.cancel()
        self.hold = None
        self._send_intermission()
        self._refresh_prompts()

    async def ready(self, conn: Connection) -> None:
        """A player pressed OK on the hand's end."""
        hold = self.hold
        if hold is None or conn.place is None or self.conns.get(conn.place) is not conn:
            return
        if conn.place in hold.waiting:
            hold.waiting.discard(conn.place)
            if hold.waiting:
                self._send_intermission()
            else:
                self._release()

    # ------------------------------------------------------------------ absent players

    def _humans(self) -> list[int]:
        return [p for p, occ in enumerate(self.record.seats) if occ != "open" and occ not in BOTS]

    def _humans_here(self) -> bool:
        return any(p in self.conns for p in self._humans())

    def _presence_frame(self) -> str:
        connected = [p in self.conns or occ in BOTS for p, occ in enumerate(self.record.seats)]
        standin = [p in self.standins for p in range(len(self.record.seats))]
        return dumps({"type": "presence", "connected": connected, "standin": standin})

    def _send_presence(self) -> None:
        frame = self._presence_frame()
        for conn in [*self.conns.values(), *self.spectators]:
            if conn.flow:
                conn.send(frame)

    def _mark_away(self, place: int) -> None:
        """The player at ``place`` is not here: after ``absent_grace`` seconds a bot plays
        the seat until they return."""
        grace = self.settings.absent_grace
        since = asyncio.get_running_loop().time()
        self.away[place] = since
        if grace > 0:
            asyncio.get_running_loop().call_later(
                grace, lambda: self.submit(lambda: self._take_over(place, since))
            )

    async def _take_over(self, place: int, since: float) -> None:
        if self.away.get(place) != since or place in self.standins:
            return
        occupant = self.record.seats[place]
        if occupant in BOTS or occupant == "open":
            return
        if self.record.status not in ("playing", "paused"):
            return
        self.standins[place] = GreedyBot(self.table.rules)
        log.info("table %s: a bot plays place %d while its player is away", self.id, place)
        self._send_presence()
        self._reopen([place])

    async def _note_standin(self, place: int) -> None:
        """The stand-in moves for an absent player in this hand: the record keeps the hand
        numbers per place (scoresheets and tournament standings say so)."""
        hand = self.state.hand if self.state is not None else None
        if hand is None:
            return
        kept = self.record.standins or [[] for _ in self.record.seats]
        if hand.hand_number in kept[place]:
            return
        kept[place] = sorted({*kept[place], hand.hand_number})
        self.record.standins = kept
        await self._save()

    def _reopen(self, places: list[int]) -> None:
        """Open these places' prompts afresh (who answers them changed)."""
        for place in places:
            p = self.prompts.pop(place, None)
            if p is not None:
                p.cancel()
        self._refresh_prompts()

    # ------------------------------------------------------------------ jobs from outside

    async def seat_player(self, player_id: str, name: str, place: int | None) -> int:
        """REST join: take ``place`` (or the first open one) for a player."""
        if self.record.status != "waiting":
            raise TableError(409, "table_started", "the table is no longer open for joining")
        if player_id in self.record.seats:
            raise TableError(409, "already_seated", "the player already sits at this table")
        if place is None:
            place = next((i for i, s in enumerate(self.record.seats) if s == "open"), None)
            if place is None:
                raise TableError(409, "table_full", "no open seat")
        elif self.record.seats[place] != "open":
            raise TableError(409, "seat_taken", f"seat {place} is taken")
        self.record.seats[place] = player_id
        self.names[place] = name
        await self._save()
        if "open" not in self.record.seats:
            await self._start_match()
        else:
            self._status("waiting", f"seat {place} was taken")
        return place

    async def recover(self, seed: str, logged: list[LoggedEvent]) -> None:
        """Rebuild the table from its seed and stored event log (crash recovery): the
        state through ``engine.evolve``, the log with each event's seating, the bots, and
        the open prompts with fresh clocks."""
        self.seed = seed
        state = MatchState(table=self.table, seed=seed)
        seating: tuple[int, ...] = (0, 1, 2, 3)
        now = asyncio.get_running_loop().time()
        for item in logged:
            event = event_from_json(item.event)
            state = evolve(state, event)
            if isinstance(event, HandStarted):
                seating = event.seating
            self.log.append(Entry(item.seq, event, seating, now, item.event))
        self.numbers.extend(self.log)
        self.state = state if logged else None
        for place, occupant in enumerate(self.record.seats):
            if occupant in BOTS:
                self._seat_bot(place, occupant)
        if self.record.status in ("playing", "paused"):
            for place in self._humans():
                self._mark_away(place)  # nobody is connected to a table just rebuilt
        if not logged and self.record.status == "playing":  # stopped before its first event
            first, events = start(self.table, seed)
            await self._commit(first, events)
            return
        self._refresh_prompts()

    async def start_if_full(self) -> None:
        if self.record.status == "waiting" and "open" not in self.record.seats:
            await self._start_match()

    async def join(self, conn: Connection) -> None:
        """A connection arrives: welcome, state and any pending prompt."""
        back = False  # the player returns to a seat a bot played while they were away
        if conn.place is not None:
            old = self.conns.get(conn.place)
            if old is not None and old is not conn:
                old.close(CloseCode.REPLACED, "replaced by a newer connection")
            self.conns[conn.place] = conn
            self.away.pop(conn.place, None)
            back = self.standins.pop(conn.place, None) is not None
        else:
            self.spectators.add(conn)
        state, k = self.state, len(self.log)  # the table after the log's first k events
        if conn.spectator and self.spectator_delay > 0 and state is not None:
            state, k = self._delayed_state()
        elif self.pacer.holding and self.seed is not None:
            # claim pacing: a connection arriving during a held moment sees the table as
            # everyone else does, without the held events (server.domain.tables.claim_pacing)
            k = self._sent_seq()
            state = rebuild(self.table, self.seed, [e.event for e in self.log[:k]])
        conn.known_seq = k
        seq = self.numbers.count(conn.place, k)  # the viewer's own numbering
        conn.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "table_id": self.id,
                "ruleset": {"id": self.record.ruleset, "version": self.record.ruleset_version},
                "options": self.record.options,
                "assist": self.record.assist,
                "role": "spectator" if conn.spectator else "player",
                "seat": conn.place,
                "player_id": conn.player_id,
                "seats": self.record.seats,
                "last_seq": seq,
                "spectator_delay": self.spectator_delay,
                "status": self.record.status,
            }
        )
        if state is not None and k > 0:
            conn.send(self._state_frame(conn.place, state, k))
        if conn.place is not None and not self.pacer.holding:  # (prompts open on release)
            p = self.prompts.get(conn.place)
            if p is not None and back:
                # the stand-in's prompt is opened again for the player, with their clock
                self._reopen([conn.place])
            elif p is not None:
                self._offer(conn, p)
            # someone is here again: stand-ins left idle while nobody was play on
            self._reopen([q for q in self.standins if q in self.prompts])
        if conn.flow and self.hold is not None:
            conn.send(self._intermission_frame())
        self._send_presence()

    def _delayed_state(self) -> tuple[MatchState | None, int]:
        cutoff = asyncio.get_running_loop().time() - self.spectator_delay
        k = 0
        while k < len(self.log) and self.log[k].at <= cutoff:
            k += 1
        if k == 0 or self.seed is None:
            return None, 0
        return rebuild(self.table, self.seed, [e.event for e in self.log[:k]]), k

    async def leave(self, conn: Connection) -> None:
        place = conn.place
        if place is not None and self.conns.get(place) is conn:
            del self.conns[place]
            if self.record.seats[place] == conn.player_id and self.record.status in (
                "playing",
                "paused",
            ):
                self._mark_away(place)
            if self.hold is not None and place in self.hold.waiting:
                self.hold.waiting.discard(place)
                if not self.hold.waiting:
                    self._release()
            self._send_presence()
        self.spectators.discard(conn)

    async def act(self, conn: Connection, prompt_id: int, action: Action) -> dict[str, Any] | None:
        """A player's ``action`` frame; returns an error frame or None when accepted."""

        def error(code: str, message: str) -> dict[str, Any]:
            return {"type": "error", "code": code, "message": message, "ref": prompt_id}

        if conn.place is None:
            return error("spectator", "spectators cannot act")
        if self.conns.get(conn.place) is not conn:
            return error("replaced", "this connection no longer holds the seat")
        status = self.record.status
        if status != "playing":
            code = {"waiting": "not_started", "paused": "paused"}.get(status, "match_over")
            return error(code, f"the table is {status}")
        p = self.prompts.get(conn.place)
        if p is None:
            if 0 < prompt_id <= self.numbers.count(conn.place, self._sent_seq()):
                # a frame the seat was sent: a prompt that has closed since (answered,
                # timed out, or closed by another seat's move), whatever is open now
                return error("stale_prompt", f"prompt {prompt_id} is closed")
            return error("no_prompt", "you have nothing to answer now")
        if prompt_id != p.prompt_id:
            return error("stale_prompt", f"prompt {prompt_id} is closed (open: {p.prompt_id})")
        if self.state is not None and p.version != self.state.prompt:
            # the table moved on and the prompts reopen only when a claim-pacing hold
            # ends (server.domain.tables.claim_pacing): this one is already answered or closed
            return error("stale_prompt", f"prompt {prompt_id} is closed")
        if action.seat != p.seat:
            # the connection speaks for its own seat only (another seat may have a claim)
            return error("wrong_seat", f"you sit at seat {p.seat} this hand, not {action.seat}")
        if action.prompt is not None and action.prompt != prompt_id:
            return error("stale_prompt", "action.prompt differs from prompt_id")
        try:
            await self._apply(conn.place, p.engine_action(action))
        except IllegalAction as exc:  # the engine's judgement, in the protocol's codes
            return error(*protocol_error(exc, action))
        except StorageError:
            log.warning("table %s: storage unavailable; action refused", self.id)
            return error("storage_unavailable", "the move could not be saved; send it again")
        return None

    def _sent_seq(self) -> int:
        """The last log seq sent to the table (claim pacing may hold the newest entries)."""
        return len(self.log) - len(self.pacer.held)

    async def resync(self, conn: Connection, last_seq: int) -> None:
        """Resend the viewer's frames after its own frame ``last_seq`` (its numbering:
        server.domain.tables.numbering), then the open prompt."""
        limit = self._sent_seq()  # held events come with everyone's, when released
        if conn.spectator and self.spectator_delay > 0:
            limit = conn.known_seq
        place = conn.place
        top = self.numbers.count(place, limit)
        if last_seq > top:
            conn.send(
                {
                    "type": "error",
                    "code": "bad_seq",
                    "message": f"last_seq {last_seq} is ahead of the table ({top})",
                    "ref": last_seq,
                }
            )
            return
        cache: FrameCache = {}
        for entry in self.log[self.numbers.position(place, last_seq) : limit]:
            for frame in self._frames(entry, place, cache):
                conn.send(frame)
            cache.clear()
        if conn.place is not None and not self.pacer.holding:
            p = self.prompts.get(conn.place)
            if p is not None:
                self._send_prompt(conn, p)

    async def chat(self, conn: Connection, text: str) -> None:
        frame = dumps(
            {
                "type": "chat",
                "seat": conn.place,
                "name": conn.name,
                "text": text,
                "time": round(time.time(), 3),
            }
        )
        for c in [*self.conns.values(), *self.spectators]:
            c.send(frame)

    # ------------------------------------------------------------------ admin

    async def pause(self) -> None:
        if self.record.status != "playing":
            raise TableError(409, "not_playing", f"the table is {self.record.status}")
        self.record.status = "paused"
        self._refresh_prompts()
        await self._save()
        self._status("paused", "paused by the administrator")

    async def resume(self) -> None:
        if self.record.status != "paused":
            raise TableError(409, "not_paused", f"the table is {self.record.status}")
        self.record.status = "playing"
        await self._save()
        self._status("playing", "resumed by the administrator")
        self._refresh_prompts()

    async def abort(self, reason: str) -> None:
        if self.record.status in ("finished", "aborted"):
            raise TableError(409, "table_over", f"the table is already {self.record.status}")
        self.record.status = "aborted"
        self.record.ended = datetime.now(UTC)
        self._refresh_prompts()
        await self._save()
        self._status("aborted", reason or "aborted by the administrator")
        for conn in [*self.conns.values(), *self.spectators]:
            conn.close(CloseCode.TABLE_CLOSED, "table aborted")
        self._over()

    def _time_called(self) -> bool:
        return self.state is not None and self.state.final_hand is not None

    async def call_time(self) -> bool:
        """The organizer's time limit (engine.time_limit): the hand in play, once begun, is
        finished and is the match's last; a hand not begun is not played. True: the match
        ended at once. A paused table stays paused (resume it to finish the hand)."""
        if self.record.status not in ("playing", "paused") or self.state is None:
            raise TableError(409, "not_playing", f"the table is {self.record.status}")
        try:
            new_state, events = call_time(self.state)
        except IllegalAction as exc:
            raise TableError(409, "time_called", exc.message) from None
        await self._commit(new_state, events)
        if not new_state.over:
            self._status(self.record.status, "time is up: this hand is the last")
        return new_state.over

    def _over(self) -> None:
        if self.external:
            task = asyncio.create_task(self._close_external())
            self._external_tasks.add(task)
            task.add_done_callback(self._external_tasks.discard)
        if self.on_over is not None:
            self.on_over(self)

    async def replace_seat(self, place: int, occupant: str, name: str) -> None:
        """Give table place ``place`` to a bot ("bot:greedy") or a player id."""
        if self.record.status in ("finished", "aborted"):
            raise TableError(409, "table_over", f"the table is {self.record.status}")
        if occupant not in BOTS and occupant in self.record.seats:
            if self.record.seats[place] == occupant:
                return
            raise TableError(409, "already_seated", "the player already sits at this table")
        self.record.seats[place] = occupant
        self.names[place] = name
        conn = self.conns.pop(place, None)
        if conn is not None:
            conn.close(CloseCode.KICKED, "the seat was given to someone else")
        self.bots.pop(place, None)
        self.standins.pop(place, None)
        self.away.pop(place, None)
        if occupant not in BOTS and self.record.status in ("playing", "paused"):
            self._mark_away(place)  # the new player has not connected yet
        gone = self.external.pop(place, None)
        if gone is not None:
            await gone.close()
        if occupant in BOTS and self.seed is not None:
            self._seat_bot(place, occupant)
        p = self.prompts.pop(place, None)
        if p is not None:
            p.cancel()
        await self._save()
        self._status(self.record.status, f"seat {place} is now {occupant}")
        if self.record.status == "waiting":
            await self.start_if_full()
        else:
            self._refresh_prompts()

    async def kick(self, place: int) -> bool:
        conn = self.conns.pop(place, None)
        if conn is None:
            return False
        conn.close(CloseCode.KICKED, "kicked by the administrator")
        return True

    async def kick_player(
        self, player_id: str, code: int, reason: str, session_id: str | None = None
    ) -> int:
        """Close the player's connections (only those of ``session_id`` when given)."""
        n = 0
        for conn in [*self.conns.values(), *self.spectators]:
            if conn.player_id == player_id and session_id in (None, conn.session_id):
                conn.close(code, reason)
                n += 1
        return n

    # ------------------------------------------------------------------ reading

    def public(self) -> dict[str, Any]:
        return table_public(self.record, self.names, self.conns.keys(), self.standins.keys())

    def live(self) -> dict[str, Any]:
        out = self.public()
        out.update(
            {
                "events": len(self.log),
                "actions": self.actions,
                "last_action": self.last_action,
                "prompts": sorted(self.prompts),
                "standins": sorted(self.standins),
                "last_hand": self.state.final_hand if self.state is not None else None,
                "between_hands": self.hold is not None,
                "connections": len(self.conns),
                "spectators_connected": len(self.spectators),
                "banks": [round(b, 3) for b in self.banks],
            }
        )
        return out


def table_public(
    r: TableRecord,
    names: dict[int, str],
    connected: Collection[int] = (),
    standins: Collection[int] = (),
) -> dict[str, Any]:
    """What anyone may know about a table (live, or only in the database): never a tile."""
    seats = []
    for place, occupant in enumerate(r.seats):
        kind = "open" if occupant == "open" else ("bot" if occupant in BOTS else "player")
        seats.append(
            {
                "seat": place,
                "kind": kind,
                "occupant": occupant,
                "name": names.get(place, occupant if kind == "bot" else ""),
                "connected": place in connected or kind == "bot",
                "standin": place in standins,
            }
        )
    return {
        "table_id": r.id,
        "ruleset": r.ruleset,
        "ruleset_version": r.ruleset_version,
        "options": r.options,
        "status": r.status,
        "seats": seats,
        "scores": list(r.scores),
        "hands_played": r.hands_played,
        "hand": r.hand_label,
        "timers": r.timers,
        "spectators": r.spectators,
        "commitment": r.commitment,
        "seed": r.seed if r.status == "finished" and r.sealed_by is None else None,
        "assist": r.assist,
        "sealed": r.sealed_by is not None,
        "standings": r.standings,
        "created": r.created.isoformat(),
    }
