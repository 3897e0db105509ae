"""Hong Kong Old Style (港式老派麻雀) as a Jantaku ruleset plugin, written only against the
public contract (``engine.ruleset``). Rules and their sources: docs/rules.md. Entry point:
``hong_kong = "jantaku_hong_kong:RULESET"`` in the ``jantaku.rulesets`` group.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.ruleset import Names, TableRuleset
from jantaku_hong_kong.match import match_rules
from jantaku_hong_kong.options import Options
from jantaku_hong_kong.patterns import CATALOGUE
from jantaku_hong_kong.scorer import HAND_TILES, RULESET_ID, score
from jantaku_hong_kong.table import table_rules, win_extras
from jantaku_hong_kong.texts import OPTION_TEXTS, PRESETS


class HongKongRuleset(TableRuleset[Options]):
    id = RULESET_ID
    version = "0.1.0"
    names = Names(en="Hong Kong Old Style", zh="港式老派麻雀", ja="香港麻雀（旧式）")
    options_model = Options
    option_texts = OPTION_TEXTS
    presets = PRESETS
    hand_size = HAND_TILES
    # §6: the standings' points are the score itself, so boards rank by it (as Zung Jung)
    leaderboard = ("raw score", "average rank")
    # docs/rules.md §2.2: Mixed One Suit 3, Concealed Hand 1, No Flowers 1 (jantaku demo)
    sample_hand: ClassVar[Mapping[str, Any] | None] = {
        "concealed": "123p456p99p222z78p",
        "win_tile": "9p",
    }
    # what the conformance kit reads: the patterns scores list, and the vectors
    catalogue = CATALOGUE
    vectors = "../tests/vectors"
    win_extras = staticmethod(win_extras)
    score = staticmethod(score)
    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)


RULESET = HongKongRuleset()

__all__ = ["RULESET", "HongKongRuleset", "Options"]
