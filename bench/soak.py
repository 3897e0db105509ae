"""Soak: many one-hand matches through one server process, and its memory (RSS) along the
way; and the memory one live table costs.

The server runs in its own process (``jantaku serve`` on a fresh SQLite file, untimed
tables, bots without delay, ``JANTAKU_TABLE_GRACE_SECONDS=--grace``). Every match is
four greedy bots created over REST by the admin, watched to its end by one spectator
WebSocket. The process must end within 10 % of its size after the first 100 matches:
finished tables leave memory after the grace period, their records stay in the database.

    python bench/soak.py --matches 1000 --concurrency 4 --grace 2
    python bench/soak.py --matches 0 --live-tables 200     # memory per live table
    python bench/soak.py --matches 300 --in-process --clear-engine-caches

``--in-process`` plays the matches on a ``TableManager`` in this process (same SQL store,
no sockets); ``--clear-engine-caches`` empties the engine's bounded LRU caches (hand
shapes, legal actions) before every reading, which separates what the runtime keeps from
what those caches fill up to.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
ADMIN = "soak-admin-token"
AUTH = {"Authorization": f"Bearer {ADMIN}"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def start_server(port: int, tmp: Path, grace: float) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        {
            "JANTAKU_ADMIN_TOKEN": ADMIN,
            "JANTAKU_API_READ_RATE_PER_ADDRESS": "100000/second",  # all from 127.0.0.1
            "JANTAKU_WS_CONNECTIONS_PER_ADDRESS": "100000",
            "JANTAKU_ADMIN_TOKEN_FILE": str(tmp / "admin.sha256"),
            "JANTAKU_DATABASE_URL": f"sqlite+aiosqlite:///{tmp / 'soak.db'}",
            "JANTAKU_BOT_DELAY": "0",
            "JANTAKU_MOVE_TIME": "0",
            "JANTAKU_CLAIM_TIME": "0",
            "JANTAKU_TIME_BANK": "0",
            "JANTAKU_TABLE_GRACE_SECONDS": str(grace),
        }
    )
    cmd = [sys.executable, "-m", "server.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*cmd, "--log-level", "warning"], cwd=tmp, env=env, stdout=subprocess.DEVNULL
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the server did not listen on {port}")


async def one_match(http: httpx.AsyncClient, ws_base: str) -> None:
    body = {
        "ruleset": "mcr",
        "options": {"hands_per_session": 1},
        "seats": ["bot:greedy"] * 4,
        "spectators": {"allowed": True, "delay": 0},
    }
    r = await http.post("/api/tables", json=body, headers=AUTH)
    r.raise_for_status()
    tid = r.json()["table_id"]
    with contextlib.suppress(ConnectionClosed):
        async with connect(f"{ws_base}/ws/tables/{tid}", max_size=2**22) as ws:
            async for raw in ws:  # watched to the end (the server closes once it is freed)
                frame = json.loads(raw)
                if frame["type"] == "match_end" or (
                    frame["type"] == "welcome" and frame["status"] == "finished"
                ):
                    break
    while (await http.get(f"/api/tables/{tid}")).json()["status"] != "finished":
        await asyncio.sleep(0.05)


async def soak(base: str, pid: int, matches: int, concurrency: int, grace: float) -> None:
    ws_base = base.replace("http", "ws", 1)
    done = 0
    marks: dict[int, float] = {}
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        queue: asyncio.Queue[int] = asyncio.Queue()
        for i in range(matches):
            queue.put_nowait(i)

        async def worker() -> None:
            nonlocal done
            while True:
                try:
                    queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                await one_match(http, ws_base)
                done += 1
                if done % 100 == 0:
                    marks[done] = rss_mib(pid)
                    stats = (await http.get("/api/admin/stats", headers=AUTH)).json()
                    print(
                        f"{done:5d} matches  {time.monotonic() - started:7.1f} s  "
                        f"RSS {marks[done]:6.1f} MiB  tables in memory {stats['tables']:4d}  "
                        f"freed {stats['tables_freed']}",
                        flush=True,
                    )

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        await asyncio.sleep(grace + 2)  # the last tables leave memory
        stats = (await http.get("/api/admin/stats", headers=AUTH)).json()
    end = rss_mib(pid)
    first = marks.get(100, end)
    print(
        f"idle after {matches} matches: RSS {end:.1f} MiB, tables in memory {stats['tables']}, "
        f"freed {stats['tables_freed']}; after the first 100: {first:.1f} MiB "
        f"({(end - first) / first * 100:+.1f} %)"
    )


async def live_tables(base: str, pid: int, n: int) -> None:
    """RSS per live table: ``n`` tables each stopped at a human seat's first prompt (no
    connection), so each holds its state, log, prompts and bots."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        player = (await http.post("/api/players", json={"name": "sitter"})).json()["player_id"]
        body = {"ruleset": "mcr", "seats": [player] + ["bot:greedy"] * 3, "spectators": False}
        await (await http.post("/api/tables", json=body, headers=AUTH)).aread()  # warm up
        await asyncio.sleep(1)
        before = rss_mib(pid)
        for _ in range(n):
            (await http.post("/api/tables", json=body, headers=AUTH)).raise_for_status()
        await asyncio.sleep(2)
        after = rss_mib(pid)
        stats = (await http.get("/api/admin/stats", headers=AUTH)).json()
    print(
        f"{n} live tables ({stats['tables_by_status']}, {stats['events']} events held): "
        f"RSS {before:.1f} -> {after:.1f} MiB, {(after - before) * 1024 / n:.1f} KiB per table"
    )


def clear_engine_caches() -> None:
    import engine.blocks
    import engine.hand_keys
    import engine.shapes

    for module in (engine.blocks, engine.shapes, engine.hand_keys):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


async def in_process(matches: int, clear: bool) -> None:
    sys.path.insert(0, str(ROOT))
    from server.adapters.sql.store import SqlStore
    from server.config import Settings
    from server.domain.tables.manager import TableManager

    with tempfile.TemporaryDirectory() as tmp:
        store = await SqlStore.open(f"sqlite+aiosqlite:///{tmp}/soak.db")
        settings = Settings(admin_token=ADMIN, bot_delay=0, table_grace_seconds=0)
        manager = TableManager(store, settings)
        for done in range(1, matches + 1):
            actor = await manager.create(
                ruleset="mcr",
                ruleset_version="soak",
                options={"hands_per_session": 1},
                seats=["bot:greedy"] * 4,
                names={},
                timers={"move": 0, "claim": 0, "bank": 0},
                spectators={"allowed": True, "delay": 0},
                created_by="admin",
            )
            while actor.record.status != "finished":
                await asyncio.sleep(0.002)
            if done % 50 == 0:
                await asyncio.sleep(0.05)
                if clear:
                    clear_engine_caches()
                gc.collect()
                print(
                    f"{done:5d} matches  RSS {rss_mib(os.getpid()):6.1f} MiB  "
                    f"tables in memory {len(manager.actors)}",
                    flush=True,
                )
        await manager.shutdown()
        await store.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--grace", type=float, default=2.0, help="JANTAKU_TABLE_GRACE_SECONDS")
    ap.add_argument("--live-tables", type=int, default=0)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--in-process", action="store_true")
    ap.add_argument("--clear-engine-caches", action="store_true")
    args = ap.parse_args()
    if args.in_process:
        asyncio.run(in_process(args.matches, args.clear_engine_caches))
        return
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, Path(tmp), args.grace)
        try:
            base = f"http://127.0.0.1:{port}"
            print(f"server pid {proc.pid}, RSS at start {rss_mib(proc.pid):.1f} MiB", flush=True)
            if args.matches:
                asyncio.run(soak(base, proc.pid, args.matches, args.concurrency, args.grace))
            if args.live_tables:
                asyncio.run(live_tables(base, proc.pid, args.live_tables))
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
