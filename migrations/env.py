"""Alembic environment: runs the migrations on the connection ``server.adapters.sql.migrate`` hands
over, or on its own async engine for ``JANTAKU_DATABASE_URL`` (plain ``alembic`` use)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from server.adapters.sql.engine import database_url, make_engine
from server.adapters.sql.models import Base

config = context.config
target_metadata = Base.metadata


def run_on(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_async() -> None:
    engine = make_engine(config.get_main_option("sqlalchemy.url") or database_url())
    async with engine.begin() as conn:
        await conn.run_sync(run_on)
    await engine.dispose()


if context.is_offline_mode():
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or database_url(),
        target_metadata=target_metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    given = config.attributes.get("connection")
    if given is not None:
        run_on(given)
    else:
        asyncio.run(run_async())
