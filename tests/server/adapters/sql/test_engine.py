"""Database URLs: plain ones get their async driver; SQLite connections get WAL, foreign
keys and a busy timeout."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import text

from server.adapters.sql.engine import async_url, is_sqlite, make_engine


def test_plain_urls_get_async_drivers() -> None:
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert async_url("sqlite+aiosqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert async_url("postgresql://u:p@h:5432/d") == "postgresql+asyncpg://u:p@h:5432/d"
    assert async_url("postgres://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert async_url("postgresql+asyncpg://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert is_sqlite("sqlite:///x.db") and not is_sqlite("postgresql://h/d")


def test_sqlite_connections_are_set_up(tmp_path: Path) -> None:
    async def run() -> tuple[str, int, int]:
        engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
        async with engine.connect() as conn:
            mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar_one()
            keys = (await conn.execute(text("PRAGMA foreign_keys"))).scalar_one()
            sync = (await conn.execute(text("PRAGMA synchronous"))).scalar_one()
        await engine.dispose()
        return mode, keys, sync

    assert asyncio.run(run()) == ("wal", 1, 2)  # 2 = FULL
