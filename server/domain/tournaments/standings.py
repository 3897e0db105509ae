"""A tournament's standings: the match records' corrected standings of its tables, added
up per player and ordered by the leaderboard's rule for the ruleset (MCR and Three
Kingdoms table points, total raw score breaking ties; riichi uma/oka results; Zung Jung
raw score): server.domain.records.leaderboard, never a second derivation. Substitute bots are
left out."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from server.domain.records import leaderboard as boards
from server.domain.records.csv_cells import writer as csv_writer
from server.domain.records.ratings import is_rated_seat
from server.ports.storage import LeaderRow, StandingRow


def table(
    ruleset: str,
    players: Sequence[str],
    results: Sequence[Sequence[StandingRow]],
    overall: Mapping[str, float] | None = None,
) -> list[LeaderRow]:
    """Every registered player (those without a finished match yet on 0), ordered.
    ``overall``: per player, the penalties and bonuses on the overall score (WRC kind),
    added to the measure after the matches (table points or uma/oka results; the raw
    score where that is the measure), so they never change a match's ranks."""
    acc = {p: LeaderRow(p, 0, 0.0, 0, 0) for p in players}
    for rows in results:
        for s in rows:
            if not is_rated_seat(s.player):
                continue
            r = acc.setdefault(s.player, LeaderRow(s.player, 0, 0.0, 0, 0))
            r.matches += 1
            r.points += s.points
            r.score += s.score
            r.rank_sum += s.rank
    main, _ = boards.measure(ruleset)
    for p, amount in (overall or {}).items():
        if p in acc:
            if main == "raw score":
                acc[p].score += round(amount)
            else:
                acc[p].points += amount
    played = boards.ordered(ruleset, [r for r in acc.values() if r.matches])
    waiting = sorted((r for r in acc.values() if not r.matches), key=lambda r: r.player)
    return played + waiting


def rows_json(
    ruleset: str,
    rows: Sequence[LeaderRow],
    names: Mapping[str, str],
    standins: Mapping[str, int] | None = None,
    overall: Mapping[str, float] | None = None,
) -> list[dict[str, Any]]:
    """The rows as JSON; ``standin_matches``: the player's matches in which a stand-in bot
    played their seat for some hands (they were absent after the grace period);
    ``overall_penalty``: the overall-score lines already counted in ``value`` (and in
    ``points``, or ``score`` where the raw score is the measure)."""
    main, _ = boards.measure(ruleset)
    out = []
    for i, r in enumerate(rows, 1):
        if r.matches:
            out.append(boards.row_json(ruleset, i, r, names.get(r.player, "")))
        else:
            out.append(
                {
                    "position": i,
                    "player_id": r.player,
                    "name": names.get(r.player, ""),
                    "matches": 0,
                    "value": float(r.score) if main == "raw score" else round(r.points, 4),
                    "points": round(r.points, 4),
                    "score": r.score,
                    "average_rank": None,
                }
            )
        out[-1]["standin_matches"] = (standins or {}).get(r.player, 0)
        out[-1]["overall_penalty"] = round((overall or {}).get(r.player, 0.0), 4)
    return out


def to_csv(ruleset: str, rows: Sequence[dict[str, Any]]) -> str:
    main, _ = boards.measure(ruleset)
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(
        [
            "position",
            "name",
            "player id",
            "matches",
            main,
            "points",
            "raw score",
            "average rank",
            "stand-in matches",
            "overall penalty",
        ]
    )
    for r in rows:
        w.writerow(
            [
                r["position"],
                r["name"],
                r["player_id"],
                r["matches"],
                r["value"],
                r["points"],
                r["score"],
                r["average_rank"] if r["average_rank"] is not None else "",
                r.get("standin_matches", 0),
                r.get("overall_penalty", 0),
            ]
        )
    return buf.getvalue()
