"""Tournament standings, tie-breaks and a penalty against figures worked out by hand
(the end-to-end tournaments check the same rules on played matches)."""

from __future__ import annotations

from datetime import UTC, datetime

from server.domain.records.sheet import project
from server.domain.registry import build_table
from server.domain.tournaments import standings
from server.ports.storage import CorrectionRow, StandingRow


def _rows(table_id: str, *seats: tuple[str, int, int, float]) -> list[StandingRow]:
    return [StandingRow(table_id, i, p, r, s, pts) for i, (p, r, s, pts) in enumerate(seats)]


def _order(
    ruleset: str, players: list[str], matches: list[list[StandingRow]]
) -> list[tuple[str, float, int, int]]:
    return [
        (r.player, r.points, r.score, r.matches) for r in standings.table(ruleset, players, matches)
    ]


def test_mcr_table_points_then_total_raw_score_then_id() -> None:
    a = _rows(
        "A", ("ann", 1, 50, 4), ("bob", 2, 10, 2), ("cat", 3, -20, 1), ("bot:greedy", 4, -40, 0)
    )
    b = _rows("B", ("ann", 4, -30, 0), ("bob", 1, 60, 4), ("dan", 2, -10, 2), ("eve", 3, -25, 1))
    # by hand: bob 6 pts (+70), ann 4 (+20), dan 2 (-10), cat 1 (-20), eve 1 (-25);
    # cat and eve tie on table points, the raw score puts cat first (seed 000); the bot is
    # no player; fay has no match yet and waits at the end
    assert _order("mcr", ["ann", "bob", "cat", "dan", "eve", "fay"], [a, b]) == [
        ("bob", 6, 70, 2),
        ("ann", 4, 20, 2),
        ("dan", 2, -10, 1),
        ("cat", 1, -20, 1),
        ("eve", 1, -25, 1),
        ("fay", 0, 0, 0),
    ]


def _two_riichi_matches() -> tuple[list[StandingRow], list[StandingRow]]:
    a = _rows(
        "A",
        ("xia", 1, 45000, 30.0),
        ("yan", 2, 30000, 5.0),
        ("zoe", 3, 15000, -15.0),
        ("wu", 4, 10000, -20.0),
    )
    b = _rows(
        "B",
        ("xia", 4, 10000, -20.0),
        ("yan", 2, 30000, 5.0),
        ("zoe", 1, 45000, 30.0),
        ("wu", 3, 15000, -15.0),
    )
    return a, b


def test_riichi_results_then_average_rank() -> None:
    a, b = _two_riichi_matches()
    # by hand: xia 10.0 (ranks 1, 4: average 2.5), yan 10.0 (2, 2: 2.0), zoe 15.0, wu -35.0
    assert _order("riichi", ["wu", "xia", "yan", "zoe"], [a, b]) == [
        ("zoe", 15.0, 60000, 2),
        ("yan", 10.0, 60000, 2),
        ("xia", 10.0, 55000, 2),
        ("wu", -35.0, 25000, 2),
    ]


def test_a_chombo_penalty_reranks_the_match() -> None:
    """Riichi defaults: start 25,000, return 30,000 (oka +20 to first), uma 20/10/-10/-20,
    ties in seat order. No hand played, a -20,000 chombo line for place 1: totals 25,000,
    5,000, 25,000, 25,000 -> places 0, 2, 3 take ranks 1-3, place 1 is last."""
    table = build_table("riichi", {})
    chombo = CorrectionRow(1, "m", "adjust", 1, -20000, None, "chombo", "admin", datetime.now(UTC))
    p = project("m", table, ["p0", "p1", "p2", "p3"], [], [chombo], finished=True)
    assert p.final == [25000, 5000, 25000, 25000]
    got = {s.player: (s.rank, s.score, s.points) for s in p.standings}
    # (score - 30,000) / 1,000 + uma (+ oka for first)
    assert got == {
        "p0": (1, 25000, -5 + 20 + 20),
        "p2": (2, 25000, -5 + 10),
        "p3": (3, 25000, -5 - 10),
        "p1": (4, 5000, -25 - 20),
    }


def test_an_overall_penalty_comes_after_uma_and_leaves_the_match_alone() -> None:
    """WRC kind: the same two riichi matches as above, then -20 (a 20,000-point chombo
    in session-score units) on zoe's overall score: by hand zoe 15.0 - 20 = -5.0 falls
    below yan and xia (10.0 each) but stays above wu (-35.0); her raw score and her match
    ranks are what the matches say. A line for someone not registered is ignored."""
    a, b = _two_riichi_matches()
    rows = standings.table(
        "riichi", ["wu", "xia", "yan", "zoe"], [a, b], {"zoe": -20.0, "nobody": -5.0}
    )
    assert [(r.player, r.points, r.score, r.rank_sum) for r in rows] == [
        ("yan", 10.0, 60000, 4),
        ("xia", 10.0, 55000, 5),
        ("zoe", -5.0, 60000, 4),
        ("wu", -35.0, 25000, 7),
    ]
    out = standings.rows_json("riichi", rows, {}, None, {"zoe": -20.0})
    assert [(r["player_id"], r["value"], r["overall_penalty"]) for r in out] == [
        ("yan", 10.0, 0.0),
        ("xia", 10.0, 0.0),
        ("zoe", -5.0, -20.0),
        ("wu", -35.0, 0.0),
    ]
    header, *lines = standings.to_csv("riichi", out).splitlines()
    assert header.endswith(",stand-in matches,overall penalty")
    assert lines[2].split(",")[4:] == ["-5.0", "-5.0", "60000", "2.0", "0", "-20.0"]


def test_an_overall_penalty_on_a_raw_score_measure_moves_the_raw_score() -> None:
    """Zung Jung ranks by raw score: an overall line of -30 lowers the raw score."""
    a = _rows("A", ("ann", 1, 50, 0), ("bob", 2, 30, 0), ("cat", 3, -30, 0), ("dan", 4, -50, 0))
    rows = standings.table("zung_jung", ["ann", "bob", "cat", "dan"], [a], {"ann": -30})
    assert [(r.player, r.score) for r in rows] == [
        ("bob", 30),
        ("ann", 20),
        ("cat", -30),
        ("dan", -50),
    ]
