"""The recorder: events stored before they are adopted and sent, each append carrying the
lease's fencing token; a fenced store stops the table with nothing changed; the record's
projected fields adopted from the store; the table rebuilt from its stored log."""

from __future__ import annotations

import asyncio

import pytest

from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.numbering import Entry
from server.domain.tables.recording import Recorder
from server.ports.storage import EventLog, Fenced, LoggedEvent
from tests.server.domain.tables.parts import recorder, session, start_match


def test_events_are_stored_with_the_fence_then_adopted_then_sent() -> None:
    async def run() -> None:
        s = session()
        s.fence = 7
        sent: list[list[Entry]] = []
        await start_match(s, recorder(s, sent))
        stored = await s.store.events.read(s.id)
        assert [e.seq for e in stored] == [e.seq for e in s.log] == list(range(1, 22))
        assert {e.epoch for e in stored} == {7}
        assert [e.json for e in s.log] == [e.event for e in stored]
        assert sent == [s.log]  # the next prompts open after the send
        assert s.record.status == "playing" and s.record.hand_label  # projected by the store

    asyncio.run(run())


class FencedLog:
    def __init__(self, inner: EventLog) -> None:
        self.inner = inner

    async def append(self, events: list[LoggedEvent]) -> None:
        raise Fenced("another instance owns the table")

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        return await self.inner.read(table_id, after_seq)


def test_a_fenced_append_stops_the_table_with_nothing_changed() -> None:
    async def run() -> None:
        s = session()
        s.store.events = FencedLog(s.store.events)
        fenced: list[bool] = []
        sent: list[list[Entry]] = []
        rec = Recorder(
            s,
            Broadcaster(s),
            sent=sent.append,
            fenced=lambda: fenced.append(True),
            finished=lambda: None,
        )
        with pytest.raises(Fenced):
            await start_match(s, rec)
        assert fenced == [True]
        assert s.state is None and s.log == [] and sent == []

    asyncio.run(run())


def test_the_table_is_rebuilt_from_its_stored_log() -> None:
    async def run() -> None:
        s = session()
        await start_match(s, recorder(s))
        logged = await s.store.events.read(s.id)
        again = session(store=s.store)
        recorder(again).rebuild("parts-seed", logged)
        assert again.state == s.state and again.seed == "parts-seed"
        assert [(e.seq, e.seating, e.json) for e in again.log] == [
            (e.seq, e.seating, e.json) for e in s.log
        ]
        assert again.numbers.count(0, len(again.log)) == s.numbers.count(0, len(s.log))
        empty = session()
        recorder(empty).rebuild("parts-seed", [])
        assert empty.state is None and empty.log == []

    asyncio.run(run())


def test_the_record_adopts_what_the_store_projected() -> None:
    async def run() -> None:
        s = session()
        rec = recorder(s)
        stored = await s.store.tables.get(s.id)
        assert stored is not None
        stored.hand_label = "East 1"
        stored.scores = [1, 2, 3, 4]
        stored.seats = ["changed"] * 4  # not a projected field: the actor's own
        s.store.tables._by_id[s.id] = stored  # type: ignore[attr-defined]
        await rec.refresh_record()
        assert s.record.hand_label == "East 1" and s.record.scores == [1, 2, 3, 4]
        assert s.record.seats[0] == "p-human"

    asyncio.run(run())
