"""A played three-player match as records: tenhou.net/6's three-player form (four places
per array, the absent North empty; "三般南喰赤"; kita as "f44" in the discards, its
replacement the next draw) and the refusal of mjai, which has no three-player form."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import FlowerSetAside, HandStarted
from engine.log_exports import ExportRefused
from engine.melds import MeldType
from engine.notation import parse_tile
from engine.ruleset import log_export, table_for
from engine.simulate import MatchRecord, greedy_bots, play_match
from rulesets.riichi import RULESET as RIICHI
from rulesets.riichi.mjai import MjaiError, to_mjai
from rulesets.riichi.tenhou6 import ExportError, call_string, to_tenhou6
from rulesets.sanma import RULESET
from rulesets.sanma.options import SanmaOptions

T = parse_tile


def played(options: dict[str, Any], seed: str) -> MatchRecord:
    return play_match(table_for(RULESET, options), seed, greedy_bots, check=True)


@pytest.fixture(scope="module")
def match() -> MatchRecord:
    return played({"preset": "tenhou_sanma", "game_length": "tonpuusen"}, "records-1")


def test_the_tenhou6_document_keeps_four_places(match: MatchRecord) -> None:
    doc = log_export(RULESET, "tenhou6").full(match.events, ["P", "Q", "R"], "T")
    assert doc["rule"] == {"disp": "三般東喰赤", "aka": 1, "aka51": 0, "aka52": 1, "aka53": 1}
    assert doc["name"] == ["P", "Q", "R", ""]
    assert len(doc["sc"]) == 8 and doc["sc"][6:] == [0, 0]
    assert sum(doc["sc"][0:6:2]) * 100 + match.state.pot == 105_000
    starts = [e for e in match.events if isinstance(e, HandStarted)]
    assert len(doc["log"]) == len(starts)
    for hand, start in zip(doc["log"], starts, strict=True):
        assert len(hand) == 17
        kyoku, _, _ = hand[0]
        assert kyoku == 4 * (start.round_wind - 1) + start.dealer
        assert len(hand[1]) == 4 and hand[1][3] == 0
        assert hand[13:16] == [[], [], []]  # North's start hand, draws and discards
        for seat in range(3):
            assert len(hand[4 + 3 * seat]) == 13
            assert all(not 12 <= t <= 18 for t in hand[4 + 3 * seat])  # no 2m-8m
        result = hand[16]
        if result[0] in ("和了", "流局", "流し満貫"):
            assert len(result[1]) == 4 and result[1][3] == 0


def test_kita_is_f44_in_the_discards_and_the_replacement_a_draw(match: MatchRecord) -> None:
    doc = to_tenhou6(match.events, ruleset="sanma", options_model=SanmaOptions)
    kita = [e for e in match.events if isinstance(e, FlowerSetAside)]
    written = [d for h in doc["log"] for s in range(3) for d in h[6 + 3 * s] if d == "f44"]
    assert kita and len(written) == len(kita)
    # per seat, one draw column entry for each discard column entry but the last (a
    # discard follows every draw and call but an open kan's "0"); the hand's end may
    # leave a draw without a discard
    for h in doc["log"]:
        for s in range(3):
            draws, discards = h[5 + 3 * s], h[6 + 3 * s]
            assert len(discards) <= len(draws) <= len(discards) + 1


def test_pon_placement_counts_the_empty_north_seat() -> None:
    """Seats keep their four-player places: seat 0's left is the empty North, so its pon
    from seat 2 is written across ("41p4141") and from seat 1 on the right ("4141p41");
    seat 1's from seat 0 is from the left ("p414141")."""
    norths = (T("1z"),) * 3
    assert call_string(0, 2, MeldType.PON, norths, T("1z")) == "41p4141"
    assert call_string(0, 1, MeldType.PON, norths, T("1z")) == "4141p41"
    assert call_string(1, 0, MeldType.PON, norths, T("1z")) == "p414141"
    assert call_string(2, 0, MeldType.PON, norths, T("1z")) == "41p4141"


def test_mjai_is_refused_with_the_reason() -> None:
    with pytest.raises(ExportRefused, match="mjai has no three-player form") as caught:
        log_export(RULESET, "mjai")
    assert caught.value.declared and caught.value.ruleset == "sanma"
    assert log_export(RIICHI, "mjai").seat is not None  # four players keep theirs


def test_the_four_player_writers_refuse_a_sanma_log(match: MatchRecord) -> None:
    with pytest.raises(MjaiError, match="not 'sanma'"):
        to_mjai(match.events)
    with pytest.raises(ExportError, match="not a riichi match: sanma"):
        to_tenhou6(match.events)
    with pytest.raises(ExportRefused, match="'sanma' matches have no csa export") as caught:
        log_export(RULESET, "csa")
    assert not caught.value.declared
