"""Clocks: when a seat lets its time run out the server discards the drawn tile or
passes for it — never a win, never a call — and the time bank is spent first."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.actions import Chow, Discard, SelfDrawWin, Win
from engine.decide import start
from engine.events import Answered
from engine.ruleset import table_for
from rulesets.mcr import RULESET as MCR
from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.tables.clock import Timers, fallback
from server.domain.tables.manager import TableManager
from tests.server.conftest import LiveServer


def test_timers_allowance_and_bank() -> None:
    t = Timers(move=5, claim=2, bank=10)
    assert t.allowance(False, 10) == 15 and t.allowance(True, 3) == 5
    assert t.spent(False, 4, 10) == 10  # inside the move time: the bank is untouched
    assert t.spent(False, 8, 10) == 7
    assert t.spent(True, 30, 10) == 0
    assert Timers(0, 0, 0).allowance(False, 0) is None  # untimed


def test_fallback_never_wins_or_calls() -> None:
    state, _ = start(table_for(MCR), "fallback-seed")
    hand = state.hand
    assert hand is not None
    seat = hand.turn
    drawn = hand.seats[seat].hand[-1]
    legal = (SelfDrawWin(seat=seat), Discard(seat=seat, tile=drawn))
    chosen = fallback(state, seat, legal)
    assert isinstance(chosen, Discard)
    assert fallback(state, seat, (SelfDrawWin(seat=seat),)) is None
    assert fallback(state, 1, (Win(seat=1), Chow(seat=1, tiles=(0, 1)))) is None


def test_an_idle_seat_is_played_by_its_clock(server: LiveServer) -> None:
    pid, token = server.player("sleeper")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"],
        options={"hands_per_session": 1},
        timers={"move": 0.05, "claim": 0.05, "bank": 0.1},
    )["table_id"]
    ws = server.ws(tid, token)
    end = ws.until_type("match_end", timeout=60)  # we never answer anything
    assert end["standings"]
    me = 0
    prompts: list[dict[str, Any]] = []
    drawn: dict[int, int] = {}
    for f in ws.frames:
        if f["type"] == "prompt":
            prompts.append(f)
        if f["type"] != "event":
            continue
        ev = f["event"]
        if ev["type"] == "hand_started":
            me = ev["seating"].index(0)
        if ev.get("seat") != me:
            continue
        assert ev["type"] not in ("called", "kong_declared")  # never a call for us
        if ev["type"] == "answered":
            assert ev["action"]["type"] == "pass"
        if ev["type"] == "drew":
            drawn[me] = ev["tile"]
        if ev["type"] == "discarded" and ev["seat"] == me and me in drawn:
            assert ev["tsumogiri"] or ev["tile"] == drawn[me]
    hand_end = next(f for f in ws.frames if f["type"] == "hand_end")
    assert all(w["seat"] != me for w in hand_end["result"]["wins"])
    assert prompts and all(p["deadline"] is not None for p in prompts)
    # The socket may connect after the first prompt has already timed out (a loaded
    # machine), so the first prompt seen may hold less than the full bank.
    banks = [p["bank"] for p in prompts]
    assert 0 <= banks[0] <= 0.1 and banks[-1] == 0
    assert banks == sorted(banks, reverse=True)
    assert server.live(tid)["banks"][0] == 0


def test_a_claim_window_timer_passes_for_the_seat() -> None:
    async def run() -> None:
        manager = TableManager(MemoryStore(), Settings(admin_token="x", bot_delay=0))
        actor = await manager.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options={"hands_per_session": 4},
            seats=["p-idle", "bot:greedy", "bot:greedy", "bot:greedy"],
            names={0: "idle"},
            timers={"move": 0.01, "claim": 0.05, "bank": 0},
            spectators={"allowed": False, "delay": 0},
            created_by="admin",
        )
        seen_claim = None
        for _ in range(3000):
            p = actor.prompts.get(0)
            if p is not None and p.claim:
                seen_claim = (p.seat, len(actor.log))
                break
            await asyncio.sleep(0.005)
        assert seen_claim is not None, "no claim window for the idle seat"
        seat, before = seen_claim
        for _ in range(200):
            answers = [e.event for e in actor.log[before:] if isinstance(e.event, Answered)]
            if any(a.seat == seat for a in answers):
                break
            await asyncio.sleep(0.005)
        mine = [a for a in answers if a.seat == seat]
        assert mine and mine[0].action.type == "pass"
        await manager.shutdown()

    asyncio.run(run())
