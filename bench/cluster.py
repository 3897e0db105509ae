"""Cluster bench: N human-paced tables (4 cheap protocol clients each) over K instances
on this machine (server.adapters.cluster.local: separate ``jantaku serve`` processes, one fresh
PostgreSQL database, Redis), measuring:

* actions/s and the p50/p99 latency from an ``action`` sent to the first ``event`` back;
* with ``--kill`` (K >= 2): SIGKILL the instance holding most tables halfway through;
  per table it held, the time from the kill until a survivor lists it (``taken_over``,
  within a heartbeat of the takeover), until one of its clients is prompted again on a
  new connection (``ready``: the table rebuilt elsewhere and a client back at it, the
  server's part), and until its first new event in the log (``failover``: the clients
  answer their first prompt after a reconnect at once, so the bench's pacing does not
  count; the paced answer would add ``--pace`` × 0.5–1.5 s); also until a client is
  welcomed again (``welcome``);
* memory per live table: the instances' RSS with the tables live, less their RSS before
  the tables were made, over N;
* the CPU the clients (this process) and the instances took, in cores.

The clients answer a discard prompt after ``--pace`` seconds (about one action per table
per second with the claim passes, answered after pace/5) with a random offered action,
and reconnect (to a random live instance) with a resync after a drop.

    python bench/cluster.py --tables 50 --instances 1
    python bench/cluster.py --tables 50 --instances 3 --kill
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import statistics
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from server.adapters.cluster import local
from server.adapters.cluster.local import LocalCluster, LocalInstance
from server.adapters.sql.engine import make_engine
from server.cli.client import auth_frame, ws_url
from server.domain.protocol.messages import PROTOCOL_VERSION

ADMIN = "bench-admin"
H = {"Authorization": f"Bearer {ADMIN}"}


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    reconnects: int = 0
    finished: int = 0
    # the failover's parts, per table of the killed instance: kill -> first welcome and
    # first prompt on a new connection (the table rebuilt and its client back)
    killed: float | None = None
    orphans: set[str] = field(default_factory=set)
    welcomed: dict[str, float] = field(default_factory=dict)
    prompted: dict[str, float] = field(default_factory=dict)

    def back(self, table_id: str, kind: str) -> None:
        if self.killed is None or table_id not in self.orphans:
            return
        seen = self.welcomed if kind == "welcome" else self.prompted
        seen.setdefault(table_id, time.perf_counter() - self.killed)


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def seat(
    instances: list[LocalInstance],
    table_id: str,
    token: str,
    pace: float,
    stats: Stats,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    last_seq = 0
    first = True
    resumed = False
    sent: list[float] = []
    while not stop.is_set():
        live = [i for i in instances if i.alive()]
        url = ws_url(rng.choice(live).url, table_id, auth="frame", protocol=str(PROTOCOL_VERSION))
        try:
            async with connect(url, max_size=2**22, open_timeout=10) as ws:
                await ws.send(auth_frame(token))
                answering: asyncio.Task[None] | None = None
                async for raw in ws:
                    frame: dict[str, Any] = orjson.loads(raw)
                    kind = frame["type"]
                    if os.environ.get("BENCH_DEBUG") == "2":
                        print(table_id, kind, str(frame)[:150])
                    if kind in ("welcome", "prompt"):
                        stats.back(table_id, kind)
                    if kind == "event":
                        last_seq = max(last_seq, frame["seq"])
                        if sent:
                            stats.latencies.append(time.perf_counter() - sent.pop())
                    elif kind == "welcome" and not first:
                        await ws.send(
                            orjson.dumps({"type": "resync", "last_seq": last_seq}).decode()
                        )
                    elif kind == "prompt":
                        claim = any(a["action"]["type"] == "pass" for a in frame["actions"])
                        wait = pace / 5 if claim else pace
                        if resumed:  # the first prompt after a reconnect: answered at once
                            wait, resumed = 0.0, False
                        choice = rng.choice(frame["actions"])

                        async def answer(choice: dict[str, Any], wait: float) -> None:
                            await asyncio.sleep(wait * (0.5 + rng.random()))
                            sent[:] = [time.perf_counter()]
                            stats.actions += 1
                            with contextlib.suppress(ConnectionClosed):
                                await ws.send(orjson.dumps(choice).decode())

                        if answering is not None:
                            answering.cancel()
                        answering = asyncio.create_task(answer(choice, wait))
                    elif kind == "match_end":
                        stats.finished += 1
                        return
                    if stop.is_set():
                        return
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
            if os.environ.get("BENCH_DEBUG"):
                print("seat:", type(exc).__name__, exc)
        first = False
        resumed = stats.killed is not None and table_id in stats.orphans
        stats.reconnects += 1
        await asyncio.sleep(0.2 + rng.random() * 0.3)


def most(times: dict[str, float]) -> float | None:
    return round(max(times.values()), 2) if times else None


def median(times: dict[str, float]) -> float | None:
    return round(statistics.median(times.values()), 2) if times else None


def fresh_database(admin_url: str) -> str:
    name = f"jantaku_bench_{uuid.uuid4().hex[:8]}"

    async def create() -> None:
        engine = make_engine(admin_url, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
        await engine.dispose()

    asyncio.run(create())
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.port:  # a fixed port range, for a machine shared with other servers
        ports = iter(range(args.port, args.port + 100))
        local.free_port = lambda: next(ports)
    workdir = Path(tempfile.mkdtemp(prefix="jantaku-cluster-bench-"))
    cluster = LocalCluster(
        database_url=fresh_database(args.postgres),
        redis_url=args.redis,
        namespace=f"bench{uuid.uuid4().hex[:8]}",
        admin_token=ADMIN,
        workdir=workdir,
        env={
            "JANTAKU_LEASE_SECONDS": str(args.lease),
            "JANTAKU_ABSENT_GRACE": "0",
            # every client of the bench comes from 127.0.0.1
            "JANTAKU_API_READ_RATE_PER_ADDRESS": "100000/second",
            "JANTAKU_WS_CONNECTIONS_PER_ADDRESS": "100000",
            "JANTAKU_HAND_PAUSE": "0",
            "JANTAKU_TABLE_CREATE_RATE": "100000/minute",
            "JANTAKU_REGISTER_RATE_PER_ADDRESS": "100000/minute",
            "JANTAKU_MAX_OPEN_TABLES_PER_PLAYER": "100000",
        },
    )
    cluster.migrate()
    instances = [cluster.start(f"b{k + 1}") for k in range(args.instances)]
    try:
        time.sleep(1.0)
        before = sum(rss(i.process.pid) for i in instances)
        rng = random.Random(args.seed)
        http = httpx.Client(timeout=30)
        seats: list[tuple[str, str]] = []
        for n in range(args.tables):
            base = instances[n % len(instances)].url
            players = []
            for k in range(4):
                r = http.post(
                    f"{base}/api/players", json={"name": f"b{n}-{k}-{uuid.uuid4().hex[:4]}"}
                )
                players.append((r.json()["player_id"], r.json()["token"]))
            body = {
                "ruleset": "mcr",
                "seats": [p for p, _ in players],
                "options": {"hands_per_session": 16},
            }
            r = http.post(f"{base}/api/tables", json=body, headers=H)
            assert r.status_code == 201, r.text
            seats += [(r.json()["table_id"], token) for _, token in players]
        stats = Stats()

        async def play() -> dict[str, Any]:
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(seat(instances, t, tok, args.pace, stats, stop, rng))
                for t, tok in seats
            ]
            await asyncio.sleep(args.warmup)
            stats.latencies.clear()
            stats.actions = 0
            cpu0 = {i.name: cpu(i.process.pid) for i in instances}
            mine0, wall0 = time.process_time(), time.perf_counter()
            load0 = os.getloadavg()[0]
            live_rss = sum(rss(i.process.pid) for i in instances)
            failover: list[float] = []  # kill -> the table's first new event
            taken: list[float] = []  # kill -> the table listed at a survivor
            if args.kill and len(instances) > 1:
                await asyncio.sleep(args.duration / 2)
                async with httpx.AsyncClient(timeout=30, headers=H) as ah:
                    body = (await ah.get(f"{instances[0].url}/api/admin/cluster")).json()
                    held = {i["id"]: i["table_ids"] for i in body["instances"]}
                    victim = max(instances, key=lambda i: len(held.get(i.name, [])))
                    survivor = next(i for i in instances if i is not victim)
                    tables = (await ah.get(f"{survivor.url}/api/admin/tables")).json()
                    events = {t["table_id"]: t["events"] for t in tables}
                    waiting = set(held.get(victim.name, []))
                    stats.orphans = set(waiting)
                    victim.signal(signal.SIGKILL)
                    killed = time.perf_counter()
                    stats.killed = killed
                    orphans = set(waiting)
                    while waiting and time.perf_counter() - killed < 30:
                        await asyncio.sleep(0.05)
                        if orphans:  # taken over: listed by a survivor's heartbeat
                            body = (await ah.get(f"{survivor.url}/api/admin/cluster")).json()
                            now = time.perf_counter() - killed
                            for i in body["instances"]:
                                if i["id"] == victim.name:  # its entry outlives it a while
                                    continue
                                for t in set(i["table_ids"]) & orphans:
                                    orphans.discard(t)
                                    taken.append(now)
                        for t in (await ah.get(f"{survivor.url}/api/admin/tables")).json():
                            if t["table_id"] in waiting and t["events"] > events.get(
                                t["table_id"], 0
                            ):
                                waiting.discard(t["table_id"])
                                failover.append(time.perf_counter() - killed)
                await asyncio.sleep(args.duration / 2)
            else:
                await asyncio.sleep(args.duration)
            wall = time.perf_counter() - wall0
            mine = time.process_time() - mine0
            server = sum(cpu(i.process.pid) - cpu0[i.name] for i in instances if i.alive())
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            lat = sorted(stats.latencies) or [0.0]
            return {
                "tables": args.tables,
                "instances": args.instances,
                "actions_per_s": round(stats.actions / wall, 1),
                "p50_ms": round(1000 * lat[len(lat) // 2], 1),
                "p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 1),
                "failover_max_s": round(max(failover), 2) if failover else None,
                "failover_median_s": round(statistics.median(failover), 2) if failover else None,
                "failover_tables": len(failover),
                "taken_over_max_s": round(max(taken), 2) if taken else None,
                "welcome_max_s": most(stats.welcomed),
                "ready_median_s": median(stats.prompted),
                "ready_max_s": most(stats.prompted),
                "rss_per_table_kib": round((live_rss - before) / args.tables / 1024, 1),
                "client_cores": round(mine / wall, 2),
                "server_cores": round(server / wall, 2),
                "reconnects": stats.reconnects,
                "load_start": load0,
                "load": os.getloadavg()[0],
            }

        return asyncio.run(play())
    finally:
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds before a discard")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--kill", action="store_true")
    parser.add_argument("--lease", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "JANTAKU_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
        ),
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/2")
    parser.add_argument(
        "--port", type=int, default=0, help="first instance port (default: any free port)"
    )
    print(orjson.dumps(run(parser.parse_args())).decode())


if __name__ == "__main__":
    main()
