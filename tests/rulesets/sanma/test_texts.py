"""Sanma's options and presets read in three languages, by the checks every installed
ruleset passes (tests/rulesets/test_option_texts.py), run on this ruleset directly so they
hold whether or not the entry points are installed."""

from __future__ import annotations

import pytest

from rulesets.sanma import RULESET
from tests.rulesets import test_option_texts as texts


def test_every_option_and_preset_reads_in_three_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(texts.RULESETS, RULESET.id, RULESET)
    texts.test_every_option_has_a_title_and_description_in_three_languages(RULESET.id)
    texts.test_the_schema_exports_the_texts(RULESET.id)
    texts.test_presets_are_titled_and_described_and_exported_resolved(RULESET.id)
