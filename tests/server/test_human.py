"""The terminal seat (server/cli/human.py): on a terminal the clock is a status line redrawn in
place once a second above the input line; on a pipe it speaks up at thresholds with no
control codes; a hand_end frame's revealed tenpai hands are printed, a noten seat never."""

from __future__ import annotations

import asyncio
import io
import re
import time
from typing import Any

from rich.console import Console

from engine.notation import format_tiles
from server.cli.human import HumanSeat, revealed_lines

PROMPT: dict[str, Any] = {
    "type": "prompt",
    "prompt_id": 1,
    "actions": [{"type": "action", "prompt": 1, "action": {"type": "discard", "tile": 3}}],
}


async def answer_after(
    seat: HumanSeat, prompt: dict[str, Any], lines: list[tuple[float, str]]
) -> Any:
    seat.lines.started = True  # lines come from the test, not stdin

    async def feed() -> None:
        for delay, line in lines:
            await asyncio.sleep(delay)
            seat.lines.queue.put_nowait(line)

    feeder = asyncio.create_task(feed())
    try:
        return await seat.ask(None, prompt)
    finally:
        feeder.cancel()


def test_on_a_terminal_the_clock_counts_down_in_place() -> None:
    out = io.StringIO()
    seat = HumanSeat(Console(file=out, force_terminal=True, width=100))
    prompt = {**PROMPT, "deadline": time.time() + 6.4}
    reply = asyncio.run(answer_after(seat, prompt, [(1.2, "x\n"), (1.3, "0\n")]))
    assert reply == PROMPT["actions"][0]
    text = out.getvalue()
    assert "⏱ 6 s left\n" in text  # the status line, then the input line under it
    # each redraw: save the cursor, up to the status line, rewrite it, clear, restore
    redraws = re.findall(r"\x1b7\x1b\[(\d)A\r  ⏱ (\d) s left\x1b\[K\x1b8", text)
    assert [int(s) for _, s in redraws] == sorted({int(s) for _, s in redraws}, reverse=True)
    assert len(redraws) >= 2 and int(redraws[-1][1]) <= 5
    assert redraws[0][0] == "1" and redraws[-1][0] == "2"  # a refused line moved the input down
    assert "type a number" in text and "s left;" not in text  # no threshold lines


def test_on_a_pipe_the_clock_speaks_at_thresholds() -> None:
    out = io.StringIO()
    seat = HumanSeat(Console(file=out, force_terminal=False, width=100))
    prompt = {**PROMPT, "deadline": time.time() + 4.4}
    reply = asyncio.run(answer_after(seat, prompt, [(1.6, "0\n")]))
    assert reply == PROMPT["actions"][0]
    text = out.getvalue()
    assert "your choice (4 s):" in text and "… 3 s left; your choice:" in text
    assert "\x1b" not in text  # no control codes in a file or pipe


def test_time_up_on_a_terminal() -> None:
    out = io.StringIO()
    seat = HumanSeat(Console(file=out, force_terminal=True, width=100))
    reply = asyncio.run(answer_after(seat, {**PROMPT, "deadline": time.time() + 1.2}, []))
    assert reply is None
    assert "⏱ time is up" in out.getvalue() and "the server plays for you" in out.getvalue()


def test_the_tenpai_hands_of_a_draw_are_printed_and_only_those() -> None:
    ready, noten = [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 28], [3, 5, 7, 12, 14, 30, 31]
    frame = {
        "type": "hand_end",
        "result": {
            "outcome": "exhaustive_draw",
            "seating": [1, 2, 3, 0],
            "tenpai": [True, False, False, False],
            "melds": [[], [{"meld": {"type": "pon", "tiles": [33, 33, 33]}}], [], []],
        },
        "revealed": [ready, None, None, None],
    }
    names = {0: "Ann", 1: "Ben", 2: "Cy", 3: "Di"}
    lines = revealed_lines(frame, names.__getitem__)
    assert lines == [f"  Ben tenpai: {format_tiles(ready)}"]  # hand seat 0 sits at place 1
    assert format_tiles(noten) not in "\n".join(lines)
    assert revealed_lines({**frame, "revealed": None}, names.__getitem__) == []
