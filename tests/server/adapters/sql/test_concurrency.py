"""Fifty tables finish a hand at the same moment on PostgreSQL, then finish their matches
at the same moment, while ten of them also get a competing duplicate of that batch: every
scoresheet row and standing is written exactly once, the duplicates are refused whole, no
transaction deadlocks, and no score update is lost."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import func, select

from server.adapters.sql.models import Hand, Match, MatchEvent, Standing
from server.adapters.sql.store import SqlStore
from server.ports.storage import LoggedEvent
from tests.server.adapters.sql.played import logged, played, record

TABLES = 50
RIVALS = 10


def _flat(batches: list[list[LoggedEvent]]) -> list[LoggedEvent]:
    return [e for b in batches for e in b]


async def _race(store: SqlStore, batches: dict[str, list[LoggedEvent]]) -> list[Any]:
    jobs = [store.events.append(batch) for batch in batches.values()]
    jobs += [store.events.append(list(batches[tid])) for tid in list(batches)[:RIVALS]]
    return await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), 120)


def test_fifty_tables_settle_at_once(pg_url: str) -> None:
    source = played()
    kinds = [{e["type"] for e in b} for b in source]
    first = next(i for i, k in enumerate(kinds) if "settled" in k)
    last = len(source) - 1
    assert "match_ended" in kinds[last] and first < last

    async def run() -> None:
        store = await SqlStore.open(pg_url)
        ids = [f"t{i:02d}" for i in range(TABLES)]
        per_table = {tid: logged(tid, source) for tid in ids}
        for tid in ids:
            await store.tables.add(record(tid))
        await asyncio.gather(*(store.events.append(_flat(per_table[t][:first])) for t in ids))

        results = await _race(store, {t: per_table[t][first] for t in ids})
        ok = [r for r in results if r is None]
        refused = [r for r in results if isinstance(r, ValueError)]
        assert len(ok) == TABLES and len(refused) == RIVALS, results

        await asyncio.gather(
            *(store.events.append(_flat(per_table[t][first + 1 : last])) for t in ids)
        )
        results = await _race(store, {t: per_table[t][last] for t in ids})
        assert sum(r is None for r in results) == TABLES
        assert sum(isinstance(r, ValueError) for r in results) == RIVALS

        settled = [e for b in source for e in b if e["type"] == "settled"]
        async with store.db.read() as conn:
            hands = (
                await conn.execute(select(Hand.match_id, func.count()).group_by(Hand.match_id))
            ).all()
            assert dict(hands) == {t: len(settled) for t in ids}  # each row exactly once
            events = await conn.scalar(select(func.count()).select_from(MatchEvent))
            assert events == TABLES * sum(len(b) for b in source)
            standings = await conn.scalar(select(func.count()).select_from(Standing))
            assert standings == TABLES * 4
            rows = (
                await conn.execute(select(Match.status, Match.scores, Match.hands_played))
            ).all()
        assert {r.status for r in rows} == {"finished"}
        assert all(r.scores == settled[-1]["scores"] for r in rows)  # no lost update
        assert all(r.hands_played == len(settled) for r in rows)
        await store.close()

    asyncio.run(run())
