"""Consistency of a riichi win description: flags that cannot go together are
``invalid_input`` rather than silently ignored."""

from __future__ import annotations

from engine.context import InvalidInput, WinContext
from engine.tiles import RED_MAN, RED_PIN, RED_SOU
from rulesets.riichi.hand import ANKAN
from rulesets.riichi.options import RiichiOptions


def check_win(ctx: WinContext, opts: RiichiOptions) -> None:
    """Raise ``InvalidInput`` for a win no table could produce."""
    if not (
        ctx.flowers or ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.rinshan
        or ctx.haitei or ctx.houtei or ctx.chankan or ctx.tenhou or ctx.chiihou or ctx.renhou
        or opts.aka_dora
    ):
        return  # no flag that could clash with another
    _check_flags(ctx, opts)


def _check_flags(ctx: WinContext, opts: RiichiOptions) -> None:
    open_hand = any(m.type is not ANKAN for m in ctx.melds)
    dealer = ctx.seat_wind == 1
    problems: list[str] = []
    if ctx.flowers:
        problems.append("riichi is played without flowers")
    if (ctx.riichi or ctx.double_riichi) and open_hand:
        problems.append("riichi needs a closed hand")
    if ctx.ippatsu and not (ctx.riichi or ctx.double_riichi):
        problems.append("ippatsu needs riichi")
    if ctx.rinshan and not ctx.tsumo:
        problems.append("rinshan is a self-drawn win")
    if ctx.rinshan and not any(m.is_kong for m in ctx.melds):
        problems.append("rinshan needs a kan of the winner")
    if ctx.haitei and not ctx.tsumo:
        problems.append("haitei is a self-drawn win")
    if ctx.haitei and ctx.rinshan:
        problems.append("a replacement tile is never the haitei tile")
    if ctx.houtei and ctx.tsumo:
        problems.append("houtei is a win on a discard")
    if ctx.chankan and ctx.tsumo:
        problems.append("chankan is a win on a robbed kan tile")
    if ctx.chankan and ctx.houtei:
        problems.append("chankan and houtei cannot go together")
    first_turn = ctx.tenhou or ctx.chiihou or ctx.renhou
    if first_turn and ctx.melds:
        problems.append("first-turn wins need a hand without calls or kans")
    if first_turn and (ctx.riichi or ctx.double_riichi):
        problems.append("first-turn wins come before any riichi")
    if ctx.tenhou and not (dealer and ctx.tsumo):
        problems.append("tenhou is the dealer's self-drawn win")
    if ctx.chiihou and (dealer or not ctx.tsumo):
        problems.append("chiihou is a non-dealer's self-drawn win")
    if ctx.renhou and (dealer or ctx.tsumo):
        problems.append("renhou is a non-dealer's win on a discard")
    if opts.aka_dora:
        tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
        allowed = {RED_MAN: 1, RED_PIN: 2 if opts.aka_dora == 4 else 1, RED_SOU: 1}
        for red, most in allowed.items():
            if tiles.count(red) > most:
                problems.append(f"more red fives than the set has ({opts.aka_dora} red fives)")
                break
    if problems:
        raise InvalidInput("; ".join(problems))
