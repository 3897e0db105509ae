"""Differential run: Jantaku's MCR scorer against PyMahjongGB on many generated hands.

    python scripts/mcr_differential.py [--hands 200000] [--seed diff] [--show 10]

Counts hands where the total or the multiset of fans differ (fans mapped by Chinese
name) and prints the agreement rate, the disagreeing fan sets and the first examples.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulesets.mcr import RULESET, Options
from rulesets.mcr.patterns import FANS
from tests.rulesets.mcr.generator import generate
from tests.rulesets.mcr.oracle import oracle_score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", default="diff")
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()

    options = Options(edition="botzone1998")  # the edition PyMahjongGB implements
    agree = 0
    no_oracle = 0
    kinds: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    examples: list[str] = []
    t0 = time.perf_counter()
    for win in generate(args.seed, args.hands):
        ours = RULESET.score(win, options)
        ref = oracle_score(win)
        mine = Counter({p.id: p.count for p in ours.patterns})
        seen.update(mine.keys())
        if ref is None:
            no_oracle += 1
            key = "oracle: not a win"
        elif ref[1] == mine and ref[0] == ours.total:
            agree += 1
            continue
        else:
            key = f"ours-ref {dict(mine - ref[1])} ref-ours {dict(ref[1] - mine)}"
        kinds[key] += 1
        if len(examples) < args.show:
            examples.append(json.dumps(win.to_json()) + "  " + key)
    elapsed = time.perf_counter() - t0
    n = args.hands
    print(f"hands: {n} (seed {args.seed!r}) in {elapsed:.1f} s")
    print(f"agreement on total and fans: {agree}/{n} = {100 * agree / n:.4f} %")
    if no_oracle:
        print(f"hands the oracle rejects: {no_oracle}")
    for key, count in kinds.most_common(20):
        print(f"  {count:6d}  {key}")
    for line in examples:
        print("  e.g.", line)
    fan_counts = ", ".join(f"{d.id} {seen[d.id]}" for d in FANS)
    print(f"hands per fan: {fan_counts}")


if __name__ == "__main__":
    main()
