"""Drain: an instance drained mid-match (asked through another instance, with `jantaku
cluster drain`) hands its tables over between two actions and exits; no event is lost or
duplicated."""

from __future__ import annotations

import asyncio
import json
import random
import time

from typer.testing import CliRunner, Result

from server.adapters.cluster.local import LocalCluster
from server.cli import app
from tests.server.adapters.cluster.conftest import (
    ADMIN,
    check_log,
    check_seat,
    in_play,
    owners,
    play_all,
    seat_table,
    stored,
)


def cli(*args: str) -> Result:
    """``jantaku cluster …`` with the admin token in the environment."""
    return CliRunner().invoke(app, ["cluster", *args], env={"JANTAKU_ADMIN_TOKEN": ADMIN})


def test_drain_hands_tables_over_and_exits(cluster: LocalCluster, pg: str) -> None:
    rng = random.Random(7)
    a = cluster.start("a")
    r = cli("drain", "a", "--url", a.url)
    assert r.exit_code == 1 and "no_other_instance" in r.output, r.output
    r = cli("drain", "nobody", "--url", a.url)
    assert r.exit_code == 1 and "instance_not_found" in r.output, r.output
    b = cluster.start("b")
    tables = [seat_table([a, b], rng, {"hands_per_session": 1}) for _ in range(3)]

    async def scenario() -> dict[str, object]:
        play = asyncio.ensure_future(play_all(tables, timeout=60))
        await in_play(b.url, len(tables))
        assert "a" in owners(b.url).values()
        listed = await asyncio.to_thread(cli, "list", "--url", b.url)
        assert listed.exit_code == 0 and "a " in listed.output and "b *" in listed.output
        # the clients play on in this loop meanwhile
        r = await asyncio.to_thread(cli, "drain", "a", "--json", "--url", b.url)
        assert r.exit_code == 0, r.output
        out: dict[str, object] = json.loads(r.output)
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
