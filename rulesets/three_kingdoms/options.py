"""Three Kingdoms options (../shared/rules/three-kingdoms.md §11, §12).

Every open question of §11 is an option whose default is the recommended answer. Where
the table engine cannot play an alternative yet, the option admits only its default, so
the choice is visible in the schema and a later version can widen it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.mcr.options import DEFAULT_EDITION, Edition

MIN_POINTS = 8  # §1: the MCR minimum, counted with riichi, dora and kan-dora
BASE_PAYMENT = 8  # §8: what every loser pays on top of the hand value
RIICHI_DEPOSIT = 10  # §7


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # Q1: no flowers, 136 tiles (the flower alternative needs flower replacements from
    # the live wall's tail while kongs use the dead wall; the engine has one source).
    use_flowers: Literal[False] = False
    hands_per_session: int = Field(16, ge=1, le=16)  # Q2 (8 = the East and South rounds)
    seat_change: Literal["mcr_table", "none"] = "mcr_table"  # Q3
    leftover_deposits: Literal["first_place", "discard", "return"] = "first_place"  # Q4
    riichi_furiten: Literal["japanese", "literal"] = "japanese"  # Q5
    riichi_waits: Literal["shape"] = "shape"  # Q6: ready / winning tile ignore the minimum
    riichi_min_live_wall: int = Field(4, ge=0)  # Q7
    dora_scope: Literal["scored_part", "whole_hand"] = "scored_part"  # Q8
    set_fans_scope: Literal["scored_part"] = "scored_part"  # Q9
    win_method_fans_when_hidden: bool = True  # Q10
    melded_hand_when_hidden: bool = False  # Q11
    # Q20 (docs/rules/three-kingdoms.md): on a discard win whose winning tile is hidden,
    # the discard still melds one pung of the scored part (seed 002 examples 11 and 12),
    # or every concealed pung left stays concealed (three-kingdoms.md §5.3)
    hidden_win_pungs: Literal["one_melded", "all_concealed"] = "one_melded"
    face_down_choice: Literal["best"] = "best"  # Q12: the server picks the maximum
    kan_dora_timing: Literal["immediate", "after_discard"] = "immediate"  # Q13
    extra_riichi_features: Literal["none"] = "none"  # Q14: no ippatsu, double riichi, ...
    riichi_concealed_kong: Literal["no_shape_change", "no_wait_change"] = "no_shape_change"  # Q15
    concealed_kong_display: Literal["face_down", "shown"] = "face_down"  # Q16
    riichi_robbed_kong: Literal["declarer_pays_all", "normal"] = "declarer_pays_all"  # Q17
    edition: Edition = DEFAULT_EDITION  # Q18: the MCR plugin's editions and default
    false_win_mode: Literal["reject"] = "reject"  # Q19

