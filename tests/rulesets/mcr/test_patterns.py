"""The MCR fan catalogue: complete, named, documented, and exercised by a vector."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesets.mcr.patterns import (
    CATALOGUE,
    COMPETITION_EXCLUDES,
    FANS,
    OFFICIAL_FAN_IDS,
    WMO2006_EXCLUDES,
)

from .test_vectors import load_vectors

# The fan table lives in the repository (copied from the MCR rules reference, §12).
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "mcr.md"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_81_fans_plus_mixed_kong_line() -> None:
    assert len(OFFICIAL_FAN_IDS) == 81
    assert len(FANS) == 82
    assert "melded_and_concealed_kong" not in OFFICIAL_FAN_IDS


@pytest.mark.parametrize("fan", FANS, ids=lambda f: f.id)
def test_fan_has_names_and_value(fan: object) -> None:
    d = CATALOGUE.by_id[fan.id]  # type: ignore[attr-defined]
    assert d.zh and d.en and d.ja
    assert re.fullmatch(r"[a-z_]+", d.id)
    assert d.value > 0
    assert d.id not in d.excludes


def test_doc_table_matches_catalogue() -> None:
    doc = _doc()
    rows = re.findall(r"^\| (\d+) \| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|", doc, re.M)
    table = {fid: (int(n), zh.strip(), en.strip(), pts.strip()) for n, fid, zh, en, pts in rows}
    for i, fid in enumerate(OFFICIAL_FAN_IDS, 1):
        assert fid in table, f"{fid} has no line in docs/rules/mcr.md"
        n, zh, en, pts = table[fid]
        d = CATALOGUE.by_id[fid]
        assert n == i, fid
        assert d.en == en, fid
        assert d.zh == zh.split(" ")[0], fid
        assert pts.startswith(str(d.value)), fid
    assert "`melded_and_concealed_kong`, 5 points" in doc


def test_every_fan_has_a_vector() -> None:
    seen = {fid for _w, obj in load_vectors() for fid in obj["expected"].get("patterns", {})}
    missing = [d.id for d in FANS if d.id not in seen]
    assert not missing, f"fans without a vector: {missing}"


def test_catalogue_is_ordered_by_value() -> None:
    values = [d.value for d in FANS]
    assert values == sorted(values, reverse=True)


def test_doc_table_has_exactly_the_81_fans() -> None:
    rows = re.findall(r"^\| (\d+) \| `([a-z_]+)` \|", _doc(), re.M)
    assert [fid for _n, fid in rows] == list(OFFICIAL_FAN_IDS)


def test_edition_overrides_name_known_fans() -> None:
    for fid, lst in (*WMO2006_EXCLUDES.items(), *COMPETITION_EXCLUDES.items()):
        assert fid in CATALOGUE.by_id
        assert all(x in CATALOGUE.by_id for x in lst)
