"""``table_for`` binds a table-capable ruleset and its validated options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest
from pydantic import BaseModel, ConfigDict

from engine.context import WinContext
from engine.match import RotatingMatch
from engine.ruleset import (
    Names,
    OptionsError,
    Preset,
    TableRuleset,
    options_schema,
    parse_options,
    table_for,
)
from engine.scoring import Score
from engine.state import MatchState
from engine.table_rules import MultiWin, TableRules


class Opts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    double_ron: bool = False
    hands: int = 4


class Fake(TableRuleset[Opts]):
    id = "fake"
    version = "0"
    names = Names("fake", "fake", "fake")
    options_model = Opts

    def score(self, win: WinContext, options: Opts) -> Score:
        return Score(ruleset="fake", total=1, legal=True)

    def table_rules(self, options: Opts) -> TableRules:
        assert isinstance(options, Opts)
        return TableRules(multi_win=MultiWin.DOUBLE if options.double_ron else MultiWin.HEAD_BUMP)

    def match_rules(self, options: Opts) -> RotatingMatch:
        return RotatingMatch(hands=1)

    def win_extras(
        self, state: MatchState, seat: int, *, tsumo: bool, chankan: bool
    ) -> dict[str, object]:
        return {"fake": seat}


def test_table_for_binds_options() -> None:
    fake = Fake()
    assert isinstance(fake, TableRuleset)
    table = table_for(fake, {"double_ron": True})
    assert table.ruleset_id == "fake" and table.rules.multi_win is MultiWin.DOUBLE
    assert table.options == {"double_ron": True, "hands": 4}
    assert table.score(WinContext(concealed=(), win_tile=0)).legal
    assert table.win_extras == fake.win_extras  # the ruleset's hook, bound to the table
    with pytest.raises(OptionsError) as err:
        table_for(fake, {"triple_ron": True})
    assert err.value.field == "triple_ron"


class WithPresets(Fake):
    presets: ClassVar[Mapping[str, Preset]] = {
        "long": Preset({"hands": 16, "double_ron": True}, "a long match")
    }


def test_a_preset_is_a_starting_point_and_the_table_records_the_result() -> None:
    ruleset = WithPresets()
    assert parse_options(ruleset, {"preset": "long", "double_ron": False}) == Opts(hands=16)
    assert parse_options(ruleset, {"preset": "default"}) == Opts()
    table = table_for(ruleset, {"preset": "long"})
    assert table.options == {"double_ron": True, "hands": 16}  # resolved, every option
    assert table_for(ruleset, {}).options == {"double_ron": False, "hands": 4}
    with pytest.raises(OptionsError) as err:
        parse_options(ruleset, {"preset": "short"})
    assert err.value.field == "preset"
    assert err.value.message == "unknown preset 'short' for fake (known: default, long)"
    prop = options_schema(ruleset)["properties"]["preset"]
    assert prop["enum"] == ["default", "long"] and "long: a long match" in prop["description"]


def test_a_ruleset_without_presets_has_only_its_defaults() -> None:
    assert parse_options(Fake(), {"preset": "default"}) == Opts()
    with pytest.raises(OptionsError, match=r"known: default\)"):
        parse_options(Fake(), {"preset": "long"})
    assert "preset" not in options_schema(Fake())["properties"]


def test_strict_options_take_json_types_only() -> None:
    """Options a peer sent: ``true`` is not the number 1, nor ``"4"``/``4.0`` the integer
    4; without ``strict`` (stored and built-in options) they coerce as before."""
    ruleset = WithPresets()
    for bad in ({"hands": True}, {"hands": "4"}, {"hands": 4.0}, {"double_ron": 1}):
        with pytest.raises(OptionsError) as err:
            parse_options(ruleset, bad, strict=True)
        assert err.value.field == next(iter(bad)), bad
    assert parse_options(ruleset, {"hands": True}) == Opts(hands=1)
    long = Opts(hands=16, double_ron=True)
    assert parse_options(ruleset, {"preset": "long"}, strict=True) == long
    with pytest.raises(OptionsError) as err:
        parse_options(ruleset, {"hands": float("nan")}, strict=True)
    assert err.value.field == "options"
