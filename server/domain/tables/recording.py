"""A table's log and record in the store: appending the events (fenced by the cluster
lease's token), adopting what the store projected from them, claim pacing's held
moments, and rebuilding the table from its stored log after a crash.

The log is append-only: events are stored first, then the state adopts them, then
they are sent (server.domain.tables.broadcast). A store that refuses an append or a save
because another instance owns the table now (``Fenced``) stops this one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from engine.events import (
    Event,
    HandStarted,
    MatchEnded,
    Settled,
    event_from_json,
    event_to_json,
)
from engine.evolve import evolve
from engine.state import MatchState
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.numbering import Entry
from server.domain.tables.session import TableSession
from server.ports.storage import PROJECTED_FIELDS, Fenced, LoggedEvent

# The record's fields the store writes with the events (the actor only adopts them).
PROJECTED = ("status", "seed", "ended", *PROJECTED_FIELDS)


class Recorder:
    def __init__(
        self,
        session: TableSession,
        broadcaster: Broadcaster,
        *,
        sent: Callable[[list[Entry]], None],
        fenced: Callable[[], None],
        finished: Callable[[], None],
    ) -> None:
        """``sent``: called after entries reached the viewers (the next prompts open);
        ``fenced``: the store refused a write (another instance owns the table);
        ``finished``: the stored record says the match is over."""
        self.session = session
        self.broadcaster = broadcaster
        self._sent = sent
        self._fenced = fenced
        self._finished = finished
        self.pace_handle: asyncio.TimerHandle | None = None

    async def save(self) -> None:
        """Store the record's own fields, fenced like the event appends."""
        s = self.session
        if s.pacer.holding:
            # held events are stored already (a match's end sets status, seed, ended):
            # never write the record from before them back over it
            await self.refresh_record()
        try:
            await s.store.tables.save(s.record, epoch=s.fence)
        except Fenced:
            self._fenced()
            raise

    async def commit(self, state: MatchState, events: list[Event]) -> None:
        """Persist ``events`` (the log is append-only), then adopt ``state``, then send."""
        s = self.session
        loop_now = asyncio.get_running_loop().time()
        entries: list[Entry] = []
        seating = s.state.seating if s.state is not None else tuple(range(len(s.record.seats)))
        seq = len(s.log)
        hand_number = s.state.hand.hand_number if s.state and s.state.hand else None
        logged: list[LoggedEvent] = []
        for ev in events:
            seq += 1
            if isinstance(ev, HandStarted):
                seating = ev.seating
                hand_number = ev.hand_number
            entry = Entry(seq, ev, seating, loop_now, event_to_json(ev))
            entries.append(entry)
            logged.append(LoggedEvent(s.id, seq, hand_number, entry.json, s.fence))
        try:
            await s.store.events.append(logged)
        except Fenced:
            self._fenced()
            raise
        s.state = state
        s.log.extend(entries)
        s.numbers.extend(entries)
        for external in s.external.values():
            external.observe(events)
        sent = s.pacer.split(entries, loop_now, bool(s.humans()))
        # a held hand end reaches the record (the public table, the status) when it is sent
        await self._update_record(sent)
        self.broadcaster.broadcast(sent)
        if s.pacer.holding:  # claim pacing (server.domain.tables.claim_pacing)
            self._hold_claims()
            return
        self._sent(entries)

    def _hold_claims(self) -> None:
        if self.pace_handle is None:
            loop = asyncio.get_running_loop()
            wait = max(0.0, self.session.pacer.deadline - loop.time())
            submit = self.session.submit
            self.pace_handle = loop.call_later(wait, lambda: submit(self._release_claims))

    async def _release_claims(self) -> None:
        self.pace_handle = None
        entries = self.session.pacer.release()
        await self._update_record(entries)
        self.broadcaster.broadcast(entries)
        self._sent(entries)

    def cancel(self) -> None:
        if self.pace_handle is not None:
            self.pace_handle.cancel()

    async def _update_record(self, entries: list[Entry]) -> None:
        """The store projected the records (scores, pot, standings …) with the events:
        adopt them; the actor never writes them itself."""
        if any(isinstance(e.event, HandStarted | Settled | MatchEnded) for e in entries):
            await self.refresh_record()
            if self.session.record.status == "finished":
                self.broadcaster.status("finished", "the match is over")
                self._finished()

    async def refresh_record(self) -> None:
        """Take the projected fields of the stored record (after events or a correction)."""
        s = self.session
        stored = await s.store.tables.get(s.id)
        if stored is None:
            return
        for name in PROJECTED:
            setattr(s.record, name, getattr(stored, name))

    def rebuild(self, seed: str, logged: list[LoggedEvent]) -> None:
        """The state and the log from the seed and the stored events (crash recovery):
        the state through ``engine.evolve``, each entry with its event's seating."""
        s = self.session
        s.seed = seed
        state = MatchState(table=s.table, seed=seed)
        seating: tuple[int, ...] = tuple(range(len(s.record.seats)))
        now = asyncio.get_running_loop().time()
        for item in logged:
            event = event_from_json(item.event)
            state = evolve(state, event)
            if isinstance(event, HandStarted):
                seating = event.seating
            s.log.append(Entry(item.seq, event, seating, now, item.event))
        s.numbers.extend(s.log)
        s.state = state if logged else None
