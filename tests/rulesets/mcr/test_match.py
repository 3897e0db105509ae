"""Session rules (mcr.md §2, §10)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rulesets.mcr.match import (
    HANDS_PER_SESSION,
    dealer,
    player_at,
    prevailing_wind,
    seat_winds,
    standings,
    table_points,
)
from rulesets.mcr.options import Options

A, B, C, D = range(4)
E, S, W, N = range(4)


def test_prevailing_wind_changes_every_four_hands() -> None:
    assert [prevailing_wind(h) for h in range(16)] == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    with pytest.raises(ValueError):
        prevailing_wind(16)


@pytest.mark.parametrize(
    ("rnd", "east", "south", "west", "north"),
    [(0, A, B, C, D), (1, B, A, D, C), (2, C, D, B, A), (3, D, C, A, B)],
)
def test_seat_change_table(rnd: int, east: int, south: int, west: int, north: int) -> None:
    o = Options()
    h = 4 * rnd
    assert [player_at(h, w, o) for w in (E, S, W, N)] == [east, south, west, north]


def test_dealer_passes_to_the_right_every_hand() -> None:
    o = Options()
    for h in range(16):
        winds = seat_winds(h, o)
        assert sorted(winds) == [0, 1, 2, 3]
        if h % 4:
            prev = seat_winds(h - 1, o)
            # the previous South player is now East; East became North
            assert dealer(h, o) == prev.index(S)
            assert winds[prev.index(E)] == N


def test_everyone_deals_four_times_and_opens_one_round() -> None:
    o = Options()
    assert Counter(dealer(h, o) for h in range(HANDS_PER_SESSION)) == {A: 4, B: 4, C: 4, D: 4}
    assert sorted(dealer(h, o) for h in (0, 4, 8, 12)) == [A, B, C, D]


def test_no_seat_change() -> None:
    o = Options(seat_change="none")
    assert [dealer(h, o) for h in range(8)] == [A, B, C, D, A, B, C, D]


def test_table_points() -> None:
    f = Fraction
    assert table_points([30, -10, 50, -70]) == (f(2), f(1), f(4), f(0))
    assert table_points([10, 10, -5, -15]) == (f(3), f(3), f(1), f(0))
    assert table_points([20, 0, 0, 0]) == (f(4), f(1), f(1), f(1))
    assert table_points([0, 0, 0, 0]) == (f(7, 4),) * 4
    assert sum(table_points([5, 5, 1, 1])) == 7


def test_standings_break_ties_by_score() -> None:
    f = Fraction
    assert standings([f(6), f(6), f(4), f(2)], [10, 40, -20, -30]) == (B, A, C, D)
