"""Leaderboards per ruleset, each in the ruleset's own measure (never summed across
rulesets): MCR and Three Kingdoms by table points with the total raw score breaking ties
(seed 000; mcr.md §10), riichi by the uma/oka results then average rank, Zung Jung by raw
score then average rank. Other rulesets: table points, then raw score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.ports.storage import LeaderRow

MEASURES: dict[str, tuple[str, str]] = {
    "mcr": ("table points", "total raw score"),
    "three_kingdoms": ("table points", "total raw score"),
    "riichi": ("uma/oka result", "average rank"),
    "zung_jung": ("raw score", "average rank"),
}
DEFAULT_MEASURE = ("table points", "total raw score")


def measure(ruleset: str) -> tuple[str, str]:
    return MEASURES.get(ruleset, DEFAULT_MEASURE)


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
