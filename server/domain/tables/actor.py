"""One actor per table: the table's parts wired together, and the jobs the rest of the
server sends it.

Every change of a table is a job on the actor's queue (server.domain.tables.session), so
a table's actions are serialised while tables run concurrently. The engine alone judges
an action (``engine.decide.step``); the actor checks only the session — who holds the
seat, the table's status, which prompt is open — and maps the engine's refusals to
protocol codes (server.domain.tables.errors). The work is done by its parts, each a
module of server.domain.tables:

- ``prompts`` (``Prompter``): the open prompts and their clocks, bots' and timeouts'
  moves, playing an answer;
- ``seats`` (``Seats``): bots, external bots, absent players and their stand-ins,
  the ``presence`` frame;
- ``intermission`` (``BetweenHands``): the wait for ``ready`` between two hands;
- ``broadcast`` (``Broadcaster``): every viewer's frames, in its own numbering, and
  the spectators' delayed feed;
- ``recording`` (``Recorder``): the events and the record in the store, fenced by the
  cluster lease; claim pacing's held moments; the rebuild after a crash;
- ``chat``: the chat frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from engine.actions import Action
from engine.decide import start
from engine.errors import IllegalAction
from engine.events import Settled
from engine.state import Table
from engine.time_limit import call_time
from engine.wall import commitment
from server.config import Settings
from server.domain.protocol.messages import PROTOCOL_VERSION, CloseCode
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.chat import chat_frame
from server.domain.tables.connection import Connection
from server.domain.tables.errors import RulesetFailed, TableError, protocol_error
from server.domain.tables.intermission import BetweenHands
from server.domain.tables.numbering import Entry, Numbering
from server.domain.tables.prompts import Prompter
from server.domain.tables.public import table_public
from server.domain.tables.recording import Recorder
from server.domain.tables.seats import Seats
from server.domain.tables.session import BOTS, TableSession
from server.ports.storage import LoggedEvent, StorageError, Store, TableRecord

log = logging.getLogger("jantaku.table")


class TableActor(TableSession):
    def __init__(
        self,
        record: TableRecord,
        table: Table,
        store: Store,
        settings: Settings,
        names: dict[int, str] | None = None,
    ) -> None:
        super().__init__(record, table, store, settings, names)
        # the parts, each given only the others it calls; the calls back up are hooks
        self.broadcaster = Broadcaster(self)
        self.recorder = Recorder(
            self, self.broadcaster, sent=self._sent, fenced=self._fenced, finished=self._over
        )
        self.seats = Seats(self, self.recorder, self.broadcaster, reopen=self._reopen)
        self.between_hands = BetweenHands(self, self.broadcaster, released=self._released)
        self.prompter = Prompter(
            self, self.recorder, self.broadcaster, self.seats, self.between_hands
        )
        self.prompter.failed = self.fail
        self._task: asyncio.Task[None] | None = None
        # called once when the table is finished or aborted (the manager frees it later)
        self.on_over: Callable[[TableActor], None] | None = None
        # what to call when the log refused an append (another instance owns the table
        # now: server/adapters/cluster)
        self.on_fenced: Callable[[TableActor], None] | None = None

    # ------------------------------------------------------------------ lifecycle

    def run(self) -> None:
        self._task = asyncio.create_task(self._loop(), name=f"table-{self.id}")
        self.broadcaster.run()

    async def stop(
        self, code: int = CloseCode.GOING_AWAY, reason: str = "server shutting down"
    ) -> None:
        self.halt()  # every waiting and later call: ``table_moving``, never a hang
        self.prompter.cancel()
        self.between_hands.cancel()
        self.recorder.cancel()
        for conn in self.audience():
            conn.close(code, reason)
        for task in (self._task, self.broadcaster.feed_task, *self.seats.tasks):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.seats.close_external()

    def release(self) -> None:
        """Drop the event log and its numbering, the bulk of a table's memory, once the
        table has left the manager. The actor may still sit in a reference cycle (its
        connections and parts point back at it) that only the cyclic collector frees, and
        with the collector paced (server.domain.tables.gc_pacing) that can be minutes
        away; the log goes now, by reference counting."""
        self.log = []
        self.numbers = Numbering(self.record.assist, len(self.record.seats))

    async def _start_match(self) -> None:
        # a seed given at creation (a duplicate tournament round) or a fresh one
        self.seed = self.record.seed or secrets.token_hex(16)
        self.seats.seat_bots()
        try:
            state, events = start(self.table, self.seed)
        except Exception as exc:  # the ruleset's code raised while dealing
            log.exception("table %s: ruleset %s failed", self.id, self.record.ruleset)
            await self.fail(f"{self.record.ruleset}: {type(exc).__name__}: {exc}")
            return
        self.record.status = "playing"
        self.record.commitment = commitment(self.seed)
        self.record.seed = self.seed  # kept for recovery; public() shows it only at the end
        self.record.started = datetime.now(UTC)
        # The seed is stored before the first event: a crash in between restarts the match
        # from the same seed (``recover`` with an empty log).
        await self._save()
        await self.recorder.commit(state, events)
        self.broadcaster.status("playing", "the match started")
        for place in self.humans():
            if place not in self.conns:
                self.seats.mark_away(place)

    # ------------------------------------------------------------------ the parts' hooks

    def _sent(self, entries: list[Entry]) -> None:
        """Entries reached the viewers: a hand that ended holds the next hand's prompts
        (between hands), else they open."""
        state = self.state
        if (
            state is not None
            and not state.over
            and any(isinstance(e.event, Settled) for e in entries)
        ):
            self.between_hands.begin()
        self.prompter.refresh()

    def _released(self) -> None:
        self.prompter.refresh()

    def _reopen(self, places: list[int]) -> None:
        self.prompter.reopen(places)

    def _fenced(self) -> None:
        if self.on_fenced is not None:
            self.on_fenced(self)  # stops this actor: it no longer owns the table

    def _over(self) -> None:
        self.seats.close_external_later()
        if self.on_over is not None:
            self.on_over(self)

    # the actor's own shortcuts to its parts (its jobs below, and tests, use them)

    async def _save(self) -> None:
        await self.recorder.save()

    async def _apply(self, place: int, action: Action) -> None:
        await self.prompter.apply(place, action)

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
        elif self._check_place(place) and self.record.seats[place] != "open":
            raise TableError(409, "seat_taken", f"seat {place} is taken")
        self.record.seats[place] = player_id
        self.names[place] = name
        await self._save()
        if "open" not in self.record.seats:
            await self._start_match()
        else:
            self.broadcaster.status("waiting", f"seat {place} was taken")
        return place

    def _check_place(self, place: int) -> bool:
        """True, or a 422 when ``place`` is not one of this table's places (3 or 4)."""
        n = len(self.record.seats)
        if not 0 <= place < n:
            raise TableError(
                422, "invalid_field", f"seat: {place} is not a seat of this table (0..{n - 1})"
            )
        return True

    async def recover(self, seed: str, logged: list[LoggedEvent]) -> None:
        """Rebuild the table from its seed and stored event log (crash recovery): the
        state and the log (server.domain.tables.recording), the bots, and the open
        prompts with fresh clocks."""
        self.recorder.rebuild(seed, logged)
        self.seats.seat_bots()
        if self.record.status in ("playing", "paused"):
            for place in self.humans():
                self.seats.mark_away(place)  # nobody is connected to a table just rebuilt
        if not logged and self.record.status == "playing":  # stopped before its first event
            first, events = start(self.table, seed)
            await self.recorder.commit(first, events)
            return
        self.prompter.refresh()

    async def start_if_full(self) -> None:
        if self.record.status == "waiting" and "open" not in self.record.seats:
            await self._start_match()

    async def join(self, conn: Connection) -> None:
        """A connection arrives: welcome, state and any pending prompt."""
        back = False  # the player returns to a seat a bot played while they were away
        if conn.place is not None:
            old = self.conns.get(conn.place)
            if old is not None and old is not conn and not old.closed:
                old.close(CloseCode.REPLACED, "replaced by a newer connection")
            self.conns[conn.place] = conn
            back = self.seats.back(conn.place)
        else:
            self.spectators.add(conn)
        if conn.spectator and self.spectator_delay > 0 and self.state is not None:
            state, k = self.broadcaster.delayed_state()
        else:
            # claim pacing: a connection arriving during a held moment sees the table as
            # everyone else does, without the held events (server.domain.tables.claim_pacing)
            state, k = self.broadcaster.sent_state()  # the table after the log's first k events
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
            conn.send(self.broadcaster.state_frame(conn.place, state, k))
        if conn.place is not None and not self.pacer.holding:  # (prompts open on release)
            p = self.prompts.get(conn.place)
            if p is not None and back:
                # the stand-in's prompt is opened again for the player, with their clock
                self.prompter.reopen([conn.place])
            elif p is not None:
                self.broadcaster.offer(conn, p)
            # someone is here again: stand-ins left idle while nobody was play on
            self.prompter.reopen([q for q in self.standins if q in self.prompts])
        if conn.flow and self.between_hands.hold is not None:
            conn.send(self.between_hands.frame())
        self.seats.send_presence()

    async def leave(self, conn: Connection) -> None:
        place = conn.place
        if place is not None and self.conns.get(place) is conn:
            del self.conns[place]
            if self.record.seats[place] == conn.player_id and self.record.status in (
                "playing",
                "paused",
            ):
                self.seats.mark_away(place)
            self.between_hands.left(place)
            self.seats.send_presence()
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
            if 0 < prompt_id <= self.numbers.count(conn.place, self.sent_seq()):
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
        except RulesetFailed as exc:
            await self.fail(str(exc))
            return error("ruleset_error", f"the table's ruleset failed: {exc}")
        except StorageError:
            log.warning("table %s: storage unavailable; action refused", self.id)
            return error("storage_unavailable", "the move could not be saved; send it again")
        return None

    async def resync(self, conn: Connection, last_seq: int) -> None:
        """Resend the viewer's frames after its own frame ``last_seq`` (its numbering:
        server.domain.tables.numbering), then the open prompt."""
        if not self.broadcaster.resend(conn, last_seq):
            return
        if conn.place is not None and not self.pacer.holding:
            p = self.prompts.get(conn.place)
            if p is not None:
                self.broadcaster.send_prompt(conn, p)

    async def ready(self, conn: Connection) -> None:
        """A player pressed OK on the hand's end (server.domain.tables.intermission)."""
        self.between_hands.ready(conn)

    async def chat(self, conn: Connection, text: str) -> None:
        frame = chat_frame(conn, text)
        for c in self.audience():
            c.send(frame)

    # ------------------------------------------------------------------ admin

    async def pause(self) -> None:
        if self.record.status != "playing":
            raise TableError(409, "not_playing", f"the table is {self.record.status}")
        self.record.status = "paused"
        self.prompter.refresh()
        await self._save()
        self.broadcaster.status("paused", "paused by the administrator")

    async def resume(self) -> None:
        if self.record.status != "paused":
            raise TableError(409, "not_paused", f"the table is {self.record.status}")
        self.record.status = "playing"
        await self._save()
        self.broadcaster.status("playing", "resumed by the administrator")
        self.prompter.refresh()

    async def fail(self, reason: str) -> None:
        """The ruleset raised (``RulesetFailed``): the table ends as aborted, its stored
        events and records as they were, with ``ruleset_error`` as the reason everyone
        is shown."""
        if self.record.status in ("finished", "aborted"):
            return
        log.error("table %s: ended, its ruleset failed: %s", self.id, reason)
        await self.abort(f"ruleset_error: {reason}")

    async def abort(self, reason: str) -> None:
        if self.record.status in ("finished", "aborted"):
            raise TableError(409, "table_over", f"the table is already {self.record.status}")
        self.record.status = "aborted"
        self.record.ended = datetime.now(UTC)
        self.prompter.refresh()
        await self._save()
        self.broadcaster.status("aborted", reason or "aborted by the administrator")
        for conn in self.audience():
            conn.close(CloseCode.TABLE_CLOSED, "table aborted")
        self._over()

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
        await self.recorder.commit(new_state, events)
        if not new_state.over:
            self.broadcaster.status(self.record.status, "time is up: this hand is the last")
        return new_state.over

    async def replace_seat(self, place: int, occupant: str, name: str) -> None:
        """Give table place ``place`` to a bot ("bot:greedy") or a player id."""
        if self.record.status in ("finished", "aborted"):
            raise TableError(409, "table_over", f"the table is {self.record.status}")
        self._check_place(place)
        if occupant not in BOTS and occupant in self.record.seats:
            if self.record.seats[place] == occupant:
                return
            raise TableError(409, "already_seated", "the player already sits at this table")
        self.record.seats[place] = occupant
        self.names[place] = name
        conn = self.conns.pop(place, None)
        if conn is not None:
            conn.close(CloseCode.KICKED, "the seat was given to someone else")
        self.seats.vacate(place)
        if occupant not in BOTS and self.record.status in ("playing", "paused"):
            self.seats.mark_away(place)  # the new player has not connected yet
        gone = self.external.pop(place, None)
        if gone is not None:
            await gone.close()
        if occupant in BOTS and self.seed is not None:
            self.seats.seat_bot(place, occupant)
        self.prompter.close(place)
        await self._save()
        self.broadcaster.status(self.record.status, f"seat {place} is now {occupant}")
        if self.record.status == "waiting":
            await self.start_if_full()
        else:
            self.prompter.refresh()

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
        for conn in self.audience():
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
                "between_hands": self.between_hands.hold is not None,
                "connections": len(self.conns),
                "spectators_connected": len(self.spectators),
                "banks": [round(b, 3) for b in self.banks],
            }
        )
        return out
