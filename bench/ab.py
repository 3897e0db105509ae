"""Two trees, the same benches, in one run: the before/after ratios of a change.

    python bench/ab.py /path/to/before /path/to/after [--rounds 2]

Runs ``bench/selfplay.py`` (riichi random and greedy, MCR random) and the scoring benches
(``bench/score_mcr.py``, ``bench/score_riichi.py``) of each tree in turn (before, after,
before, after, ...), each tree's own code on ``PYTHONPATH``, and prints every rate and
the ratio after/before of the best round of each. Rates are per CPU second (the selfplay
bench) or against the reference library in the same process (the scoring benches), so a
busy machine moves both trees alike; run it ``nice``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

BENCHES: dict[str, tuple[list[str], str]] = {
    # name: (arguments after the script, regex of the rate in its output)
    "selfplay riichi random": (
        ["bench/selfplay.py", "--ruleset", "riichi", "--bots", "random", "--games", "12"],
        r"riichi\s+random.*?(\S+)\s*$",
    ),
    "selfplay riichi greedy": (
        ["bench/selfplay.py", "--ruleset", "riichi", "--bots", "greedy", "--games", "4"],
        r"riichi\s+greedy.*?(\S+)\s*$",
    ),
    "selfplay mcr random": (
        ["bench/selfplay.py", "--ruleset", "mcr", "--bots", "random", "--games", "8"],
        r"mcr\s+random.*?(\S+)\s*$",
    ),
    "score_mcr (x PyMahjongGB)": (
        ["bench/score_mcr.py", "--hands", "3000", "--repeat", "2"],
        r"ratio Jantaku/PyMahjongGB:\s*(\S+)",
    ),
    "score_riichi (x mahjong)": (
        ["bench/score_riichi.py", "--hands", "3000", "--rounds", "2"],
        r"ratio\s*:\s*(\S+)x",
    ),
}


def rate(tree: Path, args: list[str], pattern: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True, check=True
    ).stdout
    found = re.search(pattern, out, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no rate in the output of {args}:\n{out}")
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", default="", help="benches whose name contains this")
    args = parser.parse_args()
    for name, (argv, pattern) in BENCHES.items():
        if args.only not in name:
            continue
        runs: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(rate(args.before, argv, pattern))
            runs["after"].append(rate(args.after, argv, pattern))
        before, after = max(runs["before"]), max(runs["after"])
        print(
            f"{name:28} before {' '.join(f'{r:8.3f}' for r in runs['before'])}  "
            f"after {' '.join(f'{r:8.3f}' for r in runs['after'])}  "
            f"after/before {after / before:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
