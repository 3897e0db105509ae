"""Riichi options: every switch of riichi.md §16 with the default chosen there, and presets."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PaoYakuman = Literal["daisangen", "daisuushii", "suukantsu"]
AbortiveDraw = Literal[
    "kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou"
]
ALL_ABORTIVE_DRAWS: frozenset[AbortiveDraw] = frozenset(
    {"kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou"}
)


class RiichiOptions(BaseModel):
    """riichi.md §16, in the order of its table. Defaults are the "chosen default" column."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # yaku values and switches (§8)
    ippatsu: bool = True
    pinfu_tsumo: bool = True
    kuitan: bool = True
    chiitoitsu_value: Literal["2han25fu", "1han50fu"] = "2han25fu"
    ryanpeikou_han: Literal[3, 2] = 3
    honroutou_han: Literal[2, 3] = 2
    ryuuiisou_requires_hatsu: bool = False
    chuuren_manzu_only: bool = False
    double_yakuman: bool = True
    suukantsu_value: Literal["double", "single"] = "double"
    # dora (§4, §8.4)
    kan_dora: bool = True
    kan_dora_timing: Literal["immediate", "after_discard"] = "immediate"
    ura_dora: bool = True
    kan_ura_dora: bool = True
    aka_dora: Literal[0, 3, 4] = 0
    # local yaku (§8.3)
    renhou: bool = False
    renhou_value: Literal["baiman", "mangan", "haneman", "yakuman"] = "baiman"
    isshoku_sanjun: bool = False
    sanrenkou: bool = False
    suurenkou: bool = False
    daisharin: bool = False
    daisharin_range: Literal["any_run", "2_to_8"] = "any_run"
    daisharin_all_suits: bool = False
    paarenchan: bool = False
    paarenchan_needs_yaku: bool = True
    shiisan_puutaa: bool = False
    nagashi_mangan: bool = False
    nagashi_called_discard_voids: bool = False
    nagashi_then_noten_payments: bool = True
    nagashi_multiple: Literal["cancel", "each"] = "cancel"
    chankan_reveals_kan_dora: bool = False
    kokushi_rob_ankan: bool = True
    tsuuiisou_seven_pairs: bool = True
    # multiple ron and liability (§11)
    multi_ron: Literal["double", "head_bump", "triple"] = "double"
    multi_ron_honba: Literal["priority_winner", "each_winner"] = "priority_winner"
    multi_ron_deposits: Literal["priority_winner", "own_stick_back"] = "priority_winner"
    # fu and limits (§9, §10)
    double_wind_pair_fu: Literal[4, 2] = 4
    kiriage_mangan: bool = False
    kazoe: Literal["yakuman", "sanbaiman"] = "yakuman"
    yakuman_stacking: bool = True
    pao: frozenset[PaoYakuman] = frozenset({"daisangen", "daisuushii"})
    pao_honba_payer: Literal["discarder", "liable"] = "discarder"
    # table procedure (§4, §6, §12, §13, §14)
    kuikae: Literal["forbidden", "suji_allowed", "allowed"] = "forbidden"
    riichi_min_points: int = Field(1000, ge=0)
    riichi_min_live_wall: int = Field(4, ge=0)
    riichi_ankan: Literal["no_wait_change", "forbidden", "no_shape_change"] = "no_wait_change"
    karaten_counts_as_tenpai: bool = False
    abortive_draws: frozenset[AbortiveDraw] = ALL_ABORTIVE_DRAWS
    noten_payment: int = Field(3000, ge=0)
    renchan: Literal["tenpai", "win_only"] = "tenpai"
    honba_value: int = Field(300, ge=0)
    game_length: Literal["hanchan", "tonpuusen"] = "hanchan"
    start_points: int = 25000
    return_points: int = 30000
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)
    tobi: Literal["below_zero", "zero_or_below", "off"] = "below_zero"
    agari_yame: bool = True
    tenpai_yame: bool = False
    west_extension: Literal["sudden_death", "off"] = "sudden_death"
    leftover_deposits: Literal["to_first", "forfeit"] = "to_first"
    rank_ties: Literal["seat_order", "split_uma"] = "seat_order"

    @property
    def suukantsu_double(self) -> bool:
        return self.double_yakuman and self.suukantsu_value == "double"

    @property
    def chiitoitsu_han(self) -> int:
        return 2 if self.chiitoitsu_value == "2han25fu" else 1

    @property
    def chiitoitsu_fu(self) -> int:
        return 25 if self.chiitoitsu_value == "2han25fu" else 50


# riichi.md §16 "Presets worth shipping"; `default` is seed 004 with our gap-filling choices.
_PRESET_CHANGES: dict[str, dict[str, object]] = {
    "default": {},
    "tenhou": {
        "aka_dora": 3,
        "kan_dora_timing": "after_discard",
        "nagashi_mangan": True,
        "nagashi_called_discard_voids": True,
        "nagashi_then_noten_payments": False,
        "nagashi_multiple": "each",
        "suukantsu_value": "single",
    },
    "ema": {
        "multi_ron": "triple",
        "multi_ron_honba": "each_winner",
        "multi_ron_deposits": "own_stick_back",
        "abortive_draws": frozenset(),
        "aka_dora": 0,
        "start_points": 30000,
        "return_points": 30000,
        "uma": (15, 5, -5, -15),
        "renhou": True,
        "renhou_value": "mangan",
        "nagashi_mangan": True,
    },
    # "no double yakuman for special waits": we switch double yakuman off altogether.
    "wrc": {"multi_ron": "head_bump", "double_yakuman": False, "agari_yame": False},
}

PRESET_NAMES: tuple[str, ...] = tuple(_PRESET_CHANGES)


def preset(name: str) -> RiichiOptions:
    """The options of a named preset (`default`, `tenhou`, `ema`, `wrc`)."""
    try:
        changes = _PRESET_CHANGES[name]
    except KeyError:
        known = ", ".join(PRESET_NAMES)
        raise ValueError(f"unknown riichi preset '{name}' (known: {known})") from None
    return RiichiOptions.model_validate(changes)
