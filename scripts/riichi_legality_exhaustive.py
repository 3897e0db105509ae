"""Every one-suit concealed hand through the riichi table checks of
tests/engine/test_legal_exhaustive.py (the default test run takes a subset): the concealed
kong after riichi under each ``riichi_ankan`` rule, the riichi discards, and the ready
states of ``shanten`` and its swap distance for one to four concealed sets. Some
minutes in pure Python.

    python scripts/riichi_legality_exhaustive.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.table_rules import RiichiAnkan
from tests.engine.test_legal_exhaustive import (
    check_discards,
    check_kongs,
    check_shanten,
    check_swap_distance,
)


def main() -> int:
    runs: list[tuple[str, Callable[[], tuple[int, list[str]]]]] = [
        *((f"kong after riichi ({r.value})", lambda r=r: check_kongs(r, 1)) for r in RiichiAnkan),
        ("riichi discards", lambda: check_discards(1)),
        *((f"shanten, {n} sets", lambda n=n: check_shanten(n, 1)) for n in (1, 2, 3, 4)),
        *((f"swap distance, {n} sets", lambda n=n: check_swap_distance(n, 1)) for n in range(1, 5)),
    ]
    failed = 0
    for name, run in runs:
        started = time.perf_counter()
        checked, wrong = run()
        took = time.perf_counter() - started
        print(f"{name}: {checked} cases, {len(wrong)} wrong ({took:.0f} s)")
        for line in wrong[:10]:
            print("   ", line)
        failed += bool(wrong)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
