"""What the routers share in shaping requests and answers: the documented error answers
of a group of routes, and the query parameters the record routes validate alike (a
ruleset, a range of days). One module, so that no router imports another's names."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from server.adapters.rest.models import Credentials
from server.adapters.rest.records_models import ErrorOut
from server.domain import registry
from server.domain.errors import ApiError
from server.ports.storage import PlayerRecord, SessionRecord

TOURNAMENT_ERRORS = {
    401: "no bearer token",
    403: "not an organizer (the admin token, or an account with the organizer role)",
    404: "no such tournament, round or player",
    409: "the tournament is not in a state that allows this",
    422: "a field is missing or invalid",
}
RECORD_ERRORS = {
    401: "no bearer token",
    403: "not the admin",
    404: "no such match, player or tournament",
    409: "the record cannot be exported in this state, or its ruleset is not installed",
    422: "a parameter is missing or invalid",
}


def _documented(text: dict[int, str], codes: tuple[int, ...]) -> dict[int | str, dict[str, Any]]:
    return {c: {"model": ErrorOut, "description": text[c]} for c in codes}


def tournament_errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of tournament and league routes, for ``responses=``."""
    return _documented(TOURNAMENT_ERRORS, codes)


def record_errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of the record routes (matches, ratings, ladder, collusion)."""
    return _documented(RECORD_ERRORS, codes)


def ruleset_param(ruleset: str | None) -> str:
    """``?ruleset=``, required and installed: rankings are never summed across rulesets."""
    if ruleset is None:
        raise ApiError(
            422,
            "ruleset_required",
            "ruleset: give ?ruleset= (one of "
            + ", ".join(registry.available())
            + "); rankings are never summed across rulesets",
        )
    if ruleset not in registry.available():
        known = ", ".join(registry.available())
        raise ApiError(422, "unknown_ruleset", f"ruleset: unknown '{ruleset}' (known: {known})")
    return ruleset


def day_range(since: date | None, until: date | None) -> tuple[datetime | None, datetime | None]:
    """Dates (UTC days, both included) to [start, end) instants."""
    start = datetime.combine(since, time(), UTC) if since else None
    end = datetime.combine(until, time(), UTC) + timedelta(days=1) if until else None
    if start is not None and end is not None and end <= start:
        raise ApiError(
            422, "invalid_range", f"from ({since}) is after to ({until}): the range is empty"
        )
    return start, end


def credentials(player: PlayerRecord, token: str, session: SessionRecord) -> Credentials:
    """A new session's answer: who, the token (shown once) and the session's handle."""
    return Credentials(
        player_id=player.id,
        name=player.name,
        role=player.role,
        token=token,
        session_id=session.id,
        expires=session.expires,
    )
