"""``jantaku db upgrade|downgrade|current``: the database migrations, for operators."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

db = typer.Typer(
    name="db",
    help="Database migrations (Alembic) of JANTAKU_DATABASE_URL.",
    no_args_is_help=True,
)

UrlOption = Annotated[
    str | None, typer.Option("--url", help="database URL (default: JANTAKU_DATABASE_URL)")
]


def _url(url: str | None) -> str:
    if url:
        return url
    from server.config import Settings

    return Settings().database_url


def _fail(exc: Exception) -> None:
    typer.echo(f"error: {type(exc).__name__}: {exc}", err=True)
    raise typer.Exit(1)


@db.command()
def upgrade(
    revision: Annotated[str, typer.Argument(help="target revision")] = "head",
    url: UrlOption = None,
) -> None:
    """Apply the migrations up to REVISION (default: the newest)."""
    from server.adapters.sql import migrate

    target = _url(url)
    try:
        asyncio.run(migrate.upgrade(target, revision))
        typer.echo(f"database at revision {asyncio.run(migrate.current(target))}")
    except Exception as exc:
        _fail(exc)


@db.command()
def downgrade(
    revision: Annotated[str, typer.Argument(help='target revision ("base": no tables)')],
    url: UrlOption = None,
) -> None:
    """Undo the migrations down to REVISION."""
    from server.adapters.sql import migrate

    target = _url(url)
    try:
        asyncio.run(migrate.downgrade(target, revision))
        typer.echo(f"database at revision {asyncio.run(migrate.current(target))}")
    except Exception as exc:
        _fail(exc)


@db.command()
def current(url: UrlOption = None) -> None:
    """Print the database's revision and the newest one."""
    from server.adapters.sql import migrate

    try:
        typer.echo(f"current: {asyncio.run(migrate.current(_url(url)))}")
        typer.echo(f"head: {migrate.head()}")
    except Exception as exc:
        _fail(exc)


@db.command("rebuild-records")
def rebuild_records(url: UrlOption = None) -> None:
    """Project every match's records again from its stored events and corrections (hand
    rows, totals, standings, player statistics), then replay every ruleset's ratings from
    nothing, e.g. after upgrading an older database."""
    from server.adapters.sql.store import SqlStore

    async def run(target: str) -> int:
        store = await SqlStore.open(target, migrate_first=False)
        try:
            n = 0
            records = await store.tables.list()
            for record in records:
                n += await store.records.rebuild(record.id)
            for ruleset in sorted({r.ruleset for r in records}):
                await store.records.rebuild_ratings(ruleset)
            return n
        finally:
            await store.close()

    try:
        typer.echo(f"records of {asyncio.run(run(_url(url)))} matches rebuilt, ratings replayed")
    except Exception as exc:
        _fail(exc)
