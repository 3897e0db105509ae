"""Zung Jung (中庸麻雀) ruleset plugin: Alan Kwan's v3.3 scoring, settlement and match
rules (../shared/rules/zung-jung.md). Entry point: ``zung_jung = "rulesets.zung_jung:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from engine.context import WinContext
from engine.ruleset import Names, OptionText
from engine.scoring import Score
from engine.table_rules import TableRules
from rulesets.win_extras import win_extras as _win_extras
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.scorer import HAND_TILES, RULESET_ID
from rulesets.zung_jung.scorer import score as _score
from rulesets.zung_jung.table import ZJMatch, as_options
from rulesets.zung_jung.table import table_rules as _table_rules
from rulesets.zung_jung.texts import OPTION_TEXTS


class ZungJungRuleset:
    id = RULESET_ID
    version = "1.0.0"
    names = Names(en="Zung Jung", zh="中庸麻雀", ja="中庸麻雀")
    options_model: type[BaseModel] = Options
    win_extras = staticmethod(_win_extras)  # Table.win_extras (rulesets/win_extras.py)
    option_texts: Mapping[str, OptionText] = OPTION_TEXTS

    def score(self, win: WinContext, options: BaseModel) -> Score:
        return _score(win, as_options(options))

    def hand_tiles(self, options: BaseModel) -> int:
        return HAND_TILES

    def table_rules(self, options: BaseModel) -> TableRules:
        return _table_rules(as_options(options))

    def match_rules(self, options: BaseModel) -> ZJMatch:
        return ZJMatch(as_options(options))


RULESET = ZungJungRuleset()

__all__ = ["RULESET", "Options", "ZungJungRuleset"]
