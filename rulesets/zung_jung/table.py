"""Zung Jung at the table (zung-jung.md §1-§3, §10): the ``TableRules`` the engine plays
with, and the match: 16 hands (option), the deal passes every hand, no seat changes,
ranking by total points with shared ranks and no uma.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engine.match import RotatingMatch
from engine.state import HandResult, MatchState, Payment, Standing, Table
from engine.table_rules import FlowerTiming, HandSetup, MultiWin, Replacement, TableRules
from engine.wall import WallSpec
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.scorer import SHAPE_RULES
from rulesets.zung_jung.settlement import settle


def as_options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    if isinstance(options, Options):
        return options
    if isinstance(options, BaseModel):
        return Options.model_validate(options.model_dump())
    return Options.model_validate(dict(options or {}))


def table_rules(options: Options) -> TableRules:
    return TableRules(
        # §1, §3.1: 136 tiles (144 with bonus tiles); the last 14 are never drawn
        wall=WallSpec(flowers=options.bonus_tiles != "off", dead_wall=options.dead_wall_size),
        # §3.1 item 4: kong supplements come from the back of the drawable wall, so the
        # supplement may be the seabed tile (9.1.1 + 9.2)
        replacement=Replacement.LIVE_TAIL,
        flower_timing=FlowerTiming.IMMEDIATE,
        shape_rules=SHAPE_RULES,
        added_kong_from_hand=True,
        max_kongs=None,
        rob_added_kong=True,  # §3.2: only a small exposed kong may be robbed
        rob_concealed_kong_thirteen_orphans=False,  # §12 Q10
        multi_win=MultiWin.HEAD_BUMP,  # §3.2: one winner, nearest in turn order
        furiten=False,  # §3.2: no sacred-discard rule; §8.2 immunity instead
        riichi=None,
        aborts=frozenset(),  # §3.3: no abortive draws
        first_turn_flags=True,  # 9.4.1 / 9.4.2
        self_drawn_chiihou=False,  # chiihou here is 9.4.2, a discard win
    )


@dataclass(frozen=True, slots=True)
class ZJMatch:
    """§2, §10: ``hands_per_game`` hands, East passes after every hand, scores from
    ``start_score`` (no bust); draws pay nothing."""

    options: Options
    _rotation: RotatingMatch = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rotation = RotatingMatch(
            hands=self.options.hands_per_game,
            seat_change="none",
            start_score=self.options.start_score,
        )
        object.__setattr__(self, "_rotation", rotation)

    def start_scores(self) -> tuple[int, ...]:
        return self._rotation.start_scores()

    def first_hand(self) -> HandSetup:
        return self._rotation.first_hand()

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return settle(result, self.options)

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        return self._rotation.next_hand(match, result)

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        """Ranked by total points, ties sharing the rank (§10, §12 Q13); ``points`` is the
        score itself (no uma, no oka)."""
        scores = match.scores
        return tuple(
            Standing(
                player=p,
                score=scores[p],
                rank=1 + sum(1 for q in range(len(scores)) if scores[q] > scores[p]),
                points=float(scores[p]),
            )
            for p in range(len(scores))
        )


def match_rules(options: BaseModel | Mapping[str, Any] | None = None) -> ZJMatch:
    return ZJMatch(as_options(options))


def table(options: BaseModel | Mapping[str, Any] | None = None) -> Table:
    """A ready Zung Jung table (same as ``engine.ruleset.table_for(RULESET, options)``)."""
    from engine.ruleset import table_for
    from rulesets.zung_jung import RULESET

    opts = as_options(options)
    return table_for(RULESET, opts.model_dump(exclude_defaults=True))
