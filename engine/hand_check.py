"""The well-formedness check of a win (``WinContext.check``), in a module that the
compiled build (setup.py) turns into native code: every scoring call starts with it.

The checks read a win through ``CheckedWin``, the fields they need; ``engine.context``'s
``WinContext`` has them all. So this module imports nothing of ``engine.context`` (which
calls it), and the two make no import circle.
"""

from __future__ import annotations

from typing import Protocol

from engine.melds import Meld
from engine.notation import format_tiles
from engine.tiles import KIND_OR_SPARE, NUM_KINDS, Tile


class CheckedWin(Protocol):
    """What the checks read of a win (``engine.context.WinContext`` is one)."""

    @property
    def concealed(self) -> tuple[Tile, ...]: ...

    @property
    def win_tile(self) -> Tile: ...

    @property
    def melds(self) -> tuple[Meld, ...]: ...

    @property
    def seat_wind(self) -> int: ...

    @property
    def tsumo(self) -> bool: ...

    @property
    def riichi(self) -> bool: ...

    @property
    def double_riichi(self) -> bool: ...

    @property
    def ippatsu(self) -> bool: ...

    @property
    def haitei(self) -> bool: ...

    @property
    def houtei(self) -> bool: ...

    @property
    def rinshan(self) -> bool: ...

    @property
    def chankan(self) -> bool: ...

    @property
    def last_tile_of_kind(self) -> bool: ...

    @property
    def tenhou(self) -> bool: ...

    @property
    def chiihou(self) -> bool: ...

    @property
    def renhou(self) -> bool: ...

    @property
    def flowers(self) -> int: ...

    @property
    def dora_indicators(self) -> tuple[Tile, ...]: ...

    @property
    def ura_dora_indicators(self) -> tuple[Tile, ...]: ...


def hand_problem(win: CheckedWin, hand_tiles: int) -> str | None:
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


MAX_KONGS = 4  # four replacement tiles, no fifth kong (three-kingdoms.md §4, seed 002)
MAX_INDICATORS = 5  # the first indicator and one per kong


def flag_problem(win: CheckedWin) -> str | None:
    """Which flag of ``win`` contradicts the others or the tiles, or None. Only what no
    ruleset's table can produce; a ruleset adds its own conflicts (riichi's ``validate``,
    Zung Jung's ``check_flags``)."""
    melds = win.melds
    if not (
        win.rinshan or win.chankan or win.haitei or win.houtei or win.ippatsu
        or win.riichi or win.double_riichi or win.tenhou or win.chiihou or win.renhou
        or win.last_tile_of_kind or len(melds) > MAX_KONGS
        or len(win.dora_indicators) > MAX_INDICATORS
        or len(win.ura_dora_indicators) > MAX_INDICATORS
    ):
        return None  # the common discard win: nothing to contradict
    if sum(1 for m in melds if m.is_kong) > MAX_KONGS:
        return f"more than {MAX_KONGS} kongs: there are only four replacement tiles"
    if len(win.dora_indicators) > MAX_INDICATORS or len(win.ura_dora_indicators) > MAX_INDICATORS:
        return f"more than {MAX_INDICATORS} dora (or ura-dora) indicators: one plus one per kong"
    tsumo = win.tsumo
    if win.rinshan:
        if not tsumo:
            return "rinshan (a win on a kong's replacement tile) is a self-drawn win"
        if not any(m.is_kong for m in melds) and not win.flowers:
            # a tile set aside (three-player riichi's kita) is replaced from the dead wall too
            return (
                "rinshan (a win on a kong's replacement tile) needs a kong among the melds "
                "or a tile set aside"
            )
    if win.haitei and not tsumo:
        return "haitei (a win on the last tile of the wall) is a self-drawn win"
    if win.houtei and tsumo:
        return "houtei (a win on the last discard) is a win on a discard"
    if win.chankan:
        if tsumo:
            return "chankan (robbing a kong) is a win on another player's kong tile"
        if win.houtei:
            return "chankan cannot be on the last discard: no kong follows the last draw"
        problem = _fifth_copy(win, _ROBBED, True)
        if problem is not None:
            return problem
    if win.last_tile_of_kind:
        problem = _fifth_copy(win, _LAST, False)
        if problem is not None:
            return problem
    if win.ippatsu and not (win.riichi or win.double_riichi):
        return "ippatsu needs riichi"
    if (win.riichi or win.double_riichi) and any(not m.is_concealed for m in melds):
        return "riichi needs a closed hand (concealed kongs only)"
    if win.tenhou or win.chiihou or win.renhou:
        return _first_turn_problem(win)
    return None


_ROBBED = "chankan: the robbed kong and the winning tile are all four"
_LAST = "last_tile_of_kind: the winning tile and the three visible are all four"


def _fifth_copy(win: CheckedWin, why: str, shown_too: bool) -> str | None:
    """A copy of the winning tile that would be its fifth: one in the concealed part (and,
    when ``shown_too``, one in the winner's melds or among the indicators)."""
    k = KIND_OR_SPARE[win.win_tile]
    held = sum(1 for t in win.concealed if KIND_OR_SPARE[t] == k)
    if shown_too:
        held += sum(1 for m in win.melds for t in m.tiles if KIND_OR_SPARE[t] == k)
        held += sum(
            1 for t in (*win.dora_indicators, *win.ura_dora_indicators) if KIND_OR_SPARE[t] == k
        )
    if held:
        tile = format_tiles([win.win_tile])
        return f"{why} {tile}, so the hand cannot hold{' or show' if shown_too else ''} another"
    return None


def _first_turn_problem(win: CheckedWin) -> str | None:
    """tenhou / chiihou / renhou: a win on the dealt hand, before any call, kong or riichi
    and long before the wall's end. Whether chiihou is a self-draw depends on the ruleset
    (riichi: yes; Zung Jung's Blessing of Earth: a win on East's first discard)."""
    if win.melds:
        return "a first-turn win (tenhou/chiihou/renhou) cannot follow a call or kong"
    if win.riichi or win.double_riichi:
        return "a first-turn win (tenhou/chiihou/renhou) comes before any riichi"
    if win.haitei or win.houtei or win.rinshan or win.chankan:
        return "a first-turn win cannot be on the last tile, a replacement tile or a robbed kong"
    if win.tenhou and not (win.tsumo and win.seat_wind == 1):
        return "tenhou is the dealer's (East's) self-drawn win on the dealt hand"
    if (win.chiihou or win.renhou) and win.seat_wind == 1:
        return "chiihou and renhou are non-dealer wins (seat_wind 2..4)"
    if win.renhou and win.tsumo:
        return "renhou is a win on a discard, before one's own first draw"
    return None
