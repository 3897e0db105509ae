"""The well-formedness check of a win (``WinContext.check``), in a module that the
compiled build (setup.py) turns into native code: every scoring call starts with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.notation import format_tiles
from engine.tiles import KIND_OR_SPARE, NUM_KINDS

if TYPE_CHECKING:
    from engine.context import WinContext

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
    counts = [0] * (NUM_KINDS + 1)  # the last: flowers (refused below)
    table = KIND_OR_SPARE
    over = False  # some kind more than four times
    for t in concealed:
        k = table[t]
        n = counts[k] = counts[k] + 1
        over = over or n > 4
    k = table[win.win_tile]
    n = counts[k] = counts[k] + 1
    over = over or n > 4
    if counts[NUM_KINDS]:
        return "flowers are given as the 'flowers' count, not as hand tiles"
    for indicators in (win.dora_indicators, win.ura_dora_indicators):
        for t in indicators:
            k = table[t]
            if k == NUM_KINDS:
                return "an indicator cannot be a flower"
            n = counts[k] = counts[k] + 1
            over = over or n > 4
    for meld in melds:
        for t in meld.tiles:
            k = table[t]
            n = counts[k] = counts[k] + 1
            over = over or n > 4
    if over:
        kinds = counts[:NUM_KINDS]
        return f"more than four of {format_tiles([kinds.index(max(kinds))])}"
    if not 0 <= win.flowers <= 8:
        return "flowers must be between 0 and 8"
    return None
