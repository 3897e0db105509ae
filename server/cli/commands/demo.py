"""``jantaku demo``: a visible tour of what the library does, on a seeded wall."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from engine.context import WinContext
from engine.notation import format_tiles
from engine.ruleset import parse_options
from engine.shapes import ShapeRules, shanten, waits
from engine.tiles import counts_of, is_flower
from engine.wall import Wall, WallSpec, commitment, verify
from server.domain.registry import available, load


def demo(
    seed: Annotated[str, typer.Option(help="match seed (random if omitted)")] = "",
) -> None:
    """Deal a seeded wall, analyse the four hands and score sample hands."""
    console = Console()
    seed = seed or secrets.token_hex(16)
    published = commitment(seed)
    console.print(f"[bold]Match seed commitment[/bold] SHA-256 = {published}")
    spec = WallSpec(flowers=True)
    wall = Wall.build(spec, seed, 0)
    table = Table(title="Hand 1 dealt from the seeded wall (13 tiles each, flowers set aside)")
    for col in ("seat", "hand", "flowers", "shanten", "waits"):
        table.add_column(col)
    pos = 0
    for seat in ("East", "South", "West", "North"):
        hand: list[int] = []
        flowers: list[int] = []
        while len(hand) < 13:
            tile = wall.tiles[pos]
            pos += 1
            (flowers if is_flower(tile) else hand).append(tile)
        counts = counts_of(hand)
        distance = shanten(counts, 0)
        ready = waits(counts, 0, rules=ShapeRules()) if distance == 0 else []
        table.add_row(
            seat,
            format_tiles(hand),
            format_tiles(flowers) or "-",
            str(distance),
            format_tiles(ready) or "-",
        )
    console.print(table)
    for ruleset_id in available():
        ruleset = load(ruleset_id)
        sample = ruleset.sample_hand
        if sample is None:  # a third-party ruleset: say so rather than skip it silently
            console.print(f"[bold]{ruleset.names.en}[/bold]: no sample hand in the demo")
            continue
        score = ruleset.score(WinContext.from_json(sample), parse_options(ruleset, {}))
        lines = ", ".join(
            f"{p.en} {p.value}" + (f"×{p.count}" if p.count > 1 else "") for p in score.patterns
        )
        console.print(
            f"[bold]{ruleset.names.en}[/bold] {sample['concealed']} + {sample['win_tile']}: "
            f"{lines} = [bold]{score.total}[/bold]"
        )
    console.print(
        f"Seed revealed: {seed} (verifies against the commitment: {verify(seed, published)})"
    )
