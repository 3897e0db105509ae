"""MCR scoring and table options (../shared/rules/mcr.md §17), with their defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# §16: the beginner allow-list shipped until the official list is known: the eleven fans
# seed 000 marks, every fan of 6 points or less, and flowers.
BEGINNER_BIG_FANS: tuple[str, ...] = (
    "seven_pairs",
    "full_flush",
    "pure_straight",
    "pure_shifted_chows",
    "all_fives",
    "lesser_honors_and_knitted_tiles",
    "upper_four",
    "lower_four",
    "big_three_winds",
    "mixed_straight",
    "mixed_triple_chow",
)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: Literal["botzone1998", "wmo2006"] = "botzone1998"
    hands_per_session: int = Field(16, ge=1)
    seat_change: Literal["mcr_table", "none"] = "mcr_table"
    use_flowers: bool = True
    flower_timing: Literal["immediate", "on_own_turn"] = "immediate"
    claim_window_ms: int | None = Field(None, ge=0)
    last_tile_flower: Literal["exhaustive_draw"] = "exhaustive_draw"
    mixed_kong_points: Literal[5, 3, 6] = 5
    added_kong_from_hand: bool = True
    knitted_straight_waits: Literal["allow", "no_edge_closed", "none_if_overlap"] = "allow"
    false_win_mode: Literal["reject", "penalize_10"] = "reject"
    point_cap: Literal[88] | None = None
    table_point_ties: Literal["share"] = "share"
    beginner: bool = False
    # Used only with beginner=True (§16); None = the shipped list (BEGINNER_BIG_FANS + all
    # fans of 6 points or less).
    beginner_fans: tuple[str, ...] | None = None

    @property
    def min_points(self) -> int:
        """Points needed to win, flowers not counted (§7.2, §16)."""
        return 6 if self.beginner else 8

    @property
    def base_payment(self) -> int:
        """What every loser pays on top of the hand value (§9, §16)."""
        return 0 if self.beginner else 8
