"""Per-viewer frame numbering (issue 23; docs/protocol.md "Numbering", docs/fair-play.md).

The table's log numbers its events 1, 2, 3 … (``Entry.seq``; the store, REST, exports and
replays keep that). A viewer is not shown every event: another seat's claim window,
its answers and its furiten are not theirs to see. Numbered by the log, the frames a
viewer got would skip those numbers, and the gap would tell them that some other seat
could call or win. So each viewer — every table place, and the spectators — numbers the
events *it* is shown 1, 2, 3 … without a gap: ``seq`` in its ``event``, ``hand_end``,
``match_end`` and ``state`` frames, ``welcome.last_seq`` and ``resync.last_seq`` all count
its own frames, and a prompt's id is the number of the viewer's frame that opened it
(``Numbering.prompt_id``).

Whether a viewer is shown an event is a pure function of the event, the viewer's seat in
that hand and the table's ``assist`` option (``visible``, the same rule
``server.domain.tables.frames.event_frames`` sends by), so the numbering is rebuilt from the
event log alone: after a restart, or on the instance that took the table over.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.events import Answered, ClaimWindowOpened, Event, Furiten
from engine.views import Viewer, redact

# the only events a viewer may be shown nothing of (engine.views.redact; claim windows
# reach the seats with an option; furiten frames only where assistance is on)
_MAYBE_HIDDEN = (ClaimWindowOpened, Answered, Furiten)


@dataclass(slots=True)
class Entry:
    """One event of the table's log with what is needed to redact and replay it."""

    seq: int
    event: Event
    seating: tuple[int, ...]  # seating[seat] = place, after the event
    at: float  # loop time
    json: dict[str, Any]


def visible(event: Event, viewer: Viewer, assist: bool) -> bool:
    """Whether ``viewer`` (a hand seat, None: a spectator) gets a frame for ``event``."""
    if not isinstance(event, _MAYBE_HIDDEN):
        return True
    if isinstance(event, Furiten) and not assist:
        return False
    seen = redact(event, viewer)
    if isinstance(seen, ClaimWindowOpened):
        return bool(seen.options)
    return seen is not None


class Numbering:
    """Per viewer, how many of the log's first k events it was shown, for every k."""

    __slots__ = ("_counts", "_slot", "assist", "viewers")

    def __init__(self, assist: bool, places: int = 4) -> None:
        self.assist = assist
        # the table's places (3 or 4, its ruleset's seats), then the spectators
        self.viewers: tuple[int | None, ...] = (*range(places), None)
        self._slot = {place: i for i, place in enumerate(self.viewers)}
        self._counts: list[list[int]] = [[0] for _ in self.viewers]

    def extend(self, entries: Iterable[Entry]) -> None:
        """Number the entries appended to the log (in order, each once)."""
        counts = self._counts
        assist = self.assist
        for entry in entries:
            event = entry.event
            if not isinstance(event, _MAYBE_HIDDEN):
                for c in counts:
                    c.append(c[-1] + 1)
                continue
            seating = entry.seating
            for place, c in zip(self.viewers, counts, strict=True):
                viewer = None if place is None else seating.index(place)
                c.append(c[-1] + visible(event, viewer, assist))

    def count(self, place: int | None, k: int) -> int:
        """The viewer's number for the log's first ``k`` events (its last frame's seq)."""
        return self._counts[self._slot[place]][k]

    def prompt_id(self, place: int | None, version: int) -> int:
        """The wire id of the engine's prompt ``version`` (``MatchState.prompt``, the log
        length when it opened) for ``place``: the number of the place's frame that opened
        it. The reverse is the open ``frames.Prompt`` that carries both."""
        return self.count(place, version)

    def number(self, place: int | None, entry: Entry) -> int:
        """The viewer's seq of ``entry`` (meaningful when the entry is visible to it)."""
        return self._counts[self._slot[place]][entry.seq]

    def position(self, place: int | None, n: int) -> int:
        """The log length at the viewer's ``n``-th frame: its events after ``n`` are those
        of ``log[position:]``. ``n`` at most ``count(place, len(log))``."""
        if n <= 0:
            return 0
        return bisect_left(self._counts[self._slot[place]], n)
