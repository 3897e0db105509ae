"""Speed of riichi scoring: Jantaku against the `mahjong` library on the same hands.

    python bench/score_riichi.py [--hands 10000] [--rounds 3] [--seed bench]

Both score the same generated hands (tests/rulesets/riichi/hand_generator.py) under the
default options; the library's inputs (136-tile ids, melds, HandConfig) are prepared
before timing, except the HandConfig, which must be fresh per hand and is built inside the
library's timed loop (that is the library's normal cost). Jantaku is timed through
``RULESET.scorer(opts)``, what a table scores with (``WinContext.check`` included; the
yaku in force derived once for the options, as a table does). Chunks of hands alternate between the
two to share any machine noise.

No hand is scored twice: both first warm up on hands of another seed, then every round
scores fresh hands (seed ``SEED/round``); the best round of each side counts. Jantaku's
memos (per suit part; per yaku combination, in the bound scorer) keep what they learnt, as in
a long-running server, but a repeated hand cannot become a cache hit.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.hand import HandCalculator

from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions
from tests.rulesets.riichi.hand_generator import HandGenerator
from tests.rulesets.riichi.library_adapter import library_args, library_config


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--chunk", type=int, default=250)
    args = parser.parse_args()

    opts = RiichiOptions()
    score = RULESET.scorer(opts)
    clock = time.perf_counter

    def timed_round(seed: str) -> tuple[float, float]:
        """Seconds for Jantaku and for the library over fresh hands of ``seed``."""
        hands = list(HandGenerator(seed.encode()).hands(args.hands))
        lib_inputs = []
        for ctx in hands:
            kw = library_args(ctx, opts)
            del kw["config"]
            lib_inputs.append((ctx, kw))
        ours = lib = 0.0
        for lo in range(0, len(hands), args.chunk):
            idx = range(lo, min(lo + args.chunk, len(hands)))
            start = clock()
            for i in idx:
                score(hands[i])
            ours += clock() - start
            start = clock()
            for i in idx:
                ctx, kw = lib_inputs[i]
                HandCalculator.estimate_hand_value(config=library_config(ctx, opts), **kw)
            lib += clock() - start
        return ours, lib

    timed_round(f"{args.seed}/warm-up")
    rounds = [timed_round(f"{args.seed}/{r}") for r in range(args.rounds)]
    ours_best = min(r[0] for r in rounds)
    lib_best = min(r[1] for r in rounds)
    n = args.hands

    ours_rate = n / ours_best
    lib_rate = n / lib_best
    print(f"hands: {n} a round, best of {args.rounds} rounds of fresh hands")
    print(f"jantaku riichi : {ours_rate:10.0f} hands/s")
    print(f"mahjong 2.1.0  : {lib_rate:10.0f} hands/s")
    print(f"ratio          : {ours_rate / lib_rate:10.2f}x")


if __name__ == "__main__":
    main()
