"""Large differential run: Jantaku sanma scoring against riichienv's three-player evaluator.

    python scripts/sanma_differential.py [--hands 120000] [--workers 2] [--seed big]

Generated three-player hands (tests/rulesets/sanma/hand_generator.py: no 2m-8m, no chi,
winds East/South/West, kita 0-4, rinshan on a kita replacement) are scored by both under
the option sets below (the hands are split evenly between them); each disagreement on
error, han, fu, yaku set, payments or total is put in a class (``classify``) and counted.
A class listed in ``EXPLAINED`` is a known rules difference (docs/rules/sanma.md,
"Checked against"); any other class is printed (up to --show per class) and makes the
exit status 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from riichi_differential import chunk_jobs  # scripts/, beside this one

from engine.ruleset import parse_options
from rulesets.sanma import RULESET
from rulesets.sanma.options import SanmaOptions
from tests.rulesets.sanma.hand_generator import SanmaHandGenerator
from tests.rulesets.sanma.riichienv_adapter import (
    EXPLAINED,
    compare,
)

OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "tenhou_sanma": {"preset": "tenhou_sanma"},
    "mahjongsoul_sanma": {"preset": "mahjongsoul_sanma"},
    "red_double_yakuman": {
        "aka_dora": 2, "double_yakuman": True, "suukantsu_value": "single"
    },
}


def run_chunk(job: tuple[str, str, int]) -> tuple[str, int, Counter[str], dict[str, list[str]]]:
    name, seed, n = job
    opts = parse_options(RULESET, OPTION_SETS[name])
    assert isinstance(opts, SanmaOptions)
    score = RULESET.scorer(opts)
    seen: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    gen = SanmaHandGenerator(seed.encode(), red_fives=opts.aka_dora != 0)
    for ctx in gen.hands(n):
        compared = compare(ctx, score, opts)
        if compared is None:
            seen["not_comparable"] += 1
            continue
        ours, theirs, cls = compared
        seen[ours.error or "scored"] += 1
        seen.update(ours.yaku)
        if cls is not None:
            seen[f"class:{cls}"] += 1
            bucket = examples.setdefault(cls, [])
            if len(bucket) < 3:
                bucket.append(
                    f"[{name}] {ctx.to_json()}\n  ours:      {ours}\n  riichienv: {theirs}"
                )
    return name, n, seen, examples


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=120_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="sanma-differential")
    parser.add_argument("--show", type=int, default=2)
    args = parser.parse_args()

    jobs = chunk_jobs(list(OPTION_SETS), args.hands, args.seed)

    start = time.perf_counter()
    totals: Counter[str] = Counter()
    per_name: Counter[str] = Counter()
    per_name_bad: Counter[str] = Counter()
    per_name_compared: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name, n, seen, chunk_examples in pool.map(run_chunk, jobs):
            per_name[name] += n
            per_name_compared[name] += n - seen["not_comparable"]
            per_name_bad[name] += sum(v for k, v in seen.items() if k.startswith("class:"))
            totals.update(seen)
            for cls, lines in chunk_examples.items():
                examples.setdefault(cls, []).extend(lines)
    elapsed = time.perf_counter() - start

    hands = sum(per_name.values())
    compared = hands - totals["not_comparable"]
    print(f"hands: {hands} generated, {compared} compared, in {elapsed:.1f} s "
          f"over {args.workers} workers")
    for name in OPTION_SETS:
        print(f"  {name:22s} {per_name[name]:8d} hands, {per_name_compared[name]:8d} compared, "
              f"{per_name_bad[name]:6d} disagreements")
    print(f"scored: {totals['scored']}  no_yaku: {totals['no_yaku']}  "
          f"not_a_win: {totals['not_a_win']}  invalid_input: {totals['invalid_input']}  "
          f"not comparable (four plain fives): {totals['not_comparable']}")
    skip = {"scored", "no_yaku", "not_a_win", "invalid_input", "not_comparable"}
    yaku = sorted(((k, v) for k, v in totals.items() if k not in skip and ":" not in k),
                  key=lambda kv: -kv[1])
    print("patterns seen: " + ", ".join(f"{k} {v}" for k, v in yaku))
    classes = sorted(((k[6:], v) for k, v in totals.items() if k.startswith("class:")),
                     key=lambda kv: -kv[1])
    bad = sum(v for _, v in classes)
    unexplained = sum(v for k, v in classes if k not in EXPLAINED)
    print(f"disagreements: {bad}  agreement: {100 * (compared - bad) / compared:.3f}%  "
          f"unexplained: {unexplained}")
    for cls, v in classes:
        why = EXPLAINED.get(cls, "UNEXPLAINED")
        print(f"  {v:7d}  {cls}  -- {why}")
        if cls not in EXPLAINED:
            for line in examples.get(cls, [])[: args.show]:
                print("    " + line.replace("\n", "\n    "))
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
