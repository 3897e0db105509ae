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
from server.domain.protocol.parse import MALFORMED, JsonLimits, JsonRefused, loads
from server.domain.registry import BrokenRuleset, UnknownRuleset, load

# Hand lines are a few levels deep; numbers are small integers.
LIMITS = JsonLimits(max_depth=16, max_number_chars=32)


def score_lines(
    ruleset: Ruleset[Any], options: BaseModel, lines: Iterable[str | bytes]
) -> Iterator[dict[str, Any]]:
    """One result object per non-blank input line, in order; a bad line never stops the
    rest (each line is scored in its own guard)."""
    for number, line in enumerate(lines, start=1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield _invalid(None, f"line {number}: not UTF-8 (byte {exc.start + 1})")
                continue
        if not line.strip():
            continue
        try:
            result = score_line(ruleset, options, line, number)
        except Exception as exc:  # a bug anywhere must not take down the whole batch
            result = _internal(None, exc)
        yield result


def score_line(ruleset: Ruleset[Any], options: BaseModel, line: str, number: int) -> dict[str, Any]:
    try:
        obj = loads(line, LIMITS)
    except JsonRefused as exc:
        if exc.code == MALFORMED:
            return _invalid(None, f"line {number}: not JSON ({exc.message})")
        return _invalid(None, f"line {number}: {exc.message}")
    if not isinstance(obj, dict):
        return _invalid(None, f"line {number}: expected a JSON object")
    ident = obj.get("id")
    try:
        win = WinContext.from_json(obj)
        result = ruleset.score(win, options).to_json()
    except InvalidInput as exc:
        return _invalid(ident, str(exc))
    except Exception as exc:  # a scoring bug must not take down the whole batch
        return _internal(ident, exc)
    return {"id": ident, **result}


def result_line(result: dict[str, Any]) -> bytes:
    """One output line, always valid UTF-8 JSON (non-ASCII kept when it encodes)."""
    text = json.dumps(result, ensure_ascii=False)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:  # a lone surrogate from a message: escape everything
        return json.dumps(result).encode("ascii") + b"\n"


def _internal(ident: Any, exc: Exception) -> dict[str, Any]:
    return {"id": ident, "ok": False, "error": "internal_error", "message": repr(exc)[:500]}


def _invalid(ident: Any, message: str) -> dict[str, Any]:
    return {"id": ident, "ok": False, "error": ScoreError.INVALID_INPUT, "message": message}


def score(
    ruleset: Annotated[
        str,
        typer.Option("--ruleset", help="an installed ruleset's id (jantaku rulesets lists them)"),
    ],
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
    out = sys.stdout.buffer
    for result in score_lines(plugin, opts, sys.stdin.buffer):
        out.write(result_line(result))
        out.flush()
