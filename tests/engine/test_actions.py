"""Every action type round-trips through its JSON (wire, DB and fixtures share it)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.actions import (
    ACTION_ADAPTER,
    ACTION_TYPES,
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareAbort,
    DeclareFlower,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
    action_from_json,
    action_to_json,
    unprompted,
)

SAMPLES = [
    Discard(seat=0, tile=5),
    Discard(seat=1, tile=42, riichi=True, prompt=17),
    ConcealedKong(seat=2, tile=27),
    AddedKong(seat=3, tile=9, prompt=3),
    SelfDrawWin(seat=0),
    DeclareFlower(seat=1, tile=34),
    DeclareAbort(seat=2),
    Pass(seat=3, prompt=8),
    Chow(seat=1, tiles=(3, 4)),
    Pung(seat=2, tiles=(13, 43)),
    Kong(seat=0),
    Win(seat=1, prompt=99),
]


def test_samples_cover_every_type() -> None:
    assert {type(a) for a in SAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize("action", SAMPLES, ids=lambda a: a.type)
def test_round_trip(action: Action) -> None:
    data = action_to_json(action)
    assert data["type"] == action.type
    assert action_from_json(json.loads(json.dumps(data))) == action


def test_bad_frames_are_rejected() -> None:
    for bad in (
        {"type": "discard"},
        {"type": "teleport", "seat": 0},
        {"type": "chow", "seat": 1, "tiles": [1]},
    ):
        with pytest.raises(ValidationError):
            action_from_json(bad)


def test_schema_and_unprompted() -> None:
    schema = ACTION_ADAPTER.json_schema()
    assert "discriminator" in json.dumps(schema)
    assert unprompted(Win(seat=1, prompt=4)) == Win(seat=1)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from([*(t.__dataclass_fields__["type"].default for t in ACTION_TYPES), "x"]),
    extra=st.dictionaries(
        st.sampled_from(["seat", "tile", "tiles", "riichi", "prompt", "bogus"]), JSONISH, max_size=4
    ),
)
def test_any_frame_parses_or_fails_cleanly(kind: str, extra: dict[str, Any]) -> None:
    try:
        action = action_from_json({"type": kind, **extra})
    except ValidationError:
        return
    assert action_from_json(action_to_json(action)) == action
