"""Player statistics against hand-counted fixtures (three riichi hands and three MCR
hands written out by hand), and the stored aggregates kept incrementally by both stores:
a second match adds to them, a voided hand or match takes its share away again."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from server.adapters.memory.store import MemoryStore
from server.domain.records import stats
from server.domain.records.sheet import project, table_of
from server.ports.storage import CorrectionRow, HandRow
from tests.server.adapters.sql.played import logged, played, record

SEATS = ["p-ann", "p-bob", "p-cat", "bot:greedy"]


def win(place: int, frm: int | None, total: int, *patterns: tuple[str, int]) -> dict[str, Any]:
    return {
        "place": place,
        "from": frm,
        "tile": 0,
        "self_draw": frm is None,
        "robbed_kong": False,
        "patterns": [
            {"id": p, "en": p, "zh": "", "ja": "", "value": v, "count": 1, "points": v}
            for p, v in patterns
        ],
        "total": total,
    }


def hand(n: int, outcome: str, deltas: list[int], **kw: Any) -> HandRow:
    values: dict[str, Any] = {
        "table_id": "fx",
        "hand_number": n,
        "seq": n * 10,
        "label": f"E{n + 1}",
        "round_wind": 1,
        "dealer": n,
        "honba": 0,
        "outcome": outcome,
        "abort": None,
        "winners": [w["place"] for w in kw.get("wins", [])],
        "discarder": None,
        "wins": [],
        "total": 0,
        "payments": [],
        "scores": [0, 0, 0, 0],
        "deposits": [0, 0, 0, 0],
        "deltas": deltas,
        "pot_before": 0,
        "pot": 0,
    }
    values.update(kw)
    return HandRow(**values)


# E1: Ann riichi, Bob deals in (3900, riichi + pinfu + dora 1).
# E2: exhaustive draw, Ann and Cat ready; Bob called a pung.
# E3: Ann riichi again; Cat self-draws 8000 (menzen tsumo + honitsu + dora 2).
HANDS = [
    hand(
        0,
        "win",
        [3900, -3900, 0, 0],
        wins=[win(0, 1, 3900, ("riichi", 1), ("pinfu", 1), ("dora", 1))],
        riichi=[0],
    ),
    hand(1, "exhaustive_draw", [1500, -1500, 1500, -1500], tenpai=[0, 2], called=[1]),
    hand(
        2,
        "win",
        [-2000, -2000, 8000, -4000],
        wins=[win(2, None, 8000, ("menzen_tsumo", 1), ("honitsu", 3), ("dora", 2))],
        riichi=[0],
    ),
]


def projection(corrections: list[CorrectionRow] | None = None) -> Any:
    return project("fx", table_of("riichi", {}), SEATS, HANDS, corrections or [], True)


def test_counts_match_the_hand_counted_fixture() -> None:
    parts = stats.contributions("fx", projection(), SEATS)
    assert sorted(parts) == [0, 1, 2]  # the bot gets none
    ann = stats.figures("riichi", parts[0])
    assert ann["counts"] | {"score": 0} == {
        "matches": 1,
        "hands": 3,
        "wins": 1,
        "self_draws": 0,
        "deal_ins": 0,
        "win_value": 3900,
        "riichi": 2,
        "riichi_wins": 1,
        "calls": 0,
        "draws": 1,
        "draw_tenpai": 1,
        "rank_sum": 2,  # 28400 behind Cat's 34500
        "score": 0,
    }
    assert ann["win_rate"] == 0.3333 and ann["riichi_rate"] == 0.6667
    assert ann["riichi_win_rate"] == 0.5 and ann["tenpai_at_draw_rate"] == 1.0
    assert ann["average_win_value"] == 3900 and ann["self_draw_share"] == 0.0
    assert ann["patterns"] == {"dora": 1, "pinfu": 1, "riichi": 1}
    assert ann["largest_hand"]["value"] == 3900 and ann["rank_distribution"] == [0, 1, 0, 0]
    bob = stats.figures("riichi", parts[1])
    assert (bob["deal_in_rate"], bob["call_rate"], bob["win_rate"]) == (0.3333, 0.3333, 0.0)
    assert bob["average_win_value"] is None and bob["tenpai_at_draw_rate"] == 0.0
    assert bob["rank_distribution"] == [0, 0, 0, 1]
    cat = stats.figures("riichi", parts[2])
    assert cat["self_draw_share"] == 1.0 and cat["largest_hand"]["label"] == "E3"
    assert cat["patterns"]["honitsu"] == 1 and cat["riichi_rate"] == 0.0
    assert cat["average_rank"] == 1.0 and cat["draw_rate"] == 0.3333


def test_a_voided_hand_leaves_the_counts() -> None:
    at = datetime.now(UTC)
    void = CorrectionRow(1, "fx", "void_hand", None, 0, 2, "misdeal", "ops", at)
    parts = stats.contributions("fx", projection([void]), SEATS)
    assert parts[0]["hands"] == 2 and parts[0]["riichi"] == 1
    assert parts[2]["wins"] == 0 and parts[2]["largest"] is None
    match = CorrectionRow(2, "fx", "void_match", None, 0, None, "cheating", "ops", at)
    assert stats.contributions("fx", projection([match]), SEATS) == {}


def test_aggregates_are_kept_incrementally_and_follow_corrections() -> None:
    async def run() -> None:
        store = MemoryStore()
        for tid in ("m1", "m2"):
            await store.tables.add(record(tid))
            for batch in logged(tid, played()):
                await store.events.append(batch)
        hands = await store.records.hands("m1")
        one = stats.contributions(
            "m1",
            project(
                "m1", table_of("mcr", {"hands_per_session": 2}), record("m1").seats, hands, [], True
            ),
            record("m1").seats,
        )
        agg = await store.records.stats("p-ann", "mcr")
        assert agg is not None and agg["matches"] == 2
        assert agg["hands"] == 2 * one[0]["hands"] and agg["wins"] == 2 * one[0]["wins"]
        assert await store.records.stats("p-ann", "riichi") is None
        await store.records.void_match("m2", "ops", "test")
        agg = await store.records.stats("p-ann", "mcr")
        assert agg is not None and agg["matches"] == 1 and agg["hands"] == one[0]["hands"]
        await store.records.void_last_hand("m1", "ops", "test")
        agg = await store.records.stats("p-ann", "mcr")
        assert agg is not None and agg["hands"] == one[0]["hands"] - 1

    asyncio.run(run())


# An MCR match written out by hand (MCR settles 8 + fan from the discarder and 8 from
# each other player, or 8 + fan from each of the three on a self-draw):
# hand 1: Ann self-draws 10 fan (All Pungs 6, Fully Concealed Hand 4): +54, the others -18;
# hand 2: Bob, who chowed, wins 12 fan off Cat's discard (Mixed Straight 8, Mixed Double
#         Chow 1, Short Straight 1, Two Terminal Chows 1, Single Wait 1): Bob +36, Cat -20,
#         Ann and the bot -8 each;
# hand 3: exhaustive draw; Ann called a pung.
MCR_HANDS = [
    hand(
        0,
        "win",
        [54, -18, -18, -18],
        wins=[win(0, None, 10, ("all_pungs", 6), ("fully_concealed_hand", 4))],
    ),
    hand(
        1,
        "win",
        [-8, 36, -20, -8],
        wins=[
            win(
                1,
                2,
                12,
                ("mixed_straight", 8),
                ("mixed_double_chow", 1),
                ("short_straight", 1),
                ("two_terminal_chows", 1),
                ("single_wait", 1),
            )
        ],
        called=[1],
        discarder=2,
    ),
    hand(2, "exhaustive_draw", [0, 0, 0, 0], called=[0]),
]


def test_mcr_counts_match_the_hand_counted_fixture() -> None:
    sheet = project("fx", table_of("mcr", {}), SEATS, MCR_HANDS, [], True)
    parts = stats.contributions("fx", sheet, SEATS)
    # final totals: Ann 46, Bob 18, Cat -38, bot -26: ranks 1, 2, 4, 3 (table points 4/2/0/1)
    ann = stats.figures("mcr", parts[0])
    assert ann["counts"] == {
        "matches": 1,
        "hands": 3,
        "wins": 1,
        "self_draws": 1,
        "deal_ins": 0,
        "win_value": 10,
        "riichi": 0,
        "riichi_wins": 0,
        "calls": 1,
        "draws": 1,
        "draw_tenpai": 0,
        "rank_sum": 1,
        "score": 46,
    }
    assert (ann["win_rate"], ann["self_draw_share"], ann["call_rate"]) == (0.3333, 1.0, 0.3333)
    assert ann["draw_rate"] == 0.3333 and ann["tenpai_at_draw_rate"] is None  # not recorded
    assert "riichi_rate" not in ann and ann["total_points"] == 4.0
    assert ann["patterns"] == {"all_pungs": 1, "fully_concealed_hand": 1}
    assert ann["largest_hand"]["value"] == 10 and ann["rank_distribution"] == [1, 0, 0, 0]
    bob = stats.figures("mcr", parts[1])
    assert bob["counts"]["wins"] == 1 and bob["patterns"]["mixed_straight"] == 1
    assert bob["self_draw_share"] == 0.0 and bob["average_win_value"] == 12
    assert bob["rank_distribution"] == [0, 1, 0, 0] and bob["total_score"] == 18
    cat = stats.figures("mcr", parts[2])
    assert cat["deal_in_rate"] == 0.3333 and cat["win_rate"] == 0.0
    assert cat["average_win_value"] is None and cat["largest_hand"] is None
    assert cat["rank_distribution"] == [0, 0, 0, 1] and cat["average_rank"] == 4.0
    assert 3 not in parts  # the bot's seat gets no statistics
