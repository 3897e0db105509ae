"""Hong Kong Old Style options (docs/rules.md §7): every choice the sources leave to the
table, at the defaults of the common 3-faan, 13-faan-limit game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # §2: a hand needs this many faan to win (bonus tiles aside, unless counted)
    minimum_faan: int = Field(3, ge=0, le=13)
    # §3: the limit (爆棚): faan above it count as the limit; limit hands score it
    faan_limit: int = Field(13, ge=3, le=13)
    # §3: how faan turn into base points: half-spicy (半辣, doubling every two faan
    # above four) or spicy (全辣, doubling with every faan)
    payment_table: Literal["half_spicy", "spicy"] = "half_spicy"
    # §4: who pays a discard win: the discarder alone, for the table (全銃), or the
    # discarder double and the others single (半銃)
    discard_payment: Literal["full_shot", "half_shot"] = "full_shot"
    # §5: liability (包牌): the twelve-tile rule, the kong feeder, a robbed kong, and the
    # feeder of the last set of big three dragons or big four winds pays for everyone
    bao: bool = True
    # §1, §2.4: the eight flowers and seasons (144 tiles) or none (136)
    flowers: bool = True
    # §2.4: bonus-tile faan count towards the minimum
    bonus_counts_toward_minimum: bool = False
    # §6: wind rounds played (East only, East-South, or all four)
    rounds: Literal[1, 2, 4] = 4
    # §6: the dealer keeps the deal after a drawn hand
    draw_keeps_deal: bool = True
    start_score: int = 0
