"""What a three-player riichi hand may not contain (docs/rules/sanma.md): each problem
named, as ``InvalidInput`` (the ``invalid_input`` result of ``jantaku score``)."""

from __future__ import annotations

from engine.context import InvalidInput, WinContext
from engine.melds import MeldType
from engine.notation import format_tiles
from engine.tiles import NORTH, Tile, kind_of
from rulesets.sanma.table import REMOVED_KINDS

MAX_KITA = 4
_REMOVED = frozenset(REMOVED_KINDS)


def _removed(tiles: tuple[Tile, ...] | list[Tile]) -> list[Tile]:
    return [t for t in tiles if kind_of(t) in _REMOVED]


def check_three_player(ctx: WinContext) -> None:
    """Raise ``InvalidInput`` naming every part of ``ctx`` a three-player table cannot
    have: a 2m-8m tile (and where), a chi, a North seat or round, more kita than Norths."""
    problems: list[str] = []
    places = [
        ("concealed", list(ctx.concealed)),
        ("win_tile", [ctx.win_tile]),
        *((f"melds.{i}", list(m.tiles)) for i, m in enumerate(ctx.melds)),
        ("dora_indicators", list(ctx.dora_indicators)),
        ("ura_dora_indicators", list(ctx.ura_dora_indicators)),
    ]
    for where, tiles in places:
        gone = _removed(tiles)
        if gone:
            problems.append(
                f"{where}: {format_tiles(gone)} not in the three-player set "
                "(108 tiles: 2m-8m are removed)"
            )
    for i, meld in enumerate(ctx.melds):
        if meld.type is MeldType.CHI:
            problems.append(
                f"melds.{i}: chi {format_tiles(meld.tiles)} cannot be called at three "
                "players (pon and kan only)"
            )
    if ctx.seat_wind == 4:
        problems.append("seat_wind 4: a three-player table has no North seat")
    if ctx.round_wind == 4:
        problems.append("round_wind 4: a three-player match has no North round")
    kita = ctx.flowers
    if kita > MAX_KITA:
        problems.append(f"kita {kita}: at most {MAX_KITA} Norths can be set aside")
    elif kita:
        held = ctx.all_counts()[NORTH] + sum(
            1 for t in (*ctx.dora_indicators, *ctx.ura_dora_indicators) if kind_of(t) == NORTH
        )
        if held + kita > MAX_KITA:
            problems.append(
                f"kita {kita} with {held} more 4z in the hand and indicators: the set has "
                f"{MAX_KITA} Norths"
            )
    if problems:
        raise InvalidInput("; ".join(problems))
