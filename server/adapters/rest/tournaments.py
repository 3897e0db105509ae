"""Tournaments: an organizer creates one (ruleset, options, rounds, match length, timers,
spectators, registration, players), starts its rounds (every table at once, through the
REST table-creation path), enters penalties (match corrections); everyone reads the
rounds and the standings (JSON, CSV). docs/tournaments.md. The use cases are
server.usecases.tournaments, .rounds and .standings."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from server.adapters.rest.deps import CallerDep, OrganizerCallerDep, PlacementDep, ServicesDep
from server.adapters.rest.models import TablePublic
from server.adapters.rest.openapi import CsvResponse
from server.adapters.rest.responses import tournament_errors
from server.usecases import rounds, standings, tournaments
from server.usecases.standings import PenaltyIn
from server.usecases.tournaments import NewTournament

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])


class RoundIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    duplicate: bool = Field(
        False,
        description="every table plays the same seeded walls (seats rotated by table)",
    )


class RegistrationIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    player_id: str | None = Field(None, description="organizer only: whom to register")


class RegistrationState(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    registration: Literal["open", "closed"]


NAME_PART = r"^[^\x00-\x1f\x7f]+$"


class FederationIn(BaseModel):
    """What the EMA results file needs of a player (docs/tournaments.md)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ema_id: str | None = Field(None, pattern=r"^[0-9]{8}$", description="EMA number, 8 digits")
    country: str | None = Field(None, pattern=r"^[A-Z]{3}$", description="e.g. FRA, GER, NED")
    first_name: str | None = Field(None, min_length=1, max_length=80, pattern=NAME_PART)
    last_name: str | None = Field(None, min_length=1, max_length=80, pattern=NAME_PART)


class SeatOut(BaseModel):
    place: int
    wind: str
    occupant: str
    name: str
    standin_hands: list[int] = Field(
        default_factory=list,
        description="hand numbers in which a bot played this absent player's seat",
    )


class TableOut(BaseModel):
    table_no: int
    match_id: str
    status: str
    seats: list[SeatOut]
    hands_played: int
    scores: list[int]


class RoundOut(BaseModel):
    number: int
    status: str
    byes: list[str]
    tables: list[TableOut]
    ended_by: str | None = Field(None, description="who ended the round at its time limit")
    ended_at: datetime | None = None
    duplicate: bool = False


class TournamentOut(BaseModel):
    tournament_id: str
    name: str
    ruleset: str
    options: dict[str, Any]
    rounds: int
    timers: dict[str, float]
    spectators: dict[str, Any]
    registration: str
    fill: str
    status: str
    commitment: str = Field(description="SHA-256 of the seating seed")
    seed: str | None = Field(description="revealed when the tournament is finished")
    created_by: str
    created: datetime
    players: list[dict[str, str]]
    round_list: list[RoundOut]


class StandingsOut(BaseModel):
    tournament_id: str
    ruleset: str
    measure: str
    tie_break: str
    rounds_finished: int
    players: list[dict[str, Any]]


class MeOut(BaseModel):
    tournament_id: str
    round: int | None
    match_id: str | None
    place: int | None
    wind: str | None
    bye: bool
    ws_url: str | None


class PenaltyOut(BaseModel):
    kind: Literal["match", "overall"] = "match"
    correction_id: int = Field(description="match: the correction's id; overall: the line's")
    round: int | None
    match_id: str | None
    player_id: str
    place: int | None
    amount: int | float
    reason: str
    by: str
    at: datetime


# ---------------------------------------------------------------------- organizer


@router.post(
    "", status_code=201, response_model=TournamentOut, responses=tournament_errors(401, 403, 422)
)
async def create(body: NewTournament, svc: ServicesDep, who: OrganizerCallerDep) -> dict[str, Any]:
    """Create a tournament (registration open or closed, players listed or to come)."""
    return await tournaments.create(svc, body, who)


@router.post(
    "/{tid}/registration",
    response_model=TournamentOut,
    responses=tournament_errors(401, 403, 404, 422),
)
async def set_registration(
    tid: str, body: RegistrationState, svc: ServicesDep, who: OrganizerCallerDep
) -> dict[str, Any]:
    """Open or close the registration."""
    return await tournaments.set_registration(svc, tid, body.registration)


@router.post(
    "/{tid}/players",
    response_model=TournamentOut,
    responses=tournament_errors(401, 403, 404, 409, 422),
)
async def register(
    tid: str, svc: ServicesDep, who: CallerDep, body: RegistrationIn | None = None
) -> dict[str, Any]:
    """A player registers (while registration is open and before round 1), or an
    organizer registers ``player_id`` (any time before round 1)."""
    return await tournaments.register(svc, tid, who, body.player_id if body else None)


@router.post(
    "/{tid}/rounds",
    status_code=201,
    response_model=RoundOut,
    responses=tournament_errors(401, 403, 404, 409),
)
async def start_round(
    tid: str,
    svc: ServicesDep,
    who: OrganizerCallerDep,
    placement: PlacementDep,
    body: RoundIn | None = None,
) -> dict[str, Any]:
    """Seat the next round and create every one of its tables at once (round 1: the seeded
    draw; later rounds: swiss by the standings); ``duplicate``: every table plays the
    same walls, seats rotated by table."""
    duplicate = body is not None and body.duplicate
    return await rounds.start_round(svc, tid, duplicate, placement)


@router.post(
    "/{tid}/rounds/{number}/tables/{table_no}",
    status_code=201,
    response_model=TablePublic,
    responses=tournament_errors(401, 403, 404, 409),
)
async def open_round_table(
    tid: str, number: int, table_no: int, svc: ServicesDep, who: OrganizerCallerDep
) -> dict[str, Any]:
    """Open one table of a round that is being started, on the instance asked: how the
    instance starting a round on a cluster spreads its tables (docs/cluster.md). Refused
    once the round's tables are recorded."""
    return await rounds.open_round_table(svc, tid, number, table_no)


@router.post(
    "/{tid}/rounds/{number}/end",
    response_model=RoundOut,
    responses=tournament_errors(401, 403, 404, 409),
)
async def end_round(
    tid: str, number: int, svc: ServicesDep, who: OrganizerCallerDep, placement: PlacementDep
) -> dict[str, Any]:
    """End the round at its time limit: time is called at every unfinished table (the
    hand in play, once begun, is finished and is the match's last; a hand not begun is
    not played: engine.time_limit), so each match closes with the results it has and the
    standings follow. Calling it again only repeats the call at tables still playing."""
    return await rounds.end_round(svc, tid, number, who, placement)


@router.get("/{tid}/rounds/{number}/walls", responses=tournament_errors(404))
async def round_walls(tid: str, number: int, svc: ServicesDep) -> dict[str, Any]:
    """Results compared per wall: for each hand number, every table's outcome, winners and
    score changes per table place (in a duplicate round each place got the same tiles at
    every table), with who sat there."""
    return await rounds.round_walls(svc, tid, number)


@router.post(
    "/{tid}/penalties",
    status_code=201,
    response_model=PenaltyOut,
    responses=tournament_errors(401, 403, 404, 409, 422),
)
async def penalty(
    tid: str, body: PenaltyIn, svc: ServicesDep, who: OrganizerCallerDep
) -> dict[str, Any]:
    """A penalty (negative) or bonus line, in the standings at once. ``match`` (chombo
    too): a correction of the player's match of the round, on its raw score before the
    uma, audited with the match. ``overall``: a line on the player's overall tournament
    score after the uma (WRC), kept with its author, time and reason in the tournament."""
    return await standings.penalty(svc, tid, body, who)


@router.get("/{tid}/penalties", response_model=list[PenaltyOut], responses=tournament_errors(404))
async def penalties(tid: str, svc: ServicesDep) -> list[dict[str, Any]]:
    """Every penalty and bonus line of the tournament, both kinds, oldest first."""
    return await standings.penalties(svc, tid)


@router.post(
    "/{tid}/tables/{match_id}/{action}",
    response_model=TableOut,
    responses=tournament_errors(401, 403, 404, 409),
)
async def control_table(
    tid: str,
    match_id: str,
    action: Literal["pause", "resume", "bot", "time"],
    svc: ServicesDep,
    who: OrganizerCallerDep,
    place: int | None = None,
) -> dict[str, Any]:
    """Pause or resume a table of the tournament, give a seat (``?place=``) to a bot, or
    call time at it (``time``: the round's time limit at this table alone). On a cluster
    the instance that serves the table answers (server/adapters/cluster/routing.py)."""
    return await rounds.control_table(svc, tid, match_id, action, place)


# ---------------------------------------------------------------------- public


@router.get("", response_model=list[TournamentOut])
async def list_tournaments(
    svc: ServicesDep, status: Literal["registration", "running", "finished"] | None = None
) -> list[dict[str, Any]]:
    return await tournaments.list_all(svc, status)


@router.get("/{tid}", response_model=TournamentOut, responses=tournament_errors(404))
async def get_tournament(tid: str, svc: ServicesDep) -> dict[str, Any]:
    """The tournament, its players and every round's tables with their live state."""
    return await tournaments.get(svc, tid)


@router.get("/{tid}/me", response_model=MeOut, responses=tournament_errors(401, 404))
async def me(tid: str, svc: ServicesDep, caller: CallerDep) -> dict[str, Any]:
    """The caller's table and seat in the current round."""
    return await tournaments.seat_of(svc, tid, caller)


@router.get("/{tid}/standings", response_model=StandingsOut, responses=tournament_errors(404))
async def get_standings(tid: str, svc: ServicesDep) -> dict[str, Any]:
    """The standings in the ruleset's measure (penalties included)."""
    return await standings.standings(svc, tid)


@router.put(
    "/{tid}/players/{player_id}/federation",
    response_model=TournamentOut,
    responses=tournament_errors(401, 403, 404, 422),
)
async def set_federation(
    tid: str, player_id: str, body: FederationIn, svc: ServicesDep, who: OrganizerCallerDep
) -> dict[str, Any]:
    """A registered player's EMA number, country and split name for the EMA results file
    (fields left out are cleared)."""
    federation = body.model_dump(exclude_none=True)
    return await tournaments.set_federation(svc, tid, player_id, federation)


@router.get("/{tid}/ema.csv", response_class=CsvResponse, responses=tournament_errors(404))
async def get_ema_csv(tid: str, svc: ServicesDep) -> CsvResponse:
    """The results for the EMA ranking (MERS): position, first name, last name, EMA number,
    points, score, EMA member, country, base rank — the nearest documented layout, as the
    EMA publishes none (docs/tournaments.md)."""
    text, name = await standings.ema_csv(svc, tid)
    return CsvResponse(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}-ema.csv"'},
    )


@router.get("/{tid}/standings.csv", response_class=CsvResponse, responses=tournament_errors(404))
async def get_standings_csv(tid: str, svc: ServicesDep) -> CsvResponse:
    """The standings as CSV: position, name, player id, matches, the measure, points, raw
    score, average rank, stand-in matches, overall penalty."""
    return CsvResponse(await standings.standings_csv(svc, tid))
