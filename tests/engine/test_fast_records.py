"""engine.fast_records: ``update`` and ``builder`` equal the slow path (``dataclasses.replace``
and the record's constructor) on every record the engine copies or builds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.events import Dealt, Discarded, Drew
from engine.fast_records import _copier, _shadow, builder, copier, update
from engine.score import Score
from engine.state import ClaimWindow, DiscardRecord, HandState, MatchState, SeatState
from engine.table_rules import Replacement
from engine.views import HandView, SeatView, TableView
from engine.wall import Wall, WallSpec

RECORDS = [SeatState, HandState, MatchState, DiscardRecord, ClaimWindow, Drew, Discarded, Dealt]


def test_update_equals_dataclasses_replace_on_the_state_records() -> None:
    seat = SeatState(hand=(1, 2, 3), riichi=True)
    changes: dict[str, Any] = {"hand": (4,), "kuikae": (5, 6), "furiten_temp": True}
    assert update(seat, **changes) == dataclasses.replace(seat, **changes)
    hand = HandState(
        hand_number=0,
        dealer=1,
        round_wind=1,
        honba=0,
        wall=Wall.build(WallSpec(), "s", 0),
        seats=(seat,) * 4,
        replacement=Replacement.TAIL,
    )
    for changed in ({"front": 3, "drawn": 7, "rinshan": True}, {"seats": (SeatState(),) * 4}):
        fast, slow = update(hand, **changed), dataclasses.replace(hand, **changed)
        assert type(fast) is HandState and fast == slow
        assert [getattr(fast, f.name) for f in dataclasses.fields(HandState)] == [
            getattr(slow, f.name) for f in dataclasses.fields(HandState)
        ]
    with pytest.raises(TypeError):
        update(seat, bogus=1)


@pytest.mark.parametrize("cls", RECORDS)
def test_records_are_filled_through_a_shadow_of_the_same_layout(cls: type) -> None:
    """The fast room makes ordinary instances of the frozen class, never a look-alike."""
    assert _shadow(cls) is not None


def test_copies_and_builds_are_ordinary_frozen_records() -> None:
    seat = SeatState(hand=(1, 2, 3), riichi=True)
    made = builder(SeatState)(hand=(1, 2, 3), riichi=True, melds=(), flowers=(), discards=())
    assert type(made) is SeatState and made == seat and hash(made.hand) == hash(seat.hand)
    copied = _copier(SeatState, "kuikae", "hand")(seat, (4,), (5, 6))
    assert type(copied) is SeatState
    assert copied == dataclasses.replace(seat, kuikae=(4,), hand=(5, 6))
    for record in (made, copied):
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.riichi = False  # type: ignore[misc]
    assert builder(DiscardRecord)(tile=5, riichi=True) == DiscardRecord(5, True)
    with pytest.raises(TypeError):
        builder(DiscardRecord)(riichi=True)  # a field without a default must be given


@pytest.mark.parametrize("cls", [Drew, Discarded, Dealt, SeatView, HandView, TableView, Score])
def test_builder_equals_the_constructor(cls: type) -> None:
    """Every record built through ``builder`` somewhere in the engine or a scorer."""
    assert builder(cls) is builder(cls)
    assert not hasattr(cls, "__post_init__")


def test_a_bound_copier_takes_its_fields_by_name_only() -> None:
    seat = SeatState(hand=(1, 2, 3))
    copy = copier(SeatState, "hand", "riichi")
    assert copy(seat, riichi=True, hand=(4,)) == dataclasses.replace(seat, hand=(4,), riichi=True)
    with pytest.raises(TypeError):
        copy(seat, (4,), True)  # positional values are refused
    with pytest.raises(TypeError):
        copier(Wall, "tiles")  # a record deriving fields in __post_init__ is refused
