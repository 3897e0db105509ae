"""``jantaku score``: score hand-jsonl lines (../shared/formats/hand-jsonl.md)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Annotated, Any

import typer
from pydantic import BaseModel

from engine.context import InvalidInput, WinContext
from engine.ruleset import OptionsError, Ruleset, parse_options
from engine.scoring import ScoreError
from server.registry import BrokenRuleset, UnknownRuleset, load


def score_lines(
    ruleset: Ruleset, options: BaseModel, lines: Iterable[str]
) -> Iterator[dict[str, Any]]:
    """One result object per non-blank input line, in order; a bad line never stops the rest."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        yield score_line(ruleset, options, line, number)


def score_line(ruleset: Ruleset, options: BaseModel, line: str, number: int) -> dict[str, Any]:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return _invalid(None, f"line {number}: not JSON ({exc.msg} at column {exc.colno})")
    if not isinstance(obj, dict):
        return _invalid(None, f"line {number}: expected a JSON object")
    ident = obj.get("id")
    try:
        win = WinContext.from_json(obj)
        result = ruleset.score(win, options).to_json()
    except InvalidInput as exc:
        return _invalid(ident, str(exc))
    except Exception as exc:  # a scoring bug must not take down the whole batch
        return {"id": ident, "ok": False, "error": "internal_error", "message": repr(exc)}
    return {"id": ident, **result}


def _invalid(ident: Any, message: str) -> dict[str, Any]:
    return {"id": ident, "ok": False, "error": ScoreError.INVALID_INPUT, "message": message}


def score(
    ruleset: Annotated[str, typer.Option("--ruleset", help="ruleset id, e.g. mcr or riichi")],
    options: Annotated[
        str, typer.Option("--options", help="ruleset options as a JSON object")
    ] = "{}",
) -> None:
    """Score winning hands: JSON lines on stdin, one result line each on stdout."""
    try:
        plugin = load(ruleset)
        raw = json.loads(options)
        if not isinstance(raw, dict):
            raise OptionsError("options", "must be a JSON object")
        opts = parse_options(plugin, raw)
    except (UnknownRuleset, BrokenRuleset, OptionsError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        typer.echo(f"error: --options is not JSON: {exc.msg}", err=True)
        raise typer.Exit(2) from None
    out = sys.stdout
    for result in score_lines(plugin, opts, sys.stdin):
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
