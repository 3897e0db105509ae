"""Tournaments: an organizer creates one (ruleset, options, rounds, match length, timers,
spectators, registration, players), starts its rounds (every table at once, through the
REST table-creation path), enters penalties (match corrections); everyone reads the
rounds and the standings (JSON, CSV). docs/tournaments.md."""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime
from functools import partial
from typing import Annotated, Any, Literal

import httpx
from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from engine.ruleset import OptionsError
from server.adapters.cluster import routing
from server.adapters.cluster.node import Unavailable, node_of
from server.adapters.rest.deps import CallerDep, ServicesDep, organizer
from server.adapters.rest.models import TablePublic
from server.adapters.rest.openapi import CsvResponse
from server.adapters.rest.records_models import ErrorOut
from server.domain import registry
from server.domain.accounts.tokens import Caller
from server.domain.errors import ApiError, not_found
from server.domain.records.scoresheet import standin_hands
from server.domain.registry import build_table
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tables.session import BOTS
from server.domain.tournaments import ema, seating
from server.domain.tournaments import standings as tables_of_results
from server.domain.tournaments.models import Round, ScoreLine, TableRef, Tournament
from server.ports.storage import CorrectionRow, VersionConflict
from server.usecases.context import Services
from server.usecases.tables import NewTable, SpectatorsIn, TimersIn, open_table, table_error

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])
KIND = "tournament"
WINDS = ("East", "South", "West", "North")
# The option that sets a match's length in hands, per ruleset (riichi: game_length).
LENGTH_OPTION = {
    "mcr": "hands_per_session",
    "three_kingdoms": "hands_per_session",
    "zung_jung": "hands_per_game",
}


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    text = {
        401: "no bearer token",
        403: "not an organizer (the admin token, or an account with the organizer role)",
        404: "no such tournament, round or player",
        409: "the tournament is not in a state that allows this",
        422: "a field is missing or invalid",
    }
    return {c: {"model": ErrorOut, "description": text[c]} for c in codes}


def is_organizer(who: Caller) -> bool:
    """The admin token, or an account with the organizer or admin role
    (server.domain.accounts.tokens)."""
    return who.role in ("organizer", "admin")


OrganizerDep = Annotated[Caller, Depends(organizer)]


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f]+$")
    ruleset: str = "mcr"
    options: dict[str, Any] = Field(
        default_factory=dict, description='custom options, or {"preset": name}'
    )
    rounds: int = Field(ge=1, le=30)
    hands: int | None = Field(
        None, ge=1, le=16, description="match length in hands (MCR, Three Kingdoms, Zung Jung)"
    )
    timers: TimersIn | None = None
    spectators: SpectatorsIn | bool | None = None
    registration: Literal["open", "closed"] = "open"
    fill: Literal["bots", "byes"] = Field(
        "bots", description="a count not a multiple of four: substitute bots or byes"
    )
    players: list[str] = Field(default_factory=list, max_length=512)
    seed: str | None = Field(
        None, min_length=8, max_length=128, description="default: a fresh random one"
    )


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


class PenaltyIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["match", "overall"] = Field(
        "match",
        description="match: on the raw score of the player's match of the round, before "
        "uma; overall: on the overall tournament score, in the standings' measure, after "
        "uma (the WRC kind)",
    )
    round: int | None = Field(None, ge=1, description="required for a match penalty")
    player_id: str
    amount: int | float = Field(
        ge=-1_000_000,
        le=1_000_000,
        allow_inf_nan=False,
        description="negative: a penalty; match: raw points, a whole number; overall: "
        "the measure's units (riichi: uma/oka points, so a 20,000-point chombo is -20)",
    )
    reason: str = Field(min_length=1, max_length=500)


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


# ---------------------------------------------------------------------- loading


async def _load(svc: Services, tid: str) -> tuple[Tournament, int]:
    found = await svc.store.tournaments.get(KIND, tid)
    if found is None:
        raise not_found("tournament", tid)
    return Tournament.model_validate(found[0]), found[1]


async def _save(svc: Services, t: Tournament, version: int) -> int:
    try:
        return await svc.store.tournaments.save(KIND, t.id, t.model_dump(mode="json"), version)
    except VersionConflict:
        raise ApiError(409, "conflict", "the tournament changed meanwhile; try again") from None


async def _names(svc: Services, ids: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in ids:
        if p in BOTS:
            out[p] = "Substitute bot"
            continue
        player = await svc.store.players.get(p)
        out[p] = player.name if player else ""
    return out


async def _refresh(svc: Services, t: Tournament) -> bool:
    """Mark the current round finished once all its matches are over (and the
    tournament after its last round); True: something changed."""
    current = t.current()
    if current is None or current.status == "finished":
        return False
    for ref in current.tables:
        record = await svc.store.tables.get(ref.match_id)
        if record is None or record.status not in ("finished", "aborted"):
            return False
    current.status = "finished"
    if current.number == t.rounds:
        t.status = "finished"
    if current.duplicate:
        await _unseal(svc, [ref.match_id for ref in current.tables])
    return True


async def _unseal(svc: Services, match_ids: list[str]) -> None:
    """A duplicate round is over: its tables' seeds, logs and sheets become public."""
    for match_id in match_ids:
        actor = svc.manager.actors.get(match_id)
        if actor is not None:
            actor.record.sealed_by = None
        record = await svc.store.tables.get(match_id)
        if record is not None and record.sealed_by is not None:
            record.sealed_by = None
            await svc.store.tables.save(record)


async def reveal_if_over(svc: Services, sealed_by: str) -> bool:
    """``sealed_by`` ("<tournament id>/<round>"): True once that round is over (its tables
    are unsealed then, by ``_refresh``)."""
    tid, _, number = sealed_by.rpartition("/")
    try:
        t, _ = await _current(svc, tid)
    except ApiError:
        return False
    if not number.isdigit() or not 1 <= int(number) <= len(t.round_list):
        return False
    rnd = t.round_list[int(number) - 1]
    if rnd.status == "finished":
        await _unseal(svc, [ref.match_id for ref in rnd.tables])  # a save lost to a race
        return True
    return False


async def _current(svc: Services, tid: str) -> tuple[Tournament, int]:
    t, version = await _load(svc, tid)
    if await _refresh(svc, t):
        try:
            version = await svc.store.tournaments.save(
                KIND, t.id, t.model_dump(mode="json"), version
            )
        except VersionConflict:
            t, version = await _load(svc, tid)
    return t, version


async def _results(svc: Services, t: Tournament) -> list[Any]:
    return [await svc.store.records.standings(m) for m in t.match_ids()]


async def _standins(svc: Services, t: Tournament) -> dict[str, int]:
    """Per player, the tournament matches in which a stand-in bot played their seat."""
    out: dict[str, int] = {}
    for ref in (x for r in t.round_list for x in r.tables):
        record = await svc.store.tables.get(ref.match_id)
        for place, occupant in enumerate(ref.seats):
            if record is not None and standin_hands(record, place):
                out[occupant] = out.get(occupant, 0) + 1
    return out


async def _standing_rows(svc: Services, t: Tournament) -> list[dict[str, Any]]:
    overall = t.overall_lines()
    rows = tables_of_results.table(t.ruleset, t.players, await _results(svc, t), overall)
    names = await _names(svc, [r.player for r in rows])
    standins = await _standins(svc, t)
    return tables_of_results.rows_json(t.ruleset, rows, names, standins, overall)


async def _out(svc: Services, t: Tournament) -> dict[str, Any]:
    names = await _names(svc, t.players)
    rounds = []
    for r in t.round_list:
        tables = []
        for ref in r.tables:
            record = await svc.store.tables.get(ref.match_id)
            seat_names = await _names(svc, ref.seats)
            tables.append(
                {
                    "table_no": ref.table_no,
                    "match_id": ref.match_id,
                    "status": record.status if record else "missing",
                    "seats": [
                        {
                            "place": i,
                            "wind": WINDS[i],
                            "occupant": p,
                            "name": seat_names[p],
                            "standin_hands": standin_hands(record, i) if record else [],
                        }
                        for i, p in enumerate(ref.seats)
                    ],
                    "hands_played": record.hands_played if record else 0,
                    "scores": list(record.scores) if record else [],
                }
            )
        rounds.append(
            {
                "number": r.number,
                "status": r.status,
                "byes": r.byes,
                "tables": tables,
                "ended_by": r.ended_by,
                "ended_at": r.ended_at,
                "duplicate": r.duplicate,
            }
        )
    return {
        "tournament_id": t.id,
        "name": t.name,
        "ruleset": t.ruleset,
        "options": t.options,
        "rounds": t.rounds,
        "timers": t.timers,
        "spectators": t.spectators,
        "registration": t.registration,
        "fill": t.fill,
        "status": t.status,
        "commitment": t.commitment,
        "seed": t.seed if t.status == "finished" else None,
        "created_by": t.created_by,
        "created": t.created,
        "players": [
            {"player_id": p, "name": names[p], **t.federation.get(p, {})} for p in t.players
        ],
        "round_list": rounds,
    }


# ---------------------------------------------------------------------- organizer


@router.post("", status_code=201, response_model=TournamentOut, responses=_errors(401, 403, 422))
async def create(body: NewTournament, svc: ServicesDep, who: OrganizerDep) -> dict[str, Any]:
    """Create a tournament (registration open or closed, players listed or to come)."""
    try:
        ruleset = registry.load(body.ruleset)
    except registry.UnknownRuleset as exc:
        raise ApiError(422, "invalid_field", f"ruleset: {exc}") from None
    options = dict(body.options)
    if body.hands is not None:
        key = LENGTH_OPTION.get(ruleset.id)
        if key is None:
            raise ApiError(
                422,
                "invalid_field",
                f"hands: {ruleset.id} sets its match length with an option "
                "(riichi: options.game_length, hanchan or tonpuusen)",
            )
        options[key] = body.hands
    try:
        table = build_table(ruleset.id, options, strict=True)
    except OptionsError as exc:
        raise ApiError(422, "invalid_field", f"options.{exc.field}: {exc.message}") from None
    except Exception as exc:
        raise ApiError(422, "ruleset_not_playable", str(exc)) from None
    if len(set(body.players)) != len(body.players):
        raise ApiError(422, "invalid_field", "players: a player is listed twice")
    for i, p in enumerate(body.players):
        if await svc.store.players.get(p) is None:
            raise ApiError(422, "invalid_field", f"players.{i}: no player '{p}'")
    s = svc.settings
    tm = body.timers or TimersIn()
    spec = body.spectators
    if spec is None or isinstance(spec, bool):
        spec = SpectatorsIn(allowed=bool(spec) if spec is not None else True)
    seed = body.seed or secrets.token_hex(16)
    t = Tournament(
        id=uuid.uuid4().hex[:12],
        name=body.name.strip(),
        ruleset=ruleset.id,
        options=dict(table.options),
        rounds=body.rounds,
        timers={
            "move": s.move_time if tm.move is None else tm.move,
            "claim": s.claim_time if tm.claim is None else tm.claim,
            "bank": s.time_bank if tm.bank is None else tm.bank,
        },
        spectators=spec.model_dump(),
        registration=body.registration,
        fill=body.fill,
        seed=seed,
        commitment=seating.commitment(seed),
        created_by=who.label,
        created=datetime.now(UTC),
        players=list(body.players),
    )
    await svc.store.tournaments.add(KIND, t.id, t.model_dump(mode="json"))
    return await _out(svc, t)


@router.post(
    "/{tid}/registration", response_model=TournamentOut, responses=_errors(401, 403, 404, 422)
)
async def set_registration(
    tid: str, body: RegistrationState, svc: ServicesDep, who: OrganizerDep
) -> dict[str, Any]:
    """Open or close the registration."""
    t, version = await _load(svc, tid)
    t.registration = body.registration
    await _save(svc, t, version)
    return await _out(svc, t)


@router.post(
    "/{tid}/players", response_model=TournamentOut, responses=_errors(401, 403, 404, 409, 422)
)
async def register(
    tid: str, svc: ServicesDep, who: CallerDep, body: RegistrationIn | None = None
) -> dict[str, Any]:
    """A player registers (while registration is open and before round 1), or an
    organizer registers ``player_id`` (any time before round 1)."""
    t, version = await _load(svc, tid)
    target = body.player_id if body is not None and body.player_id else None
    if target is not None and not is_organizer(who):
        raise ApiError(403, "forbidden", "only an organizer registers someone else")
    if target is None:
        if who.player is None:
            raise ApiError(422, "invalid_field", "player_id: the admin registers a player by id")
        target = who.player.id
        if t.registration != "open":
            raise ApiError(409, "registration_closed", "the registration is closed")
    if await svc.store.players.get(target) is None:
        raise ApiError(422, "invalid_field", f"player_id: no player '{target}'")
    if t.round_list:
        raise ApiError(409, "tournament_started", "the tournament has started")
    if target in t.players:
        raise ApiError(409, "already_registered", "the player is registered already")
    t.players.append(target)
    await _save(svc, t, version)
    return await _out(svc, t)


@router.post(
    "/{tid}/rounds", status_code=201, response_model=RoundOut, responses=_errors(401, 403, 404, 409)
)
async def start_round(
    tid: str,
    svc: ServicesDep,
    who: OrganizerDep,
    request: Request,
    body: RoundIn | None = None,
) -> dict[str, Any]:
    """Seat the next round and create every one of its tables at once (round 1: the seeded
    draw; later rounds: swiss by the standings); ``duplicate``: every table plays the
    same walls, seats rotated by table."""
    duplicate = body is not None and body.duplicate
    t, version = await _current(svc, tid)
    current = t.current()
    if current is not None and current.status != "finished":
        raise ApiError(409, "round_in_progress", f"round {current.number} is not finished")
    if len(t.round_list) >= t.rounds:
        raise ApiError(409, "tournament_over", "every round has been played")
    number = len(t.round_list) + 1
    standing = [r["player_id"] for r in await _standing_rows(svc, t)]
    past = [[ref.seats for ref in r.tables] for r in t.round_list]
    byes: dict[str, int] = {}
    for r in t.round_list:
        for p in r.byes:
            byes[p] = byes.get(p, 0) + 1
    try:
        plan = seating.seat_round(number, t.players, t.seed, standing, past, byes, t.fill)
    except seating.SeatingError as exc:
        raise ApiError(409, "cannot_seat", str(exc)) from None
    seatings = [
        seating.rotated(planned, i) if duplicate else list(planned)
        for i, planned in enumerate(plan.tables)
    ]
    # claim the round first, so that a second organizer click cannot seat it twice
    t.round_list.append(Round(number=number, byes=plan.byes, duplicate=duplicate, seating=seatings))
    t.status = "running"
    t.registration = "closed"
    version = await _save(svc, t, version)
    # on a cluster the tables spread over the instances as POST /api/tables would place
    # them one by one (docs/cluster.md, Placement)
    node = node_of(svc)
    places = await node.spread(len(seatings)) if node is not None else []
    refs = []
    for i, seats in enumerate(seatings, 1):
        match_id = None
        if node is not None and places[i - 1].id != node.id:
            path = f"/api/tournaments/{t.id}/rounds/{number}/tables/{i}"
            match_id = await _open_elsewhere(svc, request, places[i - 1].url + path)
        if match_id is None:
            match_id = (await _open_round_table(svc, t, number, i)).id
        refs.append(TableRef(table_no=i, match_id=match_id, seats=list(seats)))
    t.round_list[-1].tables = refs
    await _save(svc, t, version)
    out = await _out(svc, t)
    result: dict[str, Any] = out["round_list"][-1]
    return result


async def _open_round_table(svc: Services, t: Tournament, number: int, table_no: int) -> Any:
    """Open table ``table_no`` of round ``number`` here, as the round's seating says."""
    rnd = t.round_list[number - 1]
    table = NewTable(
        ruleset=t.ruleset,
        options=dict(t.options),
        seats=list(rnd.seating[table_no - 1]),
        timers=TimersIn(**t.timers),
        spectators=SpectatorsIn(**t.spectators),
    )
    walls = seating.duplicate_seed(t.seed, number) if rnd.duplicate else None
    # no assistance in tournament play; a duplicate round's seed stays sealed until
    # every table of the round is over (docs/fair-play.md)
    sealed = f"{t.id}/{number}" if rnd.duplicate else None
    return await open_table(svc, table, "admin", seed=walls, assist=False, sealed_by=sealed)


async def _open_elsewhere(svc: Services, request: Request, url: str) -> str | None:
    """Ask another instance to open a table of the round; None if it did not answer (the
    table then opens here)."""
    node = node_of(svc)
    assert node is not None
    try:
        answer = await routing.ask(node, request, "POST", url)
    except httpx.HTTPError:
        return None
    if answer.status_code >= 500:
        return None
    if answer.status_code != 201:
        error = answer.json().get("error", {})
        raise ApiError(answer.status_code, error.get("code", "cannot_open"), error.get("message"))
    match_id: str = answer.json()["table_id"]
    return match_id


@router.post(
    "/{tid}/rounds/{number}/tables/{table_no}",
    status_code=201,
    response_model=TablePublic,
    responses=_errors(401, 403, 404, 409),
)
async def open_round_table(
    tid: str, number: int, table_no: int, svc: ServicesDep, who: OrganizerDep
) -> dict[str, Any]:
    """Open one table of a round that is being started, on the instance asked: how the
    instance starting a round on a cluster spreads its tables (docs/cluster.md). Refused
    once the round's tables are recorded."""
    t, _ = await _load(svc, tid)
    if not 1 <= number <= len(t.round_list):
        raise not_found("round", str(number))
    rnd = t.round_list[number - 1]
    if rnd.tables or rnd.status == "finished":
        raise ApiError(409, "round_seated", f"round {number}'s tables are open already")
    if not 1 <= table_no <= len(rnd.seating):
        raise not_found("table", str(table_no))
    actor = await _open_round_table(svc, t, number, table_no)
    out: dict[str, Any] = actor.public()
    return out


@router.post(
    "/{tid}/rounds/{number}/end",
    response_model=RoundOut,
    responses=_errors(401, 403, 404, 409),
)
async def end_round(
    tid: str, number: int, svc: ServicesDep, who: OrganizerDep, request: Request
) -> dict[str, Any]:
    """End the round at its time limit: time is called at every unfinished table (the
    hand in play, once begun, is finished and is the match's last; a hand not begun is
    not played: engine.time_limit), so each match closes with the results it has and the
    standings follow. Calling it again only repeats the call at tables still playing."""
    t, version = await _current(svc, tid)
    if not 1 <= number <= len(t.round_list):
        raise not_found("round", str(number))
    rnd = t.round_list[number - 1]
    if rnd.status == "finished":
        raise ApiError(409, "round_finished", f"round {number} is over")
    if rnd.ended_by is None:
        rnd.ended_by = who.label
        rnd.ended_at = datetime.now(UTC)
        await _save(svc, t, version)
    for ref in rnd.tables:
        record = await svc.store.tables.get(ref.match_id)
        if record is None or record.status in ("finished", "aborted"):
            continue
        url = await _elsewhere(svc, ref.match_id)
        if url is not None:  # the owner calls time (the route of one table)
            await _ask_table(svc, request, f"{url}/api/tournaments/{t.id}/tables/{ref.match_id}")
            continue
        try:
            await _call_time(await svc.manager.require(ref.match_id))
        except TableError as exc:
            if exc.code not in TIME_CALLED_ALREADY:
                raise table_error(exc) from None
    t, _ = await _current(svc, tid)
    out = await _out(svc, t)
    result: dict[str, Any] = out["round_list"][number - 1]
    return result


# what calling time at a table answers when there is nothing left to call
TIME_CALLED_ALREADY = ("time_called", "table_over", "not_playing", "table_freed")


async def _call_time(actor: TableActor) -> None:
    if actor.record.status == "waiting":  # never started: nothing to close
        await actor.call(partial(actor.abort, "the round ended at its time limit"))
    else:
        await actor.call(actor.call_time)


async def _elsewhere(svc: Services, match_id: str) -> str | None:
    """On a cluster, the address of the other instance serving the table; None here."""
    node = node_of(svc)
    if node is None:
        return None
    try:
        return await routing.owner_url(node, match_id)
    except Unavailable as exc:
        raise ApiError(503, "instance_unavailable", str(exc), {"Retry-After": "1"}) from None


async def _ask_table(svc: Services, request: Request, url: str) -> None:
    """Call time at a table another instance serves, on the organizer's behalf."""
    node = node_of(svc)
    assert node is not None
    try:
        answer = await routing.ask(node, request, "POST", url + "/time")
    except httpx.HTTPError as exc:
        raise ApiError(
            503, "instance_unavailable", f"the table's instance did not answer ({exc})"
        ) from None
    if answer.status_code != 200:
        error = answer.json().get("error", {})
        if error.get("code") not in TIME_CALLED_ALREADY:
            raise ApiError(
                answer.status_code, error.get("code", "table_error"), error.get("message")
            )


@router.get("/{tid}/rounds/{number}/walls", responses=_errors(404))
async def round_walls(tid: str, number: int, svc: ServicesDep) -> dict[str, Any]:
    """Results compared per wall: for each hand number, every table's outcome, winners and
    score changes per table place (in a duplicate round each place got the same tiles at
    every table), with who sat there."""
    t, _ = await _current(svc, tid)
    if not 1 <= number <= len(t.round_list):
        raise not_found("round", str(number))
    rnd = t.round_list[number - 1]
    by_hand: dict[int, list[dict[str, Any]]] = {}
    commitments = set()
    # a duplicate round's results tell about the walls others still play: sealed till the
    # round is over (docs/fair-play.md)
    sealed = rnd.duplicate and rnd.status != "finished"
    for ref in rnd.tables:
        record = await svc.store.tables.get(ref.match_id)
        if record is not None and record.commitment:
            commitments.add(record.commitment)
        for h in [] if sealed else await svc.store.records.hands(ref.match_id):
            by_hand.setdefault(h.hand_number, []).append(
                {
                    "table_no": ref.table_no,
                    "match_id": ref.match_id,
                    "label": h.label,
                    "seats": list(ref.seats),
                    "outcome": h.outcome,
                    "winners": h.winners,
                    "deltas": h.deltas,
                }
            )
    return {
        "round": number,
        "duplicate": rnd.duplicate,
        "sealed": sealed,
        "same_walls": rnd.duplicate and len(commitments) == 1,
        "commitments": sorted(commitments),
        "hands": [{"hand_number": n, "tables": by_hand[n]} for n in sorted(by_hand)],
    }


def _penalty_json(number: int, ref: TableRef, c: CorrectionRow) -> dict[str, Any]:
    place = c.place if c.place is not None else 0
    return {
        "kind": "match",
        "correction_id": c.id,
        "round": number,
        "match_id": ref.match_id,
        "player_id": ref.seats[place],
        "place": place,
        "amount": c.amount,
        "reason": c.reason,
        "by": c.by,
        "at": c.at,
    }


def _line_json(line: ScoreLine) -> dict[str, Any]:
    return {
        "kind": "overall",
        "correction_id": line.id,
        "round": line.round,
        "match_id": None,
        "player_id": line.player_id,
        "place": None,
        "amount": line.amount,
        "reason": line.reason,
        "by": line.by,
        "at": line.at,
    }


@router.post(
    "/{tid}/penalties",
    status_code=201,
    response_model=PenaltyOut,
    responses=_errors(401, 403, 404, 409, 422),
)
async def penalty(tid: str, body: PenaltyIn, svc: ServicesDep, who: OrganizerDep) -> dict[str, Any]:
    """A penalty (negative) or bonus line, in the standings at once. ``match`` (chombo
    too): a correction of the player's match of the round, on its raw score before the
    uma, audited with the match. ``overall``: a line on the player's overall tournament
    score after the uma (WRC), kept with its author, time and reason in the tournament."""
    t, version = await _load(svc, tid)
    if body.round is not None and body.round > len(t.round_list):
        raise not_found("round", str(body.round))
    if body.kind == "overall":
        return await _overall_line(svc, t, version, body, who)
    if body.round is None:
        raise ApiError(422, "invalid_field", "round: a match penalty names its round")
    if isinstance(body.amount, float) and not body.amount.is_integer():
        raise ApiError(422, "invalid_field", "amount: a match penalty is in whole points")
    for ref in t.round_list[body.round - 1].tables:
        if body.player_id in ref.seats:
            place = ref.seats.index(body.player_id)
            row = await svc.store.records.adjust(
                ref.match_id, place, int(body.amount), who.label, body.reason
            )
            svc.ladder_cache.forget(ref.match_id)
            return _penalty_json(body.round, ref, row)
    raise ApiError(
        422, "invalid_field", f"player_id: '{body.player_id}' has no table in round {body.round}"
    )


async def _overall_line(
    svc: Services, t: Tournament, version: int, body: PenaltyIn, who: Caller
) -> dict[str, Any]:
    from server.domain.records import leaderboard as boards

    if body.player_id not in t.players:
        raise ApiError(422, "invalid_field", f"player_id: '{body.player_id}' is not registered")
    main, _ = boards.measure(t.ruleset)
    amount = float(body.amount)
    if main == "raw score" and not amount.is_integer():
        raise ApiError(422, "invalid_field", f"amount: {t.ruleset} ranks by whole raw points")
    if amount == 0:
        raise ApiError(422, "invalid_field", "amount: a line of 0 changes nothing")
    line = ScoreLine(
        id=max((x.id for x in t.score_lines), default=0) + 1,
        player_id=body.player_id,
        amount=amount,
        reason=body.reason,
        by=who.label,
        at=datetime.now(UTC),
        round=body.round,
    )
    t.score_lines.append(line)
    await _save(svc, t, version)
    return _line_json(line)


@router.get("/{tid}/penalties", response_model=list[PenaltyOut], responses=_errors(404))
async def penalties(tid: str, svc: ServicesDep) -> list[dict[str, Any]]:
    """Every penalty and bonus line of the tournament, both kinds, oldest first."""
    t, _ = await _load(svc, tid)
    out = [_line_json(line) for line in t.score_lines]
    for r in t.round_list:
        for ref in r.tables:
            for c in await svc.store.records.corrections(ref.match_id):
                if c.kind == "adjust" and c.place is not None:
                    out.append(_penalty_json(r.number, ref, c))
    return sorted(out, key=lambda p: (p["at"], p["kind"], p["correction_id"]))


@router.post(
    "/{tid}/tables/{match_id}/{action}",
    response_model=TableOut,
    responses=_errors(401, 403, 404, 409),
)
async def control_table(
    tid: str,
    match_id: str,
    action: Literal["pause", "resume", "bot", "time"],
    svc: ServicesDep,
    who: OrganizerDep,
    place: int | None = None,
) -> dict[str, Any]:
    """Pause or resume a table of the tournament, give a seat (``?place=``) to a bot, or
    call time at it (``time``: the round's time limit at this table alone). On a cluster
    the instance that serves the table answers (server/adapters/cluster/routing.py)."""
    t, _ = await _load(svc, tid)
    ref = next((x for r in t.round_list for x in r.tables if x.match_id == match_id), None)
    if ref is None:
        raise not_found("table", match_id)
    try:
        actor = await svc.manager.require(match_id)
        if action == "pause":
            await actor.call(actor.pause)
        elif action == "resume":
            await actor.call(actor.resume)
        elif action == "time":
            await _call_time(actor)
        else:
            if place is None or not 0 <= place < len(ref.seats):
                raise ApiError(422, "invalid_field", "place: give ?place=0..3")
            seat = place
            await actor.call(lambda: actor.replace_seat(seat, "bot:greedy", "Substitute bot"))
    except TableError as exc:
        raise table_error(exc) from None
    out = await _out(svc, t)
    for r in out["round_list"]:
        for table in r["tables"]:
            if table["match_id"] == match_id:
                found: dict[str, Any] = table
                return found
    raise not_found("table", match_id)


# ---------------------------------------------------------------------- public


@router.get("", response_model=list[TournamentOut])
async def list_tournaments(
    svc: ServicesDep, status: Literal["registration", "running", "finished"] | None = None
) -> list[dict[str, Any]]:
    out = []
    for doc in await svc.store.tournaments.list(KIND):
        t = Tournament.model_validate(doc)
        if status is None or t.status == status:
            out.append(await _out(svc, t))
    return out


@router.get("/{tid}", response_model=TournamentOut, responses=_errors(404))
async def get_tournament(tid: str, svc: ServicesDep) -> dict[str, Any]:
    """The tournament, its players and every round's tables with their live state."""
    t, _ = await _current(svc, tid)
    return await _out(svc, t)


@router.get("/{tid}/me", response_model=MeOut, responses=_errors(401, 404))
async def me(tid: str, svc: ServicesDep, caller: CallerDep) -> dict[str, Any]:
    """The caller's table and seat in the current round."""
    who = caller.player
    if who is None:
        raise ApiError(422, "invalid_field", "the admin has no seat; use a player's token")
    t, _ = await _current(svc, tid)
    if who.id not in t.players:
        raise not_found("player", who.id)
    out: dict[str, Any] = {
        "tournament_id": t.id,
        "round": None,
        "match_id": None,
        "place": None,
        "wind": None,
        "bye": False,
        "ws_url": None,
    }
    current = t.current()
    if current is None:
        return out
    out["round"] = current.number
    out["bye"] = who.id in current.byes
    for ref in current.tables:
        if who.id in ref.seats:
            place = ref.seats.index(who.id)
            out.update(
                match_id=ref.match_id,
                place=place,
                wind=WINDS[place],
                ws_url=f"/ws/tables/{ref.match_id}",
            )
    return out


@router.get("/{tid}/standings", response_model=StandingsOut, responses=_errors(404))
async def get_standings(tid: str, svc: ServicesDep) -> dict[str, Any]:
    """The standings in the ruleset's measure (penalties included)."""
    from server.domain.records import leaderboard as boards

    t, _ = await _current(svc, tid)
    main, tie = boards.measure(t.ruleset)
    return {
        "tournament_id": t.id,
        "ruleset": t.ruleset,
        "measure": main,
        "tie_break": tie,
        "rounds_finished": sum(1 for r in t.round_list if r.status == "finished"),
        "players": await _standing_rows(svc, t),
    }


@router.put(
    "/{tid}/players/{player_id}/federation",
    response_model=TournamentOut,
    responses=_errors(401, 403, 404, 422),
)
async def set_federation(
    tid: str, player_id: str, body: FederationIn, svc: ServicesDep, who: OrganizerDep
) -> dict[str, Any]:
    """A registered player's EMA number, country and split name for the EMA results file
    (fields left out are cleared)."""
    t, version = await _load(svc, tid)
    if player_id not in t.players:
        raise not_found("player", player_id)
    t.federation[player_id] = body.model_dump(exclude_none=True)
    await _save(svc, t, version)
    return await _out(svc, t)


@router.get("/{tid}/ema.csv", response_class=CsvResponse, responses=_errors(404))
async def get_ema_csv(tid: str, svc: ServicesDep) -> CsvResponse:
    """The results for the EMA ranking (MERS): position, first name, last name, EMA number,
    points, score, EMA member, country, base rank — the nearest documented layout, as the
    EMA publishes none (docs/tournaments.md)."""
    t, _ = await _current(svc, tid)
    return CsvResponse(
        ema.to_csv(await _standing_rows(svc, t), t.federation),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{t.id}-ema.csv"'},
    )


@router.get("/{tid}/standings.csv", response_class=CsvResponse, responses=_errors(404))
async def get_standings_csv(tid: str, svc: ServicesDep) -> CsvResponse:
    """The standings as CSV: position, name, player id, matches, the measure, points, raw
    score, average rank, stand-in matches, overall penalty."""
    t, _ = await _current(svc, tid)
    return CsvResponse(tables_of_results.to_csv(t.ruleset, await _standing_rows(svc, t)))
