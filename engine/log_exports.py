"""Match-log formats a ruleset can write (tenhou.net/6, mjai, ...), declared by the
ruleset (``Ruleset.log_exports``) so that whoever serves a log asks the ruleset, never its
name; and the formats a ruleset declares it cannot have (``Ruleset.refused_exports``: the
format has no form for its game), refused with a typed error that says why
(``engine.ruleset.log_export``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.events import Event

FullLog = Callable[[Sequence[Event], Sequence[str] | None, str], Any]  # events, names, title
SeatLog = Callable[[Sequence[Event], int, Sequence[str] | None], Any]  # events, seat, names


@dataclass(frozen=True, slots=True)
class LogExport:
    """One format: ``full`` writes a finished match from its unredacted events; ``seat``,
    where the format has one, what a single seat saw."""

    full: FullLog
    seat: SeatLog | None = None


class ExportRefused(LookupError):
    """The ruleset has no export to ``fmt``: ``reason`` says why (its own words where the
    ruleset declares the format impossible for its game)."""

    def __init__(self, ruleset: str, fmt: str, reason: str, *, declared: bool) -> None:
        self.ruleset = ruleset
        self.format = fmt
        self.reason = reason
        self.declared = declared  # the ruleset says the format cannot exist for its game
        super().__init__(reason)
