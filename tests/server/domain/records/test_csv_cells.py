"""CSV (formula) injection: every CSV export neutralises text a spreadsheet would run
(issue 35: a player named ``=HYPERLINK(…)`` was written as is), and leaves numbers and
every other cell as they were."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from server.domain.records.csv_cells import neutral
from server.domain.records.scoresheet import standings_csv
from server.domain.records.scoresheet import to_csv as scoresheet_csv
from server.domain.tournaments import ema
from server.domain.tournaments.standings import to_csv as tournament_csv

HOSTILE = '=HYPERLINK("http://x","Click")'
NAMES = [HOSTILE, "+1+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "\tTab", "\rCr", "Plain"]


@pytest.mark.parametrize("text", NAMES[:-1])
def test_formula_text_gets_a_quote(text: str) -> None:
    assert neutral(text) == "'" + text


@pytest.mark.parametrize("cell", [-20, -1.5, 0, 7, "-20", "+3", "-7.25", "Plain", "", None])
def test_numbers_and_plain_text_are_left_alone(cell: Any) -> None:
    assert neutral(cell) == cell


def cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text, newline="")) for c in row]


def unsafe(text: str) -> list[str]:
    """The cells a spreadsheet would take for a formula."""
    return [
        c
        for c in cells(text)
        if c.startswith(("=", "+", "-", "@", "\t", "\r"))
        and not c.lstrip("+-").replace(".", "").isdigit()
    ]


def sheet() -> dict[str, Any]:
    players = [
        {"name": name, "seat_wind": wind, "player_id": f"p{i}", "standin_hands": [0]}
        for i, (name, wind) in enumerate(zip(NAMES[:4], "ESWN", strict=True))
    ]
    standings = [
        {"rank": i + 1, "place": i, "score": 100 - 60 * i, "points": -10.5 * i} for i in range(4)
    ]
    return {"players": players, "hands": [], "lines": [], "standings": standings}


def test_the_match_exports_write_no_formula() -> None:
    for text in (scoresheet_csv(sheet()), standings_csv(sheet())):
        assert not unsafe(text), unsafe(text)
    standing = cells(standings_csv(sheet()))
    assert "'" + HOSTILE in standing and "-80" in standing and "-31.5" in standing


def test_the_tournament_exports_write_no_formula() -> None:
    rows = [
        {
            "position": i + 1,
            "name": name,
            "player_id": f"p{i}",
            "matches": 1,
            "value": -1.5 * i,
            "points": -1.5 * i,
            "score": -20 * i,
            "average_rank": None,
        }
        for i, name in enumerate(NAMES)
    ]
    federation = {"p1": {"first_name": "=cmd", "last_name": "@x", "country": "-FR"}}
    for text in (tournament_csv("mcr", rows), ema.to_csv(rows, federation)):
        assert not unsafe(text), unsafe(text)
        assert "-20" in cells(text)  # a negative score stays a number
