"""The yaku catalogue is complete: every entry has names, a rule line, a vector, and
agrees with the yaku tables of riichi.md §8 (copied into riichi_md_yaku.jsonl: section,
id, names and the closed / open value columns as the document writes them)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.patterns import CATALOGUE, YakuDef
from tests.rulesets.riichi.vectors import hand_vectors, load

DOC_ROWS: dict[str, dict[str, Any]] = {
    row["id"]: row
    for row in map(
        json.loads,
        (Path(__file__).with_name("riichi_md_yaku.jsonl")).read_text("utf-8").splitlines(),
    )
}
DOC_IDS = set(DOC_ROWS)


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
        assert d.han(opts, True) == d.yakuman
        assert (d.han(opts, False) is None) == d.closed_only
    else:
        assert d.han(opts, True) in (1, 2, 3, 6)
        open_value = d.han(opts, False)
        assert open_value is None or 0 < open_value <= d.han(opts, True)  # type: ignore[operator]
    if d.local:
        assert d.option is not None and not getattr(opts, d.option)


@pytest.mark.parametrize("d", CATALOGUE, ids=[d.id for d in CATALOGUE])
def test_entry_has_the_documented_values(d: YakuDef) -> None:
    row = DOC_ROWS[d.id]
    opts = RiichiOptions()
    assert d.local == (row["section"] == "8.3")
    closed, open_ = row["closed"], row["open"]
    if d.yakuman:
        assert closed.startswith(f"{d.yakuman}×")  # 2× for suukantsu: seed 004's default
        assert open_ in ("closed", "yes") and d.closed_only == (open_ == "closed")
        return
    if d.special:  # renhou's fixed value, nagashi's mangan: no han column
        assert closed in ("fixed", "mangan")
        return
    assert d.han(opts, True) == int(closed)
    assert d.han(opts, False) == (None if open_ == "closed only" else int(open_))


def test_closed_only_yakuman_are_the_documented_ones() -> None:
    # riichi.md §8.2 / §8.3 "open?" column: closed
    documented = {i for i, row in DOC_ROWS.items() if row["open"] == "closed"}
    assert {d.id for d in CATALOGUE if d.closed_only} == documented == {
        "kokushi_musou", "kokushi_13_wait", "suuankou", "suuankou_tanki", "chuuren_poutou",
        "junsei_chuuren", "tenhou", "chiihou", "daisharin", "shiisan_puutaa",
    }
