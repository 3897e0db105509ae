"""``jantaku play``: play a seat with a bot over the real WebSocket protocol."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import httpx
import typer
from rich.console import Console

from engine.bots import BRAINS
from server.cli.client import SeatClient
from server.cli.commands.account import stored_token
from server.cli.human import HumanSeat, revealed_lines


def play(
    table: Annotated[str, typer.Option(help="table id")],
    url: Annotated[str, typer.Option(help="server base URL")] = "http://127.0.0.1:8000",
    token: Annotated[
        str | None,
        typer.Option(
            help="your session token (from `jantaku register` / `jantaku login`); default: "
            "the one they saved for --url",
            envvar="JANTAKU_TOKEN",
            show_envvar=True,
        ),
    ] = None,
    bot: Annotated[
        str, typer.Option(help="greedy, defensive, random, or human (you choose)")
    ] = "greedy",
    quiet: Annotated[bool, typer.Option(help="print only the result")] = False,
    reconnect: Annotated[
        float, typer.Option(help="seconds to keep reconnecting after a drop (0: give up)")
    ] = 120.0,
) -> None:
    """Play one seat of a table until the match ends. The token is the one
    ``jantaku register`` / ``jantaku login`` printed and saved for --url, or the ``token``
    that ``POST /api/players`` or ``POST /api/accounts/login`` returned (see the README)."""
    if bot not in (*BRAINS, "human"):
        raise typer.BadParameter(f"--bot must be {', '.join(BRAINS)} or human")
    console = Console()
    token = token or stored_token(url)
    if not token:
        console.print("no token: run `jantaku login` or `jantaku register`, or pass --token")
        raise typer.Exit(2)
    names = seat_names(url, table)

    def name(place: int) -> str:
        return names.get(place, f"seat {place + 1}")

    def show(frame: dict[str, Any]) -> None:
        if quiet:
            return
        kind = frame["type"]
        if kind == "welcome":
            seat = frame["seat"]
            who = f"as {name(seat)} (seat {seat + 1})" if seat is not None else "as a spectator"
            console.print(f"at table {frame['table_id']} {who}")
        elif kind == "hand_end":
            result = frame["result"] or {}
            seating = result.get("seating", [0, 1, 2, 3])
            wins = ", ".join(
                f"{name(seating[w['seat']])} wins {w['score']['total']}"
                for w in result.get("wins", [])
            )
            scores = ", ".join(f"{name(p)} {s}" for p, s in enumerate(frame["scores"]))
            outcome = str(result.get("outcome", "?")).replace("_", " ")
            console.print(f"{result.get('label', '')}: {wins or outcome} → {scores}")
            for line in revealed_lines(frame, name):  # the tenpai hands at a draw
                console.print(line)
        elif kind == "error":
            console.print(f"[red]error[/red] {frame['code']}: {frame['message']}")

    human = HumanSeat(console) if bot == "human" else None
    if human is not None:
        human.names = names

    def closed(why: str) -> None:
        if human is not None and not why.startswith("connection"):
            human.closed(why)
        elif not quiet:
            console.print(f"[yellow]{why}[/yellow]")

    client = SeatClient(
        url,
        table,
        token,
        "greedy" if human else bot,
        on_frame=show,
        ask=human.ask if human else None,
        on_closed=closed,
        reconnect_for=reconnect,
    )
    try:
        end = asyncio.run(client.play())
    except OSError as exc:
        console.print(f"[red]cannot connect:[/red] {exc}")
        raise typer.Exit(2) from None
    if end is None:
        console.print("the table closed before the match ended")
        raise typer.Exit(1)
    console.print("match over:")
    for row in sorted(end["standings"], key=lambda r: r["rank"]):
        console.print(
            f"  {row['rank']}. {name(row['player'])}: score {row['score']}, "
            f"table points {row['points']}"
        )
    console.print(f"seed {end['seed']} (commitment {end['commitment']})")


def seat_names(url: str, table: str) -> dict[int, str]:
    """Who sits where (REST ``GET /api/tables/{id}``); empty if it cannot be read."""
    try:
        r = httpx.get(f"{url.rstrip('/')}/api/tables/{table}", timeout=5)
        seats = r.json()["seats"] if r.status_code == 200 else []
    except (httpx.HTTPError, ValueError, KeyError):
        return {}
    out: dict[int, str] = {}
    for s in seats:
        if s.get("kind") == "bot":
            out[s["seat"]] = f"Bot {s['seat'] + 1}"
        elif s.get("name"):
            out[s["seat"]] = str(s["name"])
    return out
