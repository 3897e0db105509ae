"""Opening a table: the one path of ``POST /api/tables``, of a tournament round and of a
queue. The request's shape (``NewTable``) is the REST body's, validated strictly."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.ruleset import OptionsError, parse_options
from server.domain import registry
from server.domain.errors import ApiError
from server.domain.registry import NotPlayable
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.mjai_seat import PREFIX as MJAI_PREFIX
from server.domain.tables.session import BOTS
from server.usecases.context import Services


# Request bodies are strict: JSON true/false is not a number (``{"seat": false}`` used to
# join seat 0), and "1" is not a number either.
class TimersIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    move: float | None = Field(None, ge=0, le=3600, description="seconds per turn (0: none)")
    claim: float | None = Field(None, ge=0, le=3600, description="seconds per claim window")
    bank: float | None = Field(None, ge=0, le=36000, description="time bank per seat")


class SpectatorsIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    allowed: bool = True
    delay: float = Field(0.0, ge=0, le=3600, description="seconds spectators lag behind")


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ruleset: str = "mcr"
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(
        default_factory=lambda: ["open"] * 4,
        min_length=4,
        max_length=4,
        description='"open", "bot:random", "bot:greedy", "bot:defensive" or a player id, '
        "per table place",
    )
    timers: TimersIn | None = None
    spectators: SpectatorsIn | bool | None = None
    assist: bool | None = Field(
        None,
        description="review hints and the furiten display while the table runs "
        "(docs/fair-play.md); default on, off at ranked queue and tournament tables",
    )

    @field_validator("seats")
    @classmethod
    def _seats(cls, seats: list[str]) -> list[str]:
        for s in seats:
            if s.startswith("bot:") and s not in BOTS:
                raise ValueError(f"unknown bot '{s}' (known: {', '.join(BOTS)})")
        players = [s for s in seats if s != "open" and s not in BOTS]
        if len(players) != len(set(players)):
            raise ValueError("a player may take only one seat")
        return seats


def table_error(exc: TableError) -> ApiError:
    headers = None
    if exc.retry_after is not None:
        headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
    return ApiError(exc.status, exc.code, exc.message, headers)


async def names_for(svc: Services, seats: list[str]) -> dict[int, str]:
    names: dict[int, str] = {}
    for place, occupant in enumerate(seats):
        if occupant == "open" or occupant in BOTS:
            continue
        player = await svc.store.players.get(occupant)
        if player is None:
            raise ApiError(422, "invalid_field", f"seats.{place}: no player '{occupant}'")
        names[place] = player.name
    return names


async def open_table(
    svc: Services,
    body: NewTable,
    created_by: str,
    seed: str | None = None,
    *,
    assist: bool = True,
    sealed_by: str | None = None,
) -> TableActor:
    """Create (and start, once full) a table: the one path of ``POST /api/tables``, of a
    tournament round and of a queue; refusals are ``ApiError``s. ``assist``: the default
    when the body does not say; ``sealed_by``: the duplicate-wall set it belongs to."""
    try:
        ruleset = registry.load(body.ruleset)
    except registry.UnknownRuleset as exc:
        raise ApiError(422, "invalid_field", f"ruleset: {exc}") from None
    names = await names_for(svc, body.seats)
    s = svc.settings
    for place, occupant in enumerate(body.seats):
        if not occupant.startswith(MJAI_PREFIX):
            continue
        bot = occupant.removeprefix(MJAI_PREFIX)
        if bot not in s.mjai_bots:
            known = ", ".join(sorted(s.mjai_bots)) or "none registered"
            raise ApiError(422, "invalid_field", f"seats.{place}: no mjai bot '{bot}' ({known})")
        if ruleset.id != "riichi":
            raise ApiError(
                422, "invalid_field", f"seats.{place}: mjai bots play riichi, not '{ruleset.id}'"
            )
    t = body.timers or TimersIn()
    timers = {
        "move": s.move_time if t.move is None else t.move,
        "claim": s.claim_time if t.claim is None else t.claim,
        "bank": s.time_bank if t.bank is None else t.bank,
    }
    spec = body.spectators
    if spec is None or isinstance(spec, bool):
        spec = SpectatorsIn(allowed=bool(spec) if spec is not None else True)
    try:
        parse_options(ruleset, body.options, strict=True)  # true is no number (REST)
        actor = await svc.manager.create(
            ruleset=ruleset.id,
            ruleset_version=ruleset.version,
            options=body.options,
            seats=body.seats,
            names=names,
            timers=timers,
            spectators=spec.model_dump(),
            created_by=created_by,
            seed=seed,
            assist=assist if body.assist is None else body.assist,
            sealed_by=sealed_by,
        )
    except OptionsError as exc:
        field = f"options.{exc.field}"
        raise ApiError(422, "invalid_field", f"{field}: {exc.message}") from None
    except NotPlayable as exc:
        raise ApiError(422, "ruleset_not_playable", str(exc)) from None
    except TableError as exc:
        raise table_error(exc) from None
    return actor
