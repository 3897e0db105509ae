"""Golden replay: a fixed sample of the recorded matches gives byte-identical event logs
and scoresheets (tests/golden/harness.py; scripts/golden_replay.py checks all of them)."""

from __future__ import annotations

import pytest

from tests.golden.harness import Golden, load, mismatch

GOLDENS = load()
SAMPLE = GOLDENS[::3]  # every ruleset, option set, policy and length


def test_the_recording_covers_every_ruleset_and_a_thousand_matches() -> None:
    assert len(GOLDENS) >= 1000
    assert {g.ruleset for g in GOLDENS} == {"riichi", "mcr", "zung_jung", "three_kingdoms"}
    assert any(not g.one_hand for g in SAMPLE) and any(g.one_hand for g in SAMPLE)


@pytest.mark.parametrize("chunk", range(6))
def test_golden_matches_replay_identically(chunk: int) -> None:
    part: list[Golden] = SAMPLE[chunk::6]
    bad = [m for m in (mismatch(g) for g in part) if m is not None]
    assert not bad, "\n".join(bad[:5])
