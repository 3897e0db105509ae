"""The MCR fan catalogue: complete, named, documented, exercised by a vector; every fan's
predicate: the fans of the tiles alone (tile-set fans, concealment, the situation of the
win with its flags corrected from the tiles, §11.9) and those of one reading (sets,
kongs, waits, shapes), the scorer's gated counts equal to asking every predicate."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.context import WinContext
from engine.scoring import Gated
from rulesets.mcr import reading
from rulesets.mcr.hand import HandFacts, build_facts
from rulesets.mcr.patterns import (
    CATALOGUE,
    COMBINATION_FAN_IDS,
    COMPETITION_EXCLUDES,
    FANS,
    HAND_FAN_IDS,
    OFFICIAL_FAN_IDS,
    READING_FAN_IDS,
    WMO2006_EXCLUDES,
)
from rulesets.mcr.reading import R_KONGS, ReadingFacts, ReadingRules
from rulesets.mcr.scorer import _readings
from tests.rulesets.mcr.generator import generate

from .test_vectors import load_vectors

# The fan table lives in the repository (copied from the MCR rules reference, §12).
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "mcr.md"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_81_fans_plus_mixed_kong_line() -> None:
    assert len(OFFICIAL_FAN_IDS) == 81
    assert len(FANS) == 82
    assert "melded_and_concealed_kong" not in OFFICIAL_FAN_IDS


@pytest.mark.parametrize("fan", FANS, ids=lambda f: f.id)
def test_fan_has_names_and_value(fan: object) -> None:
    d = CATALOGUE.by_id[fan.id]  # type: ignore[attr-defined]
    assert d.zh and d.en and d.ja
    assert re.fullmatch(r"[a-z_]+", d.id)
    assert d.value > 0
    assert d.id not in d.excludes


def test_doc_table_matches_catalogue() -> None:
    doc = _doc()
    rows = re.findall(r"^\| (\d+) \| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|", doc, re.M)
    table = {fid: (int(n), zh.strip(), en.strip(), pts.strip()) for n, fid, zh, en, pts in rows}
    for i, fid in enumerate(OFFICIAL_FAN_IDS, 1):
        assert fid in table, f"{fid} has no line in docs/rules/mcr.md"
        n, zh, en, pts = table[fid]
        d = CATALOGUE.by_id[fid]
        assert n == i, fid
        assert d.en == en, fid
        assert d.zh == zh.split(" ")[0], fid
        assert pts.startswith(str(d.value)), fid
    assert "`melded_and_concealed_kong`, 5 points" in doc


def test_every_fan_has_a_vector() -> None:
    seen = {fid for _w, obj in load_vectors() for fid in obj["expected"].get("patterns", {})}
    missing = [d.id for d in FANS if d.id not in seen]
    assert not missing, f"fans without a vector: {missing}"


def test_catalogue_is_ordered_by_value() -> None:
    values = [d.value for d in FANS]
    assert values == sorted(values, reverse=True)


def test_doc_table_has_exactly_the_81_fans() -> None:
    rows = re.findall(r"^\| (\d+) \| `([a-z_]+)` \|", _doc(), re.M)
    assert [fid for _n, fid in rows] == list(OFFICIAL_FAN_IDS)


def test_edition_overrides_name_known_fans() -> None:
    for fid, lst in (*WMO2006_EXCLUDES.items(), *COMPETITION_EXCLUDES.items()):
        assert fid in CATALOGUE.by_id
        assert all(x in CATALOGUE.by_id for x in lst)


RULES = ReadingRules(None, True, "none_if_overlap")  # the competition edition's


def hand_only(facts: HandFacts) -> ReadingFacts:
    return reading.hand_only(facts, RULES)


def base(**hand: Any) -> dict[str, int]:
    facts = build_facts(WinContext.from_json(hand))
    assert facts is not None
    return CATALOGUE.count(hand_only(facts))


@pytest.mark.parametrize(
    ("concealed", "win", "expected"),
    [
        ("123m456p789s11z", "1z", {"concealed_hand"}),
        ("12355m456p789s", "4m", {"concealed_hand", "no_honors"}),
        ("234m345m456m66m", "6m", {"concealed_hand", "full_flush", "all_simples",
                                   "no_honors", "tile_hog"}),
        ("123m123m11z22z", "2z", {"concealed_hand", "half_flush"}),
        ("123444p55599s", "9s", {"concealed_hand", "reversible_tiles", "one_voided_suit",
                                  "no_honors"}),
        ("22334466888s66z", "6z", {"concealed_hand", "all_green", "half_flush"}),
        ("123m1234p1112s", "3s", {"concealed_hand", "lower_four", "no_honors"}),
        ("123m123p1112s", "3s", {"concealed_hand", "lower_tiles", "no_honors"}),
        ("789m789p7778s", "9s", {"concealed_hand", "upper_tiles", "no_honors"}),
        ("456m456p4445s", "6s", {"concealed_hand", "middle_tiles", "all_simples",
                                 "no_honors"}),
        ("111999m111p999s9p", "9p", {"concealed_hand", "all_terminals", "no_honors"}),
        ("11m999p111s55566z", "6z", {"concealed_hand", "all_terminals_and_honors"}),
        ("11m999p111s55511z", "1z", {"concealed_hand", "all_terminals_and_honors",
                                     "all_types"}),
        ("1122334455667z", "7z", {"concealed_hand", "all_honors"}),
    ],
)
def test_tile_fans(concealed: str, win: str, expected: set[str]) -> None:
    assert set(base(concealed=concealed, win_tile=win)) == expected


def test_concealment() -> None:
    hand = {"concealed": "123m456p789s1z", "win_tile": "1z"}
    chi = [{"type": "chi", "tiles": "123s"}]
    assert "fully_concealed_hand" in base(**hand, tsumo=True)
    assert "concealed_hand" in base(**hand, melds=[{"type": "ankan", "tiles": "5555s"}])
    four = [{"type": "chi", "tiles": "123s"}] * 2 + [
        {"type": "pon", "tiles": "555p"},
        {"type": "pon", "tiles": "777p"},
    ]
    assert "melded_hand" in base(concealed="1z", melds=four, win_tile="1z")
    assert "melded_hand" not in base(concealed="1z", melds=four, win_tile="1z", tsumo=True)
    assert not {"concealed_hand", "fully_concealed_hand"} & set(
        base(concealed="456p789s1z", melds=chi, win_tile="1z")
    )


def test_situational_flags() -> None:
    hand = {"concealed": "123m456p789s23s77z", "win_tile": "1s"}
    assert "last_tile" in base(**hand, last_tile_of_kind=True)
    assert set(base(**hand, houtei=True)) >= {"last_tile_claim"}
    assert set(base(**hand, tsumo=True, haitei=True)) >= {"last_tile_draw", "self_drawn"}
    assert "robbing_the_kong" in base(**hand, chankan=True)
    kong = {"concealed": "123m456p23s77z", "melds": [{"type": "minkan", "tiles": "8888s"}],
            "win_tile": "1s"}
    assert "out_with_replacement_tile" in base(**kong, tsumo=True, rinshan=True)


def test_gated_counts_equal_the_predicates() -> None:
    """The scorer's count (features first, ``exact`` fans decided by them) finds on every
    hand what asking every predicate finds; every hand fan is met."""
    gated = Gated(CATALOGUE, HAND_FAN_IDS)
    seen: set[str] = set()
    terminals = WinContext.from_json({"concealed": "111999m111p999s9p", "win_tile": "9p"})
    for win in [*generate("gated-hand-fans", 3000), terminals]:
        facts = build_facts(win)
        if facts is None:
            continue
        slow = CATALOGUE.count(hand_only(facts))
        assert gated.count(hand_only(facts), facts.features) == slow, win
        seen |= set(slow)
    assert seen == HAND_FAN_IDS, HAND_FAN_IDS - seen


@pytest.mark.parametrize(
    "rules",
    [RULES, ReadingRules(None, False, "allow"), ReadingRules(None, True, "no_edge_closed")],
    ids=["competition", "botzone1998", "no_edge_closed"],
)
def test_gated_reading_counts_equal_the_predicates(rules: ReadingRules) -> None:
    """On every reading of a hand, the scorer's count of the fans of sets, waits and
    shapes finds what asking every predicate finds, and no predicate of the tiles alone
    is asked; every such fan is met."""
    sets = Gated(CATALOGUE, READING_FAN_IDS - COMBINATION_FAN_IDS)
    combinations = Gated(CATALOGUE, COMBINATION_FAN_IDS)
    seen: set[str] = set()
    for win in generate("gated-reading-fans", 3000):
        facts = build_facts(win)
        assert facts is not None
        hand = CATALOGUE.count(hand_only(facts))
        for r in _readings(win, facts, rules):
            slow = {k: n for k, n in CATALOGUE.count(r).items() if k not in hand}
            assert set(slow) <= READING_FAN_IDS
            gated = combinations.count(r, r.combination_features, sets.count(r, r.features))
            assert gated == slow, (win, r.shape)
            seen |= set(slow)
    assert seen == READING_FAN_IDS, READING_FAN_IDS - seen


def test_every_fan_has_a_predicate_but_chicken_hand_and_flowers() -> None:
    without = {d.id for d in FANS if d.counter is None}
    assert without == {"chicken_hand", "flower_tiles"}
    assert not HAND_FAN_IDS & READING_FAN_IDS


@pytest.mark.parametrize(
    ("melded", "concealed", "hidden", "expected"),
    [
        (1, 0, 2, {"melded_kong": 1, "two_concealed_pungs": 1}),
        (0, 1, 1, {"concealed_kong": 1, "two_concealed_pungs": 1}),
        (2, 0, 0, {"two_melded_kongs": 1}),
        (1, 1, 0, {"melded_and_concealed_kong": 1}),
        (0, 2, 1, {"two_concealed_kongs": 1, "three_concealed_pungs": 1}),
        # two concealed kongs alone also make Two Concealed Pungs; the catalogue's
        # exclusion (53 excludes 66) removes it later
        (0, 2, 0, {"two_concealed_kongs": 1, "two_concealed_pungs": 1}),
        (1, 2, 0, {"three_kongs": 1, "two_concealed_pungs": 1}),
        (0, 4, 0, {"four_kongs": 1, "four_concealed_pungs": 1}),
        (3, 1, 0, {"four_kongs": 1}),
    ],
)
@pytest.mark.parametrize("with_three_kongs", [False, True])
def test_kong_table(
    melded: int, concealed: int, hidden: int, expected: dict[str, int], with_three_kongs: bool
) -> None:
    """§11.6's kong fans by melded and concealed kongs, and the concealed-pung fans of
    the concealed kongs with ``hidden`` concealed pungs; the 2006-based editions keep
    Concealed Kong / Two Concealed Kongs beside Three and Four Kongs."""
    facts = build_facts(WinContext.from_json({"concealed": "123m456p789s11z", "win_tile": "1z"}))
    assert facts is not None
    r = reading.hand_only(facts, ReadingRules(None, with_three_kongs, "allow"))
    r.melded_kongs = melded
    r.concealed_kongs = concealed
    r.concealed_pungs = concealed + hidden
    r.features |= R_KONGS
    got = {k: n for k, n in CATALOGUE.count(r).items() if k in READING_FAN_IDS}
    if with_three_kongs and melded + concealed >= 3 and concealed in (1, 2):
        expected = {**expected, ("concealed_kong", "two_concealed_kongs")[concealed - 1]: 1}
    assert got == expected
