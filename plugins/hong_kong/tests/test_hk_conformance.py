"""Hong Kong Old Style passes the conformance kit (``jantaku ruleset check``), run as its
author would run it: through the kit's pytest fixture, on the module that exports
``RULESET``, with the vectors it declares (``RULESET.vectors``)."""

from __future__ import annotations

from collections.abc import Callable

from conformance import Report


def test_the_plugin_passes_the_kit(jantaku_conformance: Callable[..., Report]) -> None:
    report = jantaku_conformance("jantaku_hong_kong", size="quick")
    assert report.ok, report.text()
    skipped = {r.name for r in report.results if r.status == "skip"}
    assert skipped <= {"scoring.compiled"}, report.text(verbose=True)
