"""Speed of MCR scoring: Jantaku against PyMahjongGB on the same generated hands.

    python bench/score_mcr.py [--hands 10000] [--seed bench]

Both scorers see the same hands, already built (WinContext for Jantaku, argument tuples
for PyMahjongGB); only the scoring calls are timed (process CPU time, chunks of the two
interleaved, best of --repeat passes). Prints both rates and the ratio. Jantaku's time
includes ``WinContext.check`` and building the ``Score``; only bounded per-suit / per-meld
caches persist between passes, no per-hand result is cached.
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

    def run_ref(lo: int, hi: int) -> None:
        for a in calls[lo:hi]:
            with contextlib.suppress(TypeError):
                MahjongGB.MahjongFanCalculator(*a)

    def run_ours(lo: int, hi: int) -> None:
        for h in hands[lo:hi]:
            RULESET.score(h, options)

    # Interleave chunks of both scorers so that a change in machine load hits both alike;
    # keep the best of ``repeat`` passes (CPU time of this process).
    ref = ours = float("inf")
    chunk = 500
    for _ in range(args.repeat):
        t_ref = t_ours = 0.0
        for lo in range(0, len(hands), chunk):
            t0 = time.process_time()
            run_ref(lo, lo + chunk)
            t1 = time.process_time()
            run_ours(lo, lo + chunk)
            t2 = time.process_time()
            t_ref += t1 - t0
            t_ours += t2 - t1
        ref = min(ref, t_ref)
        ours = min(ours, t_ours)
    n = len(hands)
    print(f"hands: {n} (seed {args.seed!r}), best of {args.repeat}")
    print(f"PyMahjongGB: {n / ref:10.0f} hands/s")
    print(f"Jantaku:     {n / ours:10.0f} hands/s")
    print(f"ratio Jantaku/PyMahjongGB: {ref / ours:.3f}")


if __name__ == "__main__":
    main()
