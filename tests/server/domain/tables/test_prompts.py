"""Prompts and clocks: who is asked what after each change, the bank a slow answer
spends, the timeout move, bots that answer on their own, and no prompt while the table
waits between hands or holds paced events."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from engine.actions import Action
from engine.errors import IllegalAction
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.intermission import BetweenHands
from server.domain.tables.numbering import Entry
from server.domain.tables.prompts import Prompter
from server.domain.tables.recording import Recorder
from server.domain.tables.seats import Seats
from server.domain.tables.session import TableSession
from tests.server.domain.tables.parts import HUMAN, conn, session, start_match, types


def prompter(s: TableSession) -> Prompter:
    """The parts wired as the actor wires them (the prompts open after every send)."""
    parts: list[Prompter] = []

    def sent(entries: list[Entry]) -> None:
        parts[0].refresh()

    rec = Recorder(s, Broadcaster(s), sent=sent, fenced=lambda: None, finished=lambda: None)
    seats = Seats(s, rec, rec.broadcaster, reopen=lambda places: parts[0].reopen(places))
    between = BetweenHands(s, rec.broadcaster, released=lambda: parts[0].refresh())
    parts.append(Prompter(s, rec, rec.broadcaster, seats, between))
    return parts[0]


def humans_only() -> list[str]:
    return [HUMAN, "p-b", "p-c", "p-d"]


def test_the_seat_on_turn_is_asked_and_its_connection_gets_the_prompt() -> None:
    async def run() -> None:
        s = session(humans_only())
        dealer = conn(0)
        s.conns[0] = dealer
        p = prompter(s)
        await start_match(s, p.recorder)
        assert s.state is not None and s.state.hand is not None
        assert list(s.prompts) == [s.state.seating[s.state.hand.turn]] == [0]
        assert types(dealer)[-1] == "prompt" and dealer.offered
        assert s.prompts[0].allowance is None  # no clocks at this table

    asyncio.run(run())


def first_discard(s: TableSession) -> Action:
    return next(a for a in s.prompts[0].actions if a.type == "discard")


def test_an_answer_spends_the_bank_and_the_record_keeps_it() -> None:
    async def run() -> None:
        s = session(humans_only(), timers={"move": 0, "claim": 0, "bank": 30})
        loop = asyncio.create_task(s._loop())
        p = prompter(s)
        await start_match(s, p.recorder)
        assert s.prompts[0].allowance == 30
        s.prompts[0].opened -= 2.0  # answered two seconds in
        before = len(s.log)
        await p.apply(0, s.prompts[0].engine_action(first_discard(s)))
        assert len(s.log) > before and s.actions == 1 and s.last_action is not None
        assert 27.5 < s.banks[0] < 28.5 and s.record.banks == s.banks
        assert 0 not in s.prompts or s.prompts[0].version == s.state.prompt  # type: ignore[union-attr]
        loop.cancel()

    asyncio.run(run())


def test_a_refused_answer_changes_nothing() -> None:
    async def run() -> None:
        s = session(humans_only(), timers={"move": 0, "claim": 0, "bank": 30})
        p = prompter(s)
        await start_match(s, p.recorder)
        s.prompts[0].opened -= 2.0
        state, log = s.state, list(s.log)
        wrong = dataclasses.replace(first_discard(s), seat=1)
        with pytest.raises(IllegalAction):
            await p.apply(0, wrong)
        assert s.state is state and s.log == log and s.banks[0] == 30

    asyncio.run(run())


def test_the_clock_plays_the_timeout_move() -> None:
    async def run() -> None:
        s = session(humans_only(), timers={"move": 0.01, "claim": 0, "bank": 0})
        loop = asyncio.create_task(s._loop())
        p = prompter(s)
        await start_match(s, p.recorder)
        before = len(s.log)
        await asyncio.sleep(0.1)
        assert len(s.log) > before and s.actions >= 1
        loop.cancel()
        p.cancel()

    asyncio.run(run())


def test_bots_answer_on_their_own() -> None:
    async def run() -> None:
        s = session(["bot:greedy"] * 4)
        loop = asyncio.create_task(s._loop())
        p = prompter(s)
        p.seats.seat_bots()
        await start_match(s, p.recorder)
        for _ in range(200):
            await asyncio.sleep(0)
        assert s.actions > 4
        loop.cancel()
        p.cancel()

    asyncio.run(run())


def test_no_prompt_between_hands_or_while_paced_events_are_held() -> None:
    async def run() -> None:
        s = session(humans_only())
        p = prompter(s)
        await start_match(s, p.recorder)
        assert s.prompts
        s.pacer.held = s.log[-1:]
        p.reopen([0])
        assert s.prompts == {}  # they open when the held events are sent
        s.pacer.held = []
        p.refresh()
        assert list(s.prompts) == [0]
        s.conns[0] = conn(0, flow=True)
        p.between_hands.begin()
        p.refresh()
        assert s.prompts == {}
        s.record.status = "paused"
        p.between_hands.cancel()
        p.between_hands.hold = None
        p.refresh()
        assert s.prompts == {}
        s.record.status = "playing"
        p.refresh()
        p.close(0)
        assert s.prompts == {}

    asyncio.run(run())
