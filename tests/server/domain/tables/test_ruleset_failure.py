"""A ruleset that raises at the table (a plugin's bug) ends that table, not the server: the
table is aborted with ``ruleset_error`` as its reason, its stored events stay as they were,
and another table plays on to its end."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from engine.state import Table
from engine.wall import Wall
from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.registry import build_table
from server.domain.tables.manager import TableManager

BOTS = ["bot:random"] * 4


def planted(ruleset: str, options: Any, **kw: Any) -> Table:
    """The ruleset's table; with the test's own ``break`` key, one whose wall hook raises
    when the second hand is dealt (as a plugin's bug would)."""
    options = dict(options or {})
    broken = options.pop("break", None)
    table = build_table(ruleset, options, **kw)
    if broken is None:
        return table

    dealt: set[int] = set()

    def walls(seed: str, hand_number: int) -> Wall:
        dealt.add(hand_number)
        if len(dealt) > 1:
            raise RuntimeError("planted fault in the ruleset")
        return Wall.build(table.rules.wall, seed, hand_number)

    return dataclasses.replace(table, walls=walls)


async def play(manager: TableManager, options: dict[str, Any]) -> Any:
    actor = await manager.create(
        ruleset="mcr",
        ruleset_version="1",
        options=options,
        seats=BOTS,
        names={},
        timers={"move": 0, "claim": 0, "bank": 0},
        spectators={"allowed": True, "delay": 0},
        created_by="admin",
    )
    return actor


def test_a_raising_ruleset_ends_its_table_and_no_other(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def run() -> None:
        store = MemoryStore()
        manager = TableManager(
            store, Settings(admin_token="x", bot_delay=0, hand_pause=0, absent_grace=0)
        )
        monkeypatch.setattr("server.domain.tables.manager.build_table", planted)
        broken = await play(manager, {"hands_per_session": 2, "break": 1})
        sound = await play(manager, {"hands_per_session": 2})
        for _ in range(600):
            if broken.record.status == "aborted" and sound.record.status == "finished":
                break
            await asyncio.sleep(0.05)
        assert broken.record.status == "aborted"  # its reason: ruleset_error (the status frame)
        assert sound.record.status == "finished"
        said = [r.getMessage() for r in caplog.records if r.name == "jantaku.table"]
        assert f"table {broken.id}: ended, its ruleset failed: mcr: RuntimeError: planted" in (
            "\n".join(said)
        )
        logged = await store.events.read(broken.id)
        assert logged, "the events played before the fault stay stored"
        assert [e.seq for e in logged] == list(range(1, len(logged) + 1))
        await manager.shutdown()

    asyncio.run(run())
