"""Fu (minipoints) of one reading, riichi.md §9."""

from __future__ import annotations

from engine.melds import MeldType
from engine.shapes import BlockKind, Shape, Wait
from engine.tiles import DRAGONS
from rulesets.riichi.hand import HandFacts, Reading

_WAIT_FU = {Wait.SINGLE: 2, Wait.CLOSED: 2, Wait.EDGE: 2}


def raw_fu(h: HandFacts, r: Reading, pinfu: bool) -> int:
    """Fu before rounding (steps 2-7 of §9); chiitoitsu's fixed value; 0 for kokushi."""
    if r.shape is Shape.SEVEN_PAIRS:
        return h.opts.chiitoitsu_fu
    if r.shape is not Shape.STANDARD:
        return 0
    tsumo = h.ctx.tsumo
    fu = 20
    if h.closed and not tsumo:
        fu += 10
    arr = r.arrangement
    for i, block in enumerate(arr.blocks):
        kind = block.kind
        if kind is BlockKind.PUNG or kind is BlockKind.KONG:
            t = block.tile
            value = 4 if t >= 27 or t % 9 in (0, 8) else 2
            meld = block.meld
            # §5/§9: a triplet completed by ron is an open triplet.
            if meld is MeldType.ANKAN or (meld is None and (tsumo or i != arr.win_index)):
                value *= 2
            if kind is BlockKind.KONG:
                value *= 4
            fu += value
    pair = r.pair
    if pair >= 27:
        if pair in DRAGONS:
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
