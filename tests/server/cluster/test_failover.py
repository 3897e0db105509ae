"""Three instances, tables of protocol clients connected at random instances and bot
tables; one instance is SIGKILLed mid-hand. Every table finishes elsewhere, every seat
saw exactly its redacted copy of one stored history, and the records are complete."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections import Counter

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

OPTIONS = {"hands_per_session": 1}


def test_sigkill_mid_hand_loses_nothing(cluster: LocalCluster, pg: str) -> None:
    rng = random.Random(20)
    instances = [cluster.start(name) for name in ("i1", "i2", "i3")]
    tables = [seat_table(instances, rng, OPTIONS) for _ in range(4)]
    bots = []
    for k in range(2):
        body = {"ruleset": "mcr", "seats": ["bot:greedy"] * 4, "options": OPTIONS}
        r = httpx.post(f"{instances[k].url}/api/tables", json=body, headers=H, timeout=10)
        assert r.status_code == 201, r.text
        bots.append(r.json()["table_id"])
    every = [t.table_id for t in tables] + bots

    async def scenario() -> str:
        play = asyncio.ensure_future(play_all(tables, timeout=90))
        await in_play(instances[0].url, len(every))  # every table in its first hand
        held = Counter(owners(instances[0].url).values())
        victim = next(i for i in instances if i.name == held.most_common(1)[0][0])
        victim.signal(signal.SIGKILL)
        await play
        return victim.name

    victim = asyncio.run(scenario())
    survivors = [i for i in instances if i.name != victim]
    deadline = time.monotonic() + 30  # the bot tables finish too
    while time.monotonic() < deadline:
        records = stored(pg, bots)
        if all(s.record.status == "finished" for s in records.values()):
            break
        time.sleep(0.5)
    found = stored(pg, every)
    for s in found.values():
        check_log(s)
    for t in tables:
        for seat in t.seats:
            check_seat(found[t.table_id], seat)
    moved = sum(s.client.reconnects for t in tables for s in t.seats)
    assert moved > 0  # some clients were connected through or to the dead instance
    assert victim not in {
        i["id"]
        for i in httpx.get(f"{survivors[0].url}/api/admin/cluster", headers=H).json()["instances"]
    }
