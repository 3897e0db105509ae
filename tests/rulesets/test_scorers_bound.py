"""``Ruleset.scorer(options)`` (what a table scores with, holding the options' plan and
its memos) scores exactly as ``Ruleset.score(win, options)`` and as a scorer built
afresh for every hand, on generated wins under default and non-default options."""

from __future__ import annotations

from typing import Any

import pytest

from engine.context import WinContext
from engine.ruleset import parse_options
from rulesets.mcr import RULESET as MCR
from rulesets.riichi import RULESET as RIICHI
from rulesets.three_kingdoms import RULESET as THREE_KINGDOMS
from rulesets.zung_jung import RULESET as ZUNG_JUNG
from tests.rulesets.mcr.generator import generate
from tests.rulesets.riichi.hand_generator import HandGenerator

MCR_HANDS = list(generate("bound-scorer", 150))
RIICHI_HANDS = list(HandGenerator(b"bound-scorer").hands(150))


@pytest.mark.parametrize(
    ("ruleset", "hands", "raw"),
    [
        (MCR, MCR_HANDS, {}),
        (MCR, MCR_HANDS, {"edition": "wmo2006", "mixed_kong_points": 3}),
        (MCR, MCR_HANDS, {"beginner": True}),
        (RIICHI, RIICHI_HANDS, {}),
        (RIICHI, RIICHI_HANDS, {"preset": "tenhou"}),
        (RIICHI, RIICHI_HANDS, {"preset": "ema", "kiriage_mangan": True}),
        (ZUNG_JUNG, MCR_HANDS[:40], {}),
        (THREE_KINGDOMS, MCR_HANDS[:10], {}),
    ],
)
def test_the_bound_scorer_scores_as_score(
    ruleset: Any, hands: list[WinContext], raw: dict[str, Any]
) -> None:
    options = parse_options(ruleset, raw)
    bound = ruleset.scorer(options)
    for win in hands:
        want = ruleset.score(win, options).to_json()
        assert bound(win).to_json() == want
        assert ruleset.scorer(options)(win).to_json() == want  # afresh: no memo yet
