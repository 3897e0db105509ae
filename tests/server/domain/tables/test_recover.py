"""A table rebuilt from its stored seed and event log carries on where it stopped (the
hook the persistence layer uses after a restart)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.actions import Action
from server.adapters.memory.store import MemoryStore
from server.adapters.sql.store import SqlStore
from server.config import Settings
from server.domain.tables.actor import TableActor
from server.domain.tables.clock import fallback
from server.domain.tables.manager import TableManager


def test_a_table_is_rebuilt_from_its_seed_and_event_log() -> None:
    async def run() -> None:
        store = MemoryStore()
        settings = Settings(admin_token="x", bot_delay=0)
        first = TableManager(store, settings)
        actor = await first.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options={"hands_per_session": 2},
            seats=["p-human", "bot:greedy", "bot:random", "bot:greedy"],
            names={0: "human"},
            timers={"move": 0, "claim": 0, "bank": 0},
            spectators={"allowed": True, "delay": 0},
            created_by="admin",
        )
        for _ in range(50):  # let the bots play up to the human's first prompt
            await asyncio.sleep(0)
        before = actor.state
        assert before is not None and 0 in actor.prompts
        await first.shutdown()

        record = await store.tables.get(actor.id)
        assert record is not None and record.seed is not None
        second = TableManager(store, settings)
        assert await second.restore_all() == 1
        again = second.get(actor.id)
        assert again.state is not None
        assert again.state.version == before.version and again.state.scores == before.scores
        assert again.state.hand == before.hand
        assert [e.seq for e in again.log] == list(range(1, len(actor.log) + 1))
        assert again.prompts[0].prompt_id == actor.prompts[0].prompt_id
        assert again.public()["seed"] is None  # still secret while the match runs
        await second.shutdown()

    asyncio.run(run())


class BrokenBrain:
    def act(self, view: object) -> object:
        raise RuntimeError("this brain is broken")


def test_a_broken_bot_never_stalls_its_table() -> None:
    async def run() -> None:
        manager = TableManager(MemoryStore(), Settings(admin_token="x", bot_delay=0))
        actor = await manager.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options={"hands_per_session": 1},
            seats=["p-human", "bot:greedy", "bot:greedy", "bot:greedy"],
            names={0: "human"},
            timers={"move": 0, "claim": 0, "bank": 0},
            spectators={"allowed": False, "delay": 0},
            created_by="admin",
        )
        while 0 not in actor.prompts:
            await asyncio.sleep(0.01)
        actor.bots[1] = BrokenBrain()  # type: ignore[assignment]
        await actor.call(lambda: actor.replace_seat(0, "bot:greedy", "bot"))
        for _ in range(1000):
            if actor.record.status == "finished":
                break
            await asyncio.sleep(0.01)
        assert actor.record.status == "finished"
        await manager.shutdown()

    asyncio.run(run())


def test_time_banks_survive_a_restart(tmp_path: Path) -> None:
    """A bank spent before a restart stays spent: it is part of the stored table."""

    async def run() -> None:
        store = await SqlStore.open(f"sqlite+aiosqlite:///{tmp_path / 'banks.db'}")
        settings = Settings(admin_token="x", bot_delay=0)
        first = TableManager(store, settings)
        actor = await first.create(
            ruleset="mcr",
            ruleset_version="1.0.0",
            options={"hands_per_session": 2},
            seats=["p-human", "bot:greedy", "bot:greedy", "bot:greedy"],
            names={0: "human"},
            timers={"move": 0.01, "claim": 0.01, "bank": 30},
            spectators={"allowed": False, "delay": 0},
            created_by="admin",
        )
        while 0 not in actor.prompts:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # answer late: past the move time, into the bank
        prompt = actor.prompts[0]
        await actor.call(lambda: actor._apply(0, fallback_or_first(actor)))
        assert prompt.prompt_id not in [p.prompt_id for p in actor.prompts.values()]
        spent = actor.banks[0]
        assert spent < 30 and actor.banks[1:] == [30, 30, 30]
        await first.shutdown()

        second = TableManager(store, settings)
        assert await second.restore_all() == 1
        again = second.get(actor.id)
        assert again.banks == [spent, 30, 30, 30]
        assert again.live()["banks"][0] == round(spent, 3)
        await second.shutdown()
        await store.close()

    asyncio.run(run())


def fallback_or_first(actor: TableActor) -> Action:
    p = actor.prompts[0]
    assert actor.state is not None
    return fallback(actor.state, p.seat, p.actions) or p.actions[0]
