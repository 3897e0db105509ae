"""Payments (mcr.md §9, §8, §16)."""

from __future__ import annotations

import pytest

from engine.match import net
from engine.state import Payment
from rulesets.mcr.options import Options
from rulesets.mcr.settlement import (
    settle_draw,
    settle_false_win,
    settle_win,
)


def test_discard_win_13_points() -> None:
    t = settle_win(0, 13, "discard", Options(), from_seat=2)
    assert net(t) == [37, -8, -21, -8]
    assert Payment(2, 0, 13, "hand_value") in t
    assert sum(1 for x in t if x.reason == "base") == 3


def test_self_draw_15_points() -> None:
    t = settle_win(1, 15, "self_draw", Options())
    assert net(t) == [-23, 69, -23, -23]


def test_robbed_kong_declarer_pays_as_discarder() -> None:
    t = settle_win(3, 19, "robbed_kong", Options(), from_seat=1)
    assert net(t) == [-8, -27, -8, 43]


def test_maximum_hand_example() -> None:
    assert net(settle_win(0, 332, "self_draw", Options())) == [1020, -340, -340, -340]


def test_beginner_has_no_base() -> None:
    t = settle_win(0, 10, "discard", Options(beginner=True), from_seat=1)
    assert t == (Payment(1, 0, 10, "hand_value"),)
    assert net(settle_win(0, 10, "self_draw", Options(beginner=True))) == [30, -10, -10, -10]


def test_point_cap() -> None:
    t = settle_win(0, 120, "discard", Options(point_cap=88), from_seat=1)
    assert net(t) == [112, -96, -8, -8]
    assert net(settle_win(0, 120, "discard", Options(), from_seat=1)) == [144, -128, -8, -8]
    # seed 000 国内での解釈: with the 88 cap, one hand wins at most 288 (the 332 hand self-drawn)
    assert net(settle_win(0, 332, "self_draw", Options(point_cap=88)))[0] == 288


def test_zero_sum_and_draw() -> None:
    for kind, frm in (("discard", 1), ("self_draw", None), ("robbed_kong", 2)):
        assert sum(net(settle_win(0, 9, kind, Options(), from_seat=frm))) == 0  # type: ignore[arg-type]
    assert settle_draw() == ()


def test_false_win() -> None:
    assert settle_false_win(2, Options()) == ()
    t = settle_false_win(2, Options(false_win_mode="penalize_10"))
    assert net(t) == [10, 10, -30, 10]


@pytest.mark.parametrize(
    ("kind", "frm"), [("discard", None), ("discard", 0), ("self_draw", 1), ("robbed_kong", 7)]
)
def test_bad_arguments(kind: str, frm: int | None) -> None:
    with pytest.raises(ValueError):
        settle_win(0, 9, kind, Options(), from_seat=frm)  # type: ignore[arg-type]
