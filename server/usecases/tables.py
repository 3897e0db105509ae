"""Opening a table: the one path of ``POST /api/tables``, of a tournament round and of a
queue. The request's shape (``NewTable``) is the REST body's, validated strictly."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.ruleset import OptionsError, parse_options
from engine.state import Table
from server.config.queues import DEFAULT_RULESET
from server.domain import registry
from server.domain.errors import ApiError
from server.domain.registry import NotPlayable
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.mjai_seat import PREFIX as MJAI_PREFIX
from server.domain.tables.session import BOTS
from server.ports.storage import PlayerRecord
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
    ruleset: str = DEFAULT_RULESET
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(
        default_factory=lambda: ["open"] * 4,
        min_length=3,
        max_length=4,
        description='"open", "bot:random", "bot:greedy", "bot:defensive" or a player id, '
        "per table place: as many as the ruleset's table has (omitted: all open)",
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


def requested_table(ruleset_id: str, options: Mapping[str, Any]) -> Table:
    """The table of a request's ruleset and options (JSON's types only); refusals are
    ``ApiError``s naming the field."""
    try:
        return registry.build_table(ruleset_id, options, strict=True)
    except registry.UnknownRuleset as exc:
        raise ApiError(422, "invalid_field", f"ruleset: {exc}") from None
    except OptionsError as exc:
        raise ApiError(422, "invalid_field", f"options.{exc.field}: {exc.message}") from None
    except NotPlayable as exc:
        raise ApiError(422, "ruleset_not_playable", str(exc)) from None


def seats_for(body: NewTable) -> list[str]:
    """The body's seats checked against its ruleset's table (3 or 4 places; all open when
    the body gives none)."""
    n = requested_table(body.ruleset, body.options).rules.seats
    if "seats" not in body.model_fields_set:
        return ["open"] * n
    if len(body.seats) != n:
        raise ApiError(
            422,
            "invalid_field",
            f"seats: {body.ruleset} tables have {n} seats, got {len(body.seats)}",
            field="seats",
        )
    return body.seats


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
    seats = seats_for(body)
    names = await names_for(svc, seats)
    s = svc.settings
    for place, occupant in enumerate(seats):
        if not occupant.startswith(MJAI_PREFIX):
            continue
        bot = occupant.removeprefix(MJAI_PREFIX)
        if bot not in s.mjai_bots:
            known = ", ".join(sorted(s.mjai_bots)) or "none registered"
            raise ApiError(422, "invalid_field", f"seats.{place}: no mjai bot '{bot}' ({known})")
        if not ruleset.plays_mjai:
            who = " and ".join(r.id for r in registry.loadable() if r.plays_mjai) or "nothing"
            raise ApiError(
                422, "invalid_field", f"seats.{place}: mjai bots play {who}, not '{ruleset.id}'"
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
            seats=seats,
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


# ---------------------------------------------------------------------- a live table


async def live_actor(svc: Services, table_id: str) -> TableActor:
    """The table served here; its ``TableError`` (no such table, freed) as an ``ApiError``."""
    try:
        return await svc.manager.require(table_id)
    except TableError as exc:
        raise table_error(exc) from None


async def _run(actor: TableActor, job: Callable[[], Any]) -> dict[str, Any]:
    """Run ``job`` in the table's turn; the table as the administration sees it."""
    try:
        await actor.call(job)
    except TableError as exc:
        raise table_error(exc) from None
    live: dict[str, Any] = actor.live()
    return live


def _place(seat: int) -> int:
    if not 0 <= seat <= 3:
        raise ApiError(422, "invalid_field", f"seat: {seat} is not a seat (0..3)")
    return seat


def live_tables(svc: Services) -> list[dict[str, Any]]:
    """Every table served here, as the administration sees it."""
    return [a.live() for a in svc.manager.actors.values()]


async def live_table(svc: Services, table_id: str) -> dict[str, Any]:
    live: dict[str, Any] = (await live_actor(svc, table_id)).live()
    return live


async def pause(svc: Services, table_id: str) -> dict[str, Any]:
    actor = await live_actor(svc, table_id)
    return await _run(actor, actor.pause)


async def resume(svc: Services, table_id: str) -> dict[str, Any]:
    actor = await live_actor(svc, table_id)
    return await _run(actor, actor.resume)


async def abort(svc: Services, table_id: str, reason: str) -> dict[str, Any]:
    actor = await live_actor(svc, table_id)
    return await _run(actor, partial(actor.abort, reason))


async def put_in_seat(svc: Services, table_id: str, seat: int, occupant: str) -> dict[str, Any]:
    """A bot or a player takes the seat (the administration's seat change)."""
    actor = await live_actor(svc, table_id)
    place = _place(seat)
    if occupant in BOTS:
        name = occupant
    else:
        player = await svc.store.players.get(occupant)
        if player is None:
            raise ApiError(422, "invalid_field", f"occupant: no player or bot '{occupant}'")
        name = player.name
    return await _run(actor, partial(actor.replace_seat, place, occupant, name))


async def kick(svc: Services, table_id: str, seat: int) -> int:
    """Close the connection at the seat; the seat, or 404 if nobody was connected."""
    actor = await live_actor(svc, table_id)
    place = _place(seat)
    kicked = await actor.call(partial(actor.kick, place))
    if not kicked:
        raise ApiError(404, "not_connected", f"nobody is connected at seat {place}")
    return place


async def join(svc: Services, table_id: str, who: PlayerRecord, seat: int | None) -> int:
    """The player takes a seat (``seat``, or the first free one): which."""
    try:
        actor = await svc.manager.require(table_id)
        place: int = await actor.call(partial(actor.seat_player, who.id, who.name, seat))
    except TableError as exc:
        raise table_error(exc) from None
    return place


async def refresh_record(svc: Services, match_id: str) -> None:
    """A running table adopts its corrected records (nothing if it is not served here)."""
    actor = svc.manager.actors.get(match_id)
    if actor is not None:
        await actor.call(actor.recorder.refresh_record)


async def call_time(actor: TableActor) -> None:
    """The round's time limit at the table: the hand in play is its last; a table never
    started is aborted."""
    if actor.record.status == "waiting":  # never started: nothing to close
        await actor.call(partial(actor.abort, "the round ended at its time limit"))
    else:
        await actor.call(actor.call_time)


async def control(svc: Services, table_id: str, action: str, seats: int, place: int | None) -> None:
    """An organizer's hand on a tournament table: ``pause``, ``resume``, ``time`` (call
    time), or ``bot`` (a substitute bot takes ``place`` of the ``seats``)."""
    try:
        actor = await svc.manager.require(table_id)
        if action == "pause":
            await actor.call(actor.pause)
        elif action == "resume":
            await actor.call(actor.resume)
        elif action == "time":
            await call_time(actor)
        else:
            if place is None or not 0 <= place < seats:
                raise ApiError(422, "invalid_field", "place: give ?place=0..3")
            await actor.call(partial(actor.replace_seat, place, "bot:greedy", "Substitute bot"))
    except TableError as exc:
        raise table_error(exc) from None
