"""The ruleset contract (../shared/DESIGN.md "The ruleset contract").

A ruleset plugin is a package exporting ``RULESET``, an object satisfying ``Ruleset``.
The contract is deliberately small; table mechanics read the ruleset's ``table_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ValidationError

from engine.context import WinContext
from engine.scoring import Score
from engine.table_rules import MatchRules, Table, TableRules


@dataclass(frozen=True, slots=True)
class Names:
    en: str
    zh: str
    ja: str


class OptionsError(ValueError):
    """Options that the ruleset's model rejects; ``field`` names the offending option."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"option '{field}': {message}")


@runtime_checkable
class Ruleset(Protocol):
    id: str
    version: str
    names: Names
    options_model: type[BaseModel]  # frozen, extra="forbid", defaults from the rules doc

    def score(self, win: WinContext, options: BaseModel) -> Score:
        """Score a win (itemised patterns, total, legality)."""
        ...

    def hand_tiles(self, options: BaseModel) -> int:
        """Tiles in a complete hand counting kongs as 3: 14, or 17 for 16-tile rulesets."""
        ...


def parse_options(ruleset: Ruleset, raw: Mapping[str, Any] | None) -> BaseModel:
    """Validate raw options against the ruleset's model; unknown or bad values raise
    ``OptionsError`` naming the field."""
    try:
        return ruleset.options_model.model_validate(dict(raw or {}))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "options"
        msg = "unknown option" if first["type"] == "extra_forbidden" else first["msg"]
        raise OptionsError(where, msg) from None


def options_schema(ruleset: Ruleset) -> dict[str, Any]:
    return ruleset.options_model.model_json_schema()


@runtime_checkable
class TableRuleset(Ruleset, Protocol):
    """A ruleset that can be played at the table: it adds its table mechanics and its
    match rules (settlement included), both bound to validated options."""

    def table_rules(self, options: BaseModel) -> TableRules: ...

    def match_rules(self, options: BaseModel) -> MatchRules: ...


def table_for(ruleset: TableRuleset, raw_options: Mapping[str, Any] | None = None) -> Table:
    """Validate ``raw_options`` and bind everything the engine needs to run a match."""
    options = parse_options(ruleset, raw_options)

    def score(win: WinContext) -> Score:
        return ruleset.score(win, options)

    return Table(
        ruleset_id=ruleset.id,
        rules=ruleset.table_rules(options),
        score=score,
        match_rules=ruleset.match_rules(options),
        options=options.model_dump(mode="json", exclude_defaults=True),
    )
