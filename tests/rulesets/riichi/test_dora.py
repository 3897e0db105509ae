"""Dora successor order (riichi.md §1.1) and how indicators are counted (§8.4)."""

from __future__ import annotations

from dataclasses import replace

from engine.context import WinContext
from engine.notation import parse_tile, parse_tiles
from rulesets.riichi.dora import dora_han, dora_of
from rulesets.riichi.options import RiichiOptions


def test_suits_wrap() -> None:
    for suit in "mps":
        for n in range(1, 10):
            expected = parse_tile(f"{n % 9 + 1}{suit}")
            assert dora_of(parse_tile(f"{n}{suit}")) == expected
    assert dora_of(parse_tile("0p")) == parse_tile("6p")


def test_winds_and_dragons_cycle() -> None:
    winds = parse_tiles("1234z")
    dragons = parse_tiles("567z")
    for i, w in enumerate(winds):
        assert dora_of(w) == winds[(i + 1) % 4]
    for i, d in enumerate(dragons):
        assert dora_of(d) == dragons[(i + 1) % 3]


def test_counts() -> None:
    ctx = WinContext.from_json({
        "concealed": "22m567m345p678s99s", "win_tile": "2m", "riichi": True,
        "dora_indicators": ["1m", "1m"], "ura_dora_indicators": ["8s", "4p"],
    })
    counts = ctx.all_counts()
    assert dora_han(ctx, counts, RiichiOptions()) == (6, 0, 3)
    assert dora_han(ctx, counts, RiichiOptions(kan_dora=False)) == (3, 0, 2)
    assert dora_han(ctx, counts, RiichiOptions(kan_ura_dora=False)) == (6, 0, 2)
    assert dora_han(ctx, counts, RiichiOptions(ura_dora=False)) == (6, 0, 1)
    assert dora_han(replace(ctx, riichi=False), counts, RiichiOptions()) == (6, 0, 0)
    red = WinContext.from_json({"concealed": "234m0m55m670s9s", "melds": [
        {"type": "chi", "tiles": "340p"}], "win_tile": "9s"})
    assert dora_han(red, red.all_counts(), RiichiOptions(aka_dora=3))[1] == 3
    assert dora_han(red, red.all_counts(), RiichiOptions())[1] == 0
