"""Discard analysis (engine.ukeire): shanten after each discard and the unseen tiles that
improve the hand."""

from __future__ import annotations

import pytest

from engine.notation import parse_tiles
from engine.tiles import counts_of
from engine.ukeire import discard_options


def kinds(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def test_ready_discard_first_with_its_waits() -> None:
    # 123m 456p 789s 11z 22z + 5m: discard 5m for a shanpon wait on 1z/2z (2 + 2 left)
    best, *rest = discard_options(kinds("123m456p789s1122z5m"), 0)
    assert (best.kind, best.shanten, best.ukeire) == (4, 0, 4)
    assert best.improving == ((27, 2), (28, 2))
    assert all(o.shanten >= 1 for o in rest)


def test_seen_tiles_are_not_counted() -> None:
    seen = [0] * 34
    seen[27] = 2  # both other East winds are in the rivers
    best = discard_options(kinds("123m456p789s1122z5m"), 0, seen=seen)[0]
    assert best.improving == ((28, 2),) and best.ukeire == 2


def test_with_melds_and_order() -> None:
    # two melds called: 8 tiles in hand; every option sorted best first
    options = discard_options(kinds("1234m5566p"), 2)
    assert [o.shanten for o in options] == sorted(o.shanten for o in options)
    assert options[0].shanten == 0


def test_refuses_a_hand_that_is_not_about_to_discard() -> None:
    with pytest.raises(ValueError):
        discard_options(kinds("123m456p789s1122z"), 0)
