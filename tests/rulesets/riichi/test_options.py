"""Options model (riichi.md §16): defaults, strictness and presets."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.ruleset import OptionsError, parse_options
from rulesets.riichi import RULESET
from rulesets.riichi.options import PRESET_NAMES, RiichiOptions, preset

# riichi.md §16 "chosen default" column
DOC_DEFAULTS = {
    "ippatsu": True, "pinfu_tsumo": True, "kuitan": True, "chiitoitsu_value": "2han25fu",
    "ryanpeikou_han": 3, "honroutou_han": 2, "ryuuiisou_requires_hatsu": False,
    "chuuren_manzu_only": False, "double_yakuman": True, "suukantsu_value": "double",
    "kan_dora": True, "kan_dora_timing": "immediate", "ura_dora": True, "kan_ura_dora": True,
    "aka_dora": 0, "renhou": False, "renhou_value": "baiman", "isshoku_sanjun": False,
    "sanrenkou": False, "suurenkou": False, "daisharin": False, "daisharin_range": "any_run",
    "daisharin_all_suits": False, "paarenchan": False, "paarenchan_needs_yaku": True,
    "shiisan_puutaa": False, "nagashi_mangan": False, "nagashi_called_discard_voids": False,
    "nagashi_voiding_calls": "any_call",
    "nagashi_then_noten_payments": True, "nagashi_multiple": "cancel",
    "chankan_reveals_kan_dora": False, "kokushi_rob_ankan": True, "tsuuiisou_seven_pairs": True,
    "multi_ron": "double", "multi_ron_honba": "priority_winner",
    "multi_ron_deposits": "priority_winner", "double_wind_pair_fu": 4, "kiriage_mangan": False,
    "kazoe": "yakuman", "yakuman_stacking": True, "pao": frozenset({"daisangen", "daisuushii"}),
    "pao_honba_payer": "discarder", "kuikae": "forbidden", "riichi_min_points": 1000,
    "riichi_min_live_wall": 4, "riichi_ankan": "no_wait_change",
    "karaten_counts_as_tenpai": False, "karaten_copies": "hand_and_melds",
    "abortive_draws": frozenset(
        {"kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou"}
    ),
    "noten_payment": 3000, "renchan": "tenpai", "honba_value": 300, "game_length": "hanchan",
    "start_points": 25000, "return_points": 30000, "uma": (20, 10, -10, -20),
    "tobi": "below_zero", "agari_yame": True, "tenpai_yame": False,
    "west_extension": "sudden_death", "leftover_deposits": "to_first", "rank_ties": "seat_order",
}


def test_every_documented_option_with_its_default() -> None:
    assert RiichiOptions().model_dump() == DOC_DEFAULTS


def test_unknown_option_is_rejected() -> None:
    with pytest.raises(OptionsError) as err:
        parse_options(RULESET, {"red_fives": True})
    assert err.value.field == "red_fives"


def test_bad_value_is_rejected() -> None:
    with pytest.raises(OptionsError):
        parse_options(RULESET, {"aka_dora": 2})
    with pytest.raises(OptionsError):
        parse_options(RULESET, {"pao": ["chinroutou"]})


def test_options_are_frozen_and_hashable() -> None:
    opts = RiichiOptions()
    with pytest.raises(ValidationError):
        opts.kuitan = False  # type: ignore[misc]
    assert hash(opts) == hash(RiichiOptions())


def test_json_round_trip() -> None:
    opts = preset("tenhou")
    assert RiichiOptions.model_validate_json(opts.model_dump_json()) == opts


def test_presets() -> None:
    assert set(PRESET_NAMES) == {"default", "tenhou", "ema", "wrc"}
    assert preset("default") == RiichiOptions()
    tenhou = preset("tenhou")
    assert tenhou.aka_dora == 3 and tenhou.kan_dora_timing == "after_discard"
    assert tenhou.nagashi_mangan and tenhou.nagashi_multiple == "each"
    assert tenhou.nagashi_voiding_calls == "on_own_discards"
    assert tenhou.suukantsu_value == "single" and not tenhou.double_yakuman
    assert tenhou.karaten_copies == "concealed" and not tenhou.karaten_counts_as_tenpai
    assert tenhou.yakuman_stacking and tenhou.tobi == "below_zero"
    ema = preset("ema")
    assert ema.multi_ron == "triple" and ema.abortive_draws == frozenset()
    assert ema.start_points == ema.return_points == 30000 and ema.uma == (15, 5, -5, -15)
    assert ema.renhou and ema.renhou_value == "mangan"
    # EMA 2016: no bust, no nagashi mangan, 13+ han a sanbaiman, one yakuman at most
    assert ema.tobi == "off" and not ema.nagashi_mangan and ema.kazoe == "sanbaiman"
    assert not ema.double_yakuman and not ema.yakuman_stacking
    wrc = preset("wrc")
    assert wrc.multi_ron == "head_bump" and not wrc.double_yakuman and not wrc.agari_yame
    assert wrc.abortive_draws == frozenset() and wrc.kazoe == "sanbaiman"
    assert wrc.uma == (15, 5, -5, -15) and wrc.start_points == wrc.return_points == 30000
    with pytest.raises(ValueError):
        preset("nope")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_preset_by_name_with_overrides(name: str) -> None:
    assert parse_options(RULESET, {"preset": name}) == preset(name)
    opts = parse_options(RULESET, {"preset": name, "aka_dora": 4, "tobi": "zero_or_below"})
    assert opts == preset(name).model_copy(update={"aka_dora": 4, "tobi": "zero_or_below"})


def test_an_unknown_preset_lists_the_known_ones() -> None:
    for bad in ("tenhou6", 3, None):
        with pytest.raises(OptionsError) as err:
            parse_options(RULESET, {"preset": bad})
        assert err.value.field == "preset"
        assert "known: default, tenhou, ema, wrc" in err.value.message
