"""The final results as a file for the European Mahjong Association's ranking (MERS).

The EMA publishes no layout for the results file an organizer sends (its ranking pages
describe certification and the ranking formula only: docs/tournaments.md says what was
searched). The nearest documented layout is the EMA's own results workbook as a
third-party importer of it reads it (github.com/Jesterboxboy/ema_scraper,
``get_results.py``): one row per player with position, first name, last name, EMA
number, points, score, whether the player is an EMA member, and a three-letter country.
This CSV has those columns in that order, plus the MERS base rank the EMA derives from
the position (``1000 × (N − position) / (N − 1)``, rounded down; 1000 for a lone
player), so the file can be checked before it is sent.

Points are the ruleset's tournament measure (MCR table points; riichi the uma/oka
results; Zung Jung the raw score) and score the raw score, both from the standings.
EMA numbers, countries and split names come from the organizer (``federation`` per
player); a player without an EMA number is marked as no member."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from server.domain.records.csv_cells import writer as csv_writer

HEADER = (
    "Position",
    "First name",
    "Last name",
    "EMA number",
    "Points",
    "Score",
    "EMA member",
    "Country",
    "Base rank",
)


def base_rank(position: int, players: int) -> int:
    """MERS base rank: 1000 for first, 0 for last, linear between, rounded down."""
    if players <= 1:
        return 1000
    return (1000 * (players - position)) // (players - 1)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def rows(
    standings: Sequence[Mapping[str, Any]], federation: Mapping[str, Mapping[str, str]]
) -> list[list[str]]:
    """The file's rows (without the header) from the tournament's standings rows
    (``server.domain.tournaments.standings.rows_json``, best first)."""
    n = len(standings)
    out = []
    for r in standings:
        fed = federation.get(r["player_id"], {})
        first = fed.get("first_name", "")
        last = fed.get("last_name", "") or (r["name"] if not first else "")
        ema = fed.get("ema_id", "")
        out.append(
            [
                str(r["position"]),
                first,
                last,
                ema,
                _number(r["value"]),
                str(int(r["score"])),
                "yes" if ema else "no",
                fed.get("country", ""),
                str(base_rank(int(r["position"]), n)),
            ]
        )
    return out


def to_csv(
    standings: Sequence[Mapping[str, Any]], federation: Mapping[str, Mapping[str, str]]
) -> str:
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(HEADER)
    w.writerows(rows(standings, federation))
    return buf.getvalue()
