"""MCR's fans of every reading, in this tree against an older commit (issue 18).

    python scripts/mcr_reading_fans_equal.py [--old 3810681] [--hands 50000]

Each tree (the older commit checked out in a temporary worktree, and this one) runs in a
child Python that scores the same generated hands (tests/rulesets/mcr/generator.py),
each also as a part of a bigger hand (``PartRules``, winning tile inside and outside the
part), under every option plan below, and prints for each the fans and points of
**every** reading after the exclusions (not only the best one), then the final score.
The two outputs must be identical line by line; the script prints how many readings
were compared and how often each fan was met, exit status 1 on the first difference.
Both trees run pure (no compiled modules), so the old one needs no build.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLANS: tuple[dict[str, object], ...] = (
    {},
    {"edition": "botzone1998"},
    {"edition": "wmo2006"},
    {"knitted_straight_waits": "allow"},
    {"knitted_straight_waits": "no_edge_closed"},
    {"beginner": True},
    {"mixed_kong_points": 3},
    {"edition": "botzone1998", "mixed_kong_points": 6},
)

_EMIT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import rulesets.mcr.scorer
from rulesets.mcr.hand import PartRules, build_facts
from rulesets.mcr.options import Options
from tests.rulesets.mcr.generator import generate

s = sys.modules["rulesets.mcr.scorer"]  # the package exports a function of that name

plans = [s.Plan(Options(**p)) for p in json.loads(sys.argv[4])]
parts = (None, PartRules(), PartRules(win_hidden=True))
new = hasattr(s, "ReadingFacts")  # the reading contexts of issue 18's last step

def readings(win, facts, plan):
    if new:
        rs = s._readings(win, facts, plan.reading_rules)
        base = plan.hand_fans.count(rs[0], facts.features) if rs else {}
        return [s.fans_of(r, base, plan) for r in rs]
    rs = s._readings(win, facts)
    base = plan.hand_fans.count(facts, facts.features)
    return [s.fans_of(r, facts, base, plan) for r in rs]

out = sys.stdout
for win in generate(sys.argv[2], int(sys.argv[3])):
    for plan in plans:
        for part in parts:
            facts = build_facts(win, part)
            if facts is None:
                out.write("refused\n")
                continue
            got = [[sorted(c.items()), p] for c, p in readings(win, facts, plan)]
            score = s.score_planned(win, plan, part)
            hits = [[h.id, h.count, h.value] for h in score.patterns]
            out.write(json.dumps([got, hits, score.total, score.legal, score.error]) + "\n")
"""


def child(tree: Path, seed: str, hands: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _EMIT, str(tree), seed, str(hands), json.dumps(PLANS)],
        stdout=subprocess.PIPE,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
        cwd=tree,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="3810681")
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--seed", default="reading-fans")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "old"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(old_tree), args.old],
            cwd=ROOT,
            check=True,
        )
        try:
            return compare(old_tree, args.seed, args.hands)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, check=True
            )


def compare(old_tree: Path, seed: str, hands: int) -> int:
    old, new = child(old_tree, seed, hands), child(ROOT, seed, hands)
    assert old.stdout is not None and new.stdout is not None
    met: Counter[str] = Counter()
    lines = readings = 0
    for before, after in zip(old.stdout, new.stdout, strict=True):
        if before != after:
            print(f"line {lines + 1} differs:\n  old {before.strip()}\n  new {after.strip()}")
            old.kill()
            new.kill()
            return 1
        lines += 1
        if before.startswith("["):
            got = json.loads(before)[0]
            readings += len(got)
            for counts, _points in got:
                met.update(fan for fan, _n in counts)
    if old.wait() or new.wait():
        print("a child failed")
        return 1
    print(f"{lines} scores of {hands} hands x {len(PLANS)} plans x 3 parts, {readings} readings:")
    print("every reading's fans and points and every score equal; fans met in readings:")
    for fan, n in sorted(met.items(), key=lambda kv: -kv[1]):
        print(f"  {fan:34} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
