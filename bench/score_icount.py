"""Instructions per score of Jantaku's own scorer, in one or more checkouts, by callgrind.

    python bench/score_icount.py --ruleset mcr /path/to/before /path/to/after
    python bench/score_icount.py --ruleset riichi .

(MCR also in trees from before ``Ruleset.scorer``, scoring through ``RULESET.score``.)

For comparing two trees of this repository (each built in place, so that its compiled
modules are the ones imported): callgrind counts instructions, not seconds, so the load
of a shared machine does not move the figures. Each tree runs a child Python under
``valgrind --tool=callgrind`` that warms its scorers up on hands of another seed and then
scores N fresh hands; a run that makes the same hands and scores none of them is
subtracted, so imports, hand generation and warm-up drop out. MCR is scored under three
editions (the default, botzone1998, wmo2006), riichi under the default options. Needs
valgrind (a Debian package); ``bench/score_mcr_icount.py`` compares MCR against
PyMahjongGB instead.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from callgrind import instructions, require_valgrind

_CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
ruleset, n, made = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if ruleset == "mcr":
    from rulesets.mcr import RULESET, Options
    from tests.rulesets.mcr.generator import generate
    options = [Options(edition=e) for e in ("competition", "botzone1998", "wmo2006")]
    if hasattr(RULESET, "scorer"):
        scorers = [RULESET.scorer(o) for o in options]
    else:  # a tree from before the bound scorers (a34fef6, the golden recording)
        scorers = [lambda w, o=o: RULESET.score(w, o) for o in options]
    warm, fresh = list(generate("warm-up", 1000)), list(generate("icount", made))
else:
    from rulesets.riichi import RULESET
    from rulesets.riichi.options import RiichiOptions
    from tests.rulesets.riichi.hand_generator import HandGenerator
    scorers = [RULESET.scorer(RiichiOptions())]
    warm = list(HandGenerator(b"warm-up").hands(2000))
    fresh = list(HandGenerator(b"icount").hands(made))
for score in scorers:
    for hand in warm:
        score(hand)
for score in scorers:
    for hand in fresh[:n]:
        score(hand)
"""


def _instructions(tree: Path, ruleset: str, hands: int, made: int) -> int:
    return instructions([sys.executable, "-c", _CHILD, str(tree), ruleset, str(hands), str(made)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path, help="checkouts, each built in place")
    parser.add_argument("--ruleset", choices=("mcr", "riichi"), default="mcr")
    parser.add_argument("--hands", type=int, default=1000, help="fresh hands per scorer")
    args = parser.parse_args()
    require_valgrind()
    scores = args.hands * (3 if args.ruleset == "mcr" else 1)
    first: float | None = None
    for tree in args.trees:
        base = _instructions(tree, args.ruleset, 0, args.hands)
        per = (_instructions(tree, args.ruleset, args.hands, args.hands) - base) / scores
        first = per if first is None else first
        print(f"{tree}: {per:10.0f} instructions/score   ratio to the first {per / first:.3f}")


if __name__ == "__main__":
    main()
