"""Fu (minipoints) of one reading, riichi.md §9."""

from __future__ import annotations

from rulesets.riichi.hand import (
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    WAIT_CLOSED,
    WAIT_EDGE,
    WAIT_SINGLE,
    HandFacts,
    Reading,
)

_WAIT_FU = {WAIT_SINGLE: 2, WAIT_CLOSED: 2, WAIT_EDGE: 2}


def raw_fu(h: HandFacts, r: Reading, pinfu: bool) -> int:
    """Fu before rounding (steps 2-7 of §9); chiitoitsu's fixed value; 0 for kokushi."""
    if r.shape is not SHAPE_STANDARD:
        return h.opts.chiitoitsu_fu if r.shape is SHAPE_SEVEN_PAIRS else 0
    tsumo = h.ctx.tsumo
    fu = 20 + r.set_fu  # triplets and kans, open/closed as §9 step 4 (set_fu: decompose.py)
    if h.closed and not tsumo:
        fu += 10
    pair = r.pair
    if pair >= 27:
        if pair >= 31:
            fu += 2
        elif pair == h.seat_tile and pair == h.round_tile:
            fu += h.opts.double_wind_pair_fu
        elif pair == h.seat_tile or pair == h.round_tile:
            fu += 2
    fu += _WAIT_FU.get(r.wait, 0)
    if tsumo and not pinfu:
        fu += 2
    if fu == 20 and not h.closed and not tsumo:
        fu = 30  # §9 step 7: an open hand without fu won by ron cannot stay at 20
    return fu


def round_fu(fu: int) -> int:
    """§9 step 8; chiitoitsu's 25 stays as it is."""
    return fu if fu == 25 else -(-fu // 10) * 10
