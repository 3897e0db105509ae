"""A league's table from hand-made standings: summed, averaged and best-N in each
ruleset's own measure, ties broken by the ruleset's tie-break; bots left out."""

from __future__ import annotations

from server.domain.tournaments.leagues import table
from server.ports.storage import StandingRow


def match(mid: str, *rows: tuple[str, int, int, float]) -> list[StandingRow]:
    return [
        StandingRow(mid, place, p, rank, score, points)
        for place, (p, rank, score, points) in enumerate(rows)
    ]


RESULTS = [
    match(
        "m1",
        ("ann", 1, 60, 4.0),
        ("bob", 2, 20, 2.0),
        ("cat", 3, -30, 1.0),
        ("bot:greedy", 4, -50, 0.0),
    ),
    match(
        "m2", ("ann", 4, -40, 0.0), ("bob", 1, 80, 4.0), ("cat", 2, 10, 2.0), ("dan", 3, -50, 1.0)
    ),
    match("m3", ("ann", 1, 30, 4.0), ("bob", 3, -5, 1.0), ("cat", 2, 5, 2.0), ("dan", 4, -30, 0.0)),
]


def order(aggregate: str, best: int | None = None, ruleset: str = "mcr") -> list[tuple[str, float]]:
    rows = table(ruleset, RESULTS, aggregate, best, {})  # type: ignore[arg-type]
    return [(r["player_id"], r["value"]) for r in rows]


def test_sum_average_and_best_n() -> None:
    # table points: ann 8, bob 7, cat 5, dan 1
    assert order("sum") == [("ann", 8.0), ("bob", 7.0), ("cat", 5.0), ("dan", 1.0)]
    assert order("average") == [("ann", 2.6667), ("bob", 2.3333), ("cat", 1.6667), ("dan", 0.5)]
    # best 2: ann 4+4, bob 4+2 = 6, cat 2+2 = 4, dan 1+0
    assert order("best", 2) == [("ann", 8.0), ("bob", 6.0), ("cat", 4.0), ("dan", 1.0)]
    # best 1: ann and bob both 4; MCR breaks the tie by the raw score: bob 80 > ann 60
    assert order("best", 1)[:2] == [("bob", 4.0), ("ann", 4.0)]


def test_each_ruleset_in_its_own_measure() -> None:
    # Zung Jung: raw score summed: bob 95, ann 50, cat -15, dan -80
    assert order("sum", ruleset="zung_jung") == [
        ("bob", 95.0),
        ("ann", 50.0),
        ("cat", -15.0),
        ("dan", -80.0),
    ]
    rows = table("riichi", RESULTS, "best", 1, {"ann": "Ann"})
    # uma/oka results, best 1: ann and bob 4 (both 1st: average rank ties, then id), cat, dan
    assert [(r["player_id"], r["value"], r["average_rank"]) for r in rows] == [
        ("ann", 4.0, 1.0),
        ("bob", 4.0, 1.0),
        ("cat", 2.0, 2.0),
        ("dan", 1.0, 3.0),
    ]
    assert rows[0]["name"] == "Ann" and rows[0]["counted"] == 1 and rows[0]["matches"] == 3
