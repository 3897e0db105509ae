"""Zung Jung's pattern predicates against the hand-written pass they replaced (issue 18).

    python scripts/zung_jung_predicates_equal.py [--hands 150000] [--seed 2]

The old pass, ``rulesets/zung_jung/detect.py`` at 9418203, is read from git into a
module of its own; every arrangement of every vector in tests/vectors/zung_jung and of
random winning hands (sets, seven pairs, thirteen terminals, melds and win flags drawn
at random) is counted both ways, and the raw counts must be equal. It prints how many
arrangements were compared and how often each pattern was met. Exit status 1 on the
first difference.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from git_module import module_at  # noqa: E402

from engine.context import InvalidInput, WinContext  # noqa: E402
from rulesets.zung_jung.patterns import CATALOGUE  # noqa: E402
from rulesets.zung_jung.reading import Reading, build_facts  # noqa: E402
from rulesets.zung_jung.scorer import readings  # noqa: E402

OLD = "9418203:rulesets/zung_jung/detect.py"
META = {"id", "covers", "case", "expected", "source", "options"}
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
FLAGS = ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")


def old_detect() -> types.ModuleType:
    return module_at(OLD, "old_detect")


def name(k: int) -> str:
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def random_hand(rng: random.Random) -> dict[str, Any] | None:
    used = [0] * 34
    concealed: list[int] = []
    melds: list[dict[str, str]] = []
    suit = rng.randrange(3) if rng.random() < 0.5 else None

    def kind() -> int:
        if suit is not None and rng.random() < 0.7:
            return suit * 9 + rng.randrange(9)
        return 27 + rng.randrange(7) if rng.random() < 0.3 else rng.randrange(27)

    shape = rng.random()
    if shape < 0.08:
        pairs: set[int] = set()
        while len(pairs) < 7:
            pairs.add(kind())
        concealed = [k for k in pairs for _ in range(2)]
    elif shape < 0.1:
        concealed = [*ORPHANS, rng.choice(ORPHANS)]
    else:
        for _ in range(4):
            r, k = rng.random(), kind()
            if r < 0.45 and k < 27 and k % 9 <= 6:
                tiles, meld = [k, k + 1, k + 2], "chi"
            elif r < 0.9:
                tiles, meld = [k] * 3, "pon"
            else:
                tiles, meld = [k] * 4, rng.choice(["minkan", "ankan", "kakan"])
            if any(used[x] + tiles.count(x) > 4 for x in set(tiles)):
                return None
            for x in tiles:
                used[x] += 1
            if len(tiles) == 4 or rng.random() < 0.3:
                melds.append({"type": meld, "tiles": "".join(name(x) for x in tiles)})
            else:
                concealed += tiles
        pair = kind()
        if used[pair] + 2 > 4:
            return None
        concealed += [pair, pair]
    win = rng.choice(concealed)
    rest = list(concealed)
    rest.remove(win)
    hand: dict[str, Any] = {
        "concealed": "".join(name(x) for x in sorted(rest)),
        "win_tile": name(win),
        "melds": melds,
        "tsumo": rng.random() < 0.5,
        "seat_wind": rng.randint(1, 4),
        "round_wind": rng.randint(1, 4),
    }
    for flag in FLAGS:
        if rng.random() < 0.05:
            hand[flag] = True
    if rng.random() < 0.05:
        hand["extra"] = {"dealer_first_discard": True}
    return hand


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150_000)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    old = old_detect()
    seen: dict[str, int] = {}
    compared = 0

    def check(hand: dict[str, Any]) -> bool:
        nonlocal compared
        try:
            win = WinContext.from_json(hand)
            win.check(14)
        except (InvalidInput, ValueError, KeyError):
            return True  # not a hand both passes would be asked about
        facts_old, facts_new = old.build_facts(win), build_facts(win)
        for arr in readings(win):
            before = old.detect(arr, facts_old)
            after = CATALOGUE.count(Reading(arr, facts_new))
            if before != after:
                print(f"differ on {json.dumps(hand)}: old {before}, new {after}")
                return False
            compared += 1
            for pid in after:
                seen[pid] = seen.get(pid, 0) + 1
        return True

    for path in sorted((ROOT / "tests" / "vectors" / "zung_jung").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            obj = json.loads(line)
            if not check({k: v for k, v in obj.items() if k not in META}):
                return 1
    rng = random.Random(args.seed)
    for _ in range(args.hands):
        hand = random_hand(rng)
        if hand is not None and not check(hand):
            return 1
    print(f"{compared} arrangements, equal raw counts; {len(seen)} patterns met:")
    for pid, n in sorted(seen.items(), key=lambda kv: kv[1]):
        print(f"  {pid:32} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
