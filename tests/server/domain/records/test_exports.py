"""Which match-log exports a match has is asked of its ruleset (``Ruleset.log_exports``,
``refused_exports``), never decided by its name: a format the ruleset declares impossible
is ``FormatRefused`` with the ruleset's reason, one it simply lacks ``NotExportable``
naming the rulesets that have it."""

from __future__ import annotations

import pytest

from server.domain.records.exports import FormatRefused, NotExportable, _exporter


def test_a_sanma_match_has_tenhou6_and_no_mjai() -> None:
    assert _exporter("sanma", "tenhou6", "tenhou.net/6").seat is None
    with pytest.raises(FormatRefused, match="mjai: mjai has no three-player form"):
        _exporter("sanma", "mjai", "mjai")


def test_a_format_a_ruleset_lacks_names_those_that_have_it() -> None:
    with pytest.raises(NotExportable, match="mjai logs exist for riichi matches, not 'mcr'") as e:
        _exporter("mcr", "mjai", "mjai")
    assert not isinstance(e.value, FormatRefused)
    with pytest.raises(NotExportable, match="for riichi, sanma matches, not 'zung_jung'"):
        _exporter("zung_jung", "tenhou6", "tenhou.net/6")
    with pytest.raises(NotExportable, match="'nope'"):
        _exporter("nope", "tenhou6", "tenhou.net/6")
