"""Options (zung-jung.md §9, §12): a frozen model that rejects unknown names, with the
recommended defaults."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.ruleset import OptionsError, options_schema, parse_options
from rulesets.zung_jung import RULESET
from rulesets.zung_jung.options import Options


def test_defaults_are_standard_zung_jung() -> None:
    o = Options()
    assert (o.payoff, o.par, o.minimum_points, o.chicken_value, o.compound_limit) == (
        "formal",
        25,
        0,
        1,
        320,
    )
    assert o.multiple_listed_limits == "highest"
    assert (o.hands_per_game, o.start_score, o.dead_wall_size, o.bonus_tiles) == (
        16,
        0,
        14,
        "off",
    )


def test_every_doc_option_exists() -> None:
    doc = {
        "payoff",
        "par",
        "minimum_points",
        "chicken_value",
        "compound_limit",
        "multiple_listed_limits",
        "hands_per_game",
        "start_score",
        "dead_wall_size",
        "bonus_tiles",
    }
    assert doc <= set(Options.model_fields)


def test_unknown_and_bad_values_are_rejected() -> None:
    with pytest.raises(OptionsError) as err:
        parse_options(RULESET, {"red_fives": True})
    assert err.value.field == "red_fives" and err.value.message == "unknown option"
    with pytest.raises(OptionsError):
        parse_options(RULESET, {"hands_per_game": 5})
    with pytest.raises(OptionsError):
        parse_options(RULESET, {"payoff": "riichi"})
    with pytest.raises(OptionsError):
        parse_options(RULESET, {"kong_on_seabed": True})


def test_frozen() -> None:
    o = Options()
    with pytest.raises(ValidationError):
        o.par = 30  # type: ignore[misc]


def test_schema_is_json() -> None:
    schema = options_schema(RULESET)
    assert schema["additionalProperties"] is False
    assert schema["properties"]["par"]["default"] == 25
