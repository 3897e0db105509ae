"""Riichi options: every switch of riichi.md §16 with the default chosen there, and presets."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from engine.ruleset import Names, Preset

PaoYakuman = Literal["daisangen", "daisuushii", "suukantsu"]
AbortiveDraw = Literal["kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou"]
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
    # seed 004's optional rule (選択ルール): calls void nagashi (docs/options.md)
    nagashi_called_discard_voids: bool = False
    nagashi_voiding_calls: Literal["any_call", "on_own_discards"] = "any_call"
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
    # which own copies use up a wait when karaten is not tenpai: every copy the seat holds,
    # or only its concealed ones (tenhou.net: a wait on a kind in its own kong stays)
    karaten_copies: Literal["hand_and_melds", "concealed"] = "hand_and_melds"
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

    @field_serializer("pao", "abortive_draws", when_used="json")
    def _sorted(self, names: frozenset[str]) -> list[str]:
        return sorted(names)  # a set's order varies by process: records must not

    @property
    def seats(self) -> int:
        """Players at the table: four here; three-player riichi (``rulesets.sanma``) says
        three, and this ruleset's scoring and settlement follow it."""
        return 4

    @property
    def north_bisection(self) -> bool:
        """Three-player riichi only: the absent seat's share of a self-draw split between
        the payers (``three_player_tsumo``)."""
        return False

    @property
    def suukantsu_double(self) -> bool:
        return self.double_yakuman and self.suukantsu_value == "double"

    @property
    def chiitoitsu_han(self) -> int:
        return 2 if self.chiitoitsu_value == "2han25fu" else 1

    @property
    def chiitoitsu_fu(self) -> int:
        return 25 if self.chiitoitsu_value == "2han25fu" else 50


# riichi.md §16 "Presets worth shipping", checked against the published rules as cited in
# each description. Values are JSON (lists for sets and tuples), as a client would send.
DEFAULT_PRESET = Preset(
    {},
    Names(
        "Seed 004's rules, gaps filled as riichi.md §16 chose (no red fives, double ron)",
        "种子 004 的规则，空白处按 riichi.md §16 选定（无赤宝牌，允许两家和）",
        "シード 004 のルール、空白は riichi.md §16 の選択（赤なし、ダブロンあり）",
    ),
    Names("Seed rules", "种子规则", "シードのルール"),
)
PRESETS: dict[str, Preset] = {
    "tenhou": Preset(
        {
            "aka_dora": 3,
            "kan_dora_timing": "after_discard",
            "nagashi_mangan": True,
            "nagashi_called_discard_voids": True,
            "nagashi_voiding_calls": "on_own_discards",
            "nagashi_then_noten_payments": False,
            "nagashi_multiple": "each",
            "double_yakuman": False,
            "suukantsu_value": "single",
            "karaten_copies": "concealed",
        },
        Names(
            "tenhou.net ranked four-player rules (red fives 3, open kan dora after the "
            "discard, nagashi mangan void only when one's own discard is called and replacing "
            "noten payments, yakuman stack but no double yakuman, a wait on a kind in one's "
            "own kong or pung still a wait)",
            "天凤四人段位战规则（赤宝牌 3 张，明杠的杠宝牌打牌后翻开，流局满贯只在自己的舍牌"
            "被鸣时无效并取代不听罚符，役满可复合但无两倍役满，所听的牌在自己的杠或碰中仍算"
            "听牌）",
            "天鳳四人段位戦のルール（赤 3 枚、明槓のカンドラは打牌後、流し満貫は自分の捨て牌を"
            "鳴かれたときのみ無効でノーテン罰符の代わり、役満は複合するがダブル役満なし、"
            "自分の槓子・刻子にある牌の待ちも聴牌）",
        ),
        Names("Tenhou", "天凤", "天鳳"),
    ),
    "ema": Preset(
        {
            "multi_ron": "triple",
            "multi_ron_honba": "each_winner",
            "multi_ron_deposits": "priority_winner",
            "abortive_draws": [],
            "aka_dora": 0,
            "start_points": 30000,
            "return_points": 30000,
            "uma": [15, 5, -5, -15],
            "renhou": True,
            "renhou_value": "mangan",
            "nagashi_mangan": False,
            "double_yakuman": False,
            "yakuman_stacking": False,
            "kazoe": "sanbaiman",
            "tobi": "off",
            "west_extension": "off",
        },
        Names(
            "EMA Riichi Competition Rules, 2016 edition (no red fives, no abortive draws, "
            "double and triple ron, renhou a mangan, no nagashi mangan, 13+ han a sanbaiman, "
            "at most one yakuman, 30,000 start without oka, uma 15/5, no bust: play goes on "
            "below zero)",
            "欧洲麻将协会立直比赛规则 2016 年版（无赤宝牌，无途中流局，允许两家和与三家和，"
            "人和为满贯，无流局满贯，13 番以上为三倍满，役满至多一个，起始 30000 无奥卡，"
            "顺位马 15/5，不击飞）",
            "EMA リーチ競技ルール 2016 年版（赤なし、途中流局なし、ダブロン・トリロンあり、"
            "人和は満貫、流し満貫なし、13 翻以上は三倍満、役満は一つまで、30000 点持ち"
            "オカなし、ウマ 15/5、トビなし）",
        ),
        Names("EMA 2016", "欧洲麻将协会 2016", "EMA 2016"),
    ),
    "wrc": Preset(
        {
            "multi_ron": "head_bump",
            "abortive_draws": [],
            "start_points": 30000,
            "return_points": 30000,
            "uma": [15, 5, -5, -15],
            "double_yakuman": False,
            "yakuman_stacking": False,
            "kazoe": "sanbaiman",
            "agari_yame": False,
            "west_extension": "off",
        },
        Names(
            "World Riichi Championship rules, 2015 rule book (head bump, no abortive draws, "
            "every yakuman single and at most one, 13+ han a sanbaiman, no agari yame, "
            "30,000 start without oka, uma 15/5)",
            "世界立直锦标赛 2015 年规则（截和，无途中流局，役满只计一倍且至多一个，13 番以上为"
            "三倍满，无和了止，起始 30000 无奥卡，顺位马 15/5）",
            "世界リーチ選手権 2015 年ルール（頭ハネ、途中流局なし、役満はシングルで一つまで、"
            "13 翻以上は三倍満、アガリやめなし、30000 点持ちオカなし、ウマ 15/5）",
        ),
        Names("WRC 2015", "世界立直锦标赛 2015", "WRC 2015"),
    ),
}

PRESET_NAMES: tuple[str, ...] = ("default", *PRESETS)


def preset(name: str) -> RiichiOptions:
    """The options of a named preset (`default`, `tenhou`, `ema`, `wrc`)."""
    if name == "default":
        return RiichiOptions()
    try:
        changes = PRESETS[name].options
    except KeyError:
        known = ", ".join(PRESET_NAMES)
        raise ValueError(f"unknown riichi preset '{name}' (known: {known})") from None
    return RiichiOptions.model_validate(changes)
