"""Consistency of a riichi win description: flags that cannot go together are
``invalid_input`` rather than silently ignored."""

from __future__ import annotations

from engine.context import InvalidInput, WinContext
from engine.tiles import RED_MAN, RED_PIN, RED_SOU
from rulesets.riichi.options import RiichiOptions


def check_win(ctx: WinContext, opts: RiichiOptions) -> None:
    """Raise ``InvalidInput`` for a win no riichi table could produce, beyond what
    ``WinContext.check`` refuses in every ruleset (engine.hand_check.flag_problem)."""
    if not (ctx.flowers or ctx.ippatsu or ctx.haitei or ctx.chiihou or opts.aka_dora):
        return  # no flag that could clash with another
    _check_flags(ctx, opts)


def _check_flags(ctx: WinContext, opts: RiichiOptions) -> None:
    problems: list[str] = []
    if ctx.flowers and opts.seats == 4:
        problems.append(
            "kita (a North set aside, the 'kita' / 'flowers' count) exists only in "
            "three-player riichi (ruleset sanma); riichi has no flowers"
        )
    if ctx.ippatsu and ctx.rinshan:
        # riichi.md §6: any call, the declarer's own closed kan included, ends ippatsu
        problems.append("ippatsu cannot be on a kan's replacement tile: the kan ends it")
    if ctx.haitei and ctx.rinshan:
        problems.append("a replacement tile is never the haitei tile")
    if ctx.chiihou and (ctx.seat_wind == 1 or not ctx.tsumo):
        problems.append("chiihou is a non-dealer's self-drawn win")
    if opts.aka_dora:
        tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
        allowed = {RED_MAN: 1, RED_PIN: 2 if opts.aka_dora == 4 else 1, RED_SOU: 1}
        for red, most in allowed.items():
            if tiles.count(red) > most:
                problems.append(f"more red fives than the set has ({opts.aka_dora} red fives)")
                break
    if problems:
        raise InvalidInput("; ".join(problems))
