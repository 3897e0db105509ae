"""Bounded resources: ended tables leave memory after the grace period (their records
stay and REST answers from them), and per-player limits on open tables and creation."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.manager import TableManager
from tests.server.conftest import running, suite_settings


async def _table(manager: TableManager, seats: list[str], by: str = "admin") -> TableActor:
    return await manager.create(
        ruleset="mcr",
        ruleset_version="1.0.0",
        options={"hands_per_session": 1},
        seats=seats,
        names={},
        timers={"move": 0, "claim": 0, "bank": 0},
        spectators={"allowed": True, "delay": 0},
        created_by=by,
    )


async def _finished(actor: TableActor) -> None:
    for _ in range(2000):
        if actor.record.status == "finished":
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bots did not finish")


def test_ended_tables_leave_memory_after_the_grace_period() -> None:
    async def run() -> None:
        manager = TableManager(MemoryStore(), Settings(admin_token="x", bot_delay=0,
                                                       table_grace_seconds=0.05))  # fmt: skip
        bots = await _table(manager, ["bot:greedy"] * 4)
        waiting = await _table(manager, ["open"] * 4)
        await _finished(bots)
        await asyncio.sleep(0.2)
        assert bots.id not in manager.actors and waiting.id in manager.actors
        assert manager.stats()["tables_freed"] == 1
        # the freed actor drops its event log at once, not when the paced collector
        # reaches the cycles it may still sit in (server/domain/tables/gc_pacing.py)
        assert bots.log == [] and bots.numbers.count(None, 0) == 0
        public = await manager.public(bots.id)  # from the store now
        assert public["status"] == "finished" and public["seed"] is not None
        with pytest.raises(TableError) as freed:
            await manager.require(bots.id)
        assert freed.value.status == 410 and freed.value.code == "table_freed"
        with pytest.raises(TableError) as missing:
            await manager.require("nope")
        assert missing.value.status == 404
        await waiting.call(lambda: waiting.abort("test"))
        await asyncio.sleep(0.2)
        assert manager.actors == {}
        await manager.shutdown()

    asyncio.run(run())


def test_per_player_limits_on_open_tables_and_creation_rate() -> None:
    async def run() -> None:
        settings = Settings(admin_token="x", bot_delay=0, max_open_tables_per_player=2,
                            table_create_rate="3/minute")  # fmt: skip
        manager = TableManager(MemoryStore(), settings)
        await _table(manager, ["open"] * 4, by="p1")
        await _table(manager, ["open"] * 4, by="p1")
        with pytest.raises(TableError) as full:
            await _table(manager, ["open"] * 4, by="p1")
        assert (full.value.status, full.value.code) == (409, "too_many_open_tables")
        await _table(manager, ["open"] * 4, by="admin")  # the admin has no limits
        finished = await _table(manager, ["bot:greedy"] * 4, by="p2")  # ends by itself
        await _finished(finished)
        await _table(manager, ["open"] * 4, by="p2")
        await _finished(await _table(manager, ["bot:greedy"] * 4, by="p2"))
        with pytest.raises(TableError) as fast:
            await _table(manager, ["open"] * 4, by="p2")
        assert (fast.value.status, fast.value.code) == (429, "rate_limited")
        assert fast.value.retry_after is not None and 0 < fast.value.retry_after <= 60
        await manager.shutdown()

    asyncio.run(run())


def test_rest_and_websocket_answer_for_a_freed_table(tmp_path: Path) -> None:
    settings = suite_settings(
        tmp_path, table_grace_seconds=0, max_open_tables_per_player=1, table_create_rate="2/hour"
    )
    with running(settings) as server:
        tid = server.table(["bot:greedy"] * 4, options={"hands_per_session": 1})["table_id"]
        for _ in range(500):
            if server.http.get(f"/api/admin/tables/{tid}", headers=server.admin).status_code == 410:
                break
            time.sleep(0.02)
        r = server.http.get(f"/api/admin/tables/{tid}", headers=server.admin)
        assert r.status_code == 410 and r.json()["error"]["code"] == "table_freed"
        r = server.http.get(f"/api/tables/{tid}")
        assert r.status_code == 200 and r.json()["status"] == "finished"
        assert server.http.get(f"/api/matches/{tid}").status_code == 200  # records stay
        pid, token = server.player("late")
        auth = {"Authorization": f"Bearer {token}"}
        r = server.http.post(f"/api/tables/{tid}/join", headers=auth)
        assert r.status_code == 410
        ws = server.ws(tid, token)
        assert ws.recv()["code"] == "table_freed" and ws.close_code() == 4411
        body: dict[str, Any] = {"ruleset": "mcr", "seats": [pid, "open", "open", "open"]}
        assert server.http.post("/api/tables", json=body, headers=auth).status_code == 201
        r = server.http.post("/api/tables", json=body, headers=auth)
        assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_open_tables"
        _, other = server.player("fast")
        bots = {"ruleset": "mcr", "seats": ["bot:greedy"] * 4, "options": {"hands_per_session": 1}}
        auth = {"Authorization": f"Bearer {other}"}
        codes = []
        for _ in range(3):
            r = server.http.post("/api/tables", json=bots, headers=auth)
            codes.append(r.status_code)
            if r.status_code == 201:  # wait until it is over, so that it is not open
                url = f"/api/tables/{r.json()['table_id']}"
                while server.http.get(url).json()["status"] != "finished":
                    time.sleep(0.02)
        assert codes == [201, 201, 429]
        assert r.json()["error"]["code"] == "rate_limited" and int(r.headers["Retry-After"]) > 0
