"""The accounts revision carries existing players over: each token becomes a session,
colliding names get unique keys, and the way down gives every player its newest token."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from sqlalchemy import text

from server.adapters.sql import migrate
from server.adapters.sql.engine import make_engine

ROWS = [("p1", "Aiko", "a" * 64), ("p2", "AIKO", "b" * 64), ("p3", "Ben", None)]


async def _sql(url: str, statement: str, **params: object) -> list[tuple[object, ...]]:
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            result = await conn.execute(text(statement), params)
            return [tuple(r) for r in result.all()] if result.returns_rows else []
    finally:
        await engine.dispose()


def test_tokens_become_sessions_and_names_unique(db_url: str) -> None:
    async def run() -> None:
        await migrate.upgrade(db_url, "0001")
        for pid, name, token in ROWS:
            await _sql(
                db_url,
                "INSERT INTO players (id, name, token_hash, created) VALUES (:i, :n, :t, :c)",
                i=pid,
                n=name,
                t=token,
                c=datetime(2026, 1, int(pid[1]), tzinfo=UTC),
            )
        await migrate.upgrade(db_url, "0006_accounts")
        players = await _sql(db_url, "SELECT id, name, name_key, role FROM players ORDER BY id")
        assert players == [
            ("p1", "Aiko", "aiko", "player"),
            ("p2", "AIKO p2", "aiko p2", "player"),
            ("p3", "Ben", "ben", "player"),
        ]
        sessions = await _sql(db_url, "SELECT player_id, token_hash FROM sessions ORDER BY 1")
        assert sessions == [("p1", "a" * 64), ("p2", "b" * 64)]
        await migrate.downgrade(db_url, "0005_tournaments")
        back = await _sql(db_url, "SELECT id, token_hash FROM players ORDER BY id")
        assert back == [("p1", "a" * 64), ("p2", "b" * 64), ("p3", None)]

    asyncio.run(run())
