"""``jantaku export``: a match's scoresheet (JSON or CSV), standings (CSV), tenhou.net/6
log, mjai JSON lines or event log, or the archive of every finished match of a date
range, read from the database ``jantaku serve`` uses (or ``--database``). It never
creates or migrates the database it reads, and its errors name that database (without a
password)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer


class Format(StrEnum):
    json = "json"
    csv = "csv"
    standings = "standings"
    tenhou6 = "tenhou6"
    mjai = "mjai"
    events = "events"


class ExportError(Exception):
    pass


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<unparsable database URL>"


async def _open(url: str) -> Any:
    """The store of an existing, migrated database (never created here)."""
    from sqlalchemy.exc import SQLAlchemyError

    from server.adapters.sql import migrate
    from server.adapters.sql.engine import sqlite_file
    from server.adapters.sql.store import SqlStore

    shown = _shown(url)
    path = sqlite_file(url)
    if path is not None and not Path(path).is_file():
        raise ExportError(f"database {shown}: the file {path} does not exist")
    try:
        current = await migrate.current(url)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        raise ExportError(f"database {shown}: cannot connect ({type(exc).__name__})") from None
    if current is None:
        raise ExportError(f"database {shown}: not a Jantaku database (no schema)")
    if current != migrate.head():
        raise ExportError(
            f"database {shown}: schema {current}, this version reads {migrate.head()}"
            " (run `jantaku db upgrade`)"
        )
    return await SqlStore.open(url, migrate_first=False)


async def _export(
    url: str,
    match_id: str | None,
    fmt: Format,
    span: tuple[date, date] | None,
    seat: int | None = None,
) -> str:
    from server.domain.records.exports import (
        load_archive,
        load_events,
        load_mjai,
        load_sheet,
        load_tenhou6,
        mjai_lines,
    )
    from server.domain.records.scoresheet import standings_csv, to_csv

    store = await _open(url)
    try:
        if span is not None:
            since = datetime.combine(span[0], time(), UTC)
            until = datetime.combine(span[1], time(), UTC) + timedelta(days=1)
            return json.dumps(await load_archive(store, since, until), ensure_ascii=False)
        assert match_id is not None
        if fmt is Format.tenhou6:
            return json.dumps(await load_tenhou6(store, match_id), ensure_ascii=False)
        if fmt is Format.mjai:
            return mjai_lines(await load_mjai(store, match_id, seat))
        if fmt is Format.events:
            return json.dumps(await load_events(store, match_id), ensure_ascii=False)
        sheet = await load_sheet(store, match_id)
        if fmt is Format.csv:
            return to_csv(sheet)
        if fmt is Format.standings:
            return standings_csv(sheet)
        return json.dumps(sheet, ensure_ascii=False, indent=2)
    finally:
        await store.close()


def _day(value: str | None, name: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"'{value}' is not a date (YYYY-MM-DD)", param_hint=name) from None


def export(
    match: Annotated[str | None, typer.Option("--match", help="match (table) id")] = None,
    fmt: Annotated[
        Format, typer.Option("--format", help="json, csv, standings, tenhou6, mjai or events")
    ] = Format.json,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            "--url",
            help="database URL (default: the one `jantaku serve` uses, JANTAKU_DATABASE_URL)",
        ),
    ] = None,
    since: Annotated[
        str | None, typer.Option("--from", help="archive: first UTC day (YYYY-MM-DD)")
    ] = None,
    until: Annotated[str | None, typer.Option("--to", help="archive: last UTC day")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="file (default: stdout)")
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", min=0, max=3, help="mjai: one seat's view (others' tiles '?')"),
    ] = None,
) -> None:
    """Export a match's scoresheet (json, csv), standings (csv), tenhou.net/6 log, mjai
    JSON lines (the full log, or --seat N's view) or event log; or, with --from/--to,
    every finished match of the range (JSON archive)."""
    from server.config import Settings
    from server.domain.records.exports import NoSuchMatch, NotExportable, NothingInRange

    first, last = _day(since, "--from"), _day(until, "--to")
    if (first is None) != (last is None):
        raise typer.BadParameter("give both --from and --to for an archive", param_hint="--from")
    span = (first, last) if first is not None and last is not None else None
    if span is None and match is None:
        raise typer.BadParameter("give --match ID, or --from and --to", param_hint="--match")
    if seat is not None and fmt is not Format.mjai:
        raise typer.BadParameter("--seat goes with --format mjai", param_hint="--seat")
    if span is not None and span[1] < span[0]:
        raise typer.BadParameter(f"--to {span[1]} is before --from {span[0]}", param_hint="--to")
    url = database or Settings().database_url
    shown = _shown(url)
    try:
        text = asyncio.run(_export(url, match, fmt, span, seat))
    except ExportError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    except NoSuchMatch:
        typer.echo(f"error: no match '{match}' in database {shown}", err=True)
        raise typer.Exit(1) from None
    except (NotExportable, NothingInRange) as exc:
        typer.echo(f"error: {exc} (database {shown})", err=True)
        raise typer.Exit(1) from None
    if output is None:
        typer.echo(text, nl=not text.endswith("\n"))
    else:
        output.write_text(text, encoding="utf-8")
