"""Large differential run: Jantaku riichi scoring against the `mahjong` library.

    python scripts/riichi_differential.py [--hands 200000] [--workers 2] [--seed big]

Generated hands (tests/rulesets/riichi/hand_generator.py) are scored by both under several
matched option sets (the hands are split evenly between them); every disagreement on
error, han, fu, yaku set, payments or total is printed (up to --show) and counted. Exit
status 1 when any disagreement is found.
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

from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions, preset
from tests.rulesets.riichi.hand_generator import HandGenerator
from tests.rulesets.riichi.library_adapter import (
    library_outcome,
    our_outcome,
    physical,
    supported,
)

OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "red_fives": {"aka_dora": 3},
    "no_kuitan": {"kuitan": False},
    "single_yakuman": {"double_yakuman": False},
    "kiriage": {"kiriage_mangan": True},
    "kazoe_sanbaiman": {"kazoe": "sanbaiman", "suukantsu_value": "single"},
    "no_pinfu_tsumo_no_ippatsu": {"pinfu_tsumo": False, "ippatsu": False},
    "tenhou_preset": preset("tenhou").model_dump(),
}
CHUNK = 5000


def run_chunk(job: tuple[str, str, int]) -> tuple[str, int, Counter[str], list[str]]:
    name, seed, n = job
    opts = RiichiOptions.model_validate(OPTION_SETS[name])
    assert supported(opts), name
    seen: Counter[str] = Counter()
    bad: list[str] = []
    for ctx in HandGenerator(seed.encode()).hands(n):
        ctx = physical(ctx, opts)
        ours = our_outcome(RULESET.score(ctx, opts))
        theirs = library_outcome(ctx, opts)
        seen[ours.error or "scored"] += 1
        seen.update(ours.yaku)
        if ours != theirs:
            bad.append(f"[{name}] {ctx.to_json()}\n  ours:    {ours}\n  library: {theirs}")
    return name, n, seen, bad


def chunk_jobs(names: list[str], hands: int, seed: str) -> list[tuple[str, str, int]]:
    """``hands`` split evenly between the option sets ``names``, in jobs of at most
    ``CHUNK`` hands: (option set, the job's own seed, hands)."""
    jobs: list[tuple[str, str, int]] = []
    for name in names:
        left = hands // len(names)
        i = 0
        while left > 0:
            n = min(CHUNK, left)
            jobs.append((name, f"{seed}/{name}/{i}", n))
            left -= n
            i += 1
    return jobs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="riichi-differential")
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()

    jobs = chunk_jobs(list(OPTION_SETS), args.hands, args.seed)

    start = time.perf_counter()
    totals: Counter[str] = Counter()
    per_name: Counter[str] = Counter()
    bad: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name, n, seen, chunk_bad in pool.map(run_chunk, jobs):
            per_name[name] += n
            totals.update(seen)
            bad.extend(chunk_bad)
    elapsed = time.perf_counter() - start

    hands = sum(per_name.values())
    print(f"hands: {hands} in {elapsed:.1f} s over {args.workers} workers")
    for name in OPTION_SETS:
        print(f"  {name:28s} {per_name[name]:8d} hands")
    print(f"scored: {totals['scored']}  no_yaku: {totals['no_yaku']}  "
          f"not_a_win: {totals['not_a_win']}  invalid_input: {totals['invalid_input']}")
    yaku = sorted(((k, v) for k, v in totals.items()
                   if k not in ("scored", "no_yaku", "not_a_win", "invalid_input")),
                  key=lambda kv: -kv[1])
    print("patterns seen: " + ", ".join(f"{k} {v}" for k, v in yaku))
    print(f"disagreements: {len(bad)}  agreement: {100 * (hands - len(bad)) / hands:.3f}%")
    for line in bad[: args.show]:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
