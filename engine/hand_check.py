"""The well-formedness check of a win (``WinContext.check``), in a module that the
compiled build (setup.py) turns into native code: every scoring call starts with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.notation import format_tiles
from engine.tiles import FIRST_FLOWER, NUM_FLOWERS, NUM_KINDS, kind_of

if TYPE_CHECKING:
    from engine.context import WinContext

_FLOWER_END = FIRST_FLOWER + NUM_FLOWERS


def hand_problem(win: WinContext, hand_tiles: int) -> str | None:
    """Why ``win`` is not a well-formed hand of ``hand_tiles`` tiles (14 or 17, kongs
    counting 3, no kind more than four times, indicators included), or None."""
    melds = win.melds
    concealed = win.concealed
    count = len(concealed) + 1 + 3 * len(melds)
    if count != hand_tiles:
        return (
            f"hand has {count} tiles (concealed + winning tile + 3 per meld); "
            f"expected {hand_tiles}"
        )
    counts = [0] * NUM_KINDS
    for t in (*concealed, win.win_tile):
        if FIRST_FLOWER <= t < _FLOWER_END:
            return "flowers are given as the 'flowers' count, not as hand tiles"
        counts[kind_of(t)] += 1
    for t in (*win.dora_indicators, *win.ura_dora_indicators):
        if FIRST_FLOWER <= t < _FLOWER_END:
            return "an indicator cannot be a flower"
        counts[kind_of(t)] += 1
    for meld in melds:
        for t in meld.tiles:
            counts[kind_of(t)] += 1
    most = max(counts)
    if most > 4:
        return f"more than four of {format_tiles([counts.index(most)])}"
    if not 0 <= win.flowers <= 8:
        return "flowers must be between 0 and 8"
    return None
