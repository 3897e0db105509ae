"""Differential test: Jantaku and the `mahjong` library (MahjongRepository, 2.1.0) score the
same generated hands under matched options and must agree on everything comparable: error
(no yaku / not a win), han, fu, the set of yaku and bonus patterns, each payment and the
total. 25,000 hands over five option sets; local yaku (which the library cannot express
as we define them) are covered by the vectors instead."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions, preset
from rulesets.riichi.patterns import CATALOGUE
from tests.rulesets.riichi.hand_generator import HandGenerator
from tests.rulesets.riichi.library_adapter import (
    library_outcome,
    our_outcome,
    physical,
    supported,
)

HANDS_PER_SET = 5000
OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("red_fives_no_kuitan", {"aka_dora": 3, "kuitan": False}),
    ("single_yakuman_kiriage", {"double_yakuman": False, "kiriage_mangan": True}),
    (
        "kazoe_sanbaiman_no_pinfu_tsumo",
        {"kazoe": "sanbaiman", "pinfu_tsumo": False, "suukantsu_value": "single", "ippatsu": False},
    ),
    ("tenhou_preset", preset("tenhou").model_dump()),
]
# every yaku the library can express is expected in each sample
EXPRESSIBLE = {d.id for d in CATALOGUE if not d.local}


@pytest.mark.parametrize(("name", "changes"), OPTION_SETS, ids=[n for n, _ in OPTION_SETS])
def test_agrees_with_library(name: str, changes: dict[str, Any]) -> None:
    opts = RiichiOptions.model_validate(changes)
    assert supported(opts)
    disagreements: list[str] = []
    seen: Counter[str] = Counter()
    score = RULESET.scorer(opts)  # the yaku in force derived once, as a table does
    for ctx in HandGenerator(f"differential-{name}".encode()).hands(HANDS_PER_SET):
        ctx = physical(ctx, opts)
        ours = our_outcome(score(ctx))
        theirs = library_outcome(ctx, opts)
        seen[ours.error or "ok"] += 1
        seen.update(ours.yaku)
        if ours != theirs:
            disagreements.append(f"{ctx.to_json()}\n  ours:    {ours}\n  library: {theirs}")
    assert disagreements == [], f"{len(disagreements)} disagreements, first: {disagreements[0]}"
    missing = {y for y in EXPRESSIBLE if not seen[y]}
    if opts.ippatsu is False:
        missing.discard("ippatsu")
    assert missing == set(), f"sample lacks {sorted(missing)}"
    assert seen["ok"] > 0.8 * HANDS_PER_SET and seen["no_yaku"] > 0
    if opts.aka_dora:
        assert seen["aka_dora"] > 0
    assert seen["dora"] > 0 and seen["ura_dora"] > 0
