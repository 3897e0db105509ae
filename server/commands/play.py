"""``jantaku play``: play a seat with a bot over the real WebSocket protocol."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import typer
from rich.console import Console

from server.client import SeatClient
from server.human import HumanSeat


def play(
    table: Annotated[str, typer.Option(help="table id")],
    token: Annotated[str, typer.Option(help="your player token")],
    url: Annotated[str, typer.Option(help="server base URL")] = "http://127.0.0.1:8000",
    bot: Annotated[str, typer.Option(help="greedy, random, or human (you choose)")] = "greedy",
    quiet: Annotated[bool, typer.Option(help="print only the result")] = False,
) -> None:
    """Play one seat of a table until the match ends."""
    if bot not in ("greedy", "random", "human"):
        raise typer.BadParameter("--bot must be greedy, random or human")
    console = Console()

    def show(frame: dict[str, Any]) -> None:
        if quiet:
            return
        kind = frame["type"]
        if kind == "welcome":
            console.print(f"seated at place {frame['seat']} of table {frame['table_id']}")
        elif kind == "hand_end":
            result = frame["result"] or {}
            wins = ", ".join(
                f"seat {w['seat']} {w['score']['total']}" for w in result.get("wins", [])
            )
            console.print(
                f"{result.get('label', '')}: {result.get('outcome', '?')} {wins} "
                f"→ scores {frame['scores']}"
            )
        elif kind == "error":
            console.print(f"[red]error[/red] {frame['code']}: {frame['message']}")

    ask = HumanSeat(console).ask if bot == "human" else None
    client = SeatClient(url, table, token, "greedy" if ask else bot, on_frame=show, ask=ask)
    try:
        end = asyncio.run(client.play())
    except OSError as exc:
        console.print(f"[red]cannot connect:[/red] {exc}")
        raise typer.Exit(2) from None
    if end is None:
        console.print("the table closed before the match ended")
        raise typer.Exit(1)
    console.print("match over:")
    for row in end["standings"]:
        console.print(
            f"  place {row['player']}: rank {row['rank']}, score {row['score']}, "
            f"table points {row['points']}"
        )
    console.print(f"seed {end['seed']} (commitment {end['commitment']})")
