"""Database URLs for the persistence tests: a fresh SQLite file, and a fresh PostgreSQL
database (created on the server of ``JANTAKU_TEST_POSTGRES_URL`` and dropped after the
test). Without that variable, or with the server down, the PostgreSQL cases skip and say
why."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from server.adapters.sql.engine import make_engine

ENV = "JANTAKU_TEST_POSTGRES_URL"
REQUIRED = "JANTAKU_TEST_POSTGRES_REQUIRED"  # CI: an unreachable server fails, never skips
_reachable: dict[str, str | None] = {}


def _admin_url() -> str:
    url = os.environ.get(ENV)
    if not url:
        if os.environ.get(REQUIRED):
            pytest.fail(f"{ENV} is not set but {REQUIRED} is")
        pytest.skip(f"{ENV} is not set: PostgreSQL persistence tests skipped")
    return url


async def _admin(url: str, statement: str) -> None:
    engine = make_engine(url, isolation_level="AUTOCOMMIT", pool_size=1, max_overflow=0)
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


def _check(url: str) -> None:
    if url not in _reachable:
        try:
            asyncio.run(asyncio.wait_for(_admin(url, "SELECT 1"), 10))
            _reachable[url] = None
        except Exception as exc:
            _reachable[url] = f"{type(exc).__name__}: {exc}"
    reason = _reachable[url]
    if reason is not None:
        message = f"PostgreSQL at {ENV} is unreachable ({reason})"
        if os.environ.get(REQUIRED):
            pytest.fail(message)
        pytest.skip(message)


def fresh_postgres() -> Iterator[str]:
    """A new empty database on the test server; dropped afterwards."""
    admin = _admin_url()
    _check(admin)
    name = f"jantaku_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    asyncio.run(_admin(admin, f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'jantaku.db'}"
    else:
        yield from fresh_postgres()


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from fresh_postgres()


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | None]:
    """None for the memory store, else an empty database of each kind."""
    if request.param == "memory":
        yield None
    elif request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'jantaku.db'}"
    else:
        yield from fresh_postgres()
