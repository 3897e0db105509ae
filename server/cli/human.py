"""A terminal seat for a person (``jantaku play --bot human``): the table with names, winds,
the dealer, flowers and each river in discard order; the offered actions; a live clock (on
a terminal a status line redrawn in place every second, elsewhere a line at 30, 20, 10, 5
and 3 seconds left); a prompt that goes away the moment the table moves past it; at an
exhaustive draw the tenpai hands (the ``hand_end`` frame's ``revealed``).

Lines are read from stdin by one thread into a queue, so the client keeps reading the
server while you think: a prompt that closes (its clock ran out, someone else's call ended
the claim window, the hand ended) is dropped at once, and what you typed for it is not
applied to the next one."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from typing import Any

from rich.console import Console
from rich.markup import escape

from engine.notation import format_tile, format_tiles
from engine.views import TableView

WINDS = "ESWN"
WARN_AT = (30, 20, 10, 5, 3)  # seconds left at which the clock speaks up


def describe(action: dict[str, Any]) -> str:
    kind = str(action["type"])
    if "tile" in action:
        extra = " riichi" if action.get("riichi") else ""
        return f"{kind} {format_tile(action['tile'])}{extra}"
    if "tiles" in action:
        return f"{kind} with {format_tiles(action['tiles'])}"
    return kind


def river(seat: Any) -> str:
    """Discards in the order they were made: ``*`` marks the riichi tile, parentheses a
    tile someone called."""
    out = []
    for d in seat.discards:
        text = format_tile(d.tile) + ("*" if d.riichi else "")
        out.append(f"({text})" if d.called else text)
    return " ".join(out) or "-"


def melds(seat: Any) -> str:
    parts = []
    for m in seat.melds:
        tiles = "concealed kong" if m.tiles is None else " ".join(format_tile(t) for t in m.tiles)
        parts.append(f"[{m.type} {tiles}]")
    return " ".join(parts)


def show(console: Console, view: TableView | None, names: dict[int, str] | None = None) -> None:
    if view is None or view.hand is None or view.viewer is None:
        return
    names = names or {}
    hand = view.hand
    pot = f"  deposits {view.pot}" if view.pot else ""
    honba = f"  honba {hand.honba}" if hand.honba else ""
    dora = (
        f"  dora indicators {' '.join(format_tile(t) for t in hand.dora_indicators)}"
        if hand.dora_indicators
        else ""
    )
    console.print(
        f"[bold]{escape(hand.label)}[/bold] ({WINDS[hand.round_wind - 1]} round){honba}"
        f"  tiles left {hand.wall_remaining}{pot}{dora}"
    )
    n = len(hand.seats)  # 4, or 3 at a sanma table
    order = [(view.viewer + k) % n for k in range(n)]  # you first, then to your right
    for i in order:
        seat = hand.seats[i]
        place = view.seating[i]
        who = names.get(place, f"seat {place + 1}") + (" (you)" if i == view.viewer else "")
        tags = [t for t, on in (("dealer", hand.dealer == i), ("riichi", seat.riichi)) if on]
        turn = "→ " if hand.turn == i and hand.phase.value != "ended" else "  "
        flowers = (
            f"  flowers {' '.join(format_tile(t) for t in seat.flowers)}" if seat.flowers else ""
        )
        console.print(
            f"{turn}{WINDS[seat.wind - 1]} {escape(who)}  {view.scores[place]}"
            f"{'  ' + ' '.join(tags) if tags else ''}{flowers}  {escape(melds(seat))}"
        )
        console.print(f"     river: {river(seat)}")
        if seat.hand is not None and i != view.viewer:  # shown at a draw: a tenpai hand
            console.print(f"     hand: {format_tiles(seat.hand)}")
    me = hand.seats[view.viewer]
    tiles = " ".join(format_tile(t) for t in (me.hand or ()))
    drawn = f"  drew {format_tile(hand.drawn)}" if hand.drawn is not None else ""
    console.print(f"  your hand: [bold]{tiles}[/bold]{drawn}")
    if hand.window is not None:
        offer = names.get(view.seating[hand.window.seat], f"seat {hand.window.seat + 1}")
        console.print(f"  {escape(offer)} discarded {format_tile(hand.window.tile)}")


def revealed_lines(frame: dict[str, Any], name: Any) -> list[str]:
    """The tenpai hands a ``hand_end`` frame reveals at an exhaustive draw, a line per
    seat (``name(place)`` names a table place); none for a noten seat or another end."""
    result = frame.get("result") or {}
    seating = result.get("seating", [0, 1, 2, 3])
    all_melds = result.get("melds") or []
    out = []
    for seat, tiles in enumerate(frame.get("revealed") or []):
        if not tiles:
            continue
        shown = " ".join(
            f"[{' '.join(format_tile(t) for t in m['meld']['tiles'])}]"
            for m in (all_melds[seat] if seat < len(all_melds) else [])
        )
        out.append(
            f"  {name(seating[seat])} tenpai: {format_tiles(tiles)}{' ' + shown if shown else ''}"
        )
    return out


class Clock:
    """The countdown of an open prompt. On a terminal it is a status line just above the
    input line, redrawn in place once a second (the cursor is saved and restored around
    it, so what you are typing stays where it is); on anything else (a pipe, a file, a
    test) it speaks up once at each of ``WARN_AT`` seconds left."""

    SAVE, RESTORE, CLEAR = "\x1b7", "\x1b8", "\x1b[K"

    def __init__(self, console: Console, deadline: float | None) -> None:
        self.console = console
        self.deadline = deadline
        self.live = console.is_terminal and deadline is not None
        left = self.left()
        self.warned = {w for w in WARN_AT if left is not None and w >= left}
        self.shown: int | None = None
        self.rows = 1  # lines between the status line and the cursor's

    def answered_badly(self) -> None:
        """A line was typed and refused: the input line is one further down."""
        self.rows += 1

    def left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, round(self.deadline - time.time()))

    def text(self, left: int) -> str:
        return f"  ⏱ {left} s left" if left > 0 else "  ⏱ time is up"

    def begin(self) -> str:
        """Print the status line (on a terminal) and give the prompt's suffix."""
        left = self.left()
        if left is None:
            return ""
        if self.live:
            self.console.file.write(self.text(left) + "\n")
            self.console.file.flush()
            self.shown = left
            return ""
        return f" ({left} s)"

    def tick(self) -> None:
        """Once a second while the prompt is open."""
        left = self.left()
        if left is None:
            return
        if self.live:
            if left != self.shown:
                self.shown = left
                f = self.console.file
                up = f"\x1b[{self.rows}A"
                f.write(f"{self.SAVE}{up}\r{self.text(left)}{self.CLEAR}{self.RESTORE}")
                f.flush()
            return
        due = [w for w in WARN_AT if w >= left and w not in self.warned]
        if due and left > 0:
            self.warned.update(due)
            self.console.print(f"\n  … {left} s left; your choice:", end=" ")


class Lines:
    """stdin lines, read by a daemon thread into an asyncio queue."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.started = False

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        loop = asyncio.get_running_loop()
        stream = sys.stdin

        def read() -> None:
            while True:
                try:
                    line = stream.readline()
                except (OSError, ValueError):
                    line = ""
                with contextlib.suppress(RuntimeError):  # the loop has closed
                    loop.call_soon_threadsafe(self.queue.put_nowait, line or None)
                if not line:
                    return

        threading.Thread(target=read, name="jantaku-stdin", daemon=True).start()


class HumanSeat:
    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()
        self.lines = Lines()
        self.names: dict[int, str] = {}
        self.eof = False

    async def ask(self, view: TableView | None, prompt: dict[str, Any]) -> dict[str, Any] | None:
        """Show the table and the offered actions; the chosen action frame, or None when the
        prompt's clock ran out first (the server plays for you). Cancelled by the client
        when the prompt closes."""
        self.lines.start()
        show(self.console, view, self.names)
        offered = prompt["actions"]
        for i, frame in enumerate(offered):
            self.console.print(f"  [{i}] {describe(frame['action'])}")
        clock = Clock(self.console, prompt.get("deadline"))
        suffix = clock.begin()
        self.console.print(f"your choice{suffix}:", end=" ")
        while True:
            try:
                line = await asyncio.wait_for(self.lines.queue.get(), 1.0)
            except TimeoutError:
                clock.tick()
                left = clock.left()
                if left is not None and left <= 0:
                    self.console.print("\n[yellow]time is up: the server plays for you[/yellow]")
                    return None
                continue
            if line is None:
                self.eof = True  # no more input: wait for the clock (or forever, untimed)
                continue
            text = line.strip()
            if text.isdigit() and int(text) < len(offered):
                return dict(offered[int(text)])
            clock.answered_badly()
            self.console.print(f"type a number from 0 to {len(offered) - 1}:", end=" ")

    def closed(self, why: str) -> None:
        """The open prompt is gone; what was typed for it is dropped, not applied to the
        next one."""
        self.console.print(f"\n[yellow]prompt closed: {why}[/yellow]")
        while not self.lines.queue.empty():
            if self.lines.queue.get_nowait() is None:
                self.eof = True
