"""A cluster for each test: instances as separate ``jantaku serve`` processes on free
loopback ports (server.adapters.cluster.local), one fresh PostgreSQL database, one Redis key
namespace of its own on ``JANTAKU_TEST_REDIS_URL`` (DB 1 by default). Without Redis the
tests skip, and fail instead under ``JANTAKU_TEST_REDIS_REQUIRED`` (CI)."""

from __future__ import annotations

import asyncio
import os
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from server.adapters.cluster.local import LocalCluster, LocalInstance
from server.adapters.sql.store import SqlStore
from server.cli.client import SeatClient
from server.domain.registry import build_table
from server.ports.storage import HandRow, LoggedEvent, TableRecord
from tests.server.adapters.sql.conftest import fresh_postgres
from tests.server.viewer_seqs import shown

REDIS_ENV = "JANTAKU_TEST_REDIS_URL"
REDIS_REQUIRED = "JANTAKU_TEST_REDIS_REQUIRED"
ADMIN = "cluster-test-admin"
H = {"Authorization": f"Bearer {ADMIN}"}
# short leases and clocks: a dead instance's tables move within ~2 s; a seat nobody
# answers for is played by the server after its move time
SETTINGS = {
    "JANTAKU_LEASE_SECONDS": "1.5",
    "JANTAKU_BOT_DELAY": "0.02",
    "JANTAKU_HAND_PAUSE": "0",
    "JANTAKU_MOVE_TIME": "4",
    "JANTAKU_CLAIM_TIME": "3",
    "JANTAKU_TIME_BANK": "0",
    "JANTAKU_ABSENT_GRACE": "0",
    "JANTAKU_TABLE_GRACE_SECONDS": "30",
    # the tests' many sockets and polls all come from one address
    "JANTAKU_API_READ_RATE_PER_ADDRESS": "100000/second",
    "JANTAKU_WS_CONNECTIONS_PER_ADDRESS": "100000",
}


def redis_url() -> str:
    url = os.environ.get(REDIS_ENV, "redis://127.0.0.1:6379/1")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get(REDIS_REQUIRED):
            pytest.fail(f"Redis at {url} is unreachable ({exc}) but {REDIS_REQUIRED} is set")
        pytest.skip(f"Redis at {url} is unreachable ({exc}): cluster tests skipped")
    return url


@pytest.fixture
def pg() -> Iterator[str]:
    yield from fresh_postgres()


def make_cluster(pg: str, tmp_path: Path, redis: str | None = None) -> LocalCluster:
    cluster = LocalCluster(
        database_url=pg,
        redis_url=redis or redis_url(),
        namespace=f"t{uuid.uuid4().hex[:10]}",
        admin_token=ADMIN,
        workdir=tmp_path,
        env=dict(SETTINGS),
    )
    cluster.migrate()
    return cluster


@pytest.fixture
def cluster(pg: str, tmp_path: Path) -> Iterator[LocalCluster]:
    c = make_cluster(pg, tmp_path)
    try:
        yield c
    finally:
        c.stop()
        # pytest shows this under a failed test; the logs stay in pytest's kept tmp dirs
        print(f"instance logs: {', '.join(str(i.log) for i in c.instances)}")


def guest(base: str, name: str) -> tuple[str, str]:
    r = httpx.post(f"{base}/api/players", json={"name": f"{name}-{uuid.uuid4().hex[:6]}"})
    assert r.status_code == 201, r.text
    return r.json()["player_id"], r.json()["token"]


def owners(base: str) -> dict[str, str]:
    """table -> instance, as GET /api/admin/cluster says."""
    body = httpx.get(f"{base}/api/admin/cluster", headers=H, timeout=10).json()
    return {t: i["id"] for i in body["instances"] for t in i["table_ids"]}


@dataclass
class Seat:
    client: SeatClient
    place: int
    seen: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq -> event json
    log: list[str] = field(default_factory=list)  # frame kinds, for a failure's message

    def frame(self, frame: dict[str, Any]) -> None:
        self.log.append(f"{frame['type']}:{frame.get('seq', frame.get('last_seq', ''))}")
        if frame["type"] == "event":
            seq = frame["seq"]
            assert self.seen.get(seq, frame["event"]) == frame["event"], f"seq {seq} changed"
            self.seen[seq] = frame["event"]


@dataclass
class PlayedTable:
    table_id: str
    seats: list[Seat]


def seat_table(
    instances: list[LocalInstance], rng: random.Random, options: dict[str, Any]
) -> PlayedTable:
    """A table of four guests, each of whom will connect at a random instance."""
    base = rng.choice(instances).url
    players = [guest(base, f"p{k}") for k in range(4)]
    body = {"ruleset": "mcr", "seats": [p for p, _ in players], "options": options}
    r = httpx.post(f"{base}/api/tables", json=body, headers=H, timeout=10)
    assert r.status_code == 201, r.text
    table_id = r.json()["table_id"]
    seats = []
    for place, (_, token) in enumerate(players):
        urls = [i.url for i in instances]
        rng.shuffle(urls)
        seat = Seat(SeatClient(urls[0], table_id, token, reconnect_for=30, also=urls[1:]), place)
        seat.client.on_frame = seat.frame
        seats.append(seat)
    return PlayedTable(table_id, seats)


async def in_play(base: str, n: int, events: int = 8, timeout: float = 30) -> None:
    """Until the cluster lists ``n`` live tables, each with at least ``events`` events."""
    async with httpx.AsyncClient(timeout=10) as http:
        for _ in range(int(timeout / 0.2)):
            await asyncio.sleep(0.2)
            try:
                live = (await http.get(f"{base}/api/admin/tables", headers=H)).json()
            except httpx.TimeoutException:  # a starved instance on a loaded machine
                continue
            if len(live) == n and min(t["events"] for t in live) >= events:
                return
    raise AssertionError(f"the {n} tables did not get going")


async def play_all(tables: list[PlayedTable], timeout: float) -> None:
    clients = [s.client.play() for t in tables for s in t.seats]
    await asyncio.wait_for(asyncio.gather(*clients), timeout)


@dataclass
class Stored:
    record: TableRecord
    events: list[LoggedEvent]
    hands: list[HandRow]


def stored(pg: str, table_ids: list[str]) -> dict[str, Stored]:
    async def read() -> dict[str, Stored]:
        store = await SqlStore.open(pg, migrate_first=False)
        try:
            out = {}
            for t in table_ids:
                record = await store.tables.get(t)
                assert record is not None
                events = await store.events.read(t)
                out[t] = Stored(record, events, await store.records.hands(t))
            return out
        finally:
            await store.close()

    return asyncio.run(read())


def check_log(s: Stored) -> None:
    """One history: seqs 1..n without a gap, the match over, the scoresheet written
    once per hand, the scores conserved."""
    assert [e.seq for e in s.events] == list(range(1, len(s.events) + 1))
    assert s.record.status == "finished", s.record.status
    assert s.events[-1].event["type"] == "match_ended"
    numbers = [h.hand_number for h in s.hands]
    assert len(numbers) == len(set(numbers)) == s.record.hands_played
    start = sum(build_table(s.record.ruleset, s.record.options).match_rules.start_scores())
    assert sum(s.record.scores) == start


def check_seat(s: Stored, seat: Seat) -> None:
    """What the seat saw is exactly its redacted copy of the stored log, in its own
    numbering, from its first connection on: every event it was shown, none missing,
    none different, no number skipped (no acknowledged action lost)."""
    face_down = build_table(s.record.ruleset, s.record.options).rules.concealed_kong_face_down
    # The seat numbers the events it is shown 1, 2, 3 … (server.domain.tables.numbering): a
    # claim window only for the seats with an option in it, answers and furiten their own.
    log = ((logged.seq, logged.event) for logged in s.events)
    shown_here = shown(log, seat.place, s.record.assist, face_down)
    expected = {n: event for n, (_, event) in enumerate(shown_here, start=1)}
    first = min(seat.seen)  # a late first connection starts from a state snapshot
    want = {seq: e for seq, e in expected.items() if seq >= first}
    missing = sorted(set(want) - set(seat.seen))
    extra = sorted(set(seat.seen) - set(want))
    assert seat.seen == want, (missing, extra, seat.client.reconnects, seat.log[-40:])
