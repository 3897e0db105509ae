"""Three Kingdoms at the table (three-kingdoms.md §3, §4, §7): the ``TableRules`` the
engine plays with.

Dead wall (§3, physical layout): the last 14 tiles of the shuffled wall are seven stacks;
dead-wall index 0 is the top of the stack next to the live wall, index 13 the bottom of
the far stack. Counting stacks from the far end, replacement tiles are stack 1 top and
bottom then stack 2 top and bottom (12, 13, 10, 11); the dora indicator is the top of
stack 3 (8) and the kan-dora indicators the tops of stacks 4-7 (6, 4, 2, 0); each ura
indicator lies under its indicator (9, 7, 5, 3, 1). The live wall never feeds the dead
wall, so the last live tile is fixed.
"""

from __future__ import annotations

from engine.shapes import ShapeRules
from engine.table_rules import (
    FuritenRules,
    KanDoraRules,
    KanDoraTiming,
    Kuikae,
    MultiWin,
    Replacement,
    RiichiAnkan,
    RiichiRules,
    TableRules,
    WinFloor,
)
from engine.wall import WallSpec
from rulesets.three_kingdoms.options import RIICHI_DEPOSIT, Options

WALL = WallSpec(
    flowers=False,  # §2, Q1
    hand_size=16,  # §3: 16 tiles dealt four at a time, four times round
    dead_wall=14,
    replacement_positions=(12, 13, 10, 11),
    dora_positions=(8, 6, 4, 2, 0),
    ura_positions=(9, 7, 5, 3, 1),
    replenish_dead_wall=False,  # §3: the dead wall never grows, the last live tile is fixed
)

# §5: five sets and a pair, or a special shape plus one set; four identical tiles may be
# two of the seven pairs as in MCR.
SHAPE_RULES = ShapeRules(
    seven_pairs=True,
    seven_pairs_four_as_two=True,
    thirteen_orphans=True,
    honors_and_knitted=True,
    knitted_straight=True,
)


def table_rules(options: Options) -> TableRules:
    return TableRules(
        wall=WALL,
        replacement=Replacement.DEAD_WALL,
        shape_rules=SHAPE_RULES,
        concealed_kong_face_down=options.concealed_kong_display == "face_down",  # Q16
        max_kongs=4,  # §3: four replacement tiles, no fifth kong
        rob_added_kong=True,
        rob_concealed_kong_thirteen_orphans=False,
        multi_win=MultiWin.HEAD_BUMP,  # §1: one winner, nearest the discarder
        # §6: every kong reveals a kan-dora indicator; Q13 says when
        kan_dora=KanDoraRules(timing=KanDoraTiming(options.kan_dora_timing)),
        # §1: furiten wins are allowed, except to riichi players (§7, Q5 Japanese meaning:
        # a wait among one's discards, or a winning tile let pass after riichi)
        furiten=FuritenRules(
            riichi_only=True,
            per_tile=options.riichi_furiten == "literal",  # Q5
        ),
        riichi=RiichiRules(
            deposit=RIICHI_DEPOSIT,
            min_points=None,  # Q7: no score requirement
            min_live_wall=options.riichi_min_live_wall,
            ankan=(
                RiichiAnkan.NO_SHAPE_CHANGE
                if options.riichi_concealed_kong == "no_shape_change"
                else RiichiAnkan.NO_WAIT_CHANGE
            ),
            double_riichi=False,  # Q14
            ippatsu=False,
            ura_dora=True,
        ),
        kuikae=Kuikae.ALLOWED,  # §1: swap-calling allowed
        aborts=frozenset(),  # §1: no abortive draws
        first_turn=None,
        # §5.2 step 5: riichi and dora count toward the 8-point minimum, so a call need
        # not keep a flush or all-pungs line to reach it
        win_floor=WinFloor.NONE,
    )
