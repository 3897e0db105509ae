"""The scoresheet invariants (docs/records.md) on recorded engine-played matches too, not
only on those the server plays: a tenth of the golden set (every ruleset, option set and
policy), projected as the server projects it (server.domain.records.sheet), keeps totals + pot =
start, deltas = payments + deposits, and standings = the engine's ``match_ended``."""

from __future__ import annotations

import pytest

from server.domain.records.sheet import project
from tests.golden.harness import Golden, events_json, load, play, sheet_json
from tests.server.domain.records.invariants import check_hands

PART = load()[1::10]


def _check(g: Golden) -> None:
    tbl, events = play(g)
    log = events_json(events)
    sheet = sheet_json(g, tbl, log)
    start = project("golden", tbl, ["p0", "p1", "p2", "p3"], [], [], False).start
    assert sheet["rows"], g.seed
    check_hands(g.seed, start, sheet["rows"])
    assert sum(sheet["final"]) + sheet["pot_left"] == sum(start), g.seed
    assert sheet["running"][-1] == sheet["rows"][-1]["scores"], g.seed  # nothing voided
    ended = log[-1]
    assert ended["type"] == "match_ended", g.seed
    engine = sorted((s["player"], s["rank"], s["score"], s["points"]) for s in ended["standings"])
    ours = sorted((place, r, score, pts) for place, _, r, score, pts in sheet["standings"])
    assert engine == ours, g.seed
    assert [s for _, s in sorted((st[0], st[3]) for st in sheet["standings"])] == sheet["final"]


@pytest.mark.parametrize("chunk", range(2))
def test_recorded_matches_keep_the_scoresheet_invariants(chunk: int) -> None:
    part = PART[chunk::2]
    assert {g.ruleset for g in part} == {"riichi", "mcr", "zung_jung", "three_kingdoms"}
    for g in part:
        _check(g)
