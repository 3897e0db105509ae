"""Three-player riichi options (docs/rules/sanma.md): riichi's options with the
three-player defaults and the switches only a three-player table has, and the presets of
the two platforms whose published rules docs/options.md cites."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from engine.ruleset import Names, Preset
from rulesets.riichi.options import AbortiveDraw, RiichiOptions

# four winds in a row, four riichi and three rons need a fourth seat (docs/rules/sanma.md)
THREE_SEAT_ABORTIVE_DRAWS: frozenset[AbortiveDraw] = frozenset({"kyuushu_kyuuhai", "suukaikan"})


class SanmaOptions(RiichiOptions):
    """Every riichi option keeps its meaning; these change default or exist only here."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # the 108-tile set has no red 5m: 0 or one red 5p and one red 5s
    aka_dora: Literal[0, 2] = 0  # type: ignore[assignment]
    abortive_draws: frozenset[AbortiveDraw] = THREE_SEAT_ABORTIVE_DRAWS
    honba_value: int = Field(200, ge=0)
    start_points: int = 35000
    return_points: int = 40000
    uma: tuple[int, int, int] = (0, 0, 0)  # type: ignore[assignment]
    # three seats only
    tsumo_loss: Literal["tsumo_son", "north_bisection"] = "tsumo_son"
    kita: bool = True
    kita_ron: bool = True
    kita_breaks_ippatsu: bool = True
    kita_rinshan: bool = True

    @property
    def seats(self) -> int:
        return 3

    @property
    def north_bisection(self) -> bool:
        return self.tsumo_loss == "north_bisection"


DEFAULT_PRESET = Preset(
    {},
    Names(
        "Three-player riichi as docs/rules/sanma.md sets it: 35,000 start, 40,000 return, "
        "tsumo-son, kita as dora, no red fives",
        "docs/rules/sanma.md 所定的三人立直：起始 35000，返点 40000，自摸损，拔北宝牌，无赤宝牌",
        "docs/rules/sanma.md の三人打ち：35000 点持ち 40000 点返し、ツモ損、北抜きドラ、赤なし",
    ),
    Names("Sanma defaults", "三麻默认", "三麻の既定"),
)

PRESETS: dict[str, Preset] = {
    "tenhou_sanma": Preset(
        {
            "aka_dora": 2,
            "kan_dora_timing": "after_discard",
            "nagashi_mangan": True,
            "nagashi_called_discard_voids": True,
            "nagashi_voiding_calls": "on_own_discards",
            "nagashi_then_noten_payments": False,
            "nagashi_multiple": "each",
            "double_yakuman": False,
            "suukantsu_value": "single",
            "tsumo_loss": "tsumo_son",
            # as the four-player tenhou preset: copies in one's own kong do not use up a
            # wait (docs/options.md "Karaten"); riichienv's decision differential found
            # riichi on such a wait refused here
            "karaten_copies": "concealed",
        },
        Names(
            "tenhou.net three-player ranked rules (35,000 start, 40,000 return, red 5p and "
            "5s, tsumo-son, kita as dora that may be ronned, rinshan after kita, single "
            "yakuman only)",
            "天凤三人段位战规则（起始 35000，返点 40000，赤 5 筒 5 索，自摸损，拔北宝牌可被荣和，"
            "拔北后岭上开花，无两倍役满）",
            "天鳳三人段位戦のルール（35000 点持ち 40000 点返し、赤 5p・5s、ツモ損、北抜きドラ"
            "（ロン可）、北抜き後の嶺上開花、ダブル役満なし）",
        ),
        Names("Tenhou sanma", "天凤三麻", "天鳳三麻"),
    ),
    "mahjongsoul_sanma": Preset(
        {
            "aka_dora": 2,
            "tsumo_loss": "tsumo_son",
            "uma": [15, 0, -15],
        },
        Names(
            "Mahjong Soul three-player rules (after Tenhou: tsumo-son by default, North "
            "bisection as a room option, kita may be ronned without chankan, no four-winds "
            "or four-riichi draws, double yakuman as its four-player rules)",
            "雀魂三人规则（参照天凤：默认自摸损，北家分割为房间选项，拔北可被荣和但不计抢杠，"
            "无四风连打与四家立直流局，两倍役满同其四人规则）",
            "雀魂三人麻雀のルール（天鳳準拠：既定はツモ損、北家分割は部屋の選択、北抜きは"
            "ロン可だが槍槓なし、四風連打・四家立直の流局なし、ダブル役満は四人と同じ）",
        ),
        Names("Mahjong Soul sanma", "雀魂三麻", "雀魂三麻"),
    ),
}
