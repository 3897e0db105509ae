"""Speed of MCR scoring: Jantaku against PyMahjongGB on the same generated hands.

    python bench/score_mcr.py [--hands 10000] [--seed bench]

Both scorers see the same hands, already built (WinContext for Jantaku, argument tuples
for PyMahjongGB); only the scoring calls are timed. Prints both rates and the ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from rulesets.mcr import RULESET, Options
from tests.rulesets.mcr.generator import generate
from tests.rulesets.mcr.oracle import oracle_args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--repeat", type=int, default=3, help="best of N timed runs")
    args = parser.parse_args()

    import MahjongGB  # type: ignore[import-not-found]

    hands = list(generate(args.seed, args.hands))
    calls = [oracle_args(h) for h in hands]
    options = Options()

    def run_ref() -> None:
        for a in calls:
            with contextlib.suppress(TypeError):
                MahjongGB.MahjongFanCalculator(*a)

    def run_ours() -> None:
        for h in hands:
            RULESET.score(h, options)

    def best(fn: object) -> float:
        times = []
        for _ in range(args.repeat):
            t0 = time.process_time()
            fn()  # type: ignore[operator]
            times.append(time.process_time() - t0)
        return min(times)

    ref = best(run_ref)
    ours = best(run_ours)
    n = len(hands)
    print(f"hands: {n} (seed {args.seed!r}), best of {args.repeat}")
    print(f"PyMahjongGB: {n / ref:10.0f} hands/s")
    print(f"Jantaku:     {n / ours:10.0f} hands/s")
    print(f"ratio Jantaku/PyMahjongGB: {ref / ours:.3f}")


if __name__ == "__main__":
    main()
