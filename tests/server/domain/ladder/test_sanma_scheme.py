"""Sanma's ladder: tenhou's three-player dan table (server/domain/ladder/data/sanma.json,
riichi.wiki "Tenhou.net ranking", section "Three player"): 1st gains the room's points,
2nd nothing, 3rd loses the rank's penalty."""

from __future__ import annotations

from server.domain.ladder import schemes


def test_sanma_has_its_own_table() -> None:
    data = schemes.table("sanma")
    assert data["seats"] == 3 and data["scheme"] == "tenhou"
    ranks = schemes.levels("sanma")
    for n, rank in enumerate(ranks[10:20], 1):
        assert (rank["base"], rank["target"]) == (200 * n, 400 * n)
        assert rank["last"]["tonpuusen"] * 3 == rank["last"]["hanchan"] * 2
    assert [r["target"] for r in ranks[:10]] == [30, 30, 30, 60, 60, 60, 90, 100, 100, 100]
    for room in data["rooms"].values():
        assert len(room["hanchan"]) == 2 and room["hanchan"][1] == 0
        assert [3 * p for p in room["tonpuusen"]] == [2 * p for p in room["hanchan"]]
    assert data["rooms"]["phoenix"]["hanchan"] == [135, 0]


def test_sanma_moves_by_three_places() -> None:
    data = schemes.table("sanma")
    first_dan = [r["id"] for r in schemes.levels("sanma")].index("1d")
    start = schemes.Standing(first_dan, 200.0)
    assert schemes.tenhou_move(data, start, 1, "upper", "hanchan") == (
        75.0,
        schemes.Standing(first_dan, 275.0),
    )
    assert schemes.tenhou_move(data, start, 2, "upper", "hanchan")[0] == 0.0
    assert schemes.tenhou_move(data, start, 3, "upper", "hanchan") == (
        -45.0,
        schemes.Standing(first_dan, 155.0),
    )
    # 3rd at 1 dan with too few points falls to 1 kyu at its base
    assert schemes.tenhou_move(data, schemes.Standing(first_dan, 10.0), 3, "general", "hanchan")[
        1
    ] == schemes.Standing(first_dan - 1, 0.0)
