"""Zung Jung at the table (zung-jung.md §1, §3): the ``TableRules`` the engine plays with.
The match is ``match.match_rules``, the payments ``settlement.settle``.
"""

from __future__ import annotations

from engine.table_rules import (
    FirstTurnRules,
    FlowerTiming,
    MultiWin,
    Replacement,
    TableRules,
    WinFloor,
)
from engine.wall import WallSpec
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.scorer import SHAPE_RULES


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
        furiten=None,  # §3.2: no sacred-discard rule; §8.2 immunity instead
        riichi=None,
        aborts=frozenset(),  # §3.3: no abortive draws
        # 9.4.1 / 9.4.2; chiihou here is 9.4.2, a discard win
        first_turn=FirstTurnRules(self_drawn_chiihou=False),
        # §4: no minimum in standard Zung Jung; the minimum_points variant has one
        win_floor=WinFloor.POINTS if options.minimum_points > 0 else WinFloor.NONE,
    )
