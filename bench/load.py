"""Load bench: N tables × 4 protocol clients playing greedy over loopback.

The server runs in its own process (``jantaku serve``, untimed tables, bots unused); the
clients run in this process, each a ``server.client.SeatClient`` speaking the real
protocol. For every N it prints actions/s and the p50/p99 latency from sending an
``action`` frame to receiving the first ``event`` frame it caused. ``--echo`` adds the
same machine's figure for a bare WebSocket echo server (same client count, same loop).

    python bench/load.py --tables 1,2,4,8,16 --hands 2 --repeat 2 --echo
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from server.client import SeatClient  # noqa: E402

ADMIN = "bench-admin-token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def wait_port(port: int, timeout: float = 15) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        {
            "JANTAKU_ADMIN_TOKEN": ADMIN,
            "JANTAKU_BOT_DELAY": "0",
            "JANTAKU_MOVE_TIME": "0",
            "JANTAKU_CLAIM_TIME": "0",
            "JANTAKU_TIME_BANK": "0",
        }
    )
    cmd = [sys.executable, "-m", "server.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*cmd, "--log-level", "warning"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
    )
    wait_port(port)
    return proc


async def run_tables(base: str, n: int, hands: int) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats: list[tuple[str, list[str]]] = []
        for t in range(n):
            creds = []
            for i in range(4):
                r = await http.post("/api/players", json={"name": f"b{t}-{i}"})
                creds.append(r.json())
            r = await http.post(
                "/api/tables",
                json={
                    "ruleset": "mcr",
                    "options": {"hands_per_session": hands},
                    "seats": [c["player_id"] for c in creds],
                    "timers": {"move": 0, "claim": 0, "bank": 0},
                    "spectators": False,
                },
                headers={"Authorization": f"Bearer {ADMIN}"},
            )
            r.raise_for_status()
            seats.append((r.json()["table_id"], [c["token"] for c in creds]))
    latencies: list[float] = []
    clients = [
        SeatClient(base, tid, tok, "greedy", latencies=latencies)
        for tid, toks in seats
        for tok in toks
    ]
    t0 = time.perf_counter()
    ends = await asyncio.gather(*(c.play() for c in clients))
    wall = time.perf_counter() - t0
    actions = sum(c.actions for c in clients)
    return {
        "tables": n,
        "finished": sum(1 for e in ends if e is not None) / 4,
        "actions": actions,
        "seconds": wall,
        "actions_per_s": actions / wall,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "errors": sum(len(c.errors) for c in clients),
    }


# ---------------------------------------------------------------------- echo baseline


def echo_server(port: int) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    async def echo(ws: ServerConnection) -> None:
        async for message in ws:
            await ws.send(message)

    async def main() -> None:
        async with serve(echo, "127.0.0.1", port, max_size=2**20):
            await asyncio.Future()

    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    asyncio.run(main())


async def run_echo(port: int, clients: int, messages: int) -> dict[str, float]:
    from websockets.asyncio.client import connect

    payload = json.dumps(
        {"type": "action", "prompt_id": 123, "action": {"type": "discard", "seat": 1, "tile": 7}}
    )
    latencies: list[float] = []

    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}") as ws:
            for _ in range(messages):
                t = time.perf_counter()
                await ws.send(payload)
                await ws.recv()
                latencies.append(time.perf_counter() - t)

    t0 = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(clients)))
    wall = time.perf_counter() - t0
    return {
        "clients": clients,
        "messages_per_s": clients * messages / wall,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1,2,4,8", help="comma-separated N values")
    parser.add_argument("--hands", type=int, default=1, help="hands per match")
    parser.add_argument("--repeat", type=int, default=1, help="runs per N (the machine is shared)")
    parser.add_argument(
        "--url",
        default="",
        help=f"use a running server (admin token: {ADMIN!r}) instead of starting one",
    )
    parser.add_argument("--echo", action="store_true", help="also measure a bare echo server")
    parser.add_argument("--echo-messages", type=int, default=200)
    parser.add_argument("--echo-server", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args()
    if args.echo_server:
        echo_server(args.echo_server)
        return
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    proc = None
    base = args.url
    if not base:
        port = free_port()
        proc = start_server(port)
        base = f"http://127.0.0.1:{port}"
    ns = [int(x) for x in args.tables.split(",") if x]
    try:
        for n in [n for n in ns for _ in range(args.repeat)]:
            row = asyncio.run(run_tables(base, n, args.hands))
            print(
                json.dumps(row)
                if args.json
                else (
                    f"tables={n:3d} clients={4 * n:3d} actions={row['actions']:6.0f} "
                    f"in {row['seconds']:6.2f}s  {row['actions_per_s']:8.1f} actions/s  "
                    f"p50={row['p50_ms']:6.2f}ms p99={row['p99_ms']:7.2f}ms  "
                    f"finished={row['finished']:.0f}/{n} errors={row['errors']:.0f}"
                ),
                flush=True,
            )
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    if args.echo:
        port = free_port()
        echo = subprocess.Popen([sys.executable, __file__, "--echo-server", str(port)], cwd=ROOT)
        try:
            wait_port(port)
            for n in ns:
                row = asyncio.run(run_echo(port, 4 * n, args.echo_messages))
                print(
                    json.dumps(row)
                    if args.json
                    else (
                        f"echo clients={4 * n:3d}  {row['messages_per_s']:9.1f} msgs/s  "
                        f"p50={row['p50_ms']:6.2f}ms p99={row['p99_ms']:7.2f}ms"
                    ),
                    flush=True,
                )
        finally:
            echo.terminate()
            echo.wait(10)


if __name__ == "__main__":
    main()
