"""A terminal seat for a person (``jantaku play --bot human``): show the hand and the
offered actions, read a number."""

from __future__ import annotations

import asyncio
from typing import Any

from rich.console import Console

from engine.notation import format_tile, format_tiles
from engine.views import TableView


def describe(action: dict[str, Any]) -> str:
    kind = str(action["type"])
    if "tile" in action:
        extra = " riichi" if action.get("riichi") else ""
        return f"{kind} {format_tile(action['tile'])}{extra}"
    if "tiles" in action:
        return f"{kind} with {format_tiles(action['tiles'])}"
    return kind


def show(console: Console, view: TableView | None) -> None:
    if view is None or view.hand is None or view.viewer is None:
        return
    hand = view.hand
    me = hand.seats[view.viewer]
    console.print(
        f"[bold]{hand.label}[/bold] wall {hand.wall_remaining}  scores {list(view.scores)}  "
        f"turn: seat {hand.turn}"
    )
    for i, seat in enumerate(hand.seats):
        melds = " ".join(
            format_tiles(m.tiles) if m.tiles is not None else "[kong]" for m in seat.melds
        )
        river = format_tiles([d.tile for d in seat.discards]) or "-"
        who = "you" if i == view.viewer else f"seat {i}"
        console.print(f"  {who:7s} melds: {melds or '-':20s} discards: {river}")
    tiles = format_tiles(me.hand or ())
    drawn = f"  drew {format_tile(hand.drawn)}" if hand.drawn is not None else ""
    console.print(f"  your hand: [bold]{tiles}[/bold]{drawn}")
    if hand.window is not None:
        console.print(f"  seat {hand.window.seat} offers {format_tile(hand.window.tile)}")


class HumanSeat:
    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    async def ask(self, view: TableView | None, prompt: dict[str, Any]) -> dict[str, Any]:
        show(self.console, view)
        offered = prompt["actions"]
        for i, frame in enumerate(offered):
            self.console.print(f"  [{i}] {describe(frame['action'])}")
        while True:
            text = await asyncio.to_thread(input, "your choice: ")
            if text.strip().isdigit() and int(text) < len(offered):
                return dict(offered[int(text)])
            self.console.print(f"type a number from 0 to {len(offered) - 1}")
