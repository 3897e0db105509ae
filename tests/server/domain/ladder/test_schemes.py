"""The ladder schemes against hand-computed steps (fixtures.json): tenhou's dan/kyu ranks
(promotion, demotion, the protected kyu ranks, Tenhou-i) and the points ladders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from server.domain.ladder import schemes

FIXTURES = json.loads((Path(__file__).parent / "fixtures.json").read_text())


def _index(ruleset: str, rank_id: str) -> int:
    return [level["id"] for level in schemes.levels(ruleset)].index(rank_id)


@pytest.mark.parametrize("case", FIXTURES["tenhou"], ids=lambda c: c["name"])
def test_tenhou(case: dict[str, Any]) -> None:
    data = schemes.table("riichi")
    standing = schemes.Standing(_index("riichi", case["start"][0]), float(case["start"][1]))
    for (placement, room, length), (rank_id, points) in case["steps"]:
        _, standing = schemes.tenhou_move(data, standing, placement, room, length)
        assert (schemes.levels("riichi")[standing.rank]["id"], standing.points) == (
            rank_id,
            points,
        )


@pytest.mark.parametrize("case", FIXTURES["points"], ids=lambda c: c["name"])
def test_points(case: dict[str, Any]) -> None:
    ruleset = case["ruleset"]
    data = schemes.table(ruleset)
    standing = schemes.Standing(_index(ruleset, case["start"][0]), float(case["start"][1]))
    for (table_points, place), (tier_id, points) in case["steps"]:
        mean = sum(table_points) / len(table_points)
        _, standing = schemes.points_move(data, standing, table_points[place], mean)
        assert (schemes.levels(ruleset)[standing.rank]["id"], standing.points) == (
            tier_id,
            points,
        )


def test_the_riichi_table_follows_its_published_rules() -> None:
    """Dan n starts at n x 200 and promotes at n x 400; east-only moves two thirds."""
    ranks = schemes.levels("riichi")
    for n, rank in enumerate(ranks[10:20], 1):
        assert (rank["base"], rank["target"]) == (200 * n, 400 * n)
        assert rank["fourth"]["tonpuusen"] * 3 == rank["fourth"]["hanchan"] * 2
    for room in schemes.table("riichi")["rooms"].values():
        assert [3 * p for p in room["tonpuusen"]] == [2 * p for p in room["hanchan"]]
    assert not schemes.has_ladder("three_kingdoms")
