"""From a ruleset id and raw options to an engine ``Table`` the actor can play."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any

from engine.ruleset import Ruleset, TableRuleset, parse_options, table_for
from engine.table_rules import Table
from server import registry


class NotPlayable(LookupError):
    """The ruleset scores hands but has no table mechanics to play with."""


def _glue(ruleset: Ruleset) -> Any:
    """The ``<package>.table`` module of a ruleset that has not yet attached its table
    rules to ``RULESET`` (MCR ships ``rulesets.mcr.table.table(options)``)."""
    module_name = type(ruleset).__module__
    defining = sys.modules.get(module_name)
    is_package = defining is not None and hasattr(defining, "__path__")
    package = module_name if is_package else module_name.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.table")
    except ImportError:
        return None
    return getattr(module, "table", None)


def playable(ruleset: Ruleset) -> bool:
    return isinstance(ruleset, TableRuleset) or _glue(ruleset) is not None


def build_table(ruleset_id: str, raw_options: Mapping[str, Any] | None) -> Table:
    """Raises ``registry.UnknownRuleset``, ``engine.ruleset.OptionsError`` or
    ``NotPlayable``."""
    ruleset = registry.load(ruleset_id)
    if isinstance(ruleset, TableRuleset):
        return table_for(ruleset, raw_options)
    glue = _glue(ruleset)
    if glue is None:
        raise NotPlayable(f"ruleset '{ruleset_id}' cannot be played at a table yet")
    options = parse_options(ruleset, raw_options)  # OptionsError names the field
    table: Table = glue(options)
    return table
