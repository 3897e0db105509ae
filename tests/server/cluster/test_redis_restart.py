"""Redis restarted (empty) mid-match: the owners keep their tables (the database fences
every append), relayed sockets close and reconnect once Redis is back, and every table
finishes with nothing lost. PostgreSQL unreachable is today's ``storage_unavailable``
(tests/server/db)."""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.cluster.local import LocalCluster, free_port
from tests.server.cluster.conftest import (
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


def test_tables_continue_after_a_redis_restart(
    own_redis: OwnRedis, pg: str, tmp_path: Path
) -> None:
    cluster: LocalCluster = make_cluster(pg, tmp_path, own_redis.url)
    try:
        rng = random.Random(3)
        instances = [cluster.start("a"), cluster.start("b")]
        tables = [seat_table(instances, rng, {"hands_per_session": 1}) for _ in range(3)]

        async def scenario() -> None:
            play = asyncio.ensure_future(play_all(tables, timeout=60))
            await in_play(instances[0].url, len(tables))
            own_redis.stop()
            await asyncio.sleep(1.5)
            own_redis.start()
            await play

        asyncio.run(scenario())
        found = stored(pg, [t.table_id for t in tables])
        for t in tables:
            check_log(found[t.table_id])
            for seat in t.seats:
                check_seat(found[t.table_id], seat)
    finally:
        cluster.stop()
