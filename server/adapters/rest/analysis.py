"""``POST /api/analysis/discards``: for a hand about to discard, every discard's shanten and
ukeire (the review's hints; engine.ukeire does the counting). Stateless: the caller sends
the hand, its melds and the tiles it could see, nothing hidden is read.

Assist off (docs/fair-play.md): the hints are refused (403 ``assist_disabled``) for a hand
of a table that is not over and has ``assist`` off (the body's ``table_id``), and to a
player who sits at such a table on any instance of a cluster. It is a fair-play
convention the server keeps, not a lock: anyone can count shanten offline."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from engine.tiles import NUM_KINDS, counts_of, is_flower
from engine.ukeire import discard_options
from server.adapters.rest.deps import AuthHeader, ServicesDep, player_or_admin
from server.domain.accounts.tokens import bearer
from server.domain.errors import ApiError
from server.usecases.context import Services
from server.usecases.tables import requested_table

router = APIRouter(prefix="/api/analysis", tags=["analysis"])
MAX_TILE = 44  # engine tile ids: 0-33 kinds, 34-41 flowers, 42-44 red fives


class DiscardQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ruleset: str = Field(description="ruleset id (its shapes: seven pairs, 16-tile hands …)")
    options: dict[str, Any] = Field(default_factory=dict, description="the table's options")
    hand: list[int] = Field(
        min_length=2, max_length=20, description="concealed tiles (engine tile ids), 3n + 2"
    )
    melds: int = Field(0, ge=0, le=5, description="melds already called or declared")
    seen: list[int] = Field(
        default_factory=list,
        max_length=200,
        description="other tiles the player sees: rivers, melds, dora indicators",
    )
    table_id: str | None = Field(
        None, max_length=64, description="the table the hand is from (the review sends it)"
    )


class Improving(BaseModel):
    tile: int = Field(description="a tile kind that lowers the shanten")
    left: int = Field(description="its copies the player cannot see")


class DiscardHint(BaseModel):
    tile: int = Field(description="the tile kind discarded")
    shanten: int = Field(description="shanten after the discard (0: ready)")
    ukeire: int = Field(description="unseen tiles that lower that shanten")
    improving: list[Improving]


class DiscardHints(BaseModel):
    best_shanten: int
    options: list[DiscardHint] = Field(description="best first: lowest shanten, most ukeire")


def _tiles(name: str, tiles: list[int]) -> list[int]:
    bad = [t for t in tiles if not 0 <= t <= MAX_TILE]
    if bad:
        raise ApiError(422, "invalid_field", f"{name}: {bad[0]} is not a tile id (0-{MAX_TILE})")
    return [t for t in tiles if not is_flower(t)]


LIVE = ("waiting", "playing", "paused")


async def _refuse_without_assist(
    svc: Services, body: DiscardQuery, authorization: str | None
) -> None:
    if body.table_id is not None:
        record = await svc.store.tables.get(body.table_id)
        if record is not None and not record.assist and record.status in LIVE:
            raise ApiError(
                403, "assist_disabled", f"table {record.id} plays without hints until it is over"
            )
    if bearer(authorization) is None:
        return
    player = await player_or_admin(svc, authorization)  # a bad token is a 401
    if player is None:
        return
    # every instance's tables (the store), not only this one's (docs/fair-play.md)
    for record in await svc.manager.live_records_of(player.id):
        if not record.assist:
            raise ApiError(
                403, "assist_disabled", f"you sit at table {record.id}, which plays without hints"
            )


@router.post("/discards", response_model=DiscardHints)
async def discards(
    body: DiscardQuery, svc: ServicesDep, authorization: AuthHeader = None
) -> dict[str, Any]:
    await _refuse_without_assist(svc, body, authorization)
    table = requested_table(body.ruleset, body.options)
    hand = counts_of(_tiles("hand", body.hand))
    seen = counts_of(_tiles("seen", body.seen))
    if any(hand[k] + seen[k] > 4 for k in range(NUM_KINDS)):
        raise ApiError(422, "invalid_field", "hand and seen hold more than four of a kind")
    rules = table.rules
    try:
        options = discard_options(
            hand, body.melds, n_sets=rules.n_sets, rules=rules.shape_rules, seen=seen
        )
    except ValueError as exc:
        raise ApiError(422, "invalid_field", f"hand: {exc}") from None
    return {
        "best_shanten": options[0].shanten,
        "options": [
            {
                "tile": o.kind,
                "shanten": o.shanten,
                "ukeire": o.ukeire,
                "improving": [{"tile": k, "left": n} for k, n in o.improving],
            }
            for o in options
        ],
    }
