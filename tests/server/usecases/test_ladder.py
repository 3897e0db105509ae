"""The kept ladder (server.domain.ladder.cache) equals the ladder recomputed from the records
after each change: a match finishing, an adjustment, a void, a change on another instance
(seen after the ttl); and a request with nothing changed reads no match again."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from server.domain.ladder.cache import LadderCache
from server.domain.ladder.ladder import ordered
from server.domain.matchmaking.store import FormedTable
from server.ports.storage import StandingRow
from server.usecases.ladder import ladder_of


@dataclass
class Records:
    """What the ladder reads: tables (status, voided, ended) and their standings."""

    tables: dict[str, Any] = field(default_factory=dict)
    standings_by: dict[str, list[StandingRow]] = field(default_factory=dict)
    formed_list: list[FormedTable] = field(default_factory=list)

    def add(self, tid: str, players: list[str], status: str = "finished") -> None:
        self.formed_list.append(FormedTable(tid, "q", "mcr", "general", True, 0.0))
        self.tables[tid] = SimpleNamespace(
            status=status, voided=False, ended=datetime(2026, 12, 1, tzinfo=UTC), options={}
        )
        self.standings_by[tid] = [
            StandingRow(tid, place, p, place + 1, 0, 30.0 - 20 * place)
            for place, p in enumerate(players)
        ]

    async def get(self, tid: str) -> Any:
        return self.tables.get(tid)

    async def standings(self, tid: str) -> list[StandingRow]:
        return list(self.standings_by[tid])

    async def formed(self, ruleset: str) -> list[FormedTable]:
        return list(self.formed_list)


def test_the_kept_ladder_equals_the_recomputed_one() -> None:
    now = [0.0]
    db = Records()
    cache = LadderCache(ttl=30.0, clock=lambda: now[0])
    svc: Any = SimpleNamespace(
        matchmaker=SimpleNamespace(queues=db),
        store=SimpleNamespace(tables=db, records=db),
        ladder_cache=cache,
    )
    players = ["a", "b", "c", "d"]

    def same() -> None:
        kept = asyncio.run(ladder_of(svc, "mcr"))
        fresh = asyncio.run(ladder_of(svc, "mcr", cached=False))
        assert ordered(kept) == ordered(fresh)
        assert kept.players == fresh.players

    for k in range(5):
        db.add(f"t{k}", players[k % 4 :] + players[: k % 4])
    db.add("running", players, status="playing")
    same()
    reads = cache.reads
    same()
    assert cache.reads == reads  # nothing changed: no match read again
    db.tables["running"].status = "finished"  # a match ends
    same()
    assert cache.reads == reads + 1
    # an adjustment swaps two places of t1
    rows = db.standings_by["t1"]
    db.standings_by["t1"] = [
        replace(rows[0], rank=2, points=rows[1].points),
        replace(rows[1], rank=1, points=rows[0].points),
        *rows[2:],
    ]
    cache.forget("t1")
    same()
    db.tables["t2"].voided = True  # a void
    cache.forget("t2")
    same()
    assert cache.input("t2") == (True, None)  # kept as not counting
    # a correction made on another instance: seen once the kept input is older than ttl
    db.tables["t3"].voided = True
    now[0] += 31.0
    same()
