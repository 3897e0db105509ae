"""Drain: an instance drained mid-match (asked through another instance) hands its
tables over between two actions and exits; no event is lost or duplicated."""

from __future__ import annotations

import asyncio
import random
import time

import httpx

from server.cluster.local import LocalCluster
from tests.server.cluster.conftest import (
    H,
    check_log,
    check_seat,
    in_play,
    owners,
    play_all,
    seat_table,
    stored,
)


def test_drain_hands_tables_over_and_exits(cluster: LocalCluster, pg: str) -> None:
    rng = random.Random(7)
    a = cluster.start("a")
    r = httpx.post(f"{a.url}/api/admin/cluster/instances/a/drain", headers=H)
    assert r.status_code == 409 and r.json()["error"]["code"] == "no_other_instance"
    r = httpx.post(f"{a.url}/api/admin/cluster/instances/nobody/drain", headers=H)
    assert r.status_code == 404
    b = cluster.start("b")
    tables = [seat_table([a, b], rng, {"hands_per_session": 1}) for _ in range(3)]

    async def scenario() -> dict[str, object]:
        play = asyncio.ensure_future(play_all(tables, timeout=60))
        await in_play(b.url, len(tables))
        assert "a" in owners(b.url).values()
        async with httpx.AsyncClient(timeout=60) as http:
            r = await http.post(f"{b.url}/api/admin/cluster/instances/a/drain", headers=H)
        assert r.status_code == 200, r.text
        out: dict[str, object] = r.json()
        await play
        return out

    report = asyncio.run(scenario())
    assert report["instance"] == "a" and report["moved"]
    a.process.wait(15)  # it exits by itself
    assert set(owners(b.url).values()) <= {"b"}
    deadline = time.monotonic() + 10
    while not all(
        s.record.status == "finished" for s in stored(pg, [t.table_id for t in tables]).values()
    ):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    found = stored(pg, [t.table_id for t in tables])
    for t in tables:
        check_log(found[t.table_id])
        for seat in t.seats:
            check_seat(found[t.table_id], seat)
