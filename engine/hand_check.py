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
    top = 0  # the most copies of one kind
    for t in concealed:
        k = table[t]
        n = counts[k] + 1
        counts[k] = n
        if n > top:
            top = n
    k = table[win.win_tile]
    n = counts[k] + 1
    counts[k] = n
    if n > top:
        top = n
    if counts[NUM_KINDS]:
        return "flowers are given as the 'flowers' count, not as hand tiles"
    dora = win.dora_indicators
    ura = win.ura_dora_indicators
    if dora or ura:
        for t in (*dora, *ura):
            k = table[t]
            if k == NUM_KINDS:
                return "an indicator cannot be a flower"
            n = counts[k] + 1
            counts[k] = n
            if n > top:
                top = n
    for meld in melds:
        for t in meld.tiles:
            k = table[t]
            n = counts[k] + 1
            counts[k] = n
            if n > top:
                top = n
    over = top > 4
    if over:
        kinds = counts[:NUM_KINDS]
        return f"more than four of {format_tiles([kinds.index(max(kinds))])}"
    if not 0 <= win.flowers <= 8:
        return "flowers must be between 0 and 8"
    return None
