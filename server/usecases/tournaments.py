"""Tournaments: creating one, its registration and players, reading it with its rounds'
live tables, the caller's seat, and a duplicate round's unsealing (docs/tournaments.md).
The rounds themselves are server.usecases.rounds; the standings and penalties
server.usecases.standings. Every refusal is an ``ApiError``."""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.ruleset import OptionsError
from server.config.queues import DEFAULT_RULESET
from server.domain import registry
from server.domain.accounts.tokens import Caller
from server.domain.errors import ApiError, not_found
from server.domain.records.scoresheet import standin_hands
from server.domain.registry import build_table
from server.domain.tables.session import BOTS
from server.domain.tournaments import seating
from server.domain.tournaments.models import Tournament
from server.ports.storage import VersionConflict
from server.usecases.context import Services
from server.usecases.tables import SpectatorsIn, TimersIn

KIND = "tournament"
WINDS = ("East", "South", "West", "North")


def is_organizer(who: Caller) -> bool:
    """The admin token, or an account with the organizer or admin role
    (server.domain.accounts.tokens)."""
    return who.role in ("organizer", "admin")


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f]+$")
    ruleset: str = DEFAULT_RULESET
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


# ---------------------------------------------------------------------- loading


async def load(svc: Services, tid: str) -> tuple[Tournament, int]:
    """The tournament as stored, with its version."""
    found = await svc.store.tournaments.get(KIND, tid)
    if found is None:
        raise not_found("tournament", tid)
    return Tournament.model_validate(found[0]), found[1]


async def save(svc: Services, t: Tournament, version: int) -> int:
    """Store ``t`` over ``version``: 409 if someone saved it meanwhile."""
    try:
        return await svc.store.tournaments.save(KIND, t.id, t.model_dump(mode="json"), version)
    except VersionConflict:
        raise ApiError(409, "conflict", "the tournament changed meanwhile; try again") from None


async def names(svc: Services, ids: list[str]) -> dict[str, str]:
    """Display names of players (and of the substitute bots)."""
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
        t, _ = await current(svc, tid)
    except ApiError:
        return False
    if not number.isdigit() or not 1 <= int(number) <= len(t.round_list):
        return False
    rnd = t.round_list[int(number) - 1]
    if rnd.status == "finished":
        await _unseal(svc, [ref.match_id for ref in rnd.tables])  # a save lost to a race
        return True
    return False


async def current(svc: Services, tid: str) -> tuple[Tournament, int]:
    """The tournament with its current round marked finished if all its matches are."""
    t, version = await load(svc, tid)
    if await _refresh(svc, t):
        try:
            version = await svc.store.tournaments.save(
                KIND, t.id, t.model_dump(mode="json"), version
            )
        except VersionConflict:
            t, version = await load(svc, tid)
    return t, version


async def view(svc: Services, t: Tournament) -> dict[str, Any]:
    """The tournament, its players and every round's tables with their live state."""
    players = await names(svc, t.players)
    rounds = []
    for r in t.round_list:
        tables = []
        for ref in r.tables:
            record = await svc.store.tables.get(ref.match_id)
            seat_names = await names(svc, ref.seats)
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
            {"player_id": p, "name": players[p], **t.federation.get(p, {})} for p in t.players
        ],
        "round_list": rounds,
    }


# ---------------------------------------------------------------------- organizer


async def create(svc: Services, body: NewTournament, who: Caller) -> dict[str, Any]:
    """Create a tournament (registration open or closed, players listed or to come)."""
    try:
        ruleset = registry.load(body.ruleset)
    except registry.UnknownRuleset as exc:
        raise ApiError(422, "invalid_field", f"ruleset: {exc}") from None
    options = dict(body.options)
    if body.hands is not None:
        key = ruleset.length_option
        if key is None:
            hint = f" ({ruleset.length_hint})" if ruleset.length_hint else ""
            raise ApiError(
                422,
                "invalid_field",
                f"hands: {ruleset.id} sets its match length with an option{hint}",
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
    return await view(svc, t)


async def set_registration(
    svc: Services, tid: str, registration: Literal["open", "closed"]
) -> dict[str, Any]:
    """Open or close the registration."""
    t, version = await load(svc, tid)
    t.registration = registration
    await save(svc, t, version)
    return await view(svc, t)


async def register(svc: Services, tid: str, who: Caller, player_id: str | None) -> dict[str, Any]:
    """A player registers (while registration is open and before round 1), or an
    organizer registers ``player_id`` (any time before round 1)."""
    t, version = await load(svc, tid)
    target = player_id or None
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
    await save(svc, t, version)
    return await view(svc, t)


async def set_federation(
    svc: Services, tid: str, player_id: str, federation: dict[str, Any]
) -> dict[str, Any]:
    """A registered player's EMA number, country and split name (fields left out are
    cleared)."""
    t, version = await load(svc, tid)
    if player_id not in t.players:
        raise not_found("player", player_id)
    t.federation[player_id] = federation
    await save(svc, t, version)
    return await view(svc, t)


# ---------------------------------------------------------------------- public


async def list_all(svc: Services, status: str | None) -> list[dict[str, Any]]:
    """Every tournament (of one status, when given)."""
    out = []
    for doc in await svc.store.tournaments.list(KIND):
        t = Tournament.model_validate(doc)
        if status is None or t.status == status:
            out.append(await view(svc, t))
    return out


async def get(svc: Services, tid: str) -> dict[str, Any]:
    """The tournament, its players and every round's tables with their live state."""
    t, _ = await current(svc, tid)
    return await view(svc, t)


async def seat_of(svc: Services, tid: str, who: Caller) -> dict[str, Any]:
    """The caller's table and seat in the current round."""
    player = who.player
    if player is None:
        raise ApiError(422, "invalid_field", "the admin has no seat; use a player's token")
    t, _ = await current(svc, tid)
    if player.id not in t.players:
        raise not_found("player", player.id)
    out: dict[str, Any] = {
        "tournament_id": t.id,
        "round": None,
        "match_id": None,
        "place": None,
        "wind": None,
        "bye": False,
        "ws_url": None,
    }
    rnd = t.current()
    if rnd is None:
        return out
    out["round"] = rnd.number
    out["bye"] = player.id in rnd.byes
    for ref in rnd.tables:
        if player.id in ref.seats:
            place = ref.seats.index(player.id)
            out.update(
                match_id=ref.match_id,
                place=place,
                wind=WINDS[place],
                ws_url=f"/ws/tables/{ref.match_id}",
            )
    return out
