"""Redis restarted (empty) mid-match, or stalled for longer than a publish may take: the
owners keep their tables (the database fences every append); a relayed connection that
lost a frame closes with 1001 and its client reconnects and resyncs; every table
finishes, and every seat saw exactly its copy of the stored log (no gap)."""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
import redis

from server.adapters.cluster.local import LocalCluster, free_port
from tests.server.adapters.cluster.conftest import (
    REDIS_REQUIRED,
    check_log,
    check_seat,
    in_play,
    make_cluster,
    play_all,
    seat_table,
    stored,
)


class OwnRedis:
    """A redis-server of this test's own on a free port (the shared one keeps running)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.workdir)]
        command += ["--enable-debug-command", "local"]  # DEBUG SLEEP: a Redis that stalls
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis(port=self.port).ping()
                return
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(5)
            self.process = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    if shutil.which("redis-server") is None:
        if __import__("os").environ.get(REDIS_REQUIRED):
            pytest.fail("redis-server is not installed")
        pytest.skip("redis-server is not installed")
    r = OwnRedis(tmp_path)
    r.start()
    try:
        yield r
    finally:
        r.stop()


def play_through(
    own_redis: OwnRedis,
    pg: str,
    tmp_path: Path,
    disturb: Callable[[], Awaitable[None]],
    **settings: str,
) -> None:
    """Two instances on ``own_redis``, three tables of clients at random instances;
    ``disturb`` runs once every table is in play. Every table finishes and every seat saw
    exactly its copy of the stored log."""
    cluster: LocalCluster = make_cluster(pg, tmp_path, own_redis.url)
    try:
        rng = random.Random(3)
        instances = [cluster.start(n, **settings) for n in ("a", "b")]
        tables = [seat_table(instances, rng, {"hands_per_session": 1}) for _ in range(3)]

        async def scenario() -> None:
            play = asyncio.ensure_future(play_all(tables, timeout=90))
            await in_play(instances[0].url, len(tables))
            await disturb()
            await play

        asyncio.run(scenario())
        found = stored(pg, [t.table_id for t in tables])
        for t in tables:
            check_log(found[t.table_id])
            for seat in t.seats:
                check_seat(found[t.table_id], seat)
    finally:
        cluster.stop()


def test_tables_continue_after_a_redis_restart(
    own_redis: OwnRedis, pg: str, tmp_path: Path
) -> None:
    async def restart() -> None:
        own_redis.stop()
        await asyncio.sleep(1.5)
        own_redis.start()

    play_through(own_redis, pg, tmp_path, restart)


def test_a_stalled_redis_loses_no_relayed_frame(
    own_redis: OwnRedis, pg: str, tmp_path: Path
) -> None:
    """Redis stops answering for longer than the instances' socket timeout (half the
    lease) while frames are relayed: the publishes in flight time out and their relayed
    connections break (the instances log the gaps). A 3 s lease outlives each stall, so
    no table moves and only the relay is tested."""
    stall = redis.Redis(port=own_redis.port, socket_timeout=30)

    async def stalls() -> None:
        for _ in range(3):
            await asyncio.to_thread(stall.execute_command, "DEBUG", "SLEEP", "1.8")
            await asyncio.sleep(1.0)

    play_through(own_redis, pg, tmp_path, stalls, lease_seconds="3")
