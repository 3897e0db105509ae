"""MCR at the table (../shared/rules/mcr.md §3-§8): the ``TableRules`` the engine plays
with. The session is ``match.match_rules``, the payments ``settlement.settle``.
"""

from __future__ import annotations

from engine.ruleset import OptionsError
from engine.shapes import ShapeRules
from engine.table_rules import FlowerTiming, MultiWin, Replacement, TableRules, WinFloor
from engine.wall import WallSpec
from rulesets.mcr.options import Options


def table_rules(options: Options) -> TableRules:
    if options.false_win_mode != "reject":
        # §8: the table offers only legal wins, so a false win cannot be declared there
        raise OptionsError(
            "false_win_mode", "the table only offers legal wins; only 'reject' can be played"
        )
    return TableRules(
        wall=WallSpec(flowers=options.use_flowers),  # 144 tiles, no dead wall (§3)
        replacement=Replacement.TAIL,  # flowers and kongs from the back of the wall
        flower_timing=FlowerTiming(options.flower_timing),
        # §7.1: four identical tiles may be two pairs; knitted shapes are legal
        shape_rules=ShapeRules(
            seven_pairs=True,
            seven_pairs_four_as_two=True,
            thirteen_orphans=True,
            honors_and_knitted=True,
            knitted_straight=True,
        ),
        added_kong_from_hand=options.added_kong_from_hand,
        concealed_kong_face_down=True,  # §4: shown only when the hand ends
        max_kongs=None,  # §5.4: no limit, no four-kong draw
        rob_added_kong=True,
        rob_concealed_kong_thirteen_orphans=False,  # §5.5
        multi_win=MultiWin.HEAD_BUMP,  # §5.3
        furiten=None,  # §5.1: no furiten
        riichi=None,
        aborts=frozenset(),  # §6: no abortive draws
        win_floor=WinFloor.POINTS,  # §7.2: the 8-point minimum
    )
