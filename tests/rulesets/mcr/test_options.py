"""The MCR options model (mcr.md §17)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.ruleset import OptionsError, parse_options
from rulesets.mcr import RULESET
from rulesets.mcr.options import Options


def test_defaults() -> None:
    o = Options()
    assert o.edition == "competition"
    assert o.hands_per_session == 16
    assert o.seat_change == "mcr_table"
    assert o.use_flowers is True
    assert o.flower_timing == "immediate"
    assert o.last_tile_flower == "exhaustive_draw"
    assert o.mixed_kong_points == 5
    assert o.added_kong_from_hand is True
    assert o.knitted_straight_waits is None  # the edition's reading:
    assert o.knitted_waits == "none_if_overlap"
    assert Options(edition="botzone1998").knitted_waits == "allow"
    assert Options(edition="wmo2006").knitted_waits == "allow"
    assert o.false_win_mode == "reject"
    assert o.point_cap is None
    assert o.table_point_ties == "share"
    assert o.beginner is False
    assert (o.min_points, o.base_payment) == (8, 8)


def test_beginner_derives_minimum_and_base() -> None:
    o = Options(beginner=True)
    assert (o.min_points, o.base_payment) == (6, 0)


def test_frozen_and_strict() -> None:
    o = Options()
    with pytest.raises(ValidationError):
        o.beginner = True  # type: ignore[misc]
    with pytest.raises(ValidationError):
        Options(red_fives=True)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        Options(mixed_kong_points=4)
    with pytest.raises(ValidationError):
        Options(point_cap=100)
    with pytest.raises(ValidationError):
        Options(claim_window_ms=3000)  # type: ignore[call-arg]  # removed: nothing read it


def test_parse_options_names_the_field() -> None:
    assert parse_options(RULESET, {"point_cap": 88}) == Options(point_cap=88)
    with pytest.raises(OptionsError) as err:
        parse_options(RULESET, {"nope": 1})
    assert err.value.field == "nope"
    with pytest.raises(OptionsError) as err:
        parse_options(RULESET, {"edition": "2014"})
    assert err.value.field == "edition"
