"""Hand-wide facts: what they refuse, and the flag combinations that describe no win."""

from __future__ import annotations

import pytest

from engine.context import InvalidInput, WinContext
from rulesets.mcr.hand import build_facts, check_flags


def test_facts_refuse_a_flower_or_a_fifth_copy() -> None:
    # the scorer then asks WinContext's hand check for the message
    fifth = {"concealed": "1111m23m456p789s", "win_tile": "1m"}
    assert build_facts(WinContext.from_json(fifth)) is None
    flower = {"concealed": "123m456p789s1z", "win_tile": "1z"}
    hand = WinContext.from_json(flower)
    with_flower = WinContext(concealed=(*hand.concealed[:-1], 34), win_tile=hand.win_tile)
    assert build_facts(with_flower) is None


@pytest.mark.parametrize(
    "flags",
    [{"haitei": True}, {"rinshan": True}, {"tsumo": True, "houtei": True},
     {"tsumo": True, "chankan": True}],
)
def test_contradictory_flags(flags: dict[str, bool]) -> None:
    with pytest.raises(InvalidInput):
        check_flags(WinContext.from_json({"concealed": "123m456p789s1z", "win_tile": "1z",
                                          **flags}))
