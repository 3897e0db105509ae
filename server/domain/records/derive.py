"""What a batch of logged events changes in the records (pure; both stores use it inside
the transaction that appends the batch, then project the match again)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from server.domain.records.sheet import HAND_EVENTS
from server.ports.storage import LoggedEvent


@dataclass
class Batch:
    settled: list[LoggedEvent] = field(default_factory=list)  # hands the batch settles
    label: str | None = None  # the label of a hand started in the batch
    started: bool = False  # match_started
    ended: bool = False  # match_ended
    seed: str | None = None  # revealed by match_ended

    @property
    def reproject(self) -> bool:
        return bool(self.settled) or self.ended


def scan(batch: Sequence[LoggedEvent]) -> Batch:
    out = Batch()
    for item in batch:
        kind = item.event.get("type")
        if kind == "hand_started":
            out.label = item.event.get("label", "")
        elif kind == "settled":
            out.settled.append(item)
        elif kind == "match_started":
            out.started = True
        elif kind == "match_ended":
            out.ended = True
            out.seed = item.event.get("seed")
    return out


def hand_events(log: Sequence[LoggedEvent], settled: LoggedEvent) -> list[LoggedEvent]:
    """The events of the hand ``settled`` closes, out of the table's log (in seq order)."""
    out: list[LoggedEvent] = []
    for item in reversed(log):
        if item.seq > settled.seq:
            continue
        kind = item.event.get("type")
        if kind in HAND_EVENTS:
            out.append(item)
        if kind == "hand_started":
            break
    return out[::-1]
