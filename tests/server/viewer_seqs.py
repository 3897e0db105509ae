"""Each viewer's own frame numbers (server.domain.tables.numbering, docs/protocol.md) derived
here from the stored log independently: a viewer's frame n is the n-th event of the log
that engine.views.redact lets it see, a claim window counting only for the seats with an
option in it and furiten only where assistance is on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.events import ClaimWindowOpened, Furiten, HandStarted, event_from_json, event_to_json
from engine.views import redact


def shown(
    log: Iterable[tuple[int, dict[str, Any]]],
    place: int | None,
    assist: bool = True,
    face_down: bool | None = None,
) -> list[tuple[int, dict[str, Any]]]:
    """(log seq, redacted event JSON) of every event table place ``place`` (None: a
    spectator) gets a frame for, in order: its frame n is the n-th of these
    (``face_down``: the ruleset's concealed_kong_face_down)."""

    seating: tuple[int, ...] = (0, 1, 2, 3)
    out: list[tuple[int, dict[str, Any]]] = []
    for seq, raw in log:
        event = event_from_json(raw)
        if isinstance(event, HandStarted):
            seating = event.seating
        viewer = None if place is None else seating.index(place)
        seen = redact(event, viewer, face_down_kongs=face_down)
        if seen is None or (isinstance(seen, ClaimWindowOpened) and not seen.options):
            continue
        if isinstance(seen, Furiten) and not assist:
            continue
        out.append((seq, event_to_json(seen)))
    return out


def log_seqs(events: list[dict[str, Any]], place: int | None, assist: bool = True) -> list[int]:
    """For the REST log's ``events`` ({seq, event}): ``[0, s1, s2, …]``, the log seq of the
    viewer's frame n at index n."""
    return [0, *(s for s, _ in shown(((e["seq"], e["event"]) for e in events), place, assist))]
