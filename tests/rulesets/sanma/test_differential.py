"""Differential test: Jantaku's three-player scoring and riichienv's (HandEvaluator3P, an
independent three-player engine) score the same generated sanma hands and must agree on
error, han, fu, the yaku and bonus set (kita included), each payment and the total — but
for the rules differences named in ``EXPLAINED`` (docs/rules/sanma.md "Checked
against"). 2,000 hands per option set; ``scripts/sanma_differential.py`` runs 120,000."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.ruleset import parse_options
from rulesets.sanma import RULESET
from rulesets.sanma.options import SanmaOptions
from tests.rulesets.sanma.hand_generator import SanmaHandGenerator
from tests.rulesets.sanma.riichienv_adapter import (
    EXPLAINED,
    compare,
)

HANDS_PER_SET = 2000
OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("tenhou_sanma", {"preset": "tenhou_sanma"}),
    ("mahjongsoul_sanma", {"preset": "mahjongsoul_sanma"}),
    ("red_double_yakuman", {"aka_dora": 2, "suukantsu_value": "single"}),
]


@pytest.mark.parametrize(("name", "changes"), OPTION_SETS, ids=[n for n, _ in OPTION_SETS])
def test_agrees_with_riichienv(name: str, changes: dict[str, Any]) -> None:
    opts = parse_options(RULESET, changes)
    assert isinstance(opts, SanmaOptions)
    score = RULESET.scorer(opts)
    seen: Counter[str] = Counter()
    unexplained: list[str] = []
    gen = SanmaHandGenerator(f"sanma-differential-{name}".encode(), red_fives=opts.aka_dora != 0)
    for ctx in gen.hands(HANDS_PER_SET):
        compared = compare(ctx, score, opts)
        if compared is None:
            continue
        ours, theirs, cls = compared
        seen[ours.error or "ok"] += 1
        seen.update(ours.yaku)
        if cls is not None:
            seen[cls] += 1
            if cls not in EXPLAINED:
                unexplained.append(f"{cls}: {ctx.to_json()}\n  ours: {ours}\n  riichienv: {theirs}")
    assert unexplained == [], f"{len(unexplained)} unexplained, first: {unexplained[0]}"
    assert seen["ok"] > 0.9 * HANDS_PER_SET and seen["no_yaku"] > 0
    assert seen["kita"] > 0.3 * HANDS_PER_SET and seen["rinshan_kaihou"] > 0
