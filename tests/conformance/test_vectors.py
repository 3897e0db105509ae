"""Where the kit finds a plugin's vectors: ``RULESET.vectors`` (relative to the ruleset's
module), ``--vectors``, else ``tests/vectors/<id>/`` under the current folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import check_ruleset
from conformance.catalogue import find_vectors
from rulesets.zung_jung import ZungJungRuleset
from tests.conformance.fakes import DeclaresNoSuchVectors, DeclaresVectors

HERE = Path(__file__).resolve().parent


def test_declared_vectors_are_read_beside_the_module() -> None:
    sources, found = find_vectors(DeclaresVectors(), None)
    assert found == "RULESET.vectors"
    assert [Path(str(s)).resolve() for s in sources] == [HERE.parent / "vectors" / "zung_jung"]
    report = check_ruleset(DeclaresVectors(), only=["scoring.vectors", "scoring.coverage"])
    assert report.ok, report.text()


def test_a_declared_folder_that_is_missing_is_reported() -> None:
    report = check_ruleset(DeclaresNoSuchVectors(), only=["scoring.vectors"])
    lines = report.lines()
    assert any("no_such_folder: no such file or folder" in line for line in lines), lines


def test_without_a_declaration_the_project_layout_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HERE.parents[1])
    assert find_vectors(ZungJungRuleset(), None)[1] == "tests/vectors/zung_jung"
    monkeypatch.chdir(HERE)
    assert find_vectors(ZungJungRuleset(), None) == ([], "none found")
