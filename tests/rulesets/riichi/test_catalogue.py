"""The yaku catalogue is complete: every entry has names, a rule line, a vector, and (when
the rules document is present) its id appears in riichi.md §8."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.yaku import CATALOGUE, YakuDef
from tests.rulesets.riichi.vectors import hand_vectors, load

RULES_DOC = Path(__file__).resolve().parents[4] / "shared" / "rules" / "riichi.md"
DOC_IDS = {
    # §8.1
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou",
    "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
    "yakuhai_round_wind", "rinshan_kaihou", "chankan", "haitei", "houtei", "chanta",
    "sanshoku_doujun", "ittsu", "toitoi", "sanankou", "sanshoku_doukou", "sankantsu",
    "shousangen", "honroutou", "chiitoitsu", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    # §8.2
    "kokushi_musou", "kokushi_13_wait", "suuankou", "suuankou_tanki", "daisangen",
    "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren_poutou",
    "junsei_chuuren", "suukantsu", "tenhou", "chiihou",
    # §8.3
    "isshoku_sanjun", "sanrenkou", "suurenkou", "daisharin", "renhou", "paarenchan",
    "shiisan_puutaa", "nagashi_mangan",
}


def _vector_yaku() -> set[str]:
    found = {y for v in hand_vectors() for y in v["expect"].get("yaku", [])}
    if any(v["kind"] == "nagashi" and v["expect"]["points"] != v["points"]
           for v in load("settlement")):
        found.add("nagashi_mangan")
    return found


def test_catalogue_is_the_documented_list() -> None:
    assert {d.id for d in CATALOGUE} == DOC_IDS
    assert len(CATALOGUE) == len(DOC_IDS)


@pytest.mark.parametrize("d", CATALOGUE, ids=[d.id for d in CATALOGUE])
def test_entry_has_names_and_rule(d: YakuDef) -> None:
    assert re.fullmatch(r"[a-z0-9_]+", d.id)
    for text in (d.ja, d.zh, d.en, d.rule):
        assert text.strip()
    assert "§" in d.rule


@pytest.mark.parametrize("d", CATALOGUE, ids=[d.id for d in CATALOGUE])
def test_entry_has_a_vector(d: YakuDef) -> None:
    assert d.id in _vector_yaku()


@pytest.mark.parametrize("d", CATALOGUE, ids=[d.id for d in CATALOGUE])
def test_entry_values_are_consistent(d: YakuDef) -> None:
    opts = RiichiOptions()
    assert d.excludes == tuple(x for x in d.excludes if x in DOC_IDS)
    if d.special:
        assert d.local
        return
    assert not d.closed_only or d.yakuman
    if d.yakuman:
        assert d.yakuman in (1, 2)
        assert d.value(opts, True) == d.yakuman
        assert (d.value(opts, False) is None) == d.closed_only
    else:
        assert d.value(opts, True) in (1, 2, 3, 6)
        open_value = d.value(opts, False)
        assert open_value is None or 0 < open_value <= d.value(opts, True)  # type: ignore[operator]
    if d.local:
        assert d.option is not None and not getattr(opts, d.option)


@pytest.mark.skipif(not RULES_DOC.exists(), reason="rules document not available")
def test_every_id_has_a_doc_line() -> None:
    text = RULES_DOC.read_text(encoding="utf-8")
    for d in CATALOGUE:
        assert f"`{d.id}`" in text, d.id


def test_closed_only_yakuman_are_the_documented_ones() -> None:
    # riichi.md §8.2 / §8.3 "open?" column: closed
    assert {d.id for d in CATALOGUE if d.closed_only} == {
        "kokushi_musou", "kokushi_13_wait", "suuankou", "suuankou_tanki", "chuuren_poutou",
        "junsei_chuuren", "tenhou", "chiihou", "daisharin", "shiisan_puutaa",
    }
