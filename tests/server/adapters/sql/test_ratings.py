"""Ratings (server.domain.records.ratings) follow the matches: each finished match rates its
players, a correction or a void of an older match replays everything from it onwards, and
replaying from nothing (``rebuild_ratings``, what ``jantaku db rebuild-records`` runs)
gives exactly the incremental result — on the memory store, SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from server.domain.records import ratings as rating
from server.ports.storage import Store
from tests.server.adapters.sql.played import logged, played, record
from tests.server.adapters.sql.test_store import on_each

LINEUPS = [
    ["p-ann", "p-bob", "bot:greedy", "p-cat"],
    ["p-bob", "p-cat", "p-dan", "p-ann"],
    ["p-cat", "p-dan", "p-ann", "bot:greedy"],
    ["p-dan", "p-ann", "p-bob", "p-cat"],
    ["p-ann", "p-cat", "p-bob", "p-dan"],
]


async def _play(store: Store, n: int) -> None:
    for i in range(n):
        tid = f"r{i}"
        await store.tables.add(dataclasses.replace(record(tid), seats=LINEUPS[i]))
        for batch in logged(tid, played(2, f"rated-{i}")):
            await store.events.append(batch)


async def _snapshot(store: Store) -> tuple[dict[str, rating.Rating], list[rating.HistoryRow]]:
    return await store.records.ratings("mcr"), await store.records.rating_history("mcr")


def test_incremental_ratings_equal_a_replay_from_nothing(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await _play(store, 5)
        current, history = await _snapshot(store)
        assert set(current) == {"p-ann", "p-bob", "p-cat", "p-dan"}  # bots are not rated
        assert [h.match_id for h in history].count("r0") == 3
        assert current["p-ann"].matches == 5 and current["p-dan"].matches == 4
        # an independent replay of the stored standings gives the same figures
        matches: list[tuple[str, datetime]] = []
        for h in history:
            if not matches or matches[-1][0] != h.match_id:
                matches.append((h.match_id, h.ended))
        rated = []
        for match_id, ended in matches:
            rows = await store.records.standings(match_id)
            players = [s.player for s in rows]
            rated.append(rating.RatedMatch(match_id, ended, players, [s.rank for s in rows]))
        state, replayed = rating.replay("mcr", {}, rated)
        assert state == current and replayed == history

        # correct the second match (a penalty that changes its ranks), void the third
        standings = await store.records.standings("r1")
        first = min(standings, key=lambda s: s.rank)
        await store.records.adjust("r1", first.place, -1000, "ops", "penalty")
        assert await store.records.void_match("r2", "ops", "cheating")
        current, history = await _snapshot(store)
        assert "r2" not in {h.match_id for h in history}
        assert current["p-dan"].matches == 3
        r1 = {h.player: h.rank for h in history if h.match_id == "r1"}
        assert r1[first.player] == 4
        assert await store.records.rebuild_ratings("mcr") == 4
        assert await _snapshot(store) == (current, history)
        assert await store.records.rating_history("mcr", "p-dan") == [
            h for h in history if h.player == "p-dan"
        ]
        assert await store.records.ratings("riichi") == {}

    on_each(store_url, test)
