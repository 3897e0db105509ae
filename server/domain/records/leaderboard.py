"""Leaderboards per ruleset, each in the ruleset's own measure (never summed across
rulesets), as the ruleset declares it (``Ruleset.leaderboard``, engine/ruleset.py): MCR
and Three Kingdoms by table points with the total raw score breaking ties (seed 000;
mcr.md §10), riichi by the uma/oka results then average rank, Zung Jung by raw score then
average rank. A ruleset that is not installed (or does not load): table points, then raw
score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ruleset import Measure, Ruleset, TieBreak
from server.domain import registry
from server.ports.storage import LeaderRow

DEFAULT_MEASURE: tuple[Measure, TieBreak] = Ruleset.leaderboard


def measure(ruleset: str) -> tuple[Measure, TieBreak]:
    try:
        return registry.load(ruleset).leaderboard
    except (registry.UnknownRuleset, registry.BrokenRuleset):
        return DEFAULT_MEASURE


def _key(ruleset: str, r: LeaderRow) -> tuple[float, float, str]:
    average = r.rank_sum / r.matches
    main, tie = measure(ruleset)
    # points are sums of floats (shared places give thirds): compared as published, to 4
    # places, so that a float's last bit never hides a tie from the tie-break
    first = float(r.score) if main == "raw score" else round(r.points, 4)
    second = average if tie == "average rank" else -float(r.score)
    return (-first, second, r.player)


def ordered(ruleset: str, rows: Sequence[LeaderRow], min_matches: int = 1) -> list[LeaderRow]:
    kept = [r for r in rows if r.matches >= min_matches]
    return sorted(kept, key=lambda r: _key(ruleset, r))


def row_json(ruleset: str, position: int, r: LeaderRow, name: str) -> dict[str, Any]:
    main, _ = measure(ruleset)
    value: float = float(r.score) if main == "raw score" else round(r.points, 4)
    return {
        "position": position,
        "player_id": r.player,
        "name": name,
        "matches": r.matches,
        "value": value,
        "points": round(r.points, 4),
        "score": r.score,
        "average_rank": round(r.rank_sum / r.matches, 4),
    }
