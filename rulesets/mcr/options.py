"""MCR scoring and table options (../shared/rules/mcr.md §17), with their defaults.

The default ``edition`` is ``competition``: the rules seed 000 describes
(docs/rules/mcr.md says what it changes and how the seed was read). There is no claim
window option: a table's `timers.claim` (REST table creation) sets how long claims take."""

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


# mcr.md §15; docs/rules/mcr.md "Editions" says what each one scores differently.
Edition = Literal["competition", "botzone1998", "wmo2006"]
DEFAULT_EDITION: Edition = "competition"
KnittedStraightWaits = Literal["allow", "no_edge_closed", "none_if_overlap"]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: Edition = Field(
        DEFAULT_EDITION,
        title="Fan edition",
        description=(
            "competition: today's competition rules as seed 000 states them (the 2006 "
            "changes); botzone1998: the 1998 rules as the Botzone/PyMahjongGB calculator "
            "reads them; wmo2006: the 2006 WMO differences as Tom Sloper documents them"
        ),
    )
    hands_per_session: int = Field(16, ge=1)
    seat_change: Literal["mcr_table", "none"] = "mcr_table"
    use_flowers: bool = True
    flower_timing: Literal["immediate", "on_own_turn"] = "immediate"
    last_tile_flower: Literal["exhaustive_draw"] = "exhaustive_draw"
    mixed_kong_points: Literal[5, 3, 6] = 5
    added_kong_from_hand: bool = True
    knitted_straight_waits: KnittedStraightWaits | None = Field(
        None,
        title="Wait fans with a Knitted Straight",
        description=(
            "allow: judged on the set and pair left (Botzone); no_edge_closed: never Edge or "
            "Closed Wait (2006 ruling); none_if_overlap: no wait fan when the winning tile "
            "could be a knitted tile (seed 000); unset: the edition's reading "
            "(none_if_overlap for competition, allow otherwise)"
        ),
    )
    false_win_mode: Literal["reject", "penalize_10"] = "reject"
    point_cap: Literal[88] | None = None
    table_point_ties: Literal["share"] = "share"
    beginner: bool = False
    # Used only with beginner=True (§16); None = the shipped list (BEGINNER_BIG_FANS + all
    # fans of 6 points or less).
    beginner_fans: tuple[str, ...] | None = None

    @property
    def knitted_waits(self) -> KnittedStraightWaits:
        """The wait rule for knitted straights in force (mcr.md §11.8)."""
        if self.knitted_straight_waits is not None:
            return self.knitted_straight_waits
        return "none_if_overlap" if self.edition == "competition" else "allow"

    @property
    def min_points(self) -> int:
        """Points needed to win, flowers not counted (§7.2, §16)."""
        return 6 if self.beginner else 8

    @property
    def base_payment(self) -> int:
        """What every loser pays on top of the hand value (§9, §16)."""
        return 0 if self.beginner else 8
