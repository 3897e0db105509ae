"""The async SQLAlchemy engine for a database URL: SQLite via aiosqlite (WAL, foreign
keys, a busy timeout), PostgreSQL via asyncpg. Plain ``sqlite://``/``postgresql://`` URLs
get their async driver."""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

DEFAULT_URL = "sqlite+aiosqlite:///jantaku.db"


def database_url() -> str:
    return os.environ.get("JANTAKU_DATABASE_URL") or DEFAULT_URL


def async_url(url: str) -> str:
    """The URL with an async driver (``sqlite`` → aiosqlite, ``postgresql`` → asyncpg)."""
    parsed = make_url(url)
    driver = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}.get(
        parsed.drivername
    )
    if parsed.drivername == "postgres":
        driver = "postgresql+asyncpg"
    return parsed.set(drivername=driver).render_as_string(False) if driver else url


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


SQLITE_PRAGMAS = (
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=30000",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=FULL",  # an acknowledged move survives power loss
)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    url = async_url(url)
    if is_sqlite(url):
        kwargs.setdefault("connect_args", {"timeout": 30})
        engine = create_async_engine(url, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    kwargs.setdefault("pool_size", 10)
    kwargs.setdefault("max_overflow", 20)
    kwargs.setdefault("pool_pre_ping", True)
    return create_async_engine(url, **kwargs)


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None for memory or another database)."""
    if not is_sqlite(url):
        return None
    database = make_url(url).database
    return database if database and database != ":memory:" else None
