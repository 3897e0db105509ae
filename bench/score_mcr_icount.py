"""Instructions per MCR score, Jantaku against PyMahjongGB, counted by callgrind.

    python bench/score_mcr_icount.py [--hands 2000] [--seed icount]

Wall-clock rates on a shared 2-core machine move by ±25 % between runs; instruction
counts do not. Each side runs in a child Python under ``valgrind --tool=callgrind``: it
warms up on hands of another seed, then scores fresh hands through ``map``, and only
what runs inside ``map`` is counted (``--toggle-collect=map_next``), less what a run
scoring no hand counts, so imports, hand generation and warm-up are left out. Needs
valgrind (a Debian package).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from callgrind import instructions, require_valgrind

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import contextlib, sys
sys.path.insert(0, sys.argv[1])
from tests.rulesets.mcr.generator import generate
side, seed, n = sys.argv[2], sys.argv[3], int(sys.argv[4])
if side == "jantaku":
    from rulesets.mcr import RULESET, Options
    options = Options(edition="botzone1998")  # the edition PyMahjongGB implements
    def score(hand):
        return RULESET.score(hand, options)
    prepare = lambda hands: hands
else:
    import MahjongGB
    from tests.rulesets.mcr.oracle import oracle_args
    def score(args):
        with contextlib.suppress(TypeError):
            return MahjongGB.MahjongFanCalculator(*args)
    prepare = lambda hands: [oracle_args(h) for h in hands]
for item in prepare(list(generate(seed + "/warm-up", n))):
    score(item)
items = prepare(list(generate(seed, n)))
list(map(score, items[: int(sys.argv[5])]))
"""


def count(side: str, seed: str, hands: int) -> float:
    """Instructions per hand for ``side`` ("jantaku" or "pymahjonggb"): the run scoring
    ``hands`` hands less the same run scoring none. Calls to ``map`` made while modules
    import are counted too (a few million instructions); the empty run cancels them."""
    return (_collected(side, seed, hands, hands) - _collected(side, seed, hands, 0)) / hands


def _collected(side: str, seed: str, hands: int, scored: int) -> int:
    command = [sys.executable, "-c", _CHILD, str(ROOT), side, seed, str(hands), str(scored)]
    return instructions(command, "--collect-atstart=no", "--toggle-collect=map_next")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="icount")
    args = parser.parse_args()
    require_valgrind()
    ours = count("jantaku", args.seed, args.hands)
    ref = count("pymahjonggb", args.seed, args.hands)
    print(f"hands: {args.hands} fresh (seed {args.seed!r}), after a warm-up on other hands")
    print(f"PyMahjongGB: {ref:10.0f} instructions/hand")
    print(f"Jantaku:     {ours:10.0f} instructions/hand")
    print(f"ratio PyMahjongGB/Jantaku: {ref / ours:.3f}")


if __name__ == "__main__":
    main()
