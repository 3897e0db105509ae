"""Soak: T concurrent tables of cheap protocol clients (bench/load.py's) for M minutes, and
a verdict at the end.

Each table slot plays a match and, when it ends, opens the next table with the same four
players (one REST call), so T tables are always in play. The slots start spread over the
first ``--ramp`` seconds, so the tables do not all start and end together. The clients run
in ``--workers`` processes of their own (the server in another), so the load generator is
not what bounds the figures. Every interval it prints actions/s in that interval, the
server's RSS and CPU share, the clients' CPU share, matches finished and errors so far,
and the load average. At the end one line:

    verdict: stable|UNSTABLE, flat|GROWING, no errors|N ERRORS

over the intervals after ``--warmup`` seconds: *stable* when actions/s varied by at most
``--max-cv`` (standard deviation over mean) and no interval fell below half the median;
*flat* when the server's RSS grew by at most ``--max-growth`` from the end of the warm-up to
the end; *errors* counts error frames, seats whose connection failed and tables that
could not be made. The exit status is 0 only for "stable, flat, no errors".

    python bench/soak_tables.py --tables 200 --minutes 10          # the issue's soak
    python bench/soak_tables.py --tables 40 --minutes 2 --warmup 40 --interval 10  # a check
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (
    ADMIN,
    OPTIONS,
    Tally,
    cheap_seat,
    cpu_seconds,
    free_port,
    load_average,
    rss_mb,
    start_server,
    use_ports,
)

# per worker, in the shared array: actions, finished seats, error frames, failures
FIELDS = 4


async def table_slot(
    http: httpx.AsyncClient,
    base: str,
    args: argparse.Namespace,
    delay: float,
    end: float,
    rng: random.Random,
    tally: Tally,
    failures: list[int],
) -> None:
    """Four players, then tables for them one after another until ``end``."""
    from server.cli.client import ws_url

    await asyncio.sleep(delay)
    try:
        creds = []
        for _ in range(4):
            r = await http.post("/api/players", json={"name": f"s-{uuid.uuid4().hex[:12]}"})
            r.raise_for_status()
            creds.append(r.json())
    except (httpx.HTTPError, OSError):
        failures[0] += 1
        return
    while time.monotonic() < end:
        try:
            r = await http.post(
                "/api/tables",
                json={
                    "ruleset": args.ruleset,
                    "options": OPTIONS[args.ruleset](args.hands),
                    "seats": [c["player_id"] for c in creds],
                    "timers": {"move": 0, "claim": 0, "bank": 0},
                    "spectators": False,
                },
                headers={"Authorization": f"Bearer {ADMIN}"},
            )
            r.raise_for_status()
        except (httpx.HTTPError, OSError):
            failures[0] += 1
            await asyncio.sleep(1)
            continue
        table_id = r.json()["table_id"]
        seats = [
            cheap_seat(
                ws_url(base, table_id, auth="frame", protocol="1", state_on_prompt="true"),
                c["token"],
                random.Random(rng.random()),
                tally,
            )
            for c in creds
        ]
        for outcome in await asyncio.gather(*seats, return_exceptions=True):
            if isinstance(outcome, BaseException):
                failures[0] += 1


async def clients(
    index: int, slots: list[int], base: str, args: argparse.Namespace, shared: Any
) -> None:
    tally = Tally()
    failures = [0]
    rng = random.Random(index)
    start = time.monotonic()
    end = start + args.minutes * 60
    total = args.tables

    def publish() -> None:
        row = (tally.actions, tally.finished, tally.errors, failures[0])
        for k, value in enumerate(row):
            shared[index * FIELDS + k] = value

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        tasks = [
            asyncio.create_task(
                table_slot(http, base, args, s * args.ramp / total, end, rng, tally, failures)
            )
            for s in slots
        ]
        while not all(t.done() for t in tasks) and time.monotonic() < end:
            publish()
            await asyncio.sleep(0.5)
        publish()
        for t in tasks:  # the matches still in play at the end are left, not counted
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def worker(index: int, slots: list[int], base: str, args: argparse.Namespace, shared: Any) -> None:
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    asyncio.run(clients(index, slots, base, args, shared))


def verdict(
    rows: list[tuple[float, float, float]], errors: int, args: argparse.Namespace
) -> tuple[str, bool]:
    """The verdict line over the rows (t, actions/s, RSS) after the warm-up."""
    after = [r for r in rows if r[0] - args.interval >= args.warmup - 1]  # begun after it
    if len(after) < 2:
        return "verdict: too short (fewer than 2 intervals after the warm-up)", False
    rates = [r[1] for r in after]
    mean = statistics.fmean(rates)
    cv = statistics.pstdev(rates) / mean if mean else float("inf")
    floor = min(rates) / statistics.median(rates) if mean else 0.0
    stable = cv <= args.max_cv and floor >= 0.5
    growth = after[-1][2] / after[0][2] - 1
    flat = growth <= args.max_growth
    words = [
        "stable" if stable else "UNSTABLE",
        "flat" if flat else "GROWING",
        "no errors" if errors == 0 else f"{errors} ERRORS",
    ]
    detail = (
        f"after {args.warmup:.0f} s of warm-up: actions/s {min(rates):.0f}-{max(rates):.0f} "
        f"(mean {mean:.0f}, cv {cv:.2f}, lowest/median {floor:.2f}), "
        f"RSS {after[0][2]:.1f} -> {after[-1][2]:.1f} MB ({growth:+.1%})"
    )
    return f"{detail}\nverdict: {', '.join(words)}", stable and flat and errors == 0


def soak(base: str, pid: int, args: argparse.Namespace) -> bool:
    ctx = mp.get_context("spawn")
    shared = ctx.Array("q", args.workers * FIELDS, lock=False)
    slots = [list(range(args.tables))[w :: args.workers] for w in range(args.workers)]
    procs = [
        ctx.Process(target=worker, args=(w, slots[w], base, args, shared))
        for w in range(args.workers)
    ]
    for p in procs:
        p.start()
    start = time.monotonic()
    end = start + args.minutes * 60

    def totals() -> list[int]:
        return [sum(shared[w * FIELDS + k] for w in range(args.workers)) for k in range(FIELDS)]

    def client_cpu() -> float:
        return sum(cpu_seconds(p.pid) for p in procs if p.pid is not None and p.is_alive())

    rows: list[tuple[float, float, float]] = []
    last_actions, last_cpu, last_clients, last_t = 0, cpu_seconds(pid), client_cpu(), start
    while time.monotonic() < end:
        time.sleep(min(args.interval, max(0.0, end - time.monotonic())))
        now, cpu, ccpu = time.monotonic(), cpu_seconds(pid), client_cpu()
        actions, finished, error_frames, failures = totals()
        span = now - last_t
        rate = (actions - last_actions) / span
        rss = rss_mb(pid)
        rows.append((now - start, rate, rss))
        print(
            f"t={now - start:6.0f}s {rate:7.0f} actions/s rss={rss:6.1f} MB "
            f"server cpu={(cpu - last_cpu) / span:.2f} "
            f"clients cpu={(ccpu - last_clients) / span:.2f} "
            f"finished={finished // 4} errors={error_frames + failures} load {load_average()}",
            flush=True,
        )
        last_actions, last_cpu, last_clients, last_t = actions, cpu, ccpu, now
    for p in procs:
        p.join(120)
        if p.is_alive():
            p.kill()
    actions, finished, error_frames, failures = totals()
    errors = error_frames + failures + sum(1 for p in procs if p.exitcode != 0)
    print(
        f"{args.tables} tables, {args.minutes:g} min: {actions} actions, "
        f"{finished // 4} matches finished, error frames {error_frames}, failed seats or "
        f"tables {failures}",
        flush=True,
    )
    line, ok = verdict(rows, errors, args)
    print(line, flush=True)
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--interval", type=float, default=30, help="seconds between lines")
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=1, help="hands per MCR match")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--ramp", type=float, default=60, help="seconds over which slots start")
    parser.add_argument("--warmup", type=float, default=120, help="seconds left out of the verdict")
    parser.add_argument("--grace", type=float, default=10, help="seconds a finished table stays")
    parser.add_argument(
        "--max-cv", type=float, default=0.15, help="stable: stdev/mean of actions/s"
    )
    parser.add_argument("--max-growth", type=float, default=0.10, help="flat: RSS growth")
    parser.add_argument("--port", type=int, default=0, help="first port to use (default: any)")
    args = parser.parse_args()
    if args.port:
        use_ports(args.port)
    os.environ["JANTAKU_TABLE_GRACE_SECONDS"] = str(args.grace)
    # every client of the soak comes from 127.0.0.1: no per-address read or socket cap
    os.environ.setdefault("JANTAKU_API_READ_RATE_PER_ADDRESS", "100000/second")
    os.environ.setdefault("JANTAKU_WS_CONNECTIONS_PER_ADDRESS", "100000")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(port, "jantaku", f"sqlite+aiosqlite:///{tmp}/soak.db", "")
        try:
            ok = soak(f"http://127.0.0.1:{port}", proc.pid, args)
        finally:
            proc.terminate()
            proc.wait(30)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
