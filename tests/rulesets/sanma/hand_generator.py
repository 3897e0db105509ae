"""A seeded generator of valid three-player riichi winning hands (as ``WinContext``).

It draws from the four-player generator (tests/rulesets/riichi/hand_generator.py, every
yaku theme) and keeps what a 108-tile table can hold: the suits are rotated so that the
manzu-free one comes first where one exists (a man flush becomes a pin or sou flush),
hands still holding 2m-8m are dropped, and a chi (none at three seats) too. Then it makes
the rest three-player: seat and round winds among East, South, West; indicators of a
removed kind drawn again among the kinds that exist; the red fives are 5p and 5s only;
kita (0-4 Norths set aside, never more than the Norths the hand leaves) and, with kita,
the win on the kita replacement (rinshan without a kong).
"""

from __future__ import annotations

from dataclasses import replace

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.rng import SeededStream
from engine.tiles import NORTH, RED_FIVES, Tile, is_red, kind_of
from tests.rulesets.riichi.hand_generator import HandGenerator

REMOVED = frozenset(range(1, 8))  # 2m..8m
KINDS = [k for k in range(34) if k not in REMOVED]


def _rotate(tile: Tile, shift: int) -> Tile:
    """The same tile with its suit moved ``shift`` places (m -> p -> s -> m)."""
    if is_red(tile):
        suit = RED_FIVES.index(tile)
        return RED_FIVES[(suit + shift) % 3]
    k = kind_of(tile)
    if k >= 27:
        return tile
    return ((k // 9 + shift) % 3) * 9 + k % 9


def _rotated(ctx: WinContext, shift: int) -> WinContext:
    return replace(
        ctx,
        concealed=tuple(_rotate(t, shift) for t in ctx.concealed),
        win_tile=_rotate(ctx.win_tile, shift),
        melds=tuple(Meld(m.type, tuple(_rotate(t, shift) for t in m.tiles)) for m in ctx.melds),
        dora_indicators=tuple(_rotate(t, shift) for t in ctx.dora_indicators),
        ura_dora_indicators=tuple(_rotate(t, shift) for t in ctx.ura_dora_indicators),
    )


def _hand_tiles(ctx: WinContext) -> list[Tile]:
    return [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]


class SanmaHandGenerator(HandGenerator):
    """``SanmaHandGenerator(b"seed").hands(n)`` yields ``n`` valid three-player hands."""

    def __init__(self, seed: bytes, *, red_fives: bool = True) -> None:
        super().__init__(seed, red_fives=red_fives)
        self.extra = SeededStream(seed + b"/sanma")  # the three-player draws

    def one(self) -> WinContext | None:
        ctx = super().one()
        if ctx is None or any(m.type is MeldType.CHI for m in ctx.melds):
            return None
        shifts = [0, 1, 2]
        self.extra.shuffle(shifts)
        for shift in shifts:
            moved = _rotated(ctx, shift)
            tiles = _hand_tiles(moved)
            if not any(kind_of(t) in REMOVED for t in tiles):
                if RED_FIVES[0] in tiles:  # the man five is removed: never red
                    return None
                return self._three_player(moved, tiles)
        return None

    def _three_player(self, ctx: WinContext, tiles: list[Tile]) -> WinContext | None:
        rng = self.extra
        used = [0] * 34
        for t in tiles:
            used[kind_of(t)] += 1
        ind: list[list[Tile]] = [list(ctx.dora_indicators), list(ctx.ura_dora_indicators)]
        for t in (*ind[0], *ind[1]):
            used[kind_of(t)] += 1
        for group in ind:
            for i, t in enumerate(group):
                if kind_of(t) in REMOVED or t == RED_FIVES[0]:
                    used[kind_of(t)] -= 1
                    robbed = kind_of(ctx.win_tile) if ctx.chankan else -1  # stays its last copy
                    k = rng.choice([k for k in KINDS if used[k] < 4 and k != robbed])
                    used[k] += 1
                    group[i] = k
        seat = ctx.seat_wind if ctx.seat_wind <= 3 else 1 + rng.below(3)
        if ctx.tenhou or ctx.chiihou:
            seat = ctx.seat_wind if ctx.seat_wind <= 3 else 2
        round_wind = ctx.round_wind if ctx.round_wind <= 3 else 1 + rng.below(2)
        first_turn = ctx.tenhou or ctx.chiihou
        norths_left = 4 - used[NORTH]
        kita = 0
        if norths_left > 0 and not first_turn and rng.below(100) < 55:
            kita = 1 + rng.below(min(norths_left, 4))
        rinshan = ctx.rinshan
        if kita and ctx.tsumo and not (ctx.haitei or rinshan) and rng.below(100) < 12:
            rinshan = True
        return replace(
            ctx,
            seat_wind=seat,
            round_wind=round_wind,
            dora_indicators=tuple(ind[0]),
            ura_dora_indicators=tuple(ind[1]),
            flowers=kita,
            rinshan=rinshan,
            ippatsu=ctx.ippatsu and not (rinshan and not ctx.rinshan),
        )
