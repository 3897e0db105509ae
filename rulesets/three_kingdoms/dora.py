"""Dora from their indicators (three-kingdoms.md §6): the Japanese successor order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.tiles import Tile, kind_of


def dora_of(indicator: int) -> int:
    """The dora kind an indicator kind points at: suits 1→2→…→9→1, winds E→S→W→N→E,
    dragons White→Green→Red→White."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def count_dora(counts: Sequence[int], indicators: Iterable[Tile]) -> int:
    """Dora among tiles given as kind counts; every indicator counts on its own."""
    return sum(counts[dora_of(kind_of(t))] for t in indicators)
