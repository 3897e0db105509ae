"""Replay every golden match (tests/golden/matches.json) and report what differs.

    python scripts/golden_replay.py            # check all 1,000 (about a minute or two)
    python scripts/golden_replay.py --record   # record them afresh (only before a change!)

Recording is for a tree whose behaviour is the reference; after a change that must not
change behaviour, run without ``--record``: every match must replay byte-identical.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden.harness import load, mismatch, plan, record, save


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    began = time.process_time()
    if args.record:
        goldens = [record(g) for g in plan()]
        save(goldens)
        print(
            f"recorded {len(goldens)} matches ({Counter(g.ruleset for g in goldens)}) "
            f"in {time.process_time() - began:.1f} cpu s"
        )
        return 0
    bad = [m for m in (mismatch(g) for g in load()) if m is not None]
    for line in bad:
        print(line)
    print(
        f"{len(load()) - len(bad)} of {len(load())} matches replay identically "
        f"({time.process_time() - began:.1f} cpu s)"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
