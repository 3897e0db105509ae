"""Soak: T concurrent tables of cheap protocol clients (bench/load.py's) for M minutes.

Each table plays a match and, when it ends, a new table takes its place, so T tables are
always in play. Every interval it prints actions/s in that interval, the server's RSS and
CPU share, the errors so far and the load average; at the end, whether actions/s stayed
stable and memory flat after the warm-up (the first interval).

    python bench/soak_tables.py --tables 200 --minutes 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (
    Tally,
    cheap_seat,
    cpu_seconds,
    free_port,
    load_average,
    make_tables,
    rss_mb,
    start_server,
)


async def soak(base: str, pid: int, args: argparse.Namespace) -> int:
    from server.client import ws_url

    tally = Tally()
    end = time.monotonic() + args.minutes * 60
    rng = random.Random(1)

    async def table_slot() -> None:
        while time.monotonic() < end:
            [(tid, toks)] = await make_tables(base, 1, args.ruleset, args.hands, False)
            seats = [
                cheap_seat(
                    ws_url(base, tid, auth="frame", protocol="1", state_on_prompt="true"),
                    tok,
                    random.Random(rng.random()),
                    tally,
                )
                for tok in toks
            ]
            await asyncio.gather(*seats)

    slots = [asyncio.create_task(table_slot()) for _ in range(args.tables)]
    rows: list[tuple[float, float]] = []
    last_actions, last_cpu, last_t = 0, cpu_seconds(pid), time.monotonic()
    with contextlib.suppress(asyncio.TimeoutError):
        while time.monotonic() < end:
            await asyncio.sleep(min(args.interval, max(0.0, end - time.monotonic())))
            now, cpu = time.monotonic(), cpu_seconds(pid)
            rate = (tally.actions - last_actions) / (now - last_t)
            share = (cpu - last_cpu) / (now - last_t)
            rss = rss_mb(pid)
            rows.append((rate, rss))
            print(
                f"t={now - end + args.minutes * 60:6.0f}s {rate:7.0f} actions/s "
                f"rss={rss:6.1f} MB cpu share={share:.2f} finished={tally.finished // 4} "
                f"errors={tally.errors} load {load_average()}",
                flush=True,
            )
            last_actions, last_cpu, last_t = tally.actions, cpu, now
    await asyncio.gather(*slots, return_exceptions=True)
    after = rows[1:] or rows
    rates = [r for r, _ in after]
    print(
        f"after warm-up: actions/s {min(rates):.0f}-{max(rates):.0f}, "
        f"rss {after[0][1]:.1f} -> {after[-1][1]:.1f} MB, errors {tally.errors}, "
        f"matches finished {tally.finished // 4}",
        flush=True,
    )
    return tally.errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--interval", type=float, default=60, help="seconds between lines")
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=1)
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(port, "jantaku", f"sqlite+aiosqlite:///{tmp}/soak.db", "")
        try:
            errors = asyncio.run(soak(f"http://127.0.0.1:{port}", proc.pid, args))
        finally:
            proc.terminate()
            proc.wait(30)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
