"""Zung Jung options (../shared/rules/zung-jung.md §9 and the defaults of §12)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Every option of zung-jung.md §9 plus the open questions of §12, at their
    recommended defaults (standard ZJ v3.3, §9.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # §8: formal competition payoff, or the casual uniform payoff (§8.3)
    payoff: Literal["formal", "uniform"] = "formal"
    # §8.1 / §12 Q5: above this hand value the responsible discarder pays 3V - 2*par
    par: int = Field(25, ge=0)
    # §4 / §12 Q4: 0 = chicken hands allowed; 5 = the known variant
    minimum_points: int = Field(0, ge=0)
    chicken_value: int = Field(1, ge=0)
    compound_limit: int = Field(320, ge=1)
    # §5.8 / §12 Q6
    multiple_listed_limits: Literal["highest", "sum"] = "highest"
    # §2 / §12 Q1
    hands_per_game: Literal[4, 8, 16] = 16
    start_score: int = 0
    # §3.1 / §12 Q2
    dead_wall_size: Literal[0, 14, 16] = 14
    # §9.3 / §12 Q7
    bonus_tiles: Literal["off", "half", "full"] = "off"
    # §12 Q3: the server validates every claim, so a false win is refused (no trust mode)
    false_win: Literal["reject"] = "reject"
    # §12 Q8-Q13 (fixed by the recommended defaults; kept visible as options)
    final_discard_claims: Literal["win_only"] = "win_only"
    kong_on_seabed: Literal[False] = False
    rob_concealed_kong_thirteen_terminals: Literal[False] = False
    blessing_of_earth_multiple: Literal["nearest"] = "nearest"
    robbed_kong_responsible: Literal["kong_declarer"] = "kong_declarer"
    ranking_ties: Literal["share"] = "share"
