"""Japanese riichi mahjong (../shared/rules/riichi.md): options, yaku catalogue, scoring,
the table rules (``table``), the match and its settlement (``match``) and the
tenhou.net/6 log export (``tenhou6``).

Entry point: ``riichi = "rulesets.riichi:RULESET"`` in the ``jantaku.rulesets`` group.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from engine.context import InvalidInput, WinContext
from engine.match import RenchanMatch
from engine.ruleset import Names, OptionText, Preset
from engine.scoring import Score, ScoreError
from engine.table_rules import TableRules
from rulesets.riichi.match import match_rules as _match_rules
from rulesets.riichi.options import DEFAULT_PRESET, PRESETS, RiichiOptions, preset
from rulesets.riichi.scorer import RULESET_ID, score_win
from rulesets.riichi.table import table_rules as _table_rules
from rulesets.riichi.texts import OPTION_TEXTS
from rulesets.win_extras import win_extras as _win_extras


class RiichiRuleset:
    id = RULESET_ID
    version = "1.0.0"
    names = Names(en="Japanese Riichi", zh="日本立直麻将", ja="リーチ麻雀")
    options_model: type[BaseModel] = RiichiOptions
    win_extras = staticmethod(_win_extras)  # Table.win_extras (rulesets/win_extras.py)
    presets: Mapping[str, Preset] = {"default": DEFAULT_PRESET, **PRESETS}
    option_texts: Mapping[str, OptionText] = OPTION_TEXTS

    def score(self, win: WinContext, options: BaseModel) -> Score:
        opts = options if type(options) is RiichiOptions else _coerce(options)
        try:
            win.check(self.hand_tiles(opts))
            return score_win(win, opts)
        except InvalidInput as exc:
            return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))

    def hand_tiles(self, options: BaseModel) -> int:
        return 14

    def table_rules(self, options: BaseModel) -> TableRules:
        """Table mechanics for ``options``; ``OptionsError`` for values not playable yet."""
        return _table_rules(options)

    def match_rules(self, options: BaseModel) -> RenchanMatch:
        return _match_rules(options)


def _coerce(options: BaseModel) -> RiichiOptions:
    if isinstance(options, RiichiOptions):
        return options
    return RiichiOptions.model_validate(options.model_dump())


RULESET = RiichiRuleset()

__all__ = ["RULESET", "RiichiOptions", "RiichiRuleset", "preset"]
