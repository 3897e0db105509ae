"""From a ruleset id and raw options to an engine ``Table`` the actor can play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ruleset import Ruleset, TableRuleset, parse_options, table_for
from engine.state import Table
from server.domain import registry


class NotPlayable(LookupError):
    """The ruleset scores hands but has no table mechanics to play with."""


def playable(ruleset: Ruleset[Any]) -> bool:
    return isinstance(ruleset, TableRuleset)


def build_table(
    ruleset_id: str, raw_options: Mapping[str, Any] | None, *, strict: bool = False
) -> Table:
    """Raises ``registry.UnknownRuleset``, ``engine.ruleset.OptionsError`` or
    ``NotPlayable``. ``strict``: options from a request, JSON's types only (``true`` is
    not the number 1; ``engine.ruleset.parse_options``)."""
    ruleset = registry.load(ruleset_id)
    if not isinstance(ruleset, TableRuleset):
        raise NotPlayable(f"ruleset '{ruleset_id}' cannot be played at a table yet")
    if strict:
        parse_options(ruleset, raw_options, strict=True)
    return table_for(ruleset, raw_options)  # OptionsError names the field
