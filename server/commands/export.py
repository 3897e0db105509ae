"""``jantaku export``: a match's scoresheet (JSON or CSV) or tenhou.net/6 log from the
database."""

from __future__ import annotations

import asyncio
import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer


class Format(StrEnum):
    json = "json"
    csv = "csv"
    tenhou6 = "tenhou6"
    events = "events"


async def _export(url: str, match_id: str, fmt: Format) -> str:
    from server.db.store import SqlStore
    from server.records.exports import load_sheet, load_tenhou6
    from server.records.scoresheet import to_csv

    store = await SqlStore.open(url)
    try:
        if fmt is Format.tenhou6:
            return json.dumps(await load_tenhou6(store, match_id), ensure_ascii=False)
        if fmt is Format.events:
            events: list[dict[str, Any]] = [
                {"seq": e.seq, "hand_number": e.hand_number, "event": e.event}
                for e in await store.events.read(match_id)
            ]
            return json.dumps(events, ensure_ascii=False)
        sheet = await load_sheet(store, match_id)
        if fmt is Format.csv:
            return to_csv(sheet)
        return json.dumps(sheet, ensure_ascii=False, indent=2)
    finally:
        await store.close()


def export(
    match: Annotated[str, typer.Option("--match", help="match (table) id")],
    fmt: Annotated[Format, typer.Option("--format", help="json, csv, tenhou6 or events")] = (
        Format.json
    ),
    url: Annotated[
        str | None, typer.Option("--url", help="database URL (default: JANTAKU_DATABASE_URL)")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="file (default: stdout)")
    ] = (None),
) -> None:
    """Export a match's scoresheet (json, csv), its tenhou.net/6 log, or its event log."""
    from server.config import Settings
    from server.records.exports import NoSuchMatch, NotExportable

    try:
        text = asyncio.run(_export(url or Settings().database_url, match, fmt))
    except NoSuchMatch:
        typer.echo(f"error: no match '{match}'", err=True)
        raise typer.Exit(1) from None
    except NotExportable as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    if output is None:
        typer.echo(text, nl=not text.endswith("\n"))
    else:
        output.write_text(text, encoding="utf-8")
