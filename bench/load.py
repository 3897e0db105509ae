"""Load bench: N tables × 4 cheap protocol clients over loopback, measuring the server.

The server runs in its own process (the app of ``jantaku serve`` on a fresh SQLite file,
untimed tables); the clients run in this process and choose cheaply: each frame is parsed
once, a ``prompt`` is answered with a random one of the action frames it offers (sent back
as is), nothing else is decoded. So the figures are the server's:

* actions/s and the p50/p99 latency from an ``action`` sent to the first ``event`` back;
* the **server process's own CPU time per action** (utime + stime from /proc/<pid>/stat,
  read before and after the play, so table creation is not counted);
* frames sent per action and bytes per frame (everything the clients received);
* with ``--echo``, a bare WebSocket echo server measured the same way in the same run
  (same client count; its CPU per frame from /proc as well), so ratios are comparable
  on a shared, noisy machine. The load average is printed with each run.

    python bench/load.py --tables 4,16 --ruleset mcr --echo
    python bench/load.py --tables 16 --ws websockets,wsproto     # transports side by side
    python bench/load.py --tables 16 --profile /tmp/server.prof  # cProfile the server
    python bench/load.py --tables 16 --store sqlite,memory,postgres   # the database's share
    python bench/load.py --tables 16 --stack uvloop-httptools,asyncio-h11  # event loop, HTTP

``--store``: ``sqlite`` (a fresh file, the default), ``memory`` (the in-process store: no
database at all) or ``postgres`` (a fresh database on ``--postgres``'s server, dropped
after). ``--stack``: uvicorn's event loop and HTTP parser, ``LOOP-HTTP``. The variants of
``--ws``, ``--store`` and ``--stack`` are run one after the other in the order given.
``--port``: the first of the ports the bench's servers use (default: any free port).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ADMIN = "bench-admin-token"
TICK = os.sysconf("SC_CLK_TCK")
OPTIONS: dict[str, Callable[[int], dict[str, Any]]] = {
    "mcr": lambda hands: {"hands_per_session": hands},
    "riichi": lambda hands: {"game_length": "tonpuusen"},
    "zung_jung": lambda hands: {},
    "three_kingdoms": lambda hands: {},
}

try:
    import orjson

    loads: Any = orjson.loads
    dumps: Any = orjson.dumps
except ImportError:  # pragma: no cover - the bench works without it, only slower
    loads = json.loads
    dumps = json.dumps


_next_port = [0]


def free_port() -> int:
    """A free port: the next one from ``use_ports``' base if it was called, else any."""
    while _next_port[0]:
        port, _next_port[0] = _next_port[0], _next_port[0] + 1
        with contextlib.suppress(OSError), socket.socket() as s:
            s.bind(("127.0.0.1", port))
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
        return port


def use_ports(base: int) -> None:
    """Take the bench's ports from ``base`` upwards (a shared machine's port ranges)."""
    _next_port[0] = base


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (not its children), from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def cpu_split(pid: int) -> tuple[float, float, float]:
    """(utime, stime, the main thread's utime + stime) of a process, in seconds: the main
    thread runs the event loop; the others are the database driver's (and the kernel's
    work for all of them is stime)."""

    def fields(path: str) -> list[str]:
        with open(path) as f:
            return f.read().rsplit(")", 1)[1].split()

    whole, main = fields(f"/proc/{pid}/stat"), fields(f"/proc/{pid}/task/{pid}/stat")
    return int(whole[11]) / TICK, int(whole[12]) / TICK, (int(main[11]) + int(main[12])) / TICK


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def load_average() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def wait_port(port: int, timeout: float = 180) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


# ---------------------------------------------------------------------- the server


def _postgres_admin(admin_url: str, statement: str) -> None:
    from sqlalchemy import text

    from server.adapters.sql.engine import make_engine

    async def run() -> None:
        engine = make_engine(admin_url, isolation_level="AUTOCOMMIT")
        try:
            async with engine.connect() as conn:
                await conn.execute(text(statement))
        finally:
            await engine.dispose()

    asyncio.run(run())


def fresh_postgres(admin_url: str) -> str:
    """A new database on the server of ``admin_url``; its URL."""
    name = f"jantaku_load_{uuid.uuid4().hex[:8]}"
    _postgres_admin(admin_url, f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def drop_postgres(admin_url: str, url: str) -> None:
    name = url.rsplit("/", 1)[1]
    _postgres_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def serve(port: int, ws: str, database_url: str, profile: str, stack: str) -> None:
    """The server process: what ``jantaku serve`` runs, with a choice of WebSocket
    implementation (``jantaku``: the default, server.adapters.ws.transport; or uvicorn's own
    ``websockets`` / ``wsproto``), of store (``memory``: no database) and of uvicorn's
    event loop and HTTP parser (``stack``: ``LOOP-HTTP``, or empty: ``jantaku serve``'s)."""
    import uvicorn

    from server.adapters.memory.store import MemoryStore
    from server.adapters.sql import migrate
    from server.adapters.ws.transport import uvicorn_options
    from server.app import create_app
    from server.cli.commands.serve import stack_options
    from server.config import Settings

    memory = database_url == "memory"
    settings = Settings(port=port, database_url="sqlite://" if memory else database_url)
    if not memory:
        asyncio.run(migrate.upgrade(settings.database_url))
    if profile:  # uvicorn re-raises SIGTERM after its shutdown: write the profile then
        import cProfile

        prof = cProfile.Profile(time.thread_time)  # the event loop thread, CPU only

        def dump(*_: Any) -> None:
            prof.disable()
            prof.dump_stats(profile)
            os._exit(0)

        signal.signal(signal.SIGTERM, dump)
        # enabled when the play starts (SIGUSR1 from run_tables): table creation is not in it
        signal.signal(signal.SIGUSR1, lambda *_: prof.enable())
    options = uvicorn_options(settings)
    options.update(stack_options())
    if ws != "jantaku":
        options["ws"] = ws
    if stack:
        options["loop"], options["http"] = stack.split("-")
    app = create_app(settings, store=MemoryStore() if memory else None)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **options)


def start_server(
    port: int, ws: str, db: str, profile: str, stack: str = ""
) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        {
            "JANTAKU_ADMIN_TOKEN": ADMIN,
            "JANTAKU_BOT_DELAY": "0",
            # every client of the bench comes from 127.0.0.1
            "JANTAKU_API_READ_RATE_PER_ADDRESS": "100000/second",
            "JANTAKU_WS_CONNECTIONS_PER_ADDRESS": "100000",
            "JANTAKU_MOVE_TIME": "0",
            "JANTAKU_CLAIM_TIME": "0",
            "JANTAKU_TIME_BANK": "0",
            "JANTAKU_HAND_PAUSE": "0",
            "JANTAKU_REGISTER_RATE_PER_ADDRESS": "1000000/minute",
            "JANTAKU_TABLE_CREATE_RATE": "1000000/minute",
        }
    )
    cmd = [sys.executable, __file__, "--serve", str(port), "--ws", ws, "--db", db]
    cmd += ["--profile", profile] if profile else []
    cmd += ["--stack", stack] if stack else []
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    wait_port(port)
    return proc


# ---------------------------------------------------------------------- cheap clients


@dataclass
class Tally:
    actions: int = 0
    frames: int = 0
    bytes: int = 0
    errors: int = 0
    finished: int = 0
    latencies: list[float] = field(default_factory=list)


async def cheap_seat(url: str, token: str, rng: random.Random, tally: Tally) -> None:
    """Play one seat: a random offered action for each prompt, sent back as offered."""
    from websockets.asyncio.client import connect

    from server.cli.client import auth_frame

    sent_at: float | None = None
    async with connect(url, max_size=2**22, compression=None) as ws:
        await ws.send(auth_frame(token))
        while True:
            raw = await ws.recv(decode=False)
            tally.frames += 1
            tally.bytes += len(raw)
            frame = loads(raw)
            kind = frame["type"]
            if kind == "event":
                if sent_at is not None:
                    tally.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
            elif kind == "prompt":
                reply = rng.choice(frame["actions"])
                sent_at = time.perf_counter()
                tally.actions += 1
                await ws.send(dumps(reply), text=True)
            elif kind == "match_end":
                tally.finished += 1
                return
            elif kind == "error":
                tally.errors += 1
                tally.actions -= 1  # refused: not an action
                sent_at = None
            elif kind == "status" and frame["status"] == "aborted":
                return


async def make_tables(
    base: str, n: int, ruleset: str, hands: int, spectators: bool
) -> list[tuple[str, list[str]]]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        tables: list[tuple[str, list[str]]] = []
        for t in range(n):
            creds = []
            for i in range(4):
                r = await http.post(
                    "/api/players", json={"name": f"b{t}-{i}-{uuid.uuid4().hex[:8]}"}
                )
                r.raise_for_status()
                creds.append(r.json())
            r = await http.post(
                "/api/tables",
                json={
                    "ruleset": ruleset,
                    "options": OPTIONS[ruleset](hands),
                    "seats": [c["player_id"] for c in creds],
                    "timers": {"move": 0, "claim": 0, "bank": 0},
                    "spectators": {"allowed": True} if spectators else False,
                },
                headers={"Authorization": f"Bearer {ADMIN}"},
            )
            r.raise_for_status()
            tables.append((r.json()["table_id"], [c["token"] for c in creds]))
    return tables


def start_spy(pid: int, path: str) -> subprocess.Popen[bytes]:
    """py-spy sampling the server's play (collapsed stacks, ``bench/spy_split.py`` reads
    them). ``--gil``: only samples of a thread holding the GIL, so the event loop's epoll
    wait and the database driver's idle worker are not counted as work; ``--nonblocking``:
    the server is never stopped to be read (``--native`` stops it for every sample, which
    on this machine made the server five times slower and its profile the ptrace's)."""
    spy = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "py-spy"),
            "record",
            "--gil",
            "--nonblocking",
            "--rate",
            "200",
            "--pid",
            str(pid),
            "-f",
            "raw",
            "-o",
            path,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # py-spy attaches before the play starts
    return spy


async def run_tables(
    base: str,
    pid: int,
    n: int,
    ruleset: str,
    hands: int,
    state: bool,
    seed: int,
    profiling: bool = False,
    spy_path: str = "",
) -> dict[str, Any]:
    from server.cli.client import ws_url

    tables = await make_tables(base, n, ruleset, hands, False)
    if profiling:
        os.kill(pid, signal.SIGUSR1)  # the profile covers the play only
    spy = start_spy(pid, spy_path) if spy_path else None
    extra = {"state_on_prompt": "true"} if state else {}
    tally = Tally()
    rng = random.Random(seed)
    seats = [
        cheap_seat(
            ws_url(base, tid, auth="frame", protocol="1", **extra),
            tok,
            random.Random(rng.random()),
            tally,
        )
        for tid, toks in tables
        for tok in toks
    ]
    split0, t0 = cpu_split(pid), time.perf_counter()
    await asyncio.gather(*seats)
    wall = time.perf_counter() - t0
    user, system, loop = (b - a for a, b in zip(split0, cpu_split(pid), strict=True))
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        spy.wait(60)
    cpu = user + system
    actions = max(tally.actions, 1)
    return {
        "kind": "jantaku",
        "ruleset": ruleset,
        "tables": n,
        "clients": 4 * n,
        "finished": tally.finished / 4,
        "actions": tally.actions,
        "seconds": wall,
        "actions_per_s": tally.actions / wall,
        "frames_per_s": tally.frames / wall,
        "p50_ms": percentile(tally.latencies, 50) * 1000,
        "p99_ms": percentile(tally.latencies, 99) * 1000,
        "server_cpu_ms_per_action": cpu * 1000 / actions,
        "server_cpu_us_per_frame": cpu * 1e6 / max(tally.frames, 1),
        "server_user_ms_per_action": user * 1000 / actions,
        "server_sys_ms_per_action": system * 1000 / actions,
        "server_loop_thread_ms_per_action": loop * 1000 / actions,
        "server_cpu_share": cpu / wall,
        "frames_per_action": tally.frames / actions,
        "bytes_per_frame": tally.bytes / max(tally.frames, 1),
        "errors": tally.errors,
        "server_rss_mb": rss_mb(pid),
        "load": load_average(),
    }


# ---------------------------------------------------------------------- echo baseline


def echo_server(port: int) -> None:
    from websockets.asyncio.server import ServerConnection
    from websockets.asyncio.server import serve as ws_serve

    async def echo(ws: ServerConnection) -> None:
        async for message in ws:
            await ws.send(message)

    async def main() -> None:
        async with ws_serve(echo, "127.0.0.1", port, max_size=2**20, compression=None):
            await asyncio.Future()

    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    asyncio.run(main())


async def run_echo(port: int, pid: int, clients: int, messages: int, size: int) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    payload = json.dumps({"type": "event", "pad": "x" * max(0, size - 25)})
    latencies: list[float] = []

    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
            for _ in range(messages):
                t = time.perf_counter()
                await ws.send(payload)
                await ws.recv()
                latencies.append(time.perf_counter() - t)

    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*(one() for _ in range(clients)))
    wall = time.perf_counter() - t0
    cpu = cpu_seconds(pid) - cpu0
    return {
        "kind": "echo",
        "clients": clients,
        "bytes_per_frame": len(payload),
        "frames_per_s": clients * messages / wall,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "server_cpu_us_per_frame": cpu * 1e6 / (clients * messages),
        "server_cpu_share": cpu / wall,
        "load": load_average(),
    }


def show(row: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(row), flush=True)
        return
    if row["kind"] == "echo":
        print(
            f"echo     clients={row['clients']:3d} {row['frames_per_s']:9.0f} frames/s "
            f"p50={row['p50_ms']:6.2f}ms p99={row['p99_ms']:7.2f}ms "
            f"cpu/frame={row['server_cpu_us_per_frame']:6.1f}us "
            f"({row['bytes_per_frame']} B)  load {row['load']}",
            flush=True,
        )
        return
    print(
        f"{row['ws']:9s}{row['store']:9s}{row['stack']:18s}{row['ruleset']:7s} "
        f"tables={row['tables']:3d} clients={row['clients']:3d} "
        f"{row['actions_per_s']:7.0f} actions/s {row['frames_per_s']:7.0f} frames/s "
        f"p50={row['p50_ms']:6.2f}ms p99={row['p99_ms']:7.2f}ms "
        f"cpu/action={row['server_cpu_ms_per_action']:5.2f}ms "
        f"(user {row['server_user_ms_per_action']:4.2f} "
        f"sys {row['server_sys_ms_per_action']:4.2f}, "
        f"loop thread {row['server_loop_thread_ms_per_action']:4.2f}) "
        f"cpu/frame={row['server_cpu_us_per_frame']:5.1f}us "
        f"frames/action={row['frames_per_action']:4.1f} B/frame={row['bytes_per_frame']:4.0f} "
        f"actions={row['actions']} cpu share={row['server_cpu_share']:.2f} "
        f"finished={row['finished']:.0f}/{row['tables']} "
        f"errors={row['errors']}  load {row['load']}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="4,16", help="comma-separated N values")
    parser.add_argument("--ruleset", default="mcr", help="comma-separated rulesets")
    parser.add_argument("--hands", type=int, default=1, help="hands per MCR session")
    parser.add_argument("--repeat", type=int, default=1, help="runs per N (the machine is shared)")
    parser.add_argument(
        "--ws",
        default="jantaku",
        help="comma-separated: jantaku (default), websockets, wsproto (pip install wsproto)",
    )
    parser.add_argument(
        "--no-state", action="store_true", help="clients do not ask for a state with each prompt"
    )
    parser.add_argument(
        "--store", default="sqlite", help="comma-separated: sqlite (default), memory, postgres"
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "JANTAKU_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
        ),
        help="a PostgreSQL server's URL for --store postgres (a fresh database is made on it)",
    )
    parser.add_argument(
        "--stack",
        default="",
        help="comma-separated LOOP-HTTP of uvicorn (uvloop-httptools, asyncio-h11, ...); "
        "empty: what jantaku serve uses",
    )
    parser.add_argument("--port", type=int, default=0, help="first port to use (default: any)")
    parser.add_argument("--echo", action="store_true", help="also measure a bare echo server")
    parser.add_argument("--echo-messages", type=int, default=300)
    parser.add_argument("--profile", default="", help="cProfile the server into this file")
    parser.add_argument(
        "--spy",
        default="",
        help="sample the server with py-spy (raw format) into this file; see docs/performance.md",
    )
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    parser.add_argument(
        "--warmup",
        type=int,
        default=1,
        help="tables of one hand played, not measured, before each ruleset's runs (0: none)",
    )
    parser.add_argument("--serve", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--db", default="", help=argparse.SUPPRESS)
    parser.add_argument("--echo-server", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.ws, args.db, args.profile, args.stack)
        return
    if args.echo_server:
        echo_server(args.echo_server)
        return
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    if args.port:
        use_ports(args.port)
    ns = [int(x) for x in args.tables.split(",") if x]
    rulesets = [r for r in args.ruleset.split(",") if r]
    sizes: list[float] = []
    variants = [
        (ws, store, stack)
        for ws in [w for w in args.ws.split(",") if w]
        for store in [d for d in args.store.split(",") if d]
        for stack in [k for k in args.stack.split(",")]
    ]
    for ws, store, stack in variants:
        with tempfile.TemporaryDirectory() as tmp:
            port = free_port()
            pg = fresh_postgres(args.postgres) if store == "postgres" else None
            db = {"sqlite": f"sqlite+aiosqlite:///{tmp}/bench.db", "memory": "memory"}.get(
                store, pg
            )
            if db is None:
                raise SystemExit(f"unknown --store {store!r}: sqlite, memory or postgres")
            proc = start_server(port, ws, db, args.profile, stack)
            base = f"http://127.0.0.1:{port}"
            try:
                for ruleset in rulesets:
                    if args.warmup:  # first-use costs (routes, schemas, imports) not counted
                        asyncio.run(
                            run_tables(
                                base, proc.pid, args.warmup, ruleset, 1, not args.no_state, 0
                            )
                        )
                    for n in [n for n in ns for _ in range(args.repeat)]:
                        row = asyncio.run(
                            run_tables(
                                base,
                                proc.pid,
                                n,
                                ruleset,
                                args.hands,
                                not args.no_state,
                                n,
                                bool(args.profile),
                                args.spy,
                            )
                        )
                        row.update(ws=ws, store=store, stack=stack or "serve")
                        sizes.append(row["bytes_per_frame"])
                        show(row, args.json)
            finally:
                proc.terminate()
                proc.wait(30)
                if pg is not None:
                    drop_postgres(args.postgres, pg)
    if args.echo:
        port = free_port()
        echo = subprocess.Popen([sys.executable, __file__, "--echo-server", str(port)], cwd=ROOT)
        size = round(sum(sizes) / len(sizes)) if sizes else 200
        try:
            wait_port(port)
            for n in ns:
                show(
                    asyncio.run(run_echo(port, echo.pid, 4 * n, args.echo_messages, size)),
                    args.json,
                )
        finally:
            echo.terminate()
            echo.wait(10)


if __name__ == "__main__":
    main()
