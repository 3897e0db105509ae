"""Hong Kong Old Style stays a plugin: it imports only ``engine`` of Jantaku, nothing in
``engine/``, ``rulesets/`` or ``server/`` mentions it, and the server's registry loads it
through the entry point its own pyproject.toml declares, and plays it."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from engine.simulate import greedy_bots, play_match
from server.domain import registry

PLUGIN = Path(__file__).resolve().parents[1]
ROOT = PLUGIN.parents[1]


def test_imports_only_the_engine() -> None:
    for path in sorted((PLUGIN / "jantaku_hong_kong").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                top = node.module.split(".")[0]
                assert top not in {"rulesets", "server"}, f"{path.name}: {node.module}"


def test_the_core_never_names_it() -> None:
    named = [
        str(path.relative_to(ROOT))
        for top in ("engine", "rulesets", "server")
        for path in (ROOT / top).rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".js", ".json", ".html", ".css", ".md", ".toml"}
        and "hong_kong" in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert not named, named


@pytest.fixture
def declared_entry_point(monkeypatch: pytest.MonkeyPatch) -> Iterator[EntryPoint]:
    """The registry sees exactly what an installed plugin would give it."""
    meta = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))
    ((name, value),) = meta["project"]["entry-points"][registry.GROUP].items()
    ep = EntryPoint(name, value, registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep])
    registry.load.cache_clear()
    registry._entry_points.cache_clear()
    yield ep
    registry.load.cache_clear()
    registry._entry_points.cache_clear()


def test_the_registry_loads_and_plays_it(declared_entry_point: EntryPoint) -> None:
    assert registry.available() == ["hong_kong"] == [declared_entry_point.name]
    ruleset = registry.load("hong_kong")
    assert registry.playable(ruleset)
    table = registry.build_table("hong_kong", {"preset": "east_round"}, strict=True)
    rec = play_match(table, "hk-registry", greedy_bots, keep_events=False)
    assert rec.state.over and sum(rec.state.scores) == 0
