"""Each ruleset's board in its own measure: MCR and Three Kingdoms by table points with
the total raw score breaking ties (seed 000; mcr.md §10), riichi by uma/oka result then
average rank, Zung Jung by raw score then average rank; minimum matches filter."""

from __future__ import annotations

from server.domain.records.leaderboard import ordered, row_json
from server.ports.storage import LeaderRow

ROWS = [
    LeaderRow("ann", matches=2, points=6.0, score=40, rank_sum=3),
    LeaderRow("bob", matches=2, points=6.0, score=90, rank_sum=4),
    LeaderRow("cat", matches=3, points=5.0, score=200, rank_sum=5),
    LeaderRow("dan", matches=1, points=6.0, score=90, rank_sum=1),
]


def order(ruleset: str, min_matches: int = 1) -> list[str]:
    return [r.player for r in ordered(ruleset, ROWS, min_matches)]


def test_table_points_with_the_raw_score_breaking_ties() -> None:
    assert order("mcr") == ["bob", "dan", "ann", "cat"]  # bob, dan: 90 raw; name last
    assert order("three_kingdoms") == order("mcr")


def test_a_tie_in_thirds_is_still_a_tie() -> None:
    """Shared places give thirds; sums of them differ in the last bit of a float. The
    raw score still breaks the tie the published points show."""
    thirds = 7 / 3 + 1 / 3 + 1 / 3  # three matches: 3.0000000000000004
    rows = [
        LeaderRow("eve", matches=3, points=3.0, score=50, rank_sum=6),
        LeaderRow("fay", matches=3, points=thirds, score=10, rank_sum=6),
    ]
    assert thirds != 3.0  # the float sum is off in its last bit
    assert [r.player for r in ordered("mcr", rows)] == ["eve", "fay"]  # 50 raw beats 10


def test_riichi_by_result_then_average_rank() -> None:
    assert order("riichi") == ["dan", "ann", "bob", "cat"]  # averages 1, 1.5, 2


def test_zung_jung_by_raw_score_then_average_rank() -> None:
    assert order("zung_jung") == ["cat", "dan", "bob", "ann"]


def test_minimum_matches_and_the_reported_figures() -> None:
    assert order("mcr", min_matches=2) == ["bob", "ann", "cat"]
    row = row_json("zung_jung", 1, ROWS[2], "Cat")
    assert row == {
        "position": 1,
        "player_id": "cat",
        "name": "Cat",
        "matches": 3,
        "value": 200.0,
        "points": 5.0,
        "score": 200,
        "average_rank": 1.6667,
    }
    assert row_json("mcr", 1, ROWS[1], "Bob")["value"] == 6.0


def test_a_ruleset_that_is_gone_is_a_clear_error() -> None:
    import pytest

    from server.domain.records.sheet import RulesetUnavailable, table_of

    with pytest.raises(RulesetUnavailable, match="ruleset 'chess'"):
        table_of("chess", {})
    with pytest.raises(RulesetUnavailable, match="mcr"):
        table_of("mcr", {"no_such_option": 1})
