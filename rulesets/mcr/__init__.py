"""Chinese Official (MCR, 国标麻将) ruleset plugin (../shared/rules/mcr.md).

Entry point: ``mcr = "rulesets.mcr:RULESET"``. Modules:

* ``patterns`` — the catalogue of the 81 fans (+ the Botzone mixed-kong line): names,
  values, exclusions as data, each fan's predicate;
* ``options`` — the §17 options model;
* ``hand`` — facts shared by every reading of a hand (what the fans of the tiles read);
* ``reading`` — one reading and its facts (what the fans of sets, waits, shapes read);
* ``combinations`` — the chow and pung combination fans of one reading (§11.5);
* ``waits`` — the unique-wait test (§11.7);
* ``scorer`` — readings, exclusions, best total, minimum (§11.3);
* ``settlement`` (§9) — the payments of a finished hand;
* ``match`` (§2, §10) — the session and the match rules the table plays it with;
* ``table`` — the table rules that make MCR playable.

Scoring follows, by default, the competition rules seed 000 states (``edition=
"competition"``); ``"botzone1998"`` is the 1998 rules as PyMahjongGB 1.4.0 reads them and
``"wmo2006"`` applies mcr.md §15. docs/rules/mcr.md says what each edition changes and
which reading of the seed was chosen where it is ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.ruleset import Names, TableRuleset
from rulesets.mcr.match import match_rules
from rulesets.mcr.options import Options
from rulesets.mcr.patterns import DEFAULT_CATALOGUE
from rulesets.mcr.scorer import score, scorer
from rulesets.mcr.table import table_rules
from rulesets.mcr.texts import OPTION_TEXTS, PRESETS
from rulesets.win_extras import win_extras


class MCRRuleset(TableRuleset[Options]):
    id = "mcr"
    length_option = "hands_per_session"
    # the client's word for a hand's total (engine.ruleset.WORDS)
    words: ClassVar[Mapping[str, Names]] = {
        "hand_value": Names("{n} fan points", "{n} 番", "{n} 番")
    }
    version = "1.0.0"
    sample_hand: ClassVar[Mapping[str, Any] | None] = {  # mcr.md §14 ex. 1
        "concealed": "123456m1178s456p",
        "win_tile": "9s",
    }
    names = Names(en="Chinese Official (MCR)", zh="国标麻将", ja="国標麻将")
    options_model = Options
    presets = PRESETS
    option_texts = OPTION_TEXTS
    catalogue = DEFAULT_CATALOGUE  # the fans as the default edition excludes them
    win_extras = staticmethod(win_extras)  # Table.win_extras (rulesets/win_extras.py)

    # Compiled functions, not methods: no Python frame on the scoring path.
    score = staticmethod(score)
    scorer = staticmethod(scorer)  # the table's Plan of its options (scorer.Plan)
    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)


RULESET = MCRRuleset()

__all__ = ["RULESET", "MCRRuleset", "Options"]
