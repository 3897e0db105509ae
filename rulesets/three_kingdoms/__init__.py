"""Three Kingdoms (三国麻将 / 三国麻雀) ruleset plugin: the 16-tile hybrid of seed 002
(../shared/rules/three-kingdoms.md). Entry point:
``three_kingdoms = "rulesets.three_kingdoms:RULESET"``.

MCR scoring (through ``rulesets.mcr``) on the best choice of the set turned face down,
dora and riichi, played on the engine's dead wall with 16-tile hands. Modules:
``options`` (§11, §12), ``face_down`` (§5.1-§5.2), ``scorer`` (§5.3, §6, §7), ``dora``,
``patterns``, ``settlement`` (§8), ``match`` (§9) and ``table`` (§3, §4, §7).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from engine.context import WinContext
from engine.ruleset import Names, OptionText
from engine.scoring import Score
from engine.table_rules import TableRules
from rulesets.three_kingdoms.match import ThreeKingdomsMatch
from rulesets.three_kingdoms.options import Options, as_options
from rulesets.three_kingdoms.scorer import HAND_TILES, RULESET_ID
from rulesets.three_kingdoms.scorer import score as _score
from rulesets.three_kingdoms.table import table_rules as _table_rules
from rulesets.three_kingdoms.texts import OPTION_TEXTS
from rulesets.win_extras import win_extras as _win_extras


class ThreeKingdomsRuleset:
    id = RULESET_ID
    version = "1.0.0"
    names = Names(en="Three Kingdoms", zh="三国麻将", ja="三国麻雀")
    options_model: type[BaseModel] = Options
    win_extras = staticmethod(_win_extras)  # Table.win_extras (rulesets/win_extras.py)
    option_texts: Mapping[str, OptionText] = OPTION_TEXTS

    def score(self, win: WinContext, options: BaseModel) -> Score:
        return _score(win, as_options(options))

    def hand_tiles(self, options: BaseModel) -> int:
        return HAND_TILES

    def table_rules(self, options: BaseModel) -> TableRules:
        return _table_rules(as_options(options))

    def match_rules(self, options: BaseModel) -> ThreeKingdomsMatch:
        return ThreeKingdomsMatch(as_options(options))


RULESET = ThreeKingdomsRuleset()

__all__ = ["RULESET", "Options", "ThreeKingdomsRuleset"]
