"""PyMahjongGB (the reference calculator, mcr.md §0) as a test oracle for ``WinContext``.

Its tile codes: W = characters (m), B = dots (p), T = bamboo (s), F1-F4 = East..North,
J1 = Red (7z), J2 = Green (6z), J3 = White (5z). Fans come back by Chinese name.
"""

from __future__ import annotations

from collections import Counter

from engine.context import WinContext
from engine.melds import MeldType
from engine.tiles import kind_of
from rulesets.mcr.patterns import FANS

_HONOR_CODES = {27: "F1", 28: "F2", 29: "F3", 30: "F4", 31: "J3", 32: "J2", 33: "J1"}
_SUIT_CODES = "WBT"  # m, p, s

# The oracle's names that differ from ours.
_RENAMED = {
    "独听・边张": "edge_wait",
    "独听・嵌张": "closed_wait",
    "独听・单钓": "single_wait",
}
ZH_TO_ID = {d.zh: d.id for d in FANS} | _RENAMED


def code(kind: int) -> str:
    if kind >= 27:
        return _HONOR_CODES[kind]
    return f"{_SUIT_CODES[kind // 9]}{kind % 9 + 1}"


def oracle_args(win: WinContext) -> tuple[object, ...]:
    packs = []
    for m in win.melds:
        if m.type is MeldType.CHI:
            packs.append(("CHI", code(m.kind + 1), 1))
        elif m.type is MeldType.PON:
            packs.append(("PENG", code(m.kind), 1))
        else:
            packs.append(("GANG", code(m.kind), 0 if m.type is MeldType.ANKAN else 1))
    hand = tuple(code(kind_of(t)) for t in sorted(win.concealed))
    return (
        tuple(packs),
        hand,
        code(win.win_kind),
        win.flowers,
        win.tsumo,
        win.last_tile_of_kind,
        win.rinshan or win.chankan,
        win.haitei or win.houtei,
        win.seat_wind - 1,
        win.round_wind - 1,
    )


def oracle_score(win: WinContext) -> tuple[int, Counter[str]] | None:
    """(total incl. flowers, fan id -> count), or None when the oracle finds no win."""
    import MahjongGB  # type: ignore[import-not-found]

    try:
        fans = MahjongGB.MahjongFanCalculator(*oracle_args(win), verbose=True)
    except TypeError:
        return None
    counts: Counter[str] = Counter()
    total = 0
    for value, count, zh, _en in fans:
        counts[ZH_TO_ID[zh]] += count
        total += value * count
    return total, counts
