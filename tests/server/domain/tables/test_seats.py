"""Seats: the bots seated from the record, the presence frame, an absent player's seat
played by a stand-in after the grace period, and the hands it played kept in the record."""

from __future__ import annotations

import asyncio

from engine.bots.greedy import GreedyBot
from server.domain.tables.seats import Seats
from server.domain.tables.session import TableSession
from tests.server.domain.tables.parts import conn, frames, recorder, session, start_match


def seats(s: TableSession, reopened: list[list[int]] | None = None) -> Seats:
    rec = recorder(s)
    notes = reopened if reopened is not None else []
    return Seats(s, rec, rec.broadcaster, reopen=notes.append)


def test_the_records_bots_are_seated() -> None:
    s = session(["p-a", "bot:greedy", "open", "bot:random"])
    seats(s).seat_bots()
    assert sorted(s.bots) == [1, 3] and s.external == {}


def test_presence_says_who_is_here_and_who_is_stood_in_for() -> None:
    s = session(["p-a", "p-b", "bot:greedy", "open"])
    part = seats(s)
    watcher, plain = conn(None, flow=True), conn(0)
    s.spectators.add(watcher)
    s.conns[0] = plain
    s.standins[1] = GreedyBot(s.table.rules)
    part.send_presence()
    assert frames(watcher) == [
        {
            "type": "presence",
            "connected": [True, False, True, False],
            "standin": [False, True, False, False],
        }
    ]
    assert frames(plain) == []  # not a flow client


def test_an_absent_player_is_stood_in_for_after_the_grace_and_back_on_return() -> None:
    async def run() -> None:
        s = session(absent_grace=0.01)
        loop = asyncio.create_task(s._loop())
        reopened: list[list[int]] = []
        part = seats(s, reopened)
        s.record.status = "playing"
        part.mark_away(0)
        await asyncio.sleep(0.05)
        assert isinstance(s.standins.get(0), GreedyBot) and reopened == [[0]]
        assert part.back(0) and 0 not in s.standins and 0 not in part.away
        assert not part.back(0)
        # back before the grace ran out: no stand-in
        part.mark_away(0)
        part.back(0)
        await asyncio.sleep(0.05)
        assert 0 not in s.standins and reopened == [[0]]
        loop.cancel()

    asyncio.run(run())


def test_no_stand_in_for_a_table_not_in_play() -> None:
    async def run() -> None:
        s = session(absent_grace=0.01)
        loop = asyncio.create_task(s._loop())
        part = seats(s)
        part.mark_away(0)  # the table is still waiting
        await asyncio.sleep(0.05)
        assert s.standins == {}
        loop.cancel()

    asyncio.run(run())


def test_the_record_keeps_the_hands_a_stand_in_played() -> None:
    async def run() -> None:
        s = session()
        part = seats(s)
        await start_match(s, part.recorder)
        assert s.state is not None and s.state.hand is not None
        first = s.state.hand.hand_number
        await part.note_standin(0)
        await part.note_standin(0)  # once per hand
        assert s.record.standins == [[first], [], [], []]
        stored = await s.store.tables.get(s.id)
        assert stored is not None and stored.standins == [[first], [], [], []]

    asyncio.run(run())


def test_a_seat_that_changes_hands_forgets_its_bot_and_absence() -> None:
    s = session()
    part = seats(s)
    part.seat_bots()
    part.away[1] = 0.0
    s.standins[1] = GreedyBot(s.table.rules)
    part.vacate(1)
    assert 1 not in s.bots and 1 not in s.standins and 1 not in part.away
