"""The compose file's cluster profile without Docker: deploy/nginx.conf (its upstream
names pointed at loopback ports) in front of two real ``jantaku serve`` instances on one
PostgreSQL database and one Redis, then whole matches played by protocol clients that
reach the instances only through nginx (REST and WebSocket, round robin, no sticky
sessions), so some of their sockets are relayed.

    python scripts/nginx_cluster.py [--port 24100] [--tables 2] [--kill]

``nginx -t`` runs on the generated configuration first. With ``--kill`` one instance is
SIGKILLed once every table has started; nginx then sends the clients' reconnects to the
other one, which takes the tables over. Exits 1 if a table did not finish. Needs the
``nginx`` binary (Debian: apt-get install nginx), PostgreSQL and Redis
(``JANTAKU_TEST_POSTGRES_URL``, ``JANTAKU_TEST_REDIS_URL``)."""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
from sqlalchemy import text

from server.adapters.cluster import local
from server.adapters.cluster.local import LocalCluster
from server.adapters.sql.engine import make_engine
from server.cli.client import SeatClient

ROOT = Path(__file__).resolve().parents[1]
ADMIN = "nginx-cluster-admin"
H = {"Authorization": f"Bearer {ADMIN}"}


def fresh_database(admin_url: str) -> str:
    name = f"jantaku_nginx_{uuid.uuid4().hex[:8]}"

    async def create() -> None:
        engine = make_engine(admin_url, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
        await engine.dispose()

    asyncio.run(create())
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def nginx_config(prefix: Path, listen: int, upstreams: list[int]) -> Path:
    """deploy/nginx.conf with loopback addresses, inside a main file of its own (pid,
    logs and temporary files under ``prefix``, so nginx runs without root's paths)."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    for k, port in enumerate(upstreams, start=1):
        site = site.replace(f"jantaku-{k}:8000", f"127.0.0.1:{port}")
    assert "jantaku-" not in site.replace("upstream jantaku", "").replace("//jantaku", "")
    site = site.replace("listen 8000;", f"listen 127.0.0.1:{listen};")
    (prefix / "site.conf").write_text(site)
    temp = "\n".join(
        f"    {kind}_temp_path {prefix / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = prefix / "nginx.conf"
    main.write_text(
        f"pid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'error.log'} warn;\n"
        "worker_processes 1;\n"
        "events { worker_connections 1024; }\n"
        "http {\n"
        "    log_format up '$request $status $upstream_addr';\n"
        f"    access_log {prefix / 'access.log'} up;\n"
        f"{temp}\n"
        f"    include {prefix / 'site.conf'};\n"
        "}\n"
    )
    return main


def ports(start: int) -> Iterator[int]:
    yield from range(start, start + 100)


async def play(base: str, n: int, http: httpx.Client, kill: object) -> list[bool]:
    """``n`` tables of four protocol clients, every request and socket through ``base``."""
    seats: list[SeatClient] = []
    for _ in range(n):
        players = []
        for k in range(4):
            r = http.post(f"{base}/api/players", json={"name": f"n{k}-{uuid.uuid4().hex[:6]}"})
            r.raise_for_status()
            players.append((r.json()["player_id"], r.json()["token"]))
        seated = [p for p, _ in players]
        body = {"ruleset": "mcr", "seats": seated, "options": {"hands_per_session": 1}}
        r = http.post(f"{base}/api/tables", json=body, headers=H)
        r.raise_for_status()
        table = r.json()["table_id"]
        seats += [SeatClient(base, table, token, reconnect_for=30) for _, token in players]
    games = asyncio.gather(*(s.play() for s in seats))
    if callable(kill):
        await asyncio.sleep(2.0)
        kill()
    ends = await asyncio.wait_for(games, 240)
    return [e is not None for e in ends]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=24100, help="first of 100 ports to use")
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--kill", action="store_true", help="SIGKILL one instance mid-match")
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "JANTAKU_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
        ),
    )
    parser.add_argument(
        "--redis", default=os.environ.get("JANTAKU_TEST_REDIS_URL", "redis://127.0.0.1:6379/4")
    )
    args = parser.parse_args()
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    free = ports(args.port)
    listen = next(free)
    # the instances' ports from the range (mypy refuses assigning to a module's function)
    setattr(local, "free_port", lambda: next(free))  # noqa: B010
    workdir = Path(tempfile.mkdtemp(prefix="jantaku-nginx-"))
    cluster = LocalCluster(
        database_url=fresh_database(args.postgres),
        redis_url=args.redis,
        namespace=f"nginx{uuid.uuid4().hex[:8]}",
        admin_token=ADMIN,
        workdir=workdir,
        env={"JANTAKU_LEASE_SECONDS": "2", "JANTAKU_ABSENT_GRACE": "0", "JANTAKU_HAND_PAUSE": "0"},
    )
    cluster.migrate()
    proxy: subprocess.Popen[bytes] | None = None
    try:
        instances = [cluster.start("n1"), cluster.start("n2")]
        conf = nginx_config(workdir, listen, [i.port for i in instances])
        checked = subprocess.run(
            [binary, "-t", "-p", str(workdir), "-c", str(conf)], capture_output=True, text=True
        )
        print(f"nginx -t: exit {checked.returncode}\n{checked.stderr.strip()}")
        if checked.returncode != 0:
            return 1
        proxy = subprocess.Popen([binary, "-p", str(workdir), "-c", str(conf), "-g", "daemon off;"])
        base = f"http://127.0.0.1:{listen}"
        http = httpx.Client(timeout=30)
        for _ in range(50):
            try:
                if http.get(f"{base}/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        listed = http.get(f"{base}/api/admin/cluster", headers=H).json()["instances"]
        print(f"through nginx on {listen}: instances {[i['id'] for i in listed]}")

        def kill() -> None:
            victim = instances[0]
            print(f"SIGKILL {victim.name} (port {victim.port})")
            victim.signal(signal.SIGKILL)

        started = time.monotonic()
        done = asyncio.run(play(base, args.tables, http, kill if args.kill else None))
        log = (workdir / "access.log").read_text().splitlines()
        upgrades = [line.split() for line in log if "/ws/tables/" in line and " 101 " in line]
        per = {i.name: sum(u[-1].endswith(f":{i.port}") for u in upgrades) for i in instances}
        print(
            f"{sum(done)}/{len(done)} seats saw their match end in "
            f"{time.monotonic() - started:.1f} s; nginx logged {len(log)} requests, "
            f"{len(upgrades)} WebSocket upgrades (101), by instance {per}"
        )
        return 0 if all(done) else 1
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        cluster.stop()
        print(f"logs in {workdir}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
