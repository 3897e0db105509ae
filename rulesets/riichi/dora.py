"""Dora, red fives and ura dora (riichi.md §1.1, §8.4)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.context import WinContext
from engine.tiles import NORTH, RED_FIVES, Tile, kind_of
from rulesets.riichi.options import RiichiOptions


def dora_of(indicator: Tile, seats: int = 4) -> int:
    """The dora kind shown by an indicator tile (§1.1: suits wrap 9->1, winds E->S->W->N->E,
    dragons White->Green->Red->White). Three-player riichi has no 2m-8m: its man indicators
    show the other man terminal, 1m -> 9m and 9m -> 1m (docs/rules/sanma.md)."""
    k = kind_of(indicator)
    if seats == 3 and k in (0, 8):
        return 8 - k
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return 27 if k == 30 else k + 1
    return 31 if k == 33 else k + 1


# per table size, indicator tile id -> the shift of its dora kind's count in a hand key
# (hand.py)
_DORA_SHIFT = {
    seats: tuple(3 * dora_of(t, seats) if t < 34 or t >= 42 else 0 for t in range(45))
    for seats in (3, 4)
}
_NORTH_SHIFT = 3 * NORTH


def _count(indicators: Sequence[Tile], key: int, seats: int) -> int:
    table = _DORA_SHIFT[seats]
    n = 0
    for t in indicators:
        n += key >> table[t] & 7
    return n


def dora_han(ctx: WinContext, counts: Sequence[int], opts: RiichiOptions) -> tuple[int, int, int]:
    """(dora, aka dora, ura dora) of ``dora_from_key`` with the hand's 34 kind counts
    (melds included)."""
    dora, aka, ura, _ = dora_from_key(ctx, sum(c << 3 * k for k, c in enumerate(counts)), opts)
    return dora, aka, ura


def dora_from_key(ctx: WinContext, key: int, opts: RiichiOptions) -> tuple[int, int, int, int]:
    """(dora, aka dora, ura dora, kita) han of the hand whose key (hand.py, melds included)
    is ``key``. Indicators are in reveal order: the first is the
    initial indicator, the others were revealed by kans (kan dora / kan ura dora), so
    they count only when those options are on. Ura dora count only for riichi winners.

    Three-player riichi: each North set aside (kita, ``ctx.flowers``; check_win refuses it
    at four seats) is one han, and a North for the dora and ura indicators besides (a West
    indicator makes each kita two dora; docs/rules/sanma.md)."""
    seats = opts.seats
    kita = ctx.flowers
    if kita:
        key += kita << _NORTH_SHIFT
    indicators = ctx.dora_indicators if opts.kan_dora else ctx.dora_indicators[:1]
    dora = _count(indicators, key, seats)
    aka = 0
    if opts.aka_dora:
        tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
        aka = sum(1 for t in tiles if t in RED_FIVES)
    ura = 0
    if (ctx.riichi or ctx.double_riichi) and ctx.ura_dora_indicators:
        ura_shown: Sequence[Tile] = ()
        if opts.ura_dora:
            ura_shown = ctx.ura_dora_indicators[:1]
        if opts.kan_dora and opts.kan_ura_dora:
            ura_shown = (*ura_shown, *ctx.ura_dora_indicators[1:])
        ura = _count(ura_shown, key, seats)
    return dora, aka, ura, kita
