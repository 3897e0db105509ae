"""Frozen state records: ``update`` copies, and the wall arithmetic of a hand (the fast
copy itself: test_fast_records.py)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.state import HandState, SeatState, update
from engine.table_rules import Replacement
from engine.wall import Wall, WallSpec


def hand(spec: WallSpec, mode: Replacement) -> HandState:
    return HandState(
        hand_number=0,
        dealer=1,
        round_wind=1,
        honba=0,
        wall=Wall.build(spec, "s", 0),
        seats=tuple(SeatState() for _ in range(4)),
        replacement=mode,
    )


def test_update_copies_and_never_mutates() -> None:
    seat = SeatState(hand=(1, 2, 3))
    new = update(seat, hand=(4,), riichi=True)
    assert new.hand == (4,) and new.riichi and seat.hand == (1, 2, 3) and not seat.riichi
    assert new == dataclasses.replace(seat, hand=(4,), riichi=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.riichi = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        update(seat, bogus=1)


def test_seat_winds_follow_the_dealer() -> None:
    h = hand(WallSpec(), Replacement.TAIL)
    assert [h.seat_wind(s) for s in range(4)] == [4, 1, 2, 3]


def test_wall_arithmetic_for_each_replacement_source() -> None:
    tail = hand(WallSpec(flowers=True), Replacement.TAIL)
    assert tail.remaining() == 144 and tail.replacement_index() == 143
    after = update(tail, replacements=2, front=10)
    assert after.remaining() == 132 and after.replacement_index() == 141

    riichi = WallSpec(
        dead_wall=14,
        replacement_positions=(0, 1, 2, 3),
        dora_positions=(4, 5),
        ura_positions=(9, 10),
        replenish_dead_wall=True,
    )
    dead = hand(riichi, Replacement.DEAD_WALL)
    assert dead.remaining() == 122 and dead.replacement_index() == 122
    used = update(dead, replacements=4)
    assert used.remaining() == 118 and not used.replacement_available()
    assert update(dead, dora_revealed=2).dora_indicators() == (
        dead.wall.dora_indicator(0),
        dead.wall.dora_indicator(1),
    )

    zj = hand(WallSpec(dead_wall=14), Replacement.LIVE_TAIL)
    assert zj.remaining() == 122 and zj.replacement_index() == 121
    assert update(zj, replacements=1).remaining() == 121
