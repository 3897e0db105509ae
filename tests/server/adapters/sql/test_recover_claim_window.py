"""A claim window that some seats have answered and others not survives a restart on the
SQL store: the rebuilt table has the same state, asks only the seats still to answer with
the same prompt, and the finished match equals an uninterrupted replay."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import pytest

from engine.actions import Action, Pass, unprompted
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import event_to_json
from engine.legal import legal_actions
from engine.replay import replay
from engine.state import MatchState, Phase
from engine.views import view_for
from server.adapters.sql.store import SqlStore
from server.config import Settings
from server.domain.registry import build_table
from server.domain.tables.actor import TableActor
from server.domain.tables.manager import TableManager

OPTIONS = {"hands_per_session": 2}
SEATS = ["p0", "p1", "p2", "p3"]


def multi_window(seed: str) -> bool:
    """Whether greedy play of this seed reaches a claim window with two or more seats."""
    table = build_table("mcr", OPTIONS)
    bot = GreedyBot(table.rules)
    state, _ = start(table, seed)
    for _ in range(2000):
        seats = [s for s in range(4) if legal_actions(state, s)]
        if not seats:
            return False
        if state.hand is not None and state.hand.phase is Phase.CLAIM and len(seats) >= 2:
            return True
        state, _ = step(state, bot.act(view_for(state, seats[0])))
    return False


def comparable(state: MatchState | None) -> tuple[MatchState, str]:
    """The state with its past results as JSON (a rebuilt state holds lists where the live
    one holds tuples in ``WinContext.extra``; the JSON, and so the log, is the same)."""
    assert state is not None
    hand = state.hand
    if hand is not None:
        hand = dataclasses.replace(hand, result=None)
    results = [dataclasses.asdict(r) for r in state.results]
    if state.hand is not None and state.hand.result is not None:
        results.append(dataclasses.asdict(state.hand.result))
    rest = dataclasses.replace(state, results=(), hand=hand)
    return rest, json.dumps(results, sort_keys=True, default=str)


def a_seed() -> str:
    for i in range(200):
        if multi_window(f"window-{i}"):
            return f"window-{i}"
    raise AssertionError("no seed gives a claim window with two seats")


def choose(actor: TableActor, bot: GreedyBot) -> tuple[int, Action]:
    place = min(actor.prompts)
    p = actor.prompts[place]
    assert actor.state is not None
    wanted = bot.act(view_for(actor.state, p.seat))
    if unprompted(wanted) not in p.actions:
        wanted = p.actions[0]
    return place, wanted


async def play(actor: TableActor, bot: GreedyBot, actions: list[Action], stop: Any) -> None:
    for _ in range(3000):
        if actor.record.status == "finished" or stop(actor):
            return
        place, action = choose(actor, bot)
        await actor.call(lambda: actor._apply(place, action))  # noqa: B023
        actions.append(action)
    raise AssertionError("the match did not end")


def in_window(actor: TableActor) -> bool:
    return len(actor.prompts) >= 2 and all(p.claim for p in actor.prompts.values())


def test_a_half_answered_claim_window_is_rebuilt(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = a_seed()
    monkeypatch.setattr("server.domain.tables.actor.secrets.token_hex", lambda n=16: seed)
    settings = Settings(admin_token="x", bot_delay=0)

    async def run() -> None:
        store = await SqlStore.open(db_url)
        manager = TableManager(store, settings)
        actor = await manager.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options=OPTIONS,
            seats=SEATS,
            names={i: s for i, s in enumerate(SEATS)},
            timers={"move": 30, "claim": 30, "bank": 30},
            spectators={"allowed": True, "delay": 0},
            created_by="admin",
        )
        bot = GreedyBot(actor.table.rules)
        actions: list[Action] = []
        await play(actor, bot, actions, in_window)
        first = min(actor.prompts)
        answer = Pass(seat=actor.prompts[first].seat, prompt=actor.prompts[first].version)
        await actor.call(lambda: actor._apply(first, answer))
        actions.append(answer)
        before = actor.state
        waiting = {place: p.prompt_id for place, p in actor.prompts.items()}
        assert waiting and first not in waiting
        events = len(actor.log)
        await manager.shutdown()  # nothing is saved on the way out: as good as a crash
        await store.close()

        store = await SqlStore.open(db_url)
        manager = TableManager(store, settings)
        assert await manager.restore_all() == 1
        again = manager.get(actor.id)
        assert comparable(again.state) == comparable(before)
        assert {place: p.prompt_id for place, p in again.prompts.items()} == waiting
        assert all(p.allowance is not None and p.handles for p in again.prompts.values())
        assert len(again.log) == events
        await play(again, bot, actions, lambda a: False)
        logged = await store.events.read(actor.id)
        _, expected = replay(build_table("mcr", OPTIONS), seed, actions)
        assert [e.event for e in logged] == [event_to_json(e) for e in expected]
        hands = await store.records.hands(actor.id)
        settled = [event_to_json(e) for e in expected if e.type == "settled"]
        assert [h.scores for h in hands] == [s["scores"] for s in settled]
        assert len(await store.records.standings(actor.id)) == 4
        await manager.shutdown()
        await store.close()

    asyncio.run(run())
