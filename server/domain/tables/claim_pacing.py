"""Claim timing that reveals nothing (issue 23; docs/fair-play.md).

A claim window waits only for the seats that may claim, so how long a discard takes to
pass used to tell the others whether someone could call or win. At a table with a human
player the actor now paces every discard: whatever follows a discard (the next draw, a
call, the hidden answers) reaches every viewer no earlier than ``claim_min_seconds`` after
the discard, whether or not a window opened; the prompts that follow wait with it. And a
``claim_window_opened`` event is sent only to the seats that have an option in it
(``server.domain.tables.numbering``), and each viewer numbers only the frames it is shown, so a
seat without an option gets the same frames, numbers included, either way.
Tables of bots only keep full speed.

A hand's end is held like the rest. After the last discard of an exhaustive draw, the end
came at once when nobody could win on the tile and only after the window when someone
could (and passed): the delay told that a seat had waited on it. A win on a discard came
as soon as the winner answered, which told how quickly they saw it. Held, the end of a
hand arrives no earlier than the minimum after the discard in every case.

The held events are in the log but not yet sent: a connection that arrives (``join``) or
asks for a ``resync`` during a held moment gets the table as it was sent to everyone
(``TableSession.sent_seq``), and the held events with everyone else when they are released;
the record the REST API reads (status, scores, the hand label) is updated at the release
too."""

from __future__ import annotations

from engine.events import ClaimWindowOpened, Discarded
from server.domain.tables.numbering import Entry


class ClaimPacer:
    def __init__(self, minimum: float) -> None:
        self.minimum = minimum
        self.discard_at: float | None = None  # loop time of the last discard
        self.held: list[Entry] = []

    @property
    def holding(self) -> bool:
        return bool(self.held)

    @property
    def deadline(self) -> float:
        return (self.discard_at or 0.0) + self.minimum

    def split(self, entries: list[Entry], now: float, humans: bool) -> list[Entry]:
        """The entries to send now; the rest are held until ``deadline`` (``holding``)."""
        if not humans or self.minimum <= 0:
            return entries
        if self.held:  # already holding: these come after
            self.held.extend(entries)
            return []
        last = max((i for i, e in enumerate(entries) if isinstance(e.event, Discarded)), default=-1)
        if last >= 0:
            self.discard_at = now
        head, tail = entries[: last + 1], entries[last + 1 :]
        if self.discard_at is None or now >= self.deadline:
            return entries
        if all(isinstance(e.event, ClaimWindowOpened) for e in tail):
            return entries
        self.held = tail  # a hand's end too: see the module's docstring
        return head

    def release(self) -> list[Entry]:
        held, self.held = self.held, []
        return held
