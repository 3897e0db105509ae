"""Find the ruleset to check: an installed entry point (``mcr``), a ``module:ATTR``
(``my_plugin:RULESET``) or a module exporting ``RULESET`` (``my_plugin``)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from engine.ruleset import Ruleset

GROUP = "jantaku.rulesets"  # the entry-point group the server loads rulesets from


class LoadError(LookupError):
    """The target names no ruleset; the message says what was tried and what to do."""


def _installed() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def load_target(target: str | Ruleset[Any]) -> Ruleset[Any]:
    """The ruleset ``target`` names (see the module's docstring)."""
    if isinstance(target, Ruleset):
        return target
    installed = _installed()
    spec = installed.get(target, target)
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        known = ", ".join(sorted(installed)) or "none"
        raise LoadError(
            f"'{target}' is neither an installed ruleset (entry points in "
            f"'{GROUP}': {known}) nor an importable module ({exc})"
        ) from exc
    obj: Any = module
    for part in (attr or "RULESET").split("."):
        if not hasattr(obj, part):
            raise LoadError(
                f"{module_name} has no '{attr or 'RULESET'}': a plugin module exports its "
                "ruleset as RULESET, or name it as module:ATTRIBUTE"
            )
        obj = getattr(obj, part)
    if isinstance(obj, type) and issubclass(obj, Ruleset):
        raise LoadError(f"{spec} is the class {obj.__name__}; export an instance (RULESET = ...)")
    if not isinstance(obj, Ruleset):
        raise LoadError(
            f"{spec} is a {type(obj).__name__}, not an engine.ruleset.Ruleset "
            "(subclass Ruleset or TableRuleset and export an instance)"
        )
    return obj


def entry_point_of(ruleset: Ruleset[Any]) -> str:
    """``module:ATTR`` that imports ``ruleset`` again (the compiled-versus-pure probe runs
    it in a fresh interpreter): its installed entry point, else its module's ``RULESET``."""
    spec = _installed().get(ruleset.id)
    if spec is not None:
        module_name, _, attr = spec.partition(":")
        try:
            if getattr(importlib.import_module(module_name), attr or "RULESET") is ruleset:
                return spec
        except ImportError:
            pass
    module = type(ruleset).__module__
    if getattr(importlib.import_module(module), "RULESET", None) is ruleset:
        return f"{module}:RULESET"
    raise LoadError(f"cannot name {ruleset.id} for a fresh interpreter (no RULESET in {module})")
