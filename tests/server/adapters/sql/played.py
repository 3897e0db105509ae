"""A whole match played by greedy bots through the engine, cut into the batches the table
actor would append (one per accepted action), as the stored ``LoggedEvent`` rows."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import Any

from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import event_to_json
from engine.legal import legal_actions
from engine.views import view_for
from server.domain.registry import build_table
from server.ports.storage import LoggedEvent, TableRecord

SEATS = ["p-ann", "p-bob", "bot:greedy", "p-cat"]


@cache
def played(hands: int = 2, seed: str = "persist") -> tuple[tuple[dict[str, Any], ...], ...]:
    """Batches of event JSON (cached: the same match for every test)."""
    table = build_table("mcr", {"hands_per_session": hands})
    bot = GreedyBot(table.rules)
    state, events = start(table, seed)
    batches = [tuple(event_to_json(e) for e in events)]
    while True:
        seat = next((s for s in range(4) if legal_actions(state, s)), None)
        if seat is None:
            break
        action = bot.act(view_for(state, seat))
        state, events = step(state, action)
        batches.append(tuple(event_to_json(e) for e in events))
    return tuple(batches)


def logged(
    table_id: str, batches: tuple[tuple[dict[str, Any], ...], ...]
) -> list[list[LoggedEvent]]:
    out: list[list[LoggedEvent]] = []
    seq = 0
    hand: int | None = None
    for batch in batches:
        rows = []
        for ev in batch:
            seq += 1
            if ev["type"] == "hand_started":
                hand = ev["hand_number"]
            rows.append(LoggedEvent(table_id, seq, hand, ev))
        out.append(rows)
    return out


def record(table_id: str, hands: int = 2) -> TableRecord:
    return TableRecord(
        id=table_id,
        ruleset="mcr",
        ruleset_version="1.0.0",
        options={"hands_per_session": hands},
        seats=list(SEATS),
        timers={"move": 0, "claim": 0, "bank": 0},
        spectators={"allowed": True, "delay": 0},
        created_by="admin",
        created=datetime.now(UTC),
        status="playing",
        scores=[0, 0, 0, 0],
    )
