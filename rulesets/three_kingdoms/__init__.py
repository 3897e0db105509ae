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
from typing import Any, ClassVar

from engine.ruleset import Names, TableRuleset
from rulesets.mcr.patterns import DEFAULT_CATALOGUE
from rulesets.three_kingdoms.match import match_rules
from rulesets.three_kingdoms.options import Options
from rulesets.three_kingdoms.patterns import DORA, KAN_DORA, RIICHI, URA_DORA
from rulesets.three_kingdoms.scorer import HAND_TILES, RULESET_ID, score
from rulesets.three_kingdoms.table import table_rules
from rulesets.three_kingdoms.texts import OPTION_TEXTS
from rulesets.win_extras import win_extras

# The conformance kit's unscorable: a catalogue entry no scored hand shows, and why.
UNSCORABLE: dict[str, str] = {
    "flower_tiles": "played without flowers: MCR scores with use_flowers=False",
}


class ThreeKingdomsRuleset(TableRuleset[Options]):
    id = RULESET_ID
    version = "1.0.0"
    # sixteen tiles: five sets and a pair waiting on a single tile
    sample_hand: ClassVar[Mapping[str, Any] | None] = {
        "concealed": "123456789m123p456s5p",
        "win_tile": "5p",
    }
    names = Names(en="Three Kingdoms", zh="三国麻将", ja="三国麻雀")
    options_model = Options
    option_texts = OPTION_TEXTS
    # MCR's fans as its default edition excludes them, then the points §6-7 add
    catalogue = (DEFAULT_CATALOGUE, RIICHI, DORA, KAN_DORA, URA_DORA)
    unscorable = UNSCORABLE
    hand_size = HAND_TILES
    length_option = "hands_per_session"
    statistics = frozenset({"riichi_rate", "riichi_win_rate"})  # its riichi declaration
    win_extras = staticmethod(win_extras)  # Table.win_extras (rulesets/win_extras.py)
    score = staticmethod(score)
    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)
    # no tenpai_at_draw: three-kingdoms.md §1 has no noten payments


RULESET = ThreeKingdomsRuleset()

__all__ = ["RULESET", "Options", "ThreeKingdomsRuleset"]
