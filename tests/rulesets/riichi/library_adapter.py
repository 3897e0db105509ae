"""Score a ``WinContext`` with the MahjongRepository ``mahjong`` library under options
matched to ours, and compare results. Used by the differential test, the 200k script and
the speed bench.

Traps handled here: a fresh ``HandConfig`` per hand (its yaku objects are mutated for
double-yakuman-off and dora counts), closed kans passed with ``opened=False``, red fives
are the library's tile ids 16 / 52 / 88 (the first copy of each five) so plain fives use
the other copies, and the library's own defaults (no kuitan, single-yakuman suukantsu,
pinfu tsumo always allowed) are set explicitly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibMeld

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.scoring import Score
from engine.tiles import RED_FIVES, Tile, is_red, kind_of
from rulesets.riichi.options import RiichiOptions

# library Yaku class name -> our yaku id
YAKU_IDS: dict[str, str] = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan": "rinshan_kaihou", "Haitei": "haitei", "Houtei": "houtei",
    "DaburuRiichi": "double_riichi", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Iipeiko": "iipeikou", "Haku": "yakuhai_haku", "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun", "Sanshoku": "sanshoku_doujun", "Ittsu": "ittsu",
    "Chantai": "chanta", "Honroto": "honroutou", "Toitoi": "toitoi", "Sanankou": "sanankou",
    "SanKantsu": "sankantsu", "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu", "Shosangen": "shousangen", "Honitsu": "honitsu",
    "Junchan": "junchan", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi_musou", "ChuurenPoutou": "chuuren_poutou",
    "Suuankou": "suuankou", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Ryuuiisou": "ryuuiisou", "Suukantsu": "suukantsu", "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou", "DaiSuushii": "daisuushii",
    "DaburuKokushiMusou": "kokushi_13_wait", "SuuankouTanki": "suuankou_tanki",
    "DaburuChuurenPoutou": "junsei_chuuren", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Daisharin": "daisharin",
}
for _w in ("East", "South", "West", "North"):
    YAKU_IDS[f"SeatWind{_w}"] = "yakuhai_seat_wind"
    YAKU_IDS[f"RoundWind{_w}"] = "yakuhai_round_wind"
BONUS = {"Dora": "dora", "AkaDora": "aka_dora", "UraDora": "ura_dora"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The comparable part of a result."""

    error: str | None
    han: int = 0
    fu: int = 0
    yaku: frozenset[str] = frozenset()
    payment: tuple[tuple[str, int], ...] = ()
    total: int = 0
    yakuman: bool = False


def supported(opts: RiichiOptions) -> bool:
    """Whether the library can be set up to score exactly as ``opts`` say."""
    return (
        opts.chiitoitsu_value == "2han25fu"
        and opts.ryanpeikou_han == 3
        and opts.honroutou_han == 2
        and not opts.ryuuiisou_requires_hatsu
        and not opts.chuuren_manzu_only
        and opts.aka_dora in (0, 3)
        and opts.tsuuiisou_seven_pairs
        and opts.double_wind_pair_fu == 4
        and opts.yakuman_stacking
        and opts.ura_dora
        and opts.kan_ura_dora
        and opts.kan_dora
        and not (opts.renhou or opts.isshoku_sanjun or opts.sanrenkou or opts.suurenkou)
        and not (opts.paarenchan or opts.shiisan_puutaa or opts.daisharin)
    )


def physical(ctx: WinContext, opts: RiichiOptions) -> WinContext:
    """With red fives on, a hand holding all four fives of a suit must hold the red one."""
    if not opts.aka_dora:
        return ctx
    tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
    concealed = list(ctx.concealed)
    win = ctx.win_tile
    melds = list(ctx.melds)
    for suit, red in enumerate(RED_FIVES):
        five = suit * 9 + 4
        if tiles.count(five) == 4:
            if five in concealed:
                concealed[concealed.index(five)] = red
            elif win == five:
                win = red
            else:
                i = next(i for i, m in enumerate(melds) if five in m.tiles)
                ts = list(melds[i].tiles)
                ts[ts.index(five)] = red
                melds[i] = Meld(melds[i].type, tuple(ts))
    return replace(ctx, concealed=tuple(concealed), win_tile=win, melds=tuple(melds))


class _Ids:
    """Hands out library tile ids: copy 0 of a five is the red one."""

    def __init__(self) -> None:
        self.next = [0] * 34
        for five in (4, 13, 22):
            self.next[five] = 1

    def take(self, tile: Tile) -> int:
        k = kind_of(tile)
        if is_red(tile):
            return k * 4
        copy = self.next[k]
        self.next[k] += 1
        if copy > 3:  # the fourth plain five (only without red fives)
            copy = 0
        return k * 4 + copy


def _lib_meld(meld: Meld, ids: _Ids) -> tuple[LibMeld, list[int]]:
    tiles = [ids.take(t) for t in meld.tiles]
    kind = {
        MeldType.CHI: LibMeld.CHI,
        MeldType.PON: LibMeld.PON,
        MeldType.MINKAN: LibMeld.KAN,
        MeldType.ANKAN: LibMeld.KAN,
        MeldType.KAKAN: LibMeld.SHOUMINKAN,
    }[meld.type]
    return LibMeld(meld_type=kind, tiles=tiles, opened=meld.type is not MeldType.ANKAN), tiles


def library_config(ctx: WinContext, opts: RiichiOptions) -> HandConfig:
    rules = OptionalRules(
        has_open_tanyao=opts.kuitan,
        has_aka_dora=opts.aka_dora != 0,
        has_double_yakuman=opts.double_yakuman,
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED
            if opts.kazoe == "yakuman"
            else HandConstants.KAZOE_SANBAIMAN
        ),
        kiriage=opts.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=not opts.pinfu_tsumo,
    )
    config = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_ippatsu=ctx.ippatsu and opts.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_daburu_riichi=ctx.double_riichi,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        player_wind=26 + ctx.seat_wind,
        round_wind=26 + ctx.round_wind,
        options=rules,
    )
    if opts.suukantsu_double:
        config.yaku.suukantsu.han_open = 26
        config.yaku.suukantsu.han_closed = 26
    return config


def library_args(ctx: WinContext, opts: RiichiOptions) -> dict[str, Any]:
    """Keyword arguments for ``HandCalculator.estimate_hand_value``."""
    ids = _Ids()
    melds: list[LibMeld] = []
    tiles: list[int] = []
    for m in ctx.melds:
        lib, ts = _lib_meld(m, ids)
        melds.append(lib)
        tiles += ts
    tiles += [ids.take(t) for t in ctx.concealed]
    win = ids.take(ctx.win_tile)
    tiles.append(win)
    ura = list(ctx.ura_dora_indicators) if (ctx.riichi or ctx.double_riichi) else []
    return {
        "tiles": tiles,
        "win_tile": win,
        "melds": melds,
        "dora_indicators": [kind_of(t) * 4 for t in ctx.dora_indicators],
        "ura_dora_indicators": [kind_of(t) * 4 for t in ura],
        "config": library_config(ctx, opts),
    }


def library_outcome(ctx: WinContext, opts: RiichiOptions) -> Outcome:
    res = HandCalculator.estimate_hand_value(**library_args(ctx, opts))
    if res.error:
        return Outcome(error="no_yaku" if res.error == "no_yaku" else "not_a_win")
    yaku = frozenset(
        YAKU_IDS.get(type(y).__name__, BONUS.get(type(y).__name__, type(y).__name__))
        for y in res.yaku or []
    )
    cost = res.cost
    assert cost is not None
    is_yakuman = any(y.is_yakuman for y in res.yaku or [])
    if not ctx.tsumo:
        pay: dict[str, int] = {"ron": cost["main"]}
        total = cost["main"]
    elif ctx.seat_wind == 1:
        pay = {"non_dealer": cost["main"]}
        total = 3 * cost["main"]
    else:
        pay = {"dealer": cost["main"], "non_dealer": cost["additional"]}
        total = cost["main"] + 2 * cost["additional"]
    return Outcome(
        None,
        res.han or 0,
        0 if is_yakuman else res.fu or 0,
        yaku,
        tuple(sorted(pay.items())),
        total,
        is_yakuman,
    )


def our_outcome(score: Score) -> Outcome:
    if score.error is not None:
        return Outcome(error=score.error)
    d = score.details
    return Outcome(
        None,
        d["han"],
        d["fu"],
        frozenset(p.id for p in score.patterns),
        tuple(sorted(d["payment"].items())),
        score.total,
        d["yakuman"] > 0,
    )
