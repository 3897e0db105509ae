"""``jantaku rulesets``: what is installed, with versions, names and option schemas."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from engine.ruleset import options_schema
from server.registry import load_all


def describe() -> list[dict[str, Any]]:
    return [
        {
            "id": r.id,
            "version": r.version,
            "names": {"en": r.names.en, "zh": r.names.zh, "ja": r.names.ja},
            "options_schema": options_schema(r),
        }
        for r in load_all()
    ]


def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="print JSON with option schemas")] = False,
) -> None:
    """List installed rulesets."""
    info = describe()
    if as_json:
        typer.echo(json.dumps(info, ensure_ascii=False, indent=2))
        return
    table = Table(title="Installed rulesets")
    for col in ("id", "version", "English", "中文", "日本語", "options"):
        table.add_column(col)
    for r in info:
        names = r["names"]
        opts = ", ".join(r["options_schema"].get("properties", {}))
        table.add_row(r["id"], r["version"], names["en"], names["zh"], names["ja"], opts)
    Console().print(table)
