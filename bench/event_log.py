"""Event-log bench: T tables appending small batches at once, as a busy server's actors do,
through ``SqlEventLog`` (group commit) on a fresh database; prints the process's CPU time
(every thread: the event loop's and the driver's) and wall time per append.

The batches are a real match's, replayed (tests/server/adapters/sql/played.py): mostly one or two
events a batch, a hand's end with its scoresheet row and projection now and then.

    python bench/event_log.py --tables 16 --rounds 3
    python bench/event_log.py --url postgresql+asyncpg://postgres@127.0.0.1:5432/bench
    python bench/event_log.py --plain    # the per-action path alone: no batch writes records

``--plain`` renames the events that make a batch write records (a match's start, a hand's
start and settlement, the match's end: the scoresheet rows, the projection, statistics
and ratings), so every append is an action's plain insert.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def run(url: str, tables: int, rounds: int, plain: bool = False) -> dict[str, float]:
    from server.adapters.sql.event_log import RECORDED
    from server.adapters.sql.store import SqlStore
    from server.ports.storage import LoggedEvent
    from tests.server.adapters.sql.played import logged, played, record

    store = await SqlStore.open(url)
    try:
        match = played()
        if plain:
            match = tuple(
                tuple(
                    {**ev, "type": f"plain_{ev['type']}"} if ev["type"] in RECORDED else ev
                    for ev in batch
                )
                for batch in match
            )
        appends = 0
        cpu = wall = 0.0
        for r in range(rounds):
            ids = [f"bench-{uuid.uuid4().hex[:8]}-{r}-{t}" for t in range(tables)]
            for t in ids:
                await store.tables.add(record(t))
            logs = {t: logged(t, match) for t in ids}

            async def table(batches: list[list[LoggedEvent]]) -> None:
                for batch in batches:
                    await store.events.append(batch)

            c0, w0 = time.process_time(), time.perf_counter()
            await asyncio.gather(*(table(logs[t]) for t in ids))
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            appends += sum(len(b) for b in logs.values())  # append calls (batches)
        return {"appends": appends, "cpu_us": cpu * 1e6 / appends, "wall_us": wall * 1e6 / appends}
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--url", default="", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--plain", action="store_true", help="no batch writes records")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite+aiosqlite:///{tmp}/bench.db"
        out = asyncio.run(run(url, args.tables, args.rounds, args.plain))
    print(
        f"tables={args.tables} {'plain ' if args.plain else ''}appends={out['appends']:.0f} "
        f"cpu/append={out['cpu_us']:.0f}us wall/append={out['wall_us']:.0f}us "
        f"load {'/'.join(f'{x:.1f}' for x in os.getloadavg())}",
        flush=True,
    )


if __name__ == "__main__":
    main()
