"""``jantaku rulesets``: what is installed, with versions, names and option schemas."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding

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


def _default(schema: dict[str, Any]) -> str:
    if "default" not in schema:
        return "(required)"
    return json.dumps(schema["default"], ensure_ascii=False)


def _choices(schema: dict[str, Any]) -> str:
    """The allowed values of an enum option (``anyOf`` with null included), each with its
    display name when the ruleset gives one (``x-values``)."""
    shown: dict[str, dict[str, str]] = schema.get("x-values", {})
    for part in [schema, *schema.get("anyOf", [])]:
        if "enum" in part:
            names = [
                f"{v} ({shown[str(v)]['en']})"
                if str(v) in shown and shown[str(v)].get("en") not in (None, str(v))
                else str(v)
                for v in part["enum"]
            ]
            return " | ".join(names)
    return ""


def _presets(console: Console, schema: dict[str, Any]) -> None:
    presets: dict[str, dict[str, Any]] = schema.get("x-presets", {})
    if not presets:
        return
    console.print('[bold]presets[/bold] ({"preset": NAME} in the options):')
    for name, p in presets.items():
        title = p.get("x-title", {}).get("en", name)
        desc = p.get("x-description", {}).get("en") or p.get("description", "")
        console.print(
            Padding(f"[bold]{escape(name)}[/bold] — {escape(title)}: {escape(desc)}", (0, 0, 0, 2))
        )


def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="print JSON with option schemas")] = False,
    ruleset: Annotated[str, typer.Option("--ruleset", help="show only this ruleset (an id)")] = "",
) -> None:
    """List installed rulesets: per ruleset its names and every option with its default
    and description."""
    info = [r for r in describe() if not ruleset or r["id"] == ruleset]
    if ruleset and not info:
        known = ", ".join(r["id"] for r in describe())
        raise typer.BadParameter(f"no ruleset '{ruleset}' (installed: {known})")
    if as_json:
        typer.echo(json.dumps(info, ensure_ascii=False, indent=2))
        return
    console = Console()
    for r in info:
        names = r["names"]
        console.rule(f"[bold]{r['id']}[/bold] {r['version']}")
        console.print(f"{names['en']} · {names['zh']} · {names['ja']}")
        _presets(console, r["options_schema"])
        props: dict[str, dict[str, Any]] = r["options_schema"].get("properties", {})
        if not props:
            console.print("no options")
            continue
        # one option per entry, nothing cut: "name = default" on its own line, then what
        # it does as an indented paragraph (wrapped by words, never mid-name)
        for name, schema in props.items():
            text = schema.get("title", "")
            desc = schema.get("description", "")
            if desc and desc != text:
                text = f"{text}: {desc}" if text else desc
            choices = _choices(schema)
            if choices:
                text += f" [dim](one of {choices})[/dim]"
            console.print(f"[bold]{name}[/bold] = {escape(_default(schema))}", soft_wrap=True)
            if text:
                console.print(Padding(text, (0, 0, 0, 4)))
        console.print(
            f"[dim]{len(props)} options; pass them as JSON, e.g. "
            f"--options '{{\"{next(iter(props))}\": …}}' (jantaku score) or in the table's "
            f'"options" (REST)[/dim]'
        )
