"""Alembic from the program: upgrade / downgrade / current on an async engine's
connection (works inside a running event loop, e.g. the server's start-up)."""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from server.adapters.sql.engine import async_url, make_engine


def migrations_dir() -> Path:
    """``JANTAKU_MIGRATIONS``, else the repository's ``migrations/`` (source checkout),
    else ``./migrations`` (the Docker image's working directory)."""
    given = os.environ.get("JANTAKU_MIGRATIONS")
    if given:
        return Path(given)
    beside = Path(__file__).resolve().parents[3] / "migrations"
    if (beside / "env.py").exists():
        return beside
    return Path.cwd() / "migrations"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", async_url(url).replace("%", "%%"))
    return cfg


def head() -> str | None:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


async def _run(engine: AsyncEngine, cfg: Config, op: str, revision: str) -> None:
    def work(conn: Connection) -> None:
        cfg.attributes["connection"] = conn
        if op == "upgrade":
            command.upgrade(cfg, revision)
        else:
            command.downgrade(cfg, revision)

    async with engine.begin() as conn:
        await conn.run_sync(work)


async def upgrade(url: str, revision: str = "head", engine: AsyncEngine | None = None) -> None:
    own = engine is None
    engine = engine or make_engine(url)
    try:
        await _run(engine, alembic_config(url), "upgrade", revision)
    finally:
        if own:
            await engine.dispose()


async def downgrade(url: str, revision: str, engine: AsyncEngine | None = None) -> None:
    own = engine is None
    engine = engine or make_engine(url)
    try:
        await _run(engine, alembic_config(url), "downgrade", revision)
    finally:
        if own:
            await engine.dispose()


async def current(url: str) -> str | None:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda c: MigrationContext.configure(c).get_current_revision()
            )
    finally:
        await engine.dispose()
