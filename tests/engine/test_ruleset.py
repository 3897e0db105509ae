"""``table_for`` binds a table-capable ruleset and its validated options."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

from engine.context import WinContext
from engine.match import RotatingMatch
from engine.ruleset import OptionsError, TableRuleset, table_for
from engine.scoring import Score
from engine.table_rules import MultiWin, TableRules


class Opts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    double_ron: bool = False


class Fake:
    id = "fake"
    version = "0"
    names = None
    options_model = Opts

    def score(self, win: WinContext, options: BaseModel) -> Score:
        return Score(ruleset="fake", total=1, legal=True)

    def hand_tiles(self, options: BaseModel) -> int:
        return 14

    def table_rules(self, options: BaseModel) -> TableRules:
        assert isinstance(options, Opts)
        return TableRules(multi_win=MultiWin.DOUBLE if options.double_ron else MultiWin.HEAD_BUMP)

    def match_rules(self, options: BaseModel) -> RotatingMatch:
        return RotatingMatch(hands=1)


def test_table_for_binds_options() -> None:
    fake = Fake()
    assert isinstance(fake, TableRuleset)
    table = table_for(fake, {"double_ron": True})
    assert table.ruleset_id == "fake" and table.rules.multi_win is MultiWin.DOUBLE
    assert table.options == {"double_ron": True}
    assert table.score(WinContext(concealed=(), win_tile=0)).legal
    with pytest.raises(OptionsError) as err:
        table_for(fake, {"triple_ron": True})
    assert err.value.field == "triple_ron"
