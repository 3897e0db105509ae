"""Typed errors of the table state machine: every refused action carries a stable code.

``engine.decide.check`` alone raises ``IllegalAction``; the server maps each code to its
protocol's error code in one table (server.domain.tables.errors; docs/protocol.md)."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    NOT_LEGAL = "not_legal"  # the action is not among the seat's legal actions
    WRONG_SEAT = "wrong_seat"  # the seat is not asked to act now
    WRONG_PHASE = "wrong_phase"  # the action type does not belong to the current phase
    STALE = "stale"  # the action answers a prompt that is no longer open
    ALREADY_ANSWERED = "already_answered"  # the seat already answered this claim window
    MATCH_OVER = "match_over"  # the match has ended
    BAD_EVENT = "bad_event"  # an event that does not fit the state (corrupt log)


class IllegalAction(Exception):
    """Raised by ``decide`` / ``step`` (``check``); the state it was given is unchanged
    (states are immutable)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code.value}: {message}")


class BadEvent(Exception):
    """Raised by ``evolve`` for an event that cannot follow the state (a corrupt log)."""

    def __init__(self, message: str) -> None:
        self.code = ErrorCode.BAD_EVENT
        self.message = message
        super().__init__(f"{self.code.value}: {message}")
