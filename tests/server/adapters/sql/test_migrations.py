"""Every migration goes up, down and up again on SQLite and PostgreSQL, and the upgraded
schema is exactly the models' (nothing autogenerate would still add or drop)."""

from __future__ import annotations

import asyncio
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from server.adapters.sql import migrate
from server.adapters.sql.engine import make_engine
from server.adapters.sql.models import Base

TABLES = {
    "players",
    "sessions",
    "matches",
    "match_events",
    "hands",
    "standings",
    "corrections",
    "audit",
    "player_match_stats",
    "player_stats",
    "rating_history",
    "ratings",
    "event_documents",
    "queue_entries",
    "queue_seatings",
    "queue_tables",
}


async def _inspect(url: str) -> tuple[set[str], list[Any]]:
    engine = make_engine(url)

    def look(conn: Connection) -> tuple[set[str], list[Any]]:
        names = set(inspect(conn).get_table_names()) - {"alembic_version"}
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return names, compare_metadata(context, Base.metadata)

    try:
        async with engine.connect() as conn:
            return await conn.run_sync(look)
    finally:
        await engine.dispose()


def test_each_revision_goes_up_down_and_up_again(db_url: str) -> None:
    scripts = ScriptDirectory.from_config(migrate.alembic_config(db_url))
    revisions = [r.revision for r in reversed(list(scripts.walk_revisions()))]
    assert revisions and revisions[-1] == migrate.head()

    async def run() -> None:
        for i, revision in enumerate(revisions):
            before = revisions[i - 1] if i else "base"
            await migrate.upgrade(db_url, revision)
            assert await migrate.current(db_url) == revision
            await migrate.downgrade(db_url, before)
            assert await migrate.current(db_url) == (None if before == "base" else before)
            await migrate.upgrade(db_url, revision)
        tables, diff = await _inspect(db_url)
        assert tables == TABLES
        assert diff == [], diff
        await migrate.downgrade(db_url, "base")
        tables, _ = await _inspect(db_url)
        assert tables == set()
        assert await migrate.current(db_url) is None
        await migrate.upgrade(db_url)
        assert await migrate.current(db_url) == migrate.head()

    asyncio.run(run())


def test_0003_records_carries_old_records_over(db_url: str) -> None:
    """A database of the old schema with a played match, a penalty line and a voided hand:
    after the upgrade the hand rows carry their deposits and deltas (from the events), and
    the penalty and the void are corrections."""
    import json
    from datetime import UTC, datetime

    from sqlalchemy import text

    from server.adapters.sql.store import SqlStore
    from server.domain.records.sheet import rows_from_log
    from tests.server.adapters.sql.played import logged, played

    batches = logged("m1", played())
    events = [e for b in batches for e in b]
    rows = rows_from_log("m1", events)
    now = datetime.now(UTC)

    async def run() -> None:
        await migrate.upgrade(db_url, "0002_time_banks")
        engine = make_engine(db_url)
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO matches (id, ruleset, ruleset_version, options, seats, timers,"
                    " spectators, created_by, status, created, scores, hand_label, hands_played,"
                    " standings, voided) VALUES ('m1', 'mcr', '1', :o, :s, '{}', '{}', 'admin',"
                    " 'finished', :now, :z, 'E2', 2, '[]', :no)"
                ),
                {
                    "o": json.dumps({"hands_per_session": 2}),
                    "s": json.dumps(["p-ann", "p-bob", "bot:greedy", "p-cat"]),
                    "now": now,
                    "z": json.dumps([0, 0, 0, 0]),
                    "no": False,
                },
            )
            for e in events:
                await conn.execute(
                    text(
                        "INSERT INTO match_events (match_id, seq, hand_number, type, event)"
                        " VALUES ('m1', :seq, :hn, :t, :ev)"
                    ),
                    {
                        "seq": e.seq,
                        "hn": e.hand_number,
                        "t": e.event["type"],
                        "ev": json.dumps(e.event),
                    },
                )
            for h in rows:
                await conn.execute(
                    text(
                        "INSERT INTO hands (match_id, hand_number, seq, label, round_wind,"
                        " dealer, honba, outcome, abort, winners, discarder, wins, total,"
                        " payments, scores, voided) VALUES ('m1', :n, :seq, :l, 1, 0, 0, :o,"
                        " NULL, '[]', NULL, '[]', 0, :p, :sc, :v)"
                    ),
                    {
                        "n": h.hand_number,
                        "seq": h.seq,
                        "l": h.label,
                        "o": h.outcome,
                        "p": json.dumps(h.payments),
                        "sc": json.dumps(h.scores),
                        "v": h.hand_number == rows[-1].hand_number,
                    },
                )
            await conn.execute(
                text(
                    'INSERT INTO adjustments (match_id, place, amount, reason, "by", "at")'
                    " VALUES ('m1', 2, -30, 'slow play', 'ops', :now)"
                ),
                {"now": now},
            )
        await engine.dispose()
        await migrate.upgrade(db_url)
        store = await SqlStore.open(db_url)
        try:
            hands = await store.records.hands("m1")
            assert [(h.deltas, h.deposits, h.pot) for h in hands] == [
                (h.deltas, h.deposits, h.pot) for h in rows
            ]
            kinds = [
                (c.kind, c.place, c.amount, c.hand_number)
                for c in await store.records.corrections("m1")
            ]
            assert kinds == [("adjust", 2, -30, None), ("void_hand", None, 0, rows[-1].hand_number)]
        finally:
            await store.close()
        await migrate.downgrade(db_url, "0002_time_banks")  # and back: the old tables again
        engine = make_engine(db_url)
        async with engine.connect() as conn:
            back = (await conn.execute(text("SELECT amount FROM adjustments"))).all()
            voided = (
                await conn.execute(text("SELECT voided FROM hands ORDER BY hand_number"))
            ).all()
        await engine.dispose()
        assert [r[0] for r in back] == [-30]
        assert [bool(r[0]) for r in voided] == [False] * (len(rows) - 1) + [True]

    asyncio.run(run())
