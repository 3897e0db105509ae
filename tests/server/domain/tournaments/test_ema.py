"""The EMA results file (server.domain.tournaments.ema) against a hand-written fixture: columns
in the EMA workbook's order, the organizer's federation data, MERS base ranks."""

from __future__ import annotations

from server.domain.tournaments.ema import base_rank, to_csv

STANDINGS = [
    {"position": 1, "player_id": "a", "name": "Ann Lee", "value": 10.0, "score": 120},
    {"position": 2, "player_id": "b", "name": "Bob", "value": 7.5, "score": -20},
    {"position": 3, "player_id": "c", "name": "Cy", "value": 7.5, "score": -40},
    {"position": 4, "player_id": "d", "name": "Di", "value": 0.0, "score": -60},
]
FEDERATION = {
    "a": {"ema_id": "04010001", "country": "FRA", "first_name": "Ann", "last_name": "Lee"},
    "c": {"country": "NED"},
}

EXPECTED = """\
Position,First name,Last name,EMA number,Points,Score,EMA member,Country,Base rank
1,Ann,Lee,04010001,10,120,yes,FRA,1000
2,,Bob,,7.5,-20,no,,666
3,,Cy,,7.5,-40,no,NED,333
4,,Di,,0,-60,no,,0
"""


def test_the_file_matches_the_hand_written_fixture() -> None:
    assert to_csv(STANDINGS, FEDERATION) == EXPECTED


def test_base_ranks() -> None:
    # 1000 x (N - position) / (N - 1), rounded down
    assert [base_rank(p, 16) for p in (1, 2, 8, 15, 16)] == [1000, 933, 533, 66, 0]
    assert base_rank(1, 1) == 1000
