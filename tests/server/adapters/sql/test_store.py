"""The SQL store keeps the repository protocols' promises on SQLite and PostgreSQL (and the
memory store the same ones): players, tables, an all-or-nothing event log, and the records
written with the events — a scoresheet row per settled hand, the standings with the last
hand — plus the corrections and their audit trail."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

import pytest
from sqlalchemy import insert, text

from server.adapters.memory.store import MemoryStore
from server.adapters.sql.database import HANDS
from server.adapters.sql.store import SqlStore
from server.ports.storage import LoggedEvent, StorageError, Store
from tests.server.adapters.sql.played import SEATS, logged, played, record

Test = Callable[[Store], Awaitable[None]]


def on_each(url: str | None, test: Test) -> None:
    async def run() -> None:
        store: Store = MemoryStore() if url is None else await SqlStore.open(url)
        try:
            await test(store)
        finally:
            await store.close()

    asyncio.run(run())


def test_tables_round_trip_and_save_keeps_the_projected_fields(db_url: str) -> None:
    async def test(store: Store) -> None:
        rec = record("t1")
        rec.options = {"hands_per_session": 2, "nested": {"a": [1, 2]}}
        await store.tables.add(rec)
        again = await store.tables.get("t1")
        assert again is not None and again.options == rec.options and again.seats == SEATS
        assert again.created == rec.created and again.voided is False
        again.status, again.seed, again.scores = "finished", "s", [1, -1, 0, 0]
        await store.tables.save(again)
        third = await store.tables.get("t1")
        assert third is not None and third.status == "finished" and third.seed == "s"
        assert third.scores == [0, 0, 0, 0]  # only the event log and corrections write them
        await store.tables.add(record("t2"))
        assert await store.records.void_match("t2", "ops", "test")
        fourth = await store.tables.get("t2")
        assert fourth is not None and fourth.voided is True
        fourth.voided = False
        await store.tables.save(fourth)  # a runtime save never un-voids
        assert (await store.tables.get("t2")).voided is True  # type: ignore[union-attr]
        assert [t.id for t in await store.tables.list()] == ["t1", "t2"]

    on_each(db_url, test)


def test_live_tables_of_a_player_and_a_seal_that_only_opens(store_url: str | None) -> None:
    """``live_of`` is the cluster-wide "where does this player sit" (the assist check, the
    queue's already-playing check); a save never seals a record unsealed meanwhile."""

    async def test(store: Store) -> None:
        for n, (seats, status) in enumerate(
            [
                (["p1", "p2", "bot:random", "open"], "playing"),
                (["p1", "p20", "open", "open"], "waiting"),
                (["p1", "p2", "p3", "p4"], "finished"),
                (["p10", "p_1", "x%1", "open"], "paused"),
            ]
        ):
            rec = record(f"t{n}")
            rec.seats, rec.status = seats, status
            await store.tables.add(rec)
        assert [t.id for t in await store.tables.live_of("p1")] == ["t0", "t1"]
        assert [t.id for t in await store.tables.live_of("p2")] == ["t0"]  # not p20
        assert [t.id for t in await store.tables.live_of("x%1")] == ["t3"]
        assert await store.tables.live_of("p") == [] and await store.tables.live_of("p3") == []
        sealed = record("s1")
        sealed.sealed_by = "tour/1"
        await store.tables.add(sealed)
        stale = await store.tables.get("s1")  # an actor's copy, still sealed
        assert stale is not None and stale.sealed_by == "tour/1"
        opened = await store.tables.get("s1")
        assert opened is not None
        opened.sealed_by = None
        await store.tables.save(opened)  # the round is over: unsealed
        stale.status = "finished"
        await store.tables.save(stale)  # a late save of the old copy
        final = await store.tables.get("s1")
        assert final is not None and final.status == "finished" and final.sealed_by is None

    on_each(store_url, test)


def test_event_log_is_all_or_nothing(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        await store.events.append(batches[0])
        with pytest.raises(ValueError):
            await store.events.append(batches[2])  # skips a batch: refused whole
        with pytest.raises(ValueError):
            await store.events.append(batches[0])  # the same seqs again
        assert len(await store.events.read("t1")) == len(batches[0])
        await store.events.append(batches[1])
        tail = await store.events.read("t1", after_seq=len(batches[0]))
        assert tail == batches[1]
        if isinstance(store, SqlStore):  # the memory log does not know the tables
            ghost = [LoggedEvent("ghost", 1, 0, {"type": "drew", "seat": 0})]
            with pytest.raises(ValueError):
                await store.events.append(ghost)
            assert await store.events.read("ghost") == []

    on_each(store_url, test)


def test_a_played_match_leaves_its_scoresheet_and_standings(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        settled = [e.event for b in batches for e in b if e.event["type"] == "settled"]
        for batch in batches:
            await store.events.append(batch)
            hands = await store.records.hands("t1")
            done = sum(
                1
                for b in batches[: batches.index(batch) + 1]
                for e in b
                if e.event["type"] == "settled"
            )
            assert len(hands) == done  # the row comes with the hand's final events
        hands = await store.records.hands("t1")
        assert [h.scores for h in hands] == [s["scores"] for s in settled]
        for h in hands:
            assert sum(p["amount"] for p in h.payments if p["payer"] is not None) == sum(
                p["amount"] for p in h.payments if p["payee"] is not None
            )
            for w in h.wins:
                assert w["total"] == sum(p["points"] for p in w["patterns"]) or w["total"] > 0
        standings = await store.records.standings("t1")
        assert sorted(s.place for s in standings) == [0, 1, 2, 3]
        assert {s.player for s in standings} == set(SEATS)
        final = await store.tables.get("t1")
        assert final is not None and final.status == "finished" and final.seed == "persist"
        assert final.scores == settled[-1]["scores"]
        assert final.hands_played == len(settled)
        assert len(await store.events.read("t1")) == sum(len(b) for b in batches)

    on_each(store_url, test)


def test_corrections_history_and_leaderboard(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        for tid in ("t1", "t2"):
            await store.tables.add(record(tid))
            for batch in logged(tid, played()):
                await store.events.append(batch)
        history = await store.records.history("p-ann")
        assert [s.table_id for s in history] == ["t1", "t2"] or len(history) == 2
        board = await store.records.leaderboard("mcr")
        assert {r.player for r in board} == {"p-ann", "p-bob", "p-cat"}  # bots are left out
        assert all(r.matches == 2 for r in board)
        assert await store.records.leaderboard("riichi") == []
        # a tournament's board counts only its matches
        only = await store.records.leaderboard("mcr", matches=["t2", "elsewhere"])
        assert {r.player for r in only} == {"p-ann", "p-bob", "p-cat"}
        assert all(r.matches == 1 for r in only)
        assert await store.records.leaderboard("mcr", matches=[]) == []
        before = {s.place: s for s in await store.records.standings("t1")}

        last = await store.records.void_last_hand("t1", "ops", "misdeal")
        hands = await store.records.hands("t1")
        assert last is not None and last.kind == "void_hand"
        assert last.hand_number == hands[-1].hand_number
        row = await store.records.adjust("t1", 2, -10, "ops", "slow play")
        assert row.amount == -10 and row.place == 2 and row.kind == "adjust"
        kinds = [(c.kind, c.amount) for c in await store.records.corrections("t1")]
        assert kinds == [("void_hand", 0), ("adjust", -10)]
        after = {s.place: s for s in await store.records.standings("t1")}
        # the standings follow: hand 1's deltas are gone and place 2 lost 10 more
        for place, s in after.items():
            expected = before[place].score - hands[-1].deltas[place] - (10 if place == 2 else 0)
            assert s.score == expected
        rec = await store.tables.get("t1")
        assert rec is not None and rec.scores == [after[p].score for p in range(4)]
        assert await store.records.void_match("t2", "ops", "cheating")
        assert not await store.records.void_match("t2", "ops", "again")
        board = await store.records.leaderboard("mcr")
        assert all(r.matches == 1 for r in board)  # the voided match no longer counts
        audit = await store.records.audit("t1")
        assert [(a.action, a.by, a.reason) for a in audit] == [
            ("void_hand", "ops", "misdeal"),
            ("adjust_score", "ops", "slow play"),
        ]
        assert len(await store.records.audit()) == 3

    on_each(store_url, test)


def test_a_database_failure_is_a_storage_error(db_url: str) -> None:
    async def test(store: Store) -> None:
        assert isinstance(store, SqlStore)
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        async with store.db.write() as conn:  # the database loses the log table
            await conn.execute(text("DROP TABLE match_events"))
        with pytest.raises(StorageError):
            await store.events.append(batches[0])

    on_each(db_url, test)


def test_a_hand_row_and_its_events_commit_together(db_url: str) -> None:
    """If the scoresheet row cannot be written, the hand's final events are not either."""

    async def test(store: Store) -> None:
        assert isinstance(store, SqlStore)
        await store.tables.add(record("t1"))
        batches = logged("t1", played())
        first = next(
            i for i, b in enumerate(batches) if any(e.event["type"] == "settled" for e in b)
        )
        for batch in batches[:first]:
            await store.events.append(batch)
        before = await store.events.read("t1")
        async with store.db.write() as conn:  # a row in the way of hand 0's
            values = {
                "match_id": "t1",
                "hand_number": 0,
                "seq": 0,
                "label": "",
                "round_wind": 1,
                "dealer": 0,
                "honba": 0,
                "outcome": "win",
                "abort": None,
                "winners": [],
                "discarder": None,
                "wins": [],
                "total": 0,
                "payments": [],
                "scores": [9, 9, 9, 9],
                "deposits": [0, 0, 0, 0],
                "deltas": [0, 0, 0, 0],
                "pot_before": 0,
                "pot": 0,
                "riichi": [],
                "tenpai": [],
                "called": [],
            }
            await conn.execute(insert(HANDS).values(**values))
        with pytest.raises(ValueError):
            await store.events.append(batches[first])
        assert await store.events.read("t1") == before
        rec = await store.tables.get("t1")
        assert rec is not None and rec.scores == [0, 0, 0, 0] and rec.hands_played == 0

    on_each(db_url, test)


def test_rebuilding_from_the_events_gives_the_same_records(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await store.tables.add(record("t1"))
        for batch in logged("t1", played()):
            await store.events.append(batch)
        await store.records.adjust("t1", 1, -10, "ops", "slow play")
        hands = await store.records.hands("t1")
        standings = await store.records.standings("t1")
        stats = await store.records.stats("p-ann", "mcr")
        table = await store.tables.get("t1")
        assert await store.records.rebuild("t1")
        assert await store.records.rebuild("t1")  # twice: still the same
        assert await store.records.hands("t1") == hands
        assert await store.records.standings("t1") == standings
        assert await store.records.stats("p-ann", "mcr") == stats
        again = await store.tables.get("t1")
        assert again is not None and table is not None
        assert (again.scores, again.pot, again.standings) == (
            table.scores,
            table.pot,
            table.standings,
        )
        assert not await store.records.rebuild("nope")

    on_each(store_url, test)


def test_group_commit_keeps_each_batch_its_own_outcome(db_url: str) -> None:
    """Batches of several tables appended at once share transactions (group commit), yet
    each append returns only after its own batch is stored, and a refused batch (a seq
    gap) refuses only itself."""

    async def test(store: Store) -> None:
        ids = [f"g{i}" for i in range(6)]
        for t in ids:
            await store.tables.add(record(t))
        logs = {t: logged(t, played()) for t in ids}
        for step in range(len(logs[ids[0]])):
            batches = [logs[t][step] for t in ids]
            if step == 3:  # table g2 skips a batch: its seqs no longer follow
                batches[2] = logs["g2"][step + 1]
            results = await asyncio.gather(
                *(store.events.append(b) for b in batches), return_exceptions=True
            )
            if step == 3:
                assert isinstance(results[2], ValueError)
                ids.remove("g2")
                del logs["g2"]
                results.pop(2)
            assert results == [None] * len(results)
            if step >= 3:
                break
        for t in ids:
            stored = await store.events.read(t)
            assert [e.event for e in stored] == [e.event for b in logs[t][:4] for e in b]
        assert len(await store.events.read("g2")) == sum(len(b) for b in logged("g2", played())[:3])

    on_each(db_url, test)


def test_event_rows_are_what_the_json_column_writes(db_url: str) -> None:
    """The event rows (written in one statement per group, on SQLite straight through the
    driver) hold the text SQLAlchemy's JSON column writes, the type and the hand number."""

    async def test(store: Store) -> None:
        assert isinstance(store, SqlStore)
        await store.tables.add(record("t1"))
        batches = logged("t1", played())[:6]
        for batch in batches:
            await store.events.append(batch)
        async with store.db.read() as conn:
            rows = (
                await conn.execute(
                    text(
                        "SELECT seq, hand_number, type, CAST(event AS TEXT) "
                        "FROM match_events WHERE match_id = 't1' ORDER BY seq"
                    )
                )
            ).all()
        sent = [e for b in batches for e in b]
        assert [tuple(r) for r in rows] == [
            (e.seq, e.hand_number, e.event["type"], json.dumps(e.event)) for e in sent
        ]

    on_each(db_url, test)
