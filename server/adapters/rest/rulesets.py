"""The installed rulesets with their versions, names and options schemas."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from engine.ruleset import options_schema
from server.adapters.rest.models import RulesetOut
from server.domain import registry
from server.domain.registry import playable

router = APIRouter(prefix="/api/rulesets", tags=["rulesets"])


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
                "names": {"en": r.names.en, "zh": r.names.zh, "ja": r.names.ja},
                "playable": playable(r),
                "options_schema": options_schema(r),
                "seats": seats,
            }
        )
    return out
