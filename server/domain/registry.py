"""Ruleset discovery through the ``jantaku.rulesets`` entry-point group.

Built-in rulesets are declared in pyproject.toml exactly like third-party ones, so a
plugin installed with pip appears here without any change to Jantaku.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from engine.ruleset import Ruleset

GROUP = "jantaku.rulesets"


class UnknownRuleset(LookupError):
    def __init__(self, ruleset_id: str, known: list[str]) -> None:
        self.ruleset_id = ruleset_id
        self.known = known
        listed = ", ".join(known) or "none installed"
        super().__init__(f"unknown ruleset '{ruleset_id}' (installed: {listed})")


class BrokenRuleset(RuntimeError):
    """An entry point that does not load or does not provide a Ruleset."""


@cache
def _entry_points() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def available() -> list[str]:
    return sorted(_entry_points())


@cache
def load(ruleset_id: str) -> Ruleset[Any]:
    """The ``RULESET`` object registered under ``ruleset_id``."""
    matches = [ep for ep in entry_points(group=GROUP) if ep.name == ruleset_id]
    if not matches:
        raise UnknownRuleset(ruleset_id, available())
    try:
        obj = matches[0].load()
    except Exception as exc:  # a plugin's import error must not look like ours
        raise BrokenRuleset(f"ruleset '{ruleset_id}' failed to load: {exc}") from exc
    if not isinstance(obj, Ruleset):
        raise BrokenRuleset(f"ruleset '{ruleset_id}' ({matches[0].value}) is not a Ruleset")
    if obj.id != ruleset_id:
        raise BrokenRuleset(f"entry point '{ruleset_id}' provides ruleset id '{obj.id}'")
    return obj


def load_all() -> list[Ruleset[Any]]:
    return [load(name) for name in available()]
