"""The collusion report for organizers and admins (server.domain.fairplay, docs/fair-play.md):
per pair of players who sat together, the signals and the evidence, outliers first."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query

from server.adapters.rest.deps import OrganizerDep, ServicesDep
from server.adapters.rest.responses import day_range, record_errors, ruleset_param
from server.domain.fairplay.collusion import METHOD
from server.domain.fairplay.source import collusion_report

router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[OrganizerDep])


@router.get("/collusion", responses=record_errors(401, 403, 422))
async def collusion(
    svc: ServicesDep,
    ruleset: str | None = Query(None, max_length=64, description="required"),
    since: Annotated[date | None, Query(alias="from", description="first UTC day")] = None,
    until: Annotated[date | None, Query(alias="to", description="last UTC day, included")] = None,
    min_matches: int = Query(5, ge=1, le=100_000, description="matches together, at least"),
    threshold: float = Query(3.0, ge=0, le=100, description="outlier score that flags a pair"),
    all_pairs: bool = Query(False, alias="all", description="every pair, not only flagged"),
    limit: int = Query(50, ge=1, le=500),
) -> dict[str, Any]:
    """Pairs of players whose play together stands out (deal-ins into each other, wins
    passed on the partner's discard, points moved between them), with the matches and
    moments behind each figure. A flag is a reason to look, never a sanction."""
    ruleset = ruleset_param(ruleset)
    start, end = day_range(since, until)
    report = await collusion_report(
        svc.store,
        ruleset,
        since=start,
        until=end,
        min_matches=min_matches,
        threshold=threshold,
        cache=svc.collusion_cache,
    )
    pairs = report.pairs if all_pairs else report.flagged
    pairs = pairs[:limit]
    names: dict[str, str] = {}
    for p in pairs:
        for pid in (p.a, p.b):
            if pid not in names:
                player = await svc.store.players.get(pid)
                names[pid] = player.name if player else pid
    return {
        "ruleset": ruleset,
        "from": since.isoformat() if since else None,
        "to": until.isoformat() if until else None,
        "min_matches": min_matches,
        "threshold": threshold,
        "method": METHOD,
        "population": report.population.json(),
        "pairs_considered": len(report.pairs),
        "flagged": len(report.flagged),
        "pairs": [p.json(names) for p in pairs],
    }
