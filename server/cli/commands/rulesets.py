"""``jantaku rulesets``: what is installed, with versions, names and option schemas."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding

from engine.ruleset import DEFAULT_PRESET, PRESET_KEY, options_schema
from server.domain.registry import load_all


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


Lang = Literal["en", "zh", "ja"]


def _text(schema: dict[str, Any], key: str, lang: Lang) -> str:
    """An ``x-title`` / ``x-description`` in the language asked for, else the English one."""
    texts: dict[str, str] = schema.get(f"x-{key}", {})
    return texts.get(lang) or schema.get(key, "")


def _value_name(schema: dict[str, Any], value: Any, lang: Lang) -> str:
    """A value as JSON, with its display name when it has one: ``"mcr_table" · Change…``."""
    shown = json.dumps(value, ensure_ascii=False)
    key = value if isinstance(value, str) else shown
    names: dict[str, str] | None = schema.get("x-values", {}).get(key)
    return f"{shown} · {names[lang]}" if names else shown


def _default(schema: dict[str, Any], lang: Lang = "en") -> str:
    if "default" not in schema:
        return "(required)"
    return _value_name(schema, schema["default"], lang)


def _choices(schema: dict[str, Any], lang: Lang = "en") -> str:
    """The allowed values of an enum option (``anyOf`` with null included), named."""
    values: list[Any] = []
    parts = [schema, *schema.get("anyOf", [])]
    if "items" in schema:
        parts.append(schema["items"])
    for part in parts:
        values += part.get("enum", [])
    if values and any(part.get("type") == "null" for part in parts):
        values.append(None)  # unset: "the edition's reading", "no cap", ...
    return "; ".join(_value_name(schema, v, lang) for v in values)


def _print_presets(console: Console, schema: dict[str, Any], lang: Lang) -> None:
    """The presets first: title, name, description, and what each sets differently."""
    presets: dict[str, dict[str, Any]] = schema.get("x-presets", {})
    if not presets:
        return
    base = presets[DEFAULT_PRESET]["options"]
    console.print(f"[bold]preset[/bold] = {json.dumps(DEFAULT_PRESET)}", soft_wrap=True)
    for name, entry in presets.items():
        title = _text(entry, "title", lang) or name
        console.print(Padding(f"[bold]{escape(title)}[/bold] ({name})", (0, 0, 0, 4)))
        console.print(Padding(escape(_text(entry, "description", lang)), (0, 0, 0, 8)))
        changed = [
            f"{key}={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
            for key, value in entry["options"].items()
            if value != base.get(key)
        ]
        if changed:
            console.print(Padding(escape("sets " + "; ".join(changed)), (0, 0, 0, 8)))


def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="print JSON with option schemas")] = False,
    ruleset: Annotated[str, typer.Option("--ruleset", help="show only this ruleset (an id)")] = "",
    lang: Annotated[
        Lang, typer.Option("--lang", help="language of titles and descriptions: en, zh, ja")
    ] = "en",
) -> None:
    """List installed rulesets: per ruleset its names, its presets, then every option with
    its default, title and description (in --lang)."""
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
        schema: dict[str, Any] = r["options_schema"]
        props: dict[str, dict[str, Any]] = schema.get("properties", {})
        if not props:
            console.print("no options")
            continue
        _print_presets(console, schema, lang)
        # one option per entry, nothing cut: "name = default" on its own line, then what
        # it does as an indented paragraph (wrapped by words, never mid-name)
        for name, prop in props.items():
            if name == PRESET_KEY:
                continue
            title, desc = _text(prop, "title", lang), _text(prop, "description", lang)
            text = f"[bold]{escape(title)}[/bold]: {escape(desc)}" if title else escape(desc)
            console.print(f"[bold]{name}[/bold] = {escape(_default(prop, lang))}", soft_wrap=True)
            if text:
                console.print(Padding(text, (0, 0, 0, 4)))
            choices = _choices(prop, lang)
            if choices:
                console.print(Padding(f"[dim]choices: {escape(choices)}[/dim]", (0, 0, 0, 4)))
        console.print(
            f"[dim]{len(props)} options; pass them as JSON, e.g. "
            f'--options \'{{"preset": …, "{next(iter(props))}": …}}\' (jantaku score) or in '
            f'the table\'s "options" (REST)[/dim]'
        )
