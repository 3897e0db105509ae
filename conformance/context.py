"""What every check reads: the ruleset, how much to try (``Size``), the seed of every
random choice, and the vector files; matches played once are shared between checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any

from engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Size:
    """How hard the kit tries. ``fuzz_hands``: random and impossible hands scored;
    ``order_hands``: complete hands scored again with their tiles and melds reordered;
    ``matches``: self-play matches (bots alternate greedy and random); ``compiled_hands``:
    hands scored by both the compiled and the pure-Python modules; ``max_hands``: a match
    that has not ended after so many hands does not end."""

    fuzz_hands: int
    order_hands: int
    matches: int
    compiled_hands: int
    max_hands: int = 100


SIZES: dict[str, Size] = {
    "quick": Size(fuzz_hands=1000, order_hands=200, matches=2, compiled_hands=300),
    "full": Size(fuzz_hands=4000, order_hands=800, matches=8, compiled_hands=2000),
}


@dataclass
class Context:
    ruleset: Ruleset[Any]
    size: Size
    seed: str
    vectors: list[Traversable]  # files and folders of *.jsonl
    vectors_from: str  # how they were found (said in the report)
    shared: dict[str, Any] = field(default_factory=dict)
