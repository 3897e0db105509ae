"""The installed rulesets with their versions, names and options schemas."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from engine.ruleset import Names, Ruleset, TableRuleset, options_schema, parse_options
from server.adapters.rest.models import RulesetOut
from server.domain import registry
from server.domain.registry import playable

router = APIRouter(prefix="/api/rulesets", tags=["rulesets"])


def _names(n: Names) -> dict[str, str]:
    return {"en": n.en, "zh": n.zh, "ja": n.ja}


def _wall_after_deal(r: Ruleset[Any]) -> int | None:
    """The live wall after the deal under the default options (None: not playable)."""
    if not isinstance(r, TableRuleset):
        return None
    rules = r.table_rules(parse_options(r, {}))
    wall = rules.wall
    return wall.total_tiles - wall.dead_wall - rules.seats * wall.hand_size


@router.get("", response_model=list[RulesetOut])
async def list_rulesets() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ruleset_id in registry.available():
        try:
            r = registry.load(ruleset_id)
        except registry.BrokenRuleset as exc:
            out.append({"id": ruleset_id, "error": str(exc)})
            continue
        seats = registry.build_table(r.id, None).rules.seats if playable(r) else None
        out.append(
            {
                "id": r.id,
                "version": r.version,
                "names": _names(r.names),
                "playable": playable(r),
                "options_schema": options_schema(r),
                "leaderboard": {"measure": r.leaderboard[0], "tie_break": r.leaderboard[1]},
                "statistics": sorted(r.statistics),
                "log_exports": list(r.log_exports),
                "refused_exports": dict(r.refused_exports),
                "plays_mjai": r.plays_mjai,
                "words": {key: _names(n) for key, n in r.words.items()},
                "wall_after_deal": _wall_after_deal(r),
                "seats": seats,
            }
        )
    return out
