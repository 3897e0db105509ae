"""MCR's hand-fan predicates against the hand-written pass they replaced (issue 18).

    python scripts/mcr_hand_fans_equal.py [--hands 200000] [--seed hand-fans]

The old ``rulesets/mcr/hand.py`` at c949746, which filled ``HandFacts.base`` with the
tile-set, concealment and situational fans as it built the facts, is read from git into
a module of its own. Every generated hand (tests/rulesets/mcr/generator.py, whose flags
follow the tiles), again with its situational flags redrawn at random, and again as a
part of a bigger hand (``PartRules``, with the winning tile among the part's tiles and
outside them), is counted both ways: the old ``base``, the catalogue's predicates asked
one by one (``CATALOGUE.count`` of the hand without a reading) and the scorer's gated
count must all be equal. It
prints how many hands were compared and how often each fan was met; exit status 1 on
the first difference.
"""

from __future__ import annotations

import argparse
import random
import sys
import types
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from git_module import module_at  # noqa: E402

from engine.context import WinContext  # noqa: E402
from engine.scoring import Gated  # noqa: E402
from rulesets.mcr.hand import PartRules, build_facts  # noqa: E402
from rulesets.mcr.patterns import CATALOGUE, HAND_FAN_IDS  # noqa: E402
from rulesets.mcr.reading import ReadingRules, hand_only  # noqa: E402
from tests.rulesets.mcr.generator import generate  # noqa: E402

OLD = "c949746:rulesets/mcr/hand.py"
PARTS = (None, PartRules(), PartRules(win_hidden=True))
RULES = ReadingRules(None, True, "none_if_overlap")


def old_hand() -> types.ModuleType:
    return module_at(OLD, "old_mcr_hand")


def redrawn(win: WinContext, rng: random.Random) -> WinContext:
    tsumo = rng.random() < 0.5
    return replace(
        win,
        tsumo=tsumo,
        haitei=tsumo and rng.random() < 0.3,
        rinshan=tsumo and rng.random() < 0.3,
        houtei=not tsumo and rng.random() < 0.3,
        chankan=not tsumo and rng.random() < 0.3,
        last_tile_of_kind=rng.random() < 0.3,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", default="hand-fans")
    args = parser.parse_args()
    old = old_hand()
    rng = random.Random(args.seed)
    met: Counter[str] = Counter()
    compared = 0
    for generated in generate(args.seed, args.hands):
        for win in (generated, redrawn(generated, rng)):
            for part in PARTS:
                before = old.build_facts(win, part)
                facts = build_facts(win, part)
                if before is None or facts is None:
                    if (before is None) != (facts is None):
                        print(f"one pass refused the hand: {win.to_json()} {part}")
                        return 1
                    continue
                gated = Gated(CATALOGUE, HAND_FAN_IDS)
                hand = hand_only(facts, RULES)  # the hand, no reading
                slow = CATALOGUE.count(hand)
                if before.base != slow or gated.count(hand, facts.features) != slow:
                    print(f"differ on {win.to_json()} {part}:")
                    print(f"  old {before.base}\n  new {slow}")
                    return 1
                compared += 1
                met.update(slow)
    print(f"{compared} hands compared, equal; fans met:")
    for fan, n in sorted(met.items(), key=lambda kv: -kv[1]):
        print(f"  {fan:28} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
