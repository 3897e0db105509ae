from __future__ import annotations

from engine.notation import parse_tile, parse_tiles
from engine.tiles import counts_of
from rulesets.three_kingdoms.dora import count_dora, dora_of


def _dora(indicator: str) -> int:
    return dora_of(parse_tile(indicator))


def test_successor_order() -> None:
    # three-kingdoms.md §6 defaults and §10 example 6
    assert _dora("9m") == parse_tile("1m")
    assert _dora("1m") == parse_tile("2m")
    assert _dora("9s") == parse_tile("1s")
    assert _dora("5p") == parse_tile("6p")
    assert _dora("3z") == parse_tile("4z")
    assert _dora("4z") == parse_tile("1z")
    assert _dora("5z") == parse_tile("6z")
    assert _dora("6z") == parse_tile("7z")
    assert _dora("7z") == parse_tile("5z")


def test_every_kind_is_the_dora_of_exactly_one_indicator() -> None:
    assert sorted(dora_of(k) for k in range(34)) == list(range(34))


def test_each_indicator_counts_on_its_own() -> None:
    counts = counts_of(parse_tiles("1111m22p"))
    assert count_dora(counts, parse_tiles("9m")) == 4
    assert count_dora(counts, parse_tiles("9m9m1p")) == 10
    assert count_dora(counts, ()) == 0
