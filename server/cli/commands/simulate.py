"""``jantaku simulate``: play whole matches in-process with bots (engine.simulate) and
print what happened: hands, wins by type, draws, average points, speed."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from engine.ruleset import OptionsError
from engine.simulate import BOTS, InvariantError, MatchStats, play_match
from server.config.queues import DEFAULT_RULESET
from server.domain.registry import BrokenRuleset, NotPlayable, UnknownRuleset, build_table


def simulate(
    ruleset: Annotated[str, typer.Option(help="an installed ruleset's id")] = DEFAULT_RULESET,
    games: Annotated[int, typer.Option(min=1, help="matches to play")] = 10,
    seed: Annotated[str, typer.Option(help="base seed; match i uses '<seed>-<i>'")] = "sim",
    bots: Annotated[
        str, typer.Option(help="bot brain for all four seats: random, greedy or defensive")
    ] = "random",
    check: Annotated[bool, typer.Option(help="check invariants after every event")] = False,
    options: Annotated[
        str,
        typer.Option(
            help='ruleset options as a JSON object, e.g. \'{"preset": "tenhou", "aka_dora": 0}\''
        ),
    ] = "{}",
) -> None:
    """Play GAMES matches of RULESET with bots and summarise them."""
    console = Console()
    if bots not in BOTS:
        raise typer.BadParameter(
            f"unknown bots '{bots}' (choose {', '.join(BOTS)})", param_hint="--bots"
        )
    try:
        raw = json.loads(options)
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"not JSON: {exc.msg}", param_hint="--options") from None
    if not isinstance(raw, dict):
        raise typer.BadParameter("must be a JSON object", param_hint="--options")
    try:
        table = build_table(ruleset, raw)
    except OptionsError as exc:
        raise typer.BadParameter(str(exc), param_hint="--options") from None
    except (UnknownRuleset, BrokenRuleset, NotPlayable) as exc:
        raise typer.BadParameter(str(exc), param_hint="--ruleset") from None
    if raw:
        resolved = json.dumps(table.options, ensure_ascii=False)
        console.print(f"options: {resolved}", markup=False, soft_wrap=True)
    stats = MatchStats()
    start = time.perf_counter()
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(f"{ruleset} · {bots} bots", total=games)
        for i in range(games):
            try:
                record = play_match(
                    table, f"{seed}-{i}", BOTS[bots], check=check, keep_events=False
                )
            except InvariantError as exc:
                console.print(f"[red]invariant broken in match {seed}-{i}: {exc}[/red]")
                raise typer.Exit(1) from None
            stats.add(record.stats)
            progress.advance(task)
    elapsed = time.perf_counter() - start
    console.print(summary(ruleset, games, stats, elapsed, check))


def summary(ruleset: str, games: int, stats: MatchStats, elapsed: float, check: bool) -> RichTable:
    out = RichTable(title=f"{games} {ruleset} matches" + (" (invariants checked)" if check else ""))
    out.add_column("measure")
    out.add_column("value", justify="right")
    wins = sum(stats.wins.values())
    draws = sum(stats.draws.values())
    out.add_row("hands", str(stats.hands))
    for kind in ("self_draw", "discard", "robbed_kong"):
        out.add_row(f"wins: {kind.replace('_', ' ')}", str(stats.wins.get(kind, 0)))
    for kind, n in sorted(stats.draws.items()):
        out.add_row(f"draws: {kind.replace('_', ' ')}", str(n))
    out.add_row("wins / draws", f"{wins} / {draws}")
    average = stats.win_points / stats.win_count if stats.win_count else 0.0
    out.add_row("average winning points", f"{average:.1f}")
    out.add_row("elapsed", f"{elapsed:.2f} s")
    out.add_row("hands/s", f"{stats.hands / elapsed:.1f}" if elapsed else "-")
    out.add_row("matches/s", f"{games / elapsed:.2f}" if elapsed else "-")
    return out
