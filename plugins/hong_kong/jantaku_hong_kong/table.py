"""Hong Kong Old Style at the table (docs/rules.md §1): the ``TableRules`` the engine plays
with, and the table facts only this ruleset scores (``win_extras``)."""

from __future__ import annotations

from engine.state import MatchState
from engine.table_rules import (
    FirstTurnRules,
    FlowerTiming,
    MultiWin,
    Replacement,
    TableRules,
    WinFloor,
)
from engine.wall import WallSpec
from jantaku_hong_kong.options import Options
from jantaku_hong_kong.scorer import SHAPE_RULES


def table_rules(options: Options) -> TableRules:
    return TableRules(
        # §1: 144 tiles with the flowers and seasons (136 without); no dead wall: kong
        # and flower replacements come from the back of the wall
        wall=WallSpec(flowers=options.flowers, dead_wall=0),
        replacement=Replacement.TAIL,
        flower_timing=FlowerTiming.IMMEDIATE,
        shape_rules=SHAPE_RULES,
        added_kong_from_hand=True,
        rob_added_kong=True,  # §2.2 robbing a kong
        rob_concealed_kong_thirteen_orphans=True,  # §2.1: thirteen orphans may rob it
        multi_win=MultiWin.HEAD_BUMP,  # §4: one winner, the nearest in turn order (截糊)
        furiten=None,
        riichi=None,
        aborts=frozenset(),
        # §2.1: the earthly hand is a win on the dealer's first discard (win_extras)
        first_turn=FirstTurnRules(self_drawn_chiihou=False),
        win_floor=WinFloor.POINTS if options.minimum_faan > 0 else WinFloor.NONE,
    )


def win_extras(state: MatchState, seat: int, *, tsumo: bool, chankan: bool) -> dict[str, object]:
    """``WinContext.extra`` of a win at the table: the flowers the winner set aside
    (``bonus_tiles``, for own-flower faan) and whether the win is on the dealer's first
    discard before any call (``dealer_first_discard``, the earthly hand)."""
    hand = state.hand
    assert hand is not None
    out: dict[str, object] = {}
    flowers = hand.seats[seat].flowers
    if flowers:
        out["bonus_tiles"] = list(flowers)
    log = hand.discard_log
    if not tsumo and not chankan and len(log) == 1 and log[0][0] == hand.dealer and not hand.calls:
        out["dealer_first_discard"] = True
    return out
