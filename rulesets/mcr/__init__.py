"""Chinese Official (MCR, 国标麻将) ruleset plugin: scoring, settlement and match rules
(../shared/rules/mcr.md). Entry point: ``mcr = "rulesets.mcr:RULESET"``."""

from __future__ import annotations

from pydantic import BaseModel

from engine.context import WinContext
from engine.ruleset import Names
from engine.scoring import Score
from rulesets.mcr.options import Options
from rulesets.mcr.scorer import score as _score


class MCRRuleset:
    id = "mcr"
    version = "1.0.0"
    names = Names(en="Chinese Official (MCR)", zh="国标麻将", ja="国標麻将")
    options_model: type[BaseModel] = Options

    def score(self, win: WinContext, options: BaseModel) -> Score:
        opts = options if isinstance(options, Options) else Options.model_validate(
            options.model_dump()
        )
        return _score(win, opts)

    def hand_tiles(self, options: BaseModel) -> int:
        return 14


RULESET = MCRRuleset()

__all__ = ["RULESET", "MCRRuleset", "Options"]
