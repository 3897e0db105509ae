from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from server.domain import registry


def test_builtin_rulesets_come_through_entry_points() -> None:
    assert {"mcr", "riichi"} <= set(registry.available())
    assert registry.load("mcr").id == "mcr"


def test_unknown_id_is_a_clear_error() -> None:
    with pytest.raises(registry.UnknownRuleset, match="unknown ruleset 'xyz' \\(installed: "):
        registry.load("xyz")


@pytest.fixture
def fake_entry_points(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    eps = [
        EntryPoint("notruleset", "json:dumps", registry.GROUP),
        EntryPoint("missing", "no_such_module_here:RULESET", registry.GROUP),
        EntryPoint("renamed", "rulesets.mcr:RULESET", registry.GROUP),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: eps)
    registry.load.cache_clear()
    registry._entry_points.cache_clear()
    yield
    registry.load.cache_clear()
    registry._entry_points.cache_clear()


@pytest.mark.usefixtures("fake_entry_points")
def test_broken_plugins_are_reported_not_crashed() -> None:
    assert registry.available() == ["missing", "notruleset", "renamed"]
    with pytest.raises(registry.BrokenRuleset, match="is not a Ruleset"):
        registry.load("notruleset")
    with pytest.raises(registry.BrokenRuleset, match="failed to load"):
        registry.load("missing")
    with pytest.raises(registry.BrokenRuleset, match="provides ruleset id 'mcr'"):
        registry.load("renamed")
