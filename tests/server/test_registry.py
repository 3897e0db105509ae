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


class _Dist:
    def __init__(self, name: str) -> None:
        self.name = name


def _claimed(name: str, value: str, dist: str) -> EntryPoint:
    ep = EntryPoint(name, value, registry.GROUP)
    return ep._for(_Dist(dist))  # type: ignore[attr-defined,no-any-return]


@pytest.fixture
def two_claims(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    eps = [
        _claimed("mcr", "rulesets.mcr:RULESET", "jantaku"),
        _claimed("mcr", "other_mcr:RULESET", "someone-elses-mcr"),
        _claimed("riichi", "rulesets.riichi:RULESET", "jantaku"),
        _claimed("broken", "no_such_module_here:RULESET", "a-broken-plugin"),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: eps)
    registry.load.cache_clear()
    registry._entry_points.cache_clear()
    yield
    registry.load.cache_clear()
    registry._entry_points.cache_clear()


@pytest.mark.usefixtures("two_claims")
def test_two_packages_claiming_one_id_stop_the_start_naming_both() -> None:
    with pytest.raises(registry.RulesetConflict) as found:
        registry.check_installed()
    said = str(found.value)
    assert "'mcr' is claimed by jantaku (rulesets.mcr:RULESET)" in said
    assert "someone-elses-mcr (other_mcr:RULESET)" in said
    with pytest.raises(registry.BrokenRuleset, match=r"claimed by jantaku .* and someone-elses"):
        registry.load("mcr")


@pytest.mark.usefixtures("two_claims")
def test_the_server_refuses_to_start_on_a_conflict() -> None:
    from server.app import create_app
    from server.config import Settings

    with pytest.raises(registry.RulesetConflict, match="someone-elses-mcr"):
        create_app(Settings(admin_token="x"))


def test_a_ruleset_that_does_not_load_is_left_out_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    eps = [
        _claimed("riichi", "rulesets.riichi:RULESET", "jantaku"),
        _claimed("broken", "no_such_module_here:RULESET", "a-broken-plugin"),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: eps)
    registry.load.cache_clear()
    registry._entry_points.cache_clear()
    try:
        broken = registry.check_installed()
        assert list(broken) == ["broken"]
        assert "failed to load" in broken["broken"]
        assert registry.load("riichi").id == "riichi"  # the others play on
    finally:
        registry.load.cache_clear()
        registry._entry_points.cache_clear()
