"""A tournament's standings (JSON, CSV, the EMA results file) and its penalties: match
corrections on a round's raw scores, and lines on the overall score (docs/tournaments.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from server.domain.accounts.tokens import Caller
from server.domain.errors import ApiError, not_found
from server.domain.records import leaderboard as boards
from server.domain.records.scoresheet import standin_hands
from server.domain.tournaments import ema
from server.domain.tournaments import standings as tables_of_results
from server.domain.tournaments.models import ScoreLine, TableRef, Tournament
from server.ports.storage import CorrectionRow
from server.usecases.context import Services
from server.usecases.tournaments import current, load, names, save


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


async def _standins(svc: Services, t: Tournament) -> dict[str, int]:
    """Per player, the tournament matches in which a stand-in bot played their seat."""
    out: dict[str, int] = {}
    for ref in (x for r in t.round_list for x in r.tables):
        record = await svc.store.tables.get(ref.match_id)
        for place, occupant in enumerate(ref.seats):
            if record is not None and standin_hands(record, place):
                out[occupant] = out.get(occupant, 0) + 1
    return out


async def standing_rows(svc: Services, t: Tournament) -> list[dict[str, Any]]:
    """The standings' rows in the ruleset's measure, penalties included."""
    overall = t.overall_lines()
    results = [await svc.store.records.standings(m) for m in t.match_ids()]
    rows = tables_of_results.table(t.ruleset, t.players, results, overall)
    shown = await names(svc, [r.player for r in rows])
    standins = await _standins(svc, t)
    return tables_of_results.rows_json(t.ruleset, rows, shown, standins, overall)


async def standings(svc: Services, tid: str) -> dict[str, Any]:
    """The standings in the ruleset's measure (penalties included)."""
    t, _ = await current(svc, tid)
    main, tie = boards.measure(t.ruleset)
    return {
        "tournament_id": t.id,
        "ruleset": t.ruleset,
        "measure": main,
        "tie_break": tie,
        "rounds_finished": sum(1 for r in t.round_list if r.status == "finished"),
        "players": await standing_rows(svc, t),
    }


async def ema_csv(svc: Services, tid: str) -> tuple[str, str]:
    """The EMA results file and the tournament's id (its file name)."""
    t, _ = await current(svc, tid)
    return ema.to_csv(await standing_rows(svc, t), t.federation), t.id


async def standings_csv(svc: Services, tid: str) -> str:
    """The standings as CSV."""
    t, _ = await current(svc, tid)
    return tables_of_results.to_csv(t.ruleset, await standing_rows(svc, t))


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


async def penalty(svc: Services, tid: str, body: PenaltyIn, who: Caller) -> dict[str, Any]:
    """A penalty (negative) or bonus line: a correction of the player's match of the
    round (``match``), or a line on the overall score (``overall``)."""
    t, version = await load(svc, tid)
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
    await save(svc, t, version)
    return _line_json(line)


async def penalties(svc: Services, tid: str) -> list[dict[str, Any]]:
    """Every penalty and bonus line of the tournament, both kinds, oldest first."""
    t, _ = await load(svc, tid)
    out = [_line_json(line) for line in t.score_lines]
    for r in t.round_list:
        for ref in r.tables:
            for c in await svc.store.records.corrections(ref.match_id):
                if c.kind == "adjust" and c.place is not None:
                    out.append(_penalty_json(r.number, ref, c))
    return sorted(out, key=lambda p: (p["at"], p["kind"], p["correction_id"]))
