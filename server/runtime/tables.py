"""From a ruleset id and raw options to an engine ``Table`` the actor can play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ruleset import Ruleset, TableRuleset, table_for
from engine.table_rules import Table
from server import registry


class NotPlayable(LookupError):
    """The ruleset scores hands but has no table mechanics to play with."""


def playable(ruleset: Ruleset) -> bool:
    return isinstance(ruleset, TableRuleset)


def build_table(ruleset_id: str, raw_options: Mapping[str, Any] | None) -> Table:
    """Raises ``registry.UnknownRuleset``, ``engine.ruleset.OptionsError`` or
    ``NotPlayable``."""
    ruleset = registry.load(ruleset_id)
    if not isinstance(ruleset, TableRuleset):
        raise NotPlayable(f"ruleset '{ruleset_id}' cannot be played at a table yet")
    return table_for(ruleset, raw_options)  # OptionsError names the field
