"""The protocol's error codes for the engine's refusals: the one translation table.

The engine alone judges an action (``engine.decide.check`` raises ``IllegalAction`` with
an ``engine.errors.ErrorCode``). The actor judges only the session — who is connected,
which prompt is open — and hands every answer that passes to the engine; a refusal comes
back to the client as the code of ``PROTOCOL_CODES`` (docs/protocol.md, Error codes).

The codes clients see are a contract older than this table: an action not among the
prompt's was ``not_offered`` and an answer to a closed prompt ``stale_prompt`` when the
actor still checked them itself, so the engine's codes are mapped onto those, not sent
as they are.

``TableError`` is the other kind of refusal: a request the table turns down before the
engine is asked (a seat taken, a table not in play), with the HTTP status to answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.actions import Action, DeclareFlower
from engine.errors import ErrorCode, IllegalAction

PROTOCOL_CODES: Mapping[ErrorCode, str] = MappingProxyType(
    {
        # not among the prompt's actions: another tile, meld or flag …
        ErrorCode.NOT_LEGAL: "not_offered",
        # … or a turn's action in a claim window (a claim's on a turn)
        ErrorCode.WRONG_PHASE: "not_offered",
        # the actor sends only its own seat's actions, to an open prompt: kept for safety
        ErrorCode.WRONG_SEAT: "wrong_seat",
        # the prompt the action answers has closed (answered, timed out, moved on)
        ErrorCode.STALE: "stale_prompt",
        ErrorCode.ALREADY_ANSWERED: "stale_prompt",
        ErrorCode.MATCH_OVER: "match_over",
        # a corrupt log is the server's failure, never the client's
        ErrorCode.BAD_EVENT: "internal",
    }
)
_NOT_OFFERED = "not_offered"


def protocol_error(exc: IllegalAction, action: Action) -> tuple[str, str]:
    """The ``error`` frame's code and message for the engine's refusal of ``action``."""
    code = PROTOCOL_CODES[exc.code]
    if code == _NOT_OFFERED:
        offered = f"'{action.type}' with these fields was not offered"
        if isinstance(action, DeclareFlower) and exc.code is ErrorCode.NOT_LEGAL:
            # the engine says what is wrong with the tile: a kind this table never sets
            # aside (kita at a four-player table), or one the seat does not hold
            return code, f"{offered}: {exc.message}"
        return code, offered
    return code, exc.message


class TableError(Exception):
    """A refused request; ``status`` is the HTTP status the REST layer should use
    (``retry_after``: seconds until a rate-limited request may succeed)."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        super().__init__(message)


class RulesetFailed(Exception):
    """The ruleset raised while the engine played a move or started a hand (a plugin's
    bug, not a refusal): the table cannot go on. The actor ends it as aborted with the
    reason ``ruleset_error: …``; its events up to the last stored move stay, and every other
    table plays on (docs/plugins.md, "When a plugin breaks")."""
