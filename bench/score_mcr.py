"""Speed of MCR scoring: Jantaku against PyMahjongGB on the same generated hands.

    python bench/score_mcr.py [--hands 10000] [--seed bench] [--edition botzone1998]

Both scorers see the same hands, already built (WinContext for Jantaku, argument tuples
for PyMahjongGB); only the scoring calls are timed (process CPU time, chunks of the two
interleaved). Prints both rates and the ratio. Jantaku scores with ``--edition``
(default ``botzone1998``, the reading PyMahjongGB implements, so both do the same work;
``competition`` times the default edition). Jantaku's time includes
``WinContext.check`` and building the ``Score``.

No hand is scored twice: both scorers first warm up on hands of another seed, then every
timed pass scores fresh hands (seed ``SEED/pass``), and the best of ``--repeat`` passes
is reported. Jantaku's bounded memos (per suit) keep what they learnt,
as in a long-running server, but cannot turn a repeated hand into a cache hit.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from engine.context import WinContext
from rulesets.mcr import RULESET, Options
from tests.rulesets.mcr.generator import generate
from tests.rulesets.mcr.oracle import oracle_args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--repeat", type=int, default=3, help="best of N timed runs")
    parser.add_argument(
        "--edition", default="botzone1998", choices=["botzone1998", "competition", "wmo2006"]
    )
    args = parser.parse_args()

    import MahjongGB  # type: ignore[import-not-found]

    options = Options(edition=args.edition)
    hands: list[WinContext] = []
    calls: list[tuple[Any, ...]] = []

    def deal(seed: str) -> None:
        hands[:] = generate(seed, args.hands)
        calls[:] = [oracle_args(h) for h in hands]

    def run_ref(lo: int, hi: int) -> None:
        for a in calls[lo:hi]:
            with contextlib.suppress(TypeError):
                MahjongGB.MahjongFanCalculator(*a)

    def run_ours(lo: int, hi: int) -> None:
        for h in hands[lo:hi]:
            RULESET.score(h, options)

    deal(f"{args.seed}/warm-up")
    run_ref(0, len(hands))
    run_ours(0, len(hands))
    # Interleave chunks of both scorers so that a change in machine load hits both alike;
    # keep the best of ``repeat`` passes (CPU time of this process).
    ref = ours = float("inf")
    chunk = 500
    for n_pass in range(args.repeat):
        deal(f"{args.seed}/{n_pass}")
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
    print(f"hands: {n} a pass (seed {args.seed!r}), best of {args.repeat} passes of fresh hands")
    print(f"PyMahjongGB: {n / ref:10.0f} hands/s")
    print(f"Jantaku:     {n / ours:10.0f} hands/s")
    print(f"ratio Jantaku/PyMahjongGB: {ref / ours:.3f}")


if __name__ == "__main__":
    main()
