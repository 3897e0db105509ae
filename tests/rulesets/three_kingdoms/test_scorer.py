"""The scorer's rules one at a time, on chosen face-down sets (three-kingdoms.md §5-§7)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.context import WinContext
from engine.ruleset import TableRuleset, parse_options
from rulesets.mcr.options import Options as MCROptions
from rulesets.three_kingdoms import RULESET, Options
from rulesets.three_kingdoms.face_down import choices
from rulesets.three_kingdoms.scorer import Scored, _checked, score_choice

MCR = MCROptions(use_flowers=False)


def _win(**kw: object) -> WinContext:
    return _checked(WinContext.from_json(kw))


def _scored(win: WinContext, tiles: str, *, win_hidden: bool, **opts: object) -> Scored:
    options = Options.model_validate(opts)
    for c in choices(win):
        d = c.describe()
        if d["tiles"] == tiles and c.win_hidden == win_hidden:
            s = score_choice(win, c, options, MCR)
            assert s is not None
            return s
    raise AssertionError(f"no choice {tiles}")


def _ids(s: Scored) -> dict[str, int]:
    return {p.id: p.count for p in s.patterns}


def test_ruleset_contract() -> None:
    assert isinstance(RULESET, TableRuleset)
    assert RULESET.id == "three_kingdoms"
    assert RULESET.version == "1.0.0"
    assert (RULESET.names.en, RULESET.names.zh, RULESET.names.ja) == (
        "Three Kingdoms",
        "三国麻将",
        "三国麻雀",
    )
    assert RULESET.hand_tiles(Options()) == 17


def test_options_are_frozen_and_strict() -> None:
    opts = parse_options(RULESET, {})
    assert isinstance(opts, Options)
    with pytest.raises(ValidationError):
        Options.model_validate({"no_such_option": 1})
    with pytest.raises(ValidationError):
        opts.dora_scope = "whole_hand"  # type: ignore[misc]
    # §12 defaults
    assert opts.use_flowers is False
    assert opts.hands_per_session == 16
    assert opts.leftover_deposits == "first_place"
    assert opts.dora_scope == "scored_part"
    assert opts.edition == "competition"  # the MCR default (Q18)


def test_every_open_question_is_an_option() -> None:
    fields = set(Options.model_fields)
    assert len(fields) >= 19  # Q1..Q19 of §11


def test_closed_wait_only_while_the_winning_chow_is_scored() -> None:
    # 46p + 5p: the closed-wait chow is scored when another set goes down
    win = _win(concealed="123m456m789m46p567s99s", win_tile="5p")
    kept = _scored(win, "567s", win_hidden=False)
    hidden = _scored(win, "456p", win_hidden=True)
    assert "closed_wait" in _ids(kept)
    assert "closed_wait" not in _ids(hidden)


def test_edge_wait_not_scored_when_its_chow_is_hidden() -> None:
    win = _win(concealed="123m456m789m12p567s99s", win_tile="3p")
    assert "edge_wait" in _ids(_scored(win, "567s", win_hidden=False))
    assert "edge_wait" not in _ids(_scored(win, "123p", win_hidden=True))


def test_last_tile_only_when_no_copy_is_face_down() -> None:
    win = _win(concealed="123m456m789m46p567s99s", win_tile="5p", last_tile_of_kind=True)
    assert "last_tile" in _ids(_scored(win, "567s", win_hidden=False))
    assert "last_tile" not in _ids(_scored(win, "456p", win_hidden=True))
    # a melded chow holding another copy goes down: the copy is face down
    melded = _win(
        concealed="123m456m789m46s77p",
        melds=[{"type": "chi", "tiles": "345s"}],
        win_tile="5s",
        last_tile_of_kind=True,
    )
    assert "last_tile" in _ids(_scored(melded, "123m", win_hidden=False))
    assert "last_tile" not in _ids(_scored(melded, "345s", win_hidden=False))


def test_self_drawn_and_fully_concealed_stay_when_the_winning_set_is_hidden() -> None:
    win = _win(concealed="123m456m789m46p567s99s", win_tile="5p", tsumo=True)
    ids = _ids(_scored(win, "456p", win_hidden=True))
    assert "fully_concealed_hand" in ids


def test_hiding_the_only_meld_makes_the_part_concealed() -> None:
    win = _win(
        concealed="234m234p234s67m55s", melds=[{"type": "pon", "tiles": "999s"}], win_tile="8m"
    )
    assert "concealed_hand" in _ids(_scored(win, "999s", win_hidden=False))
    assert "concealed_hand" not in _ids(_scored(win, "678m", win_hidden=True))


def test_riichi_replaces_the_concealment_fans() -> None:
    win = _win(concealed="123m456m789m46p567s99s", win_tile="5p", riichi=True)
    ids = _ids(_scored(win, "567s", win_hidden=False))
    assert "concealed_hand" not in ids and ids["riichi"] == 1
    tsumo = _win(concealed="123m456m789m46p567s99s", win_tile="5p", riichi=True, tsumo=True)
    ids = _ids(_scored(tsumo, "567s", win_hidden=False))
    assert "fully_concealed_hand" not in ids and ids["self_drawn"] == 1


def test_dora_on_the_scored_part_only_by_default() -> None:
    win = _win(concealed="123m456m789m46p567s99s", win_tile="5p", dora_indicators=["4s"])
    assert _ids(_scored(win, "456p", win_hidden=True))["dora"] == 1
    assert "dora" not in _ids(_scored(win, "567s", win_hidden=False))
    whole = _scored(win, "567s", win_hidden=False, dora_scope="whole_hand")
    assert _ids(whole)["dora"] == 1


def test_result_names_the_face_down_set() -> None:
    win = WinContext.from_json({"concealed": "1133557799m22p88s46p", "win_tile": "5p"})
    out = RULESET.score(win, Options()).to_json()
    assert out["face_down"] == {"tiles": "456p", "set": "chow", "meld": None, "winning_tile": True}
    assert out["ruleset"] == "three_kingdoms"


def test_best_choice_prefers_a_legal_one() -> None:
    # all choices are compared by (legal, total, qualifying)
    win = WinContext.from_json(
        {
            "concealed": "456m234s678p123p999m5s",
            "win_tile": "5s",
            "riichi": True,
            "ura_dora_indicators": ["8m"],
        }
    )
    out = RULESET.score(win, Options())
    assert not out.legal and out.details["qualifying"] == 7 and out.total == 10


def test_options_are_the_rulesets_model_parsed() -> None:
    win = WinContext.from_json({"concealed": "1133557799m22p88s46p", "win_tile": "5p"})
    assert RULESET.score(win, parse_options(RULESET, {"dora_scope": "whole_hand"})).legal


def test_single_wait_only_while_the_winning_tile_is_scored() -> None:
    # the same 14 tiles are scored either way; only the winning tile's place differs
    win = _win(concealed="123m456m789m234p345s5s", win_tile="5s")
    assert "single_wait" in _ids(_scored(win, "345s", win_hidden=False))
    assert "single_wait" not in _ids(_scored(win, "345s", win_hidden=True))
