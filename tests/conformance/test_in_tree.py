"""Every in-tree ruleset passes the conformance kit (its quick size), as a plugin would:
through its entry point, with its vectors in tests/vectors/<id>/."""

from __future__ import annotations

import pytest

from conformance import check_ruleset
from tests.conftest import ROOT

RULESETS = ["mcr", "riichi", "sanma", "zung_jung", "three_kingdoms"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_ruleset_passes_the_kit(ruleset_id: str) -> None:
    report = check_ruleset(
        ruleset_id, size="quick", vectors=[ROOT / "tests" / "vectors" / ruleset_id]
    )
    assert report.ok, report.text()
    skipped = {r.name for r in report.results if r.status == "skip"}
    assert skipped <= {"scoring.compiled"}, report.text(verbose=True)
