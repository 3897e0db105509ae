"""A league's table (pure): each counted match of the league gives every player in it the
ruleset's measure of that match (server.domain.records.leaderboard: table points, the uma/oka
result, or the raw score), from the match's corrected standings; the table adds them up
(``sum``), averages them (``average``) or adds the player's best N (``best``). Ties: the
ruleset's tie-break over the same matches (total raw score for MCR and Three Kingdoms,
average rank otherwise), then player id. docs/tournaments.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from server.domain.records import leaderboard as boards
from server.domain.records.ratings import is_rated_seat
from server.ports.storage import StandingRow

Aggregate = Literal["sum", "average", "best"]


def value(ruleset: str, s: StandingRow) -> float:
    main, _ = boards.measure(ruleset)
    return float(s.score) if main == "raw score" else s.points


def table(
    ruleset: str,
    results: Sequence[Sequence[StandingRow]],
    aggregate: Aggregate,
    best: int | None,
    names: Mapping[str, str],
) -> list[dict[str, Any]]:
    per: dict[str, list[StandingRow]] = {}
    for rows in results:
        for s in rows:
            if is_rated_seat(s.player):
                per.setdefault(s.player, []).append(s)
    _, tie = boards.measure(ruleset)
    lines = []
    for player, rows in per.items():
        counted = sorted(rows, key=lambda s: (-value(ruleset, s), s.rank, s.table_id))
        if aggregate == "best" and best is not None:
            counted = counted[:best]
        total = sum(value(ruleset, s) for s in counted)
        measure = total / len(counted) if aggregate == "average" else total
        average_rank = sum(s.rank for s in counted) / len(counted)
        raw = sum(s.score for s in counted)
        second = average_rank if tie == "average rank" else -float(raw)
        lines.append(
            (-measure, second, player, len(rows), len(counted), raw, average_rank, measure)
        )
    lines.sort(key=lambda x: (x[0], x[1], x[2]))
    return [
        {
            "position": i,
            "player_id": player,
            "name": names.get(player, ""),
            "matches": played,
            "counted": counted_n,
            "value": round(measure, 4),
            "score": raw,
            "average_rank": round(average_rank, 4),
        }
        for i, (_, _, player, played, counted_n, raw, average_rank, measure) in enumerate(lines, 1)
    ]
