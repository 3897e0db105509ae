"""Zung Jung (中庸麻雀) ruleset plugin: Alan Kwan's v3.3 scoring, settlement and match
rules (../shared/rules/zung-jung.md). Entry point: ``zung_jung = "rulesets.zung_jung:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.ruleset import Names, TableRuleset
from rulesets.win_extras import win_extras
from rulesets.zung_jung.match import match_rules
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.patterns import CATALOGUE
from rulesets.zung_jung.scorer import HAND_TILES, RULESET_ID, score
from rulesets.zung_jung.table import table_rules
from rulesets.zung_jung.texts import OPTION_TEXTS


class ZungJungRuleset(TableRuleset[Options]):
    id = RULESET_ID
    version = "1.0.0"
    # a concealed nine-tile straight with all sequences (Zung Jung §1.1, §1.2, §7.1)
    sample_hand: ClassVar[Mapping[str, Any] | None] = {
        "concealed": "123456789m123p5s",
        "win_tile": "5s",
    }
    names = Names(en="Zung Jung", zh="中庸麻雀", ja="中庸麻雀")
    options_model = Options
    option_texts = OPTION_TEXTS
    catalogue = CATALOGUE  # the patterns and their exclusions (the conformance kit)
    hand_size = HAND_TILES
    length_option = "hands_per_game"
    leaderboard = ("raw score", "average rank")
    win_extras = staticmethod(win_extras)  # Table.win_extras (rulesets/win_extras.py)
    score = staticmethod(score)
    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)


RULESET = ZungJungRuleset()

__all__ = ["RULESET", "Options", "ZungJungRuleset"]
