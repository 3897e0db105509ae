"""Speed of riichi scoring: Jantaku against the `mahjong` library on the same hands.

    python bench/score_riichi.py [--hands 10000] [--rounds 3] [--seed bench]

Both score the same generated hands (tests/rulesets/riichi/hand_generator.py) under the
default options; the library's inputs (136-tile ids, melds, HandConfig) are prepared
before timing, except the HandConfig, which must be fresh per hand and is built inside the
library's timed loop (that is the library's normal cost). Jantaku is timed through
``RULESET.score`` (``WinContext.check`` included). The rounds alternate the two to share
any machine noise: per chunk of hands the best round of each counts.
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
    hands = list(HandGenerator(args.seed.encode()).hands(args.hands))
    lib_inputs = []
    for ctx in hands:
        kw = library_args(ctx, opts)
        del kw["config"]
        lib_inputs.append((ctx, kw))

    # Interleave in chunks of --chunk hands and keep, per chunk, the best time of each over
    # the rounds: bursts of load from other processes then hit both sides alike.
    chunks = [range(i, min(i + args.chunk, len(hands))) for i in range(0, len(hands), args.chunk)]
    ours_chunk = [float("inf")] * len(chunks)
    lib_chunk = [float("inf")] * len(chunks)
    clock = time.perf_counter
    for _ in range(args.rounds):
        for c, idx in enumerate(chunks):
            start = clock()
            for i in idx:
                RULESET.score(hands[i], opts)
            ours_chunk[c] = min(ours_chunk[c], clock() - start)
            start = clock()
            for i in idx:
                ctx, kw = lib_inputs[i]
                HandCalculator.estimate_hand_value(config=library_config(ctx, opts), **kw)
            lib_chunk[c] = min(lib_chunk[c], clock() - start)
    ours_best = sum(ours_chunk)
    lib_best = sum(lib_chunk)

    ours_rate = len(hands) / ours_best
    lib_rate = len(hands) / lib_best
    print(f"hands: {len(hands)}  rounds: {args.rounds}  (per {args.chunk}-hand chunk, best round)")
    print(f"jantaku riichi : {ours_rate:10.0f} hands/s")
    print(f"mahjong 2.1.0  : {lib_rate:10.0f} hands/s")
    print(f"ratio          : {ours_rate / lib_rate:10.2f}x")


if __name__ == "__main__":
    main()
