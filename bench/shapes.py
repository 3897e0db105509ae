"""Speed of the hand-shape code: decompositions, waits and shanten per second.

    python bench/shapes.py [--hands 20000]

Hands come from the shape tests' seeded sampler (a third uniform deals, a third one tile
short of complete, a third from one or two suits). Caches are cleared before each timed
pass, so the figures include filling them; a second pass shows the warm rate.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import blocks, shapes
from tests.engine.hand_samples import complete_hand, sample_hands


def clear_caches() -> None:
    for fn in (blocks._suit_partitions, blocks.suit_complete, shapes._suit_blocks):
        fn.cache_clear()


def rate(label: str, items: list[list[int]], fn: Callable[[list[int]], object]) -> None:
    for warm in (False, True):
        if not warm:
            clear_caches()
        start = time.perf_counter()
        for counts in items:
            fn(counts)
        elapsed = time.perf_counter() - start
        state = "warm" if warm else "cold"
        print(f"{label:<34} {state}: {len(items) / elapsed:>12,.0f} hands/s")


def main() -> None:
    parser = argparse.ArgumentParser(description="hand-shape throughput")
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    import random

    for n_sets in (4, 5):
        tiles = 3 * n_sets + 1
        rng = random.Random(n_sets)
        complete = [complete_hand(rng, n_sets) for _ in range(args.hands)]
        ready = sample_hands(seed=n_sets, n=args.hands, n_sets=n_sets)

        def decompose(c: list[int], n: int = n_sets) -> object:
            return blocks.decompose(c, n)

        def waits(c: list[int], n: int = n_sets) -> object:
            return shapes.waits(c, 0, n_sets=n)

        def shanten(c: list[int], n: int = n_sets) -> object:
            return shapes.shanten(c, 0, n_sets=n)

        rate(f"decompositions ({tiles + 1} tiles)", complete, decompose)
        rate(f"waits ({tiles} tiles)", ready, waits)
        rate(f"shanten ({tiles} tiles)", ready, shanten)


if __name__ == "__main__":
    main()
