"""Chinese Official (MCR, 国标麻将) ruleset plugin (../shared/rules/mcr.md).

Entry point: ``mcr = "rulesets.mcr:RULESET"``. Modules:

* ``fans`` — the catalogue of the 81 fans (+ the Botzone mixed-kong line) as data;
* ``options`` — the §17 options model;
* ``hand`` — facts shared by every reading of a hand (tile-set and situational fans);
* ``detect`` — fans of the sets of one standard reading (§11.4–11.6);
* ``waits`` — the unique-wait test (§11.7);
* ``scorer`` — readings, exclusions, best total, minimum (§11.3);
* ``settlement`` (§9) and ``match`` (§2, §10) — pure functions for the table engine;
* ``table`` — the table rules and match rules that make MCR playable.

Scoring follows, by default, the competition rules seed 000 states (``edition=
"competition"``); ``"botzone1998"`` is the 1998 rules as PyMahjongGB 1.4.0 reads them and
``"wmo2006"`` applies mcr.md §15. docs/rules/mcr.md says what each edition changes and
which reading of the seed was chosen where it is ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from engine.ruleset import Names, OptionText, Preset
from engine.table_rules import TableRules
from rulesets.mcr.options import Options
from rulesets.mcr.scorer import score_with
from rulesets.mcr.table import MCRMatch
from rulesets.mcr.table import match_rules as _match_rules
from rulesets.mcr.table import table_rules as _table_rules
from rulesets.mcr.texts import OPTION_TEXTS, PRESETS
from rulesets.win_extras import win_extras as _win_extras


class MCRRuleset:
    id = "mcr"
    version = "1.0.0"
    names = Names(en="Chinese Official (MCR)", zh="国标麻将", ja="国標麻将")
    options_model: type[BaseModel] = Options
    win_extras = staticmethod(_win_extras)  # Table.win_extras (rulesets/win_extras.py)
    presets: Mapping[str, Preset] = PRESETS
    option_texts: Mapping[str, OptionText] = OPTION_TEXTS

    # A compiled function, not a method: no Python frame on the scoring path.
    score = staticmethod(score_with)

    def hand_tiles(self, options: BaseModel) -> int:
        return 14

    def table_rules(self, options: BaseModel) -> TableRules:
        return _table_rules(options)

    def match_rules(self, options: BaseModel) -> MCRMatch:
        return _match_rules(options)


RULESET = MCRRuleset()

__all__ = ["RULESET", "MCRRuleset", "Options"]
