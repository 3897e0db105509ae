"""The ladder schemes, pure: what one ranked match does to a player's ladder standing.
The tables are data (``server/domain/ladder/data/<ruleset>.json``, each citing its source).

* ``tenhou`` (riichi; sanma with three seats): ranks from Rookie to 10 dan and Tenhou-i.
  1st and 2nd gain the room's points for the match length, 3rd nothing, 4th loses the
  rank's penalty (sanma: 1st gains, 2nd nothing, 3rd loses the penalty, ``last``). Reaching
  a rank's target promotes, and the points start again at the new rank's base. Below zero
  a dan rank falls to the rank below at its base; the kyu ranks (protected) never fall
  and their points never go below zero; Tenhou-i is final.
* ``points`` (MCR, Zung Jung): the move is ``scale`` x (the player's table points - the
  table's mean), so a table's moves add up to zero. Tiers are point floors; in a
  protected tier the points never fall below its floor (no demotion out of it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


class NoLadder(LookupError):
    """The ruleset has no ladder."""


@dataclass(frozen=True)
class Standing:
    """A player's place on the ladder: the rank (or tier) index and its points."""

    rank: int = 0
    points: float = 0.0


@cache
def table(ruleset: str) -> dict[str, Any]:
    try:
        text = resources.files("server.domain.ladder").joinpath(f"data/{ruleset}.json").read_text()
    except FileNotFoundError:
        raise NoLadder(f"ruleset '{ruleset}' has no ladder") from None
    data: dict[str, Any] = json.loads(text)
    return data


def has_ladder(ruleset: str) -> bool:
    try:
        table(ruleset)
    except NoLadder:
        return False
    return True


def levels(ruleset: str) -> list[dict[str, Any]]:
    """The ranks (tenhou) or tiers (points), lowest first."""
    data = table(ruleset)
    found: list[dict[str, Any]] = data["ranks"] if data["scheme"] == "tenhou" else data["tiers"]
    return found


def tenhou_move(
    data: dict[str, Any], before: Standing, place: int, room: str, length: str
) -> tuple[float, Standing]:
    """The points one match moves and the standing after it (``place`` 1-4, or 1-3 at a
    three-seat ladder such as sanma's)."""
    ranks = data["ranks"]
    rank = ranks[before.rank]
    if rank["target"] is None:  # Tenhou-i: final
        return 0.0, before
    gains = data["rooms"][room][length]  # the places that gain: all but the last
    # the last place (4th; 3rd at a three-seat table) loses the rank's penalty
    last = rank["last"] if "last" in rank else rank["fourth"]
    delta = float(gains[place - 1]) if place <= len(gains) else float(last[length])
    points = before.points + delta
    if points >= rank["target"]:
        up = before.rank + 1
        return delta, Standing(up, float(ranks[up]["base"]))
    if points < 0:
        if rank["protected"] or before.rank == 0:
            return delta, Standing(before.rank, 0.0)
        down = before.rank - 1
        return delta, Standing(down, float(ranks[down]["base"]))
    return delta, Standing(before.rank, points)


def tier_of(tiers: list[dict[str, Any]], points: float) -> int:
    found = 0
    for i, tier in enumerate(tiers):
        if points >= tier["min"]:
            found = i
    return found


def points_move(
    data: dict[str, Any], before: Standing, table_points: float, mean: float
) -> tuple[float, Standing]:
    tiers = data["tiers"]
    delta = round(float(data["scale"]) * (table_points - mean), 4)
    points = before.points + delta
    floor_tier = tiers[before.rank]
    if floor_tier["protected"] and points < floor_tier["min"]:
        points = float(floor_tier["min"])
    return delta, Standing(tier_of(tiers, points), round(points, 4))
