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

from server.db import migrate
from server.db.engine import make_engine
from server.db.models import Base

TABLES = {
    "players",
    "matches",
    "match_events",
    "hands",
    "standings",
    "corrections",
    "audit",
    "player_match_stats",
    "player_stats",
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
