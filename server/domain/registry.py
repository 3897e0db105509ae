"""Ruleset discovery through the ``jantaku.rulesets`` entry-point group, and the engine
``Table`` a ruleset id and its raw options make (``build_table``).

Built-in rulesets are declared in pyproject.toml exactly like third-party ones, so a
plugin installed with pip appears here without any change to Jantaku.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from engine.ruleset import Ruleset, TableRuleset, parse_options, table_for
from engine.state import Table

GROUP = "jantaku.rulesets"


class UnknownRuleset(LookupError):
    def __init__(self, ruleset_id: str, known: list[str]) -> None:
        self.ruleset_id = ruleset_id
        self.known = known
        listed = ", ".join(known) or "none installed"
        super().__init__(f"unknown ruleset '{ruleset_id}' (installed: {listed})")


class BrokenRuleset(RuntimeError):
    """An entry point that does not load or does not provide a Ruleset."""


class RulesetConflict(RuntimeError):
    """Two installed packages claim one ruleset id: the server refuses to start rather than
    pick one (``check_installed``)."""


def _owner(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return f"{name} ({ep.value})" if name else str(ep.value)


def conflicts() -> dict[str, list[str]]:
    """Each ruleset id that more than one entry point claims, with who claims it."""
    claims: dict[str, list[str]] = {}
    for ep in entry_points(group=GROUP):
        claims.setdefault(ep.name, []).append(_owner(ep))
    return {rid: sorted(set(who)) for rid, who in claims.items() if len(set(who)) > 1}


def check_installed() -> dict[str, str]:
    """At start: refuse two packages claiming one id (``RulesetConflict`` naming both);
    every ruleset that cannot be loaded is returned with the reason (the server starts
    without it, lists it as unavailable and logs why)."""
    clash = conflicts()
    if clash:
        said = "; ".join(f"'{rid}' is claimed by {' and '.join(who)}" for rid, who in clash.items())
        raise RulesetConflict(f"two packages claim one ruleset id: {said}")
    broken: dict[str, str] = {}
    for ruleset_id in available():
        try:
            load(ruleset_id)
        except BrokenRuleset as exc:
            broken[ruleset_id] = str(exc)
    return broken


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
    owners = sorted({_owner(ep) for ep in matches})
    if len(owners) > 1:
        raise BrokenRuleset(f"ruleset '{ruleset_id}' is claimed by {' and '.join(owners)}")
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


def loadable() -> list[Ruleset[Any]]:
    """The installed rulesets that load (a broken plugin is left out, not raised)."""
    out: list[Ruleset[Any]] = []
    for name in available():
        try:
            out.append(load(name))
        except BrokenRuleset:
            continue
    return out


class NotPlayable(LookupError):
    """The ruleset scores hands but has no table mechanics to play with."""


def playable(ruleset: Ruleset[Any]) -> bool:
    return isinstance(ruleset, TableRuleset)


def build_table(
    ruleset_id: str, raw_options: Mapping[str, Any] | None, *, strict: bool = False
) -> Table:
    """Raises ``UnknownRuleset``, ``engine.ruleset.OptionsError`` or
    ``NotPlayable``. ``strict``: options from a request, JSON's types only (``true`` is
    not the number 1; ``engine.ruleset.parse_options``)."""
    ruleset = load(ruleset_id)
    if not isinstance(ruleset, TableRuleset):
        raise NotPlayable(f"ruleset '{ruleset_id}' cannot be played at a table yet")
    if strict:
        parse_options(ruleset, raw_options, strict=True)
    return table_for(ruleset, raw_options)  # OptionsError names the field
