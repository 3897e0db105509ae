"""The kit catches a deliberately broken plugin: one planted fault per check
(tests/conformance/fakes.py), each reported by the check it belongs to."""

from __future__ import annotations

import pytest

from conformance import Size, check_ruleset, compiled
from tests.conformance import fakes
from tests.conftest import ROOT

SMALL = Size(fuzz_hands=200, order_hands=60, matches=2, compiled_hands=40, max_hands=40)
VECTORS = [ROOT / "tests" / "vectors" / "zung_jung"]

FAULTS = [
    ("BadVersion", "contract.identity", "version"),
    ("NotFrozen", "contract.options_model", "not frozen"),
    ("NoChineseText", "contract.option_texts", "description missing in zh"),
    ("BrokenPreset", "contract.presets", "does not resolve"),
    ("AcceptsUnknown", "contract.unknown_options", "were accepted"),
    ("UnnamedPattern", "scoring.catalogue", "no name in ja"),
    ("WrongTotal", "scoring.vectors", "total"),
    ("PhantomPattern", "scoring.coverage", "phantom"),
    ("WrongExclusion", "scoring.exclusions", "which it excludes"),
    ("CrashesInSouth", "scoring.fuzz", "IndexError"),
    ("OrderMatters", "scoring.tile_order", "tile order"),
    ("FifthDragon", "table.tiles", "the wall holds 5 of 7z"),
    ("PotBonus", "table.scores", "the pot is negative"),
    ("LiarTenpai", "table.views", "shown at the draw as ready"),
    ("WinsUnpaid", "table.settlement", "is paid 0"),
    ("Nondeterministic", "table.replay", "replaying"),
    ("NeverEnds", "table.ends", "does not end"),
    ("WrongStandings", "records.sheet", "the sheet says"),
]


@pytest.mark.parametrize(("fake", "check", "words"), FAULTS)
def test_the_kit_catches_the_fault(fake: str, check: str, words: str) -> None:
    ruleset = getattr(fakes, fake.upper())
    report = check_ruleset(ruleset, size=SMALL, vectors=VECTORS)
    # the planted fault is reported by its check; a nondeterministic scorer also scores
    # differently through scorer(options), which the fuzz check sees first
    also = {"scoring.fuzz"} if fake == "Nondeterministic" else set()
    assert check in report.failed and set(report.failed) <= {check, *also}, report.text()
    result = report.result(check)
    assert any(words in f"{f.what} {f.where}" for f in result.failures), report.text()
    assert all(f.fix for f in result.failures), "every failure says how to fix it"


def test_the_unbroken_plugin_passes() -> None:
    report = check_ruleset("zung_jung", size=SMALL, vectors=VECTORS)
    assert report.ok, report.text()


def test_compiled_and_pure_disagreeing_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin counted as compiled whose pure-Python path scores otherwise (the probe's
    fresh interpreters tell them apart by the environment here)."""
    real = compiled._probe

    def probe(entry: str, mode: str, seed: str, hands: int) -> tuple[list[str], list[str]]:
        if mode == "pure":
            monkeypatch.setenv("KIT_FAKE_PURE", "1")
        try:
            modules, lines = real(entry, mode, seed, hands)
        finally:
            monkeypatch.delenv("KIT_FAKE_PURE", raising=False)
        return (["tests.conformance.fakes"] if mode == "default" else modules), lines

    monkeypatch.setattr(compiled, "_probe", probe)
    monkeypatch.setattr(compiled, "extension_modules", lambda tops: ["tests.conformance.fakes"])
    monkeypatch.setattr(
        compiled, "entry_point_of", lambda r: "tests.conformance.fakes:COMPILEDDIFFERS"
    )
    report = check_ruleset(
        fakes.CompiledDiffers(), size=SMALL, vectors=VECTORS, only=["scoring.compiled"]
    )
    assert report.failed == ["scoring.compiled"], report.text()
    assert "pure Python" in report.result("scoring.compiled").failures[0].what
