"""A tournament's rounds: seating the next one and opening its tables wherever the
placement puts them (server.ports.placement), ending one at its time limit, comparing a
round's results per wall, and an organizer's hand on one table (docs/tournaments.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from server.domain.accounts.tokens import Caller
from server.domain.errors import ApiError, not_found
from server.domain.tables.actor import TableActor
from server.domain.tables.errors import TableError
from server.domain.tournaments import seating
from server.domain.tournaments.models import Round, TableRef, Tournament
from server.ports.placement import TIME_CALLED_ALREADY, RoundPlacement
from server.usecases import tables
from server.usecases.context import Services
from server.usecases.standings import standing_rows
from server.usecases.tables import NewTable, SpectatorsIn, TimersIn, open_table, table_error
from server.usecases.tournaments import current, load, save, view


async def start_round(
    svc: Services, tid: str, duplicate: bool, placement: RoundPlacement
) -> dict[str, Any]:
    """Seat the next round and open every one of its tables at once (round 1: the seeded
    draw; later rounds: swiss by the standings); ``duplicate``: every table plays the
    same walls, seats rotated by table."""
    t, version = await current(svc, tid)
    rnd = t.current()
    if rnd is not None and rnd.status != "finished":
        raise ApiError(409, "round_in_progress", f"round {rnd.number} is not finished")
    if len(t.round_list) >= t.rounds:
        raise ApiError(409, "tournament_over", "every round has been played")
    number = len(t.round_list) + 1
    standing = [r["player_id"] for r in await standing_rows(svc, t)]
    past = [[ref.seats for ref in r.tables] for r in t.round_list]
    byes: dict[str, int] = {}
    for r in t.round_list:
        for p in r.byes:
            byes[p] = byes.get(p, 0) + 1
    size = tables.requested_table(t.ruleset, t.options).rules.seats  # sanma: three
    try:
        plan = seating.seat_round(
            number, t.players, t.seed, standing, past, byes, t.fill, size=size
        )
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
    version = await save(svc, t, version)
    # on a cluster the tables spread over the instances as POST /api/tables would place
    # them one by one (docs/cluster.md, Placement)
    places = await placement.spread(len(seatings))
    refs = []
    for i, seats in enumerate(seatings, 1):
        match_id, where = None, places[i - 1]
        if where is not None:
            match_id = await placement.open_round_table(where, t.id, number, i)
        if match_id is None:
            match_id = (await _open_here(svc, t, number, i)).id
        refs.append(TableRef(table_no=i, match_id=match_id, seats=list(seats)))
    t.round_list[-1].tables = refs
    await save(svc, t, version)
    out = await view(svc, t)
    result: dict[str, Any] = out["round_list"][-1]
    return result


async def _open_here(svc: Services, t: Tournament, number: int, table_no: int) -> TableActor:
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


async def open_round_table(svc: Services, tid: str, number: int, table_no: int) -> dict[str, Any]:
    """Open one table of a round that is being started, here: how the instance starting a
    round on a cluster spreads its tables. Refused once the round's tables are recorded."""
    t, _ = await load(svc, tid)
    if not 1 <= number <= len(t.round_list):
        raise not_found("round", str(number))
    rnd = t.round_list[number - 1]
    if rnd.tables or rnd.status == "finished":
        raise ApiError(409, "round_seated", f"round {number}'s tables are open already")
    if not 1 <= table_no <= len(rnd.seating):
        raise not_found("table", str(table_no))
    actor = await _open_here(svc, t, number, table_no)
    out: dict[str, Any] = actor.public()
    return out


async def end_round(
    svc: Services, tid: str, number: int, who: Caller, placement: RoundPlacement
) -> dict[str, Any]:
    """End the round at its time limit: time is called at every unfinished table, here
    or by the instance that serves it. Calling it again only repeats the call at tables
    still playing."""
    t, version = await current(svc, tid)
    if not 1 <= number <= len(t.round_list):
        raise not_found("round", str(number))
    rnd = t.round_list[number - 1]
    if rnd.status == "finished":
        raise ApiError(409, "round_finished", f"round {number} is over")
    if rnd.ended_by is None:
        rnd.ended_by = who.label
        rnd.ended_at = datetime.now(UTC)
        await save(svc, t, version)
    for ref in rnd.tables:
        record = await svc.store.tables.get(ref.match_id)
        if record is None or record.status in ("finished", "aborted"):
            continue
        owner = await placement.owner(ref.match_id)
        if owner is not None:  # the owner calls time (the route of one table)
            await placement.call_time(owner, t.id, ref.match_id)
            continue
        try:
            await tables.call_time(await svc.manager.require(ref.match_id))
        except TableError as exc:
            if exc.code not in TIME_CALLED_ALREADY:
                raise table_error(exc) from None
    t, _ = await current(svc, tid)
    out = await view(svc, t)
    result: dict[str, Any] = out["round_list"][number - 1]
    return result


async def round_walls(svc: Services, tid: str, number: int) -> dict[str, Any]:
    """Results compared per wall: for each hand number, every table's outcome, winners and
    score changes per table place, with who sat there."""
    t, _ = await current(svc, tid)
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


async def control_table(
    svc: Services, tid: str, match_id: str, action: str, place: int | None
) -> dict[str, Any]:
    """Pause or resume a table of the tournament, give a seat to a bot, or call time at
    it; the table as the tournament shows it."""
    t, _ = await load(svc, tid)
    ref = next((x for r in t.round_list for x in r.tables if x.match_id == match_id), None)
    if ref is None:
        raise not_found("table", match_id)
    await tables.control(svc, match_id, action, len(ref.seats), place)
    out = await view(svc, t)
    for r in out["round_list"]:
        for table in r["tables"]:
            if table["match_id"] == match_id:
                found: dict[str, Any] = table
                return found
    raise not_found("table", match_id)
