"""Hong Kong Old Style at the table: the TableRuleset contract, the table rules, and
seeded self-play with the engine's bots through engine.simulate (tiles and scores
conserved, views redacted, every event replayed: ``check=True``), the wind rounds of §6
and the payments of §4-§5 as they happen at a table."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from jantaku_hong_kong import RULESET, Options
from jantaku_hong_kong.match import MAX_HANDS_PER_ROUND
from jantaku_hong_kong.settlement import base_points
from pydantic import ValidationError

from engine.ruleset import TableRuleset, options_schema, parse_options, table_for
from engine.simulate import defensive_bots, greedy_bots, play_match
from engine.state import HandResult
from engine.table_rules import MultiWin, WinFloor


def test_contract() -> None:
    assert isinstance(RULESET, TableRuleset)
    assert (RULESET.id, RULESET.version) == ("hong_kong", "0.1.0")
    assert RULESET.names.zh == "港式老派麻雀"
    assert RULESET.hand_tiles(Options()) == 14
    # every option has texts in three languages, every preset resolves
    schema = options_schema(RULESET)
    for name in Options.model_fields:
        prop = schema["properties"][name]
        assert set(prop["x-title"]) == set(prop["x-description"]) == {"en", "zh", "ja"}
    for preset in schema["x-presets"]:
        parse_options(RULESET, {"preset": preset})
    with pytest.raises(ValueError, match="unknown option"):
        parse_options(RULESET, {"chicken": True})
    with pytest.raises(ValidationError, match="frozen"):
        Options().minimum_faan = 1  # type: ignore[misc]


def test_table_rules() -> None:
    rules = RULESET.table_rules(Options())
    assert rules.wall.flowers and rules.wall.dead_wall == 0
    assert rules.multi_win is MultiWin.HEAD_BUMP
    assert not rules.shape_rules.seven_pairs and rules.shape_rules.thirteen_orphans
    assert rules.rob_added_kong and rules.rob_concealed_kong_thirteen_orphans
    assert rules.win_floor is WinFloor.POINTS
    assert RULESET.table_rules(Options(minimum_faan=0)).win_floor is WinFloor.NONE
    assert not RULESET.table_rules(Options(flowers=False)).wall.flowers


def _check_rounds(results: list[HandResult], rounds: int, draw_keeps_deal: bool) -> None:
    """§6: the dealer keeps the deal on his own win (and on a draw by default), else it
    passes; the round wind moves on once all four have dealt."""
    for prev, nxt in pairwise(results):
        keep = (
            any(w.seat == prev.dealer for w in prev.wins)
            if prev.outcome == "win"
            else draw_keeps_deal
        )
        if keep:
            assert (nxt.dealer, nxt.round_wind) == (prev.dealer, prev.round_wind)
        else:
            assert nxt.dealer == (prev.dealer + 1) % 4
            assert nxt.round_wind == prev.round_wind + (prev.dealer == 3)
    assert all(r.round_wind <= rounds for r in results)


@pytest.mark.parametrize(
    "opts",
    [
        {"rounds": 1},
        {"rounds": 1, "minimum_faan": 1, "discard_payment": "half_shot"},
        {"rounds": 2, "minimum_faan": 0, "flowers": False, "draw_keeps_deal": False},
        {"rounds": 1, "minimum_faan": 1, "payment_table": "spicy", "bao": False},
    ],
)
def test_matches_finish(opts: dict[str, object]) -> None:
    options = Options.model_validate(opts)
    tbl = table_for(RULESET, opts)
    for i in range(2):
        rec = play_match(tbl, f"hk-finish-{i}", greedy_bots, check=True, keep_events=False)
        assert rec.state.over
        results = list(rec.state.results)
        assert len(results) <= options.rounds * MAX_HANDS_PER_ROUND
        assert sum(rec.state.scores) == options.start_score * 4
        _check_rounds(results, options.rounds, options.draw_keeps_deal)
        for r in results:
            for w in r.wins:
                assert w.score.legal and w.score.total >= options.minimum_faan
        ranks = {s.player: s.rank for s in rec.state.standings}
        assert sorted(ranks) == [0, 1, 2, 3]


N_PATH_MATCHES = 12


def test_payment_paths_at_the_table() -> None:
    """Whole matches (one round, 1-faan minimum so that bots win often): every payment a
    table makes adds up to the hand's base points as §4 says, and the ordinary cases and
    the twelve-tile liability happen."""
    opts = {"rounds": 1, "minimum_faan": 1}
    options = Options.model_validate(opts)
    tbl = table_for(RULESET, opts)
    seen: Counter[str] = Counter()
    for i in range(N_PATH_MATCHES):
        bots = greedy_bots if i % 2 else defensive_bots
        rec = play_match(tbl, f"hk-paths-{i}", bots, check=i < 2, keep_events=False)
        assert rec.state.over and sum(rec.state.scores) == 0
        for r in rec.state.results:
            paid = tbl.match_rules.settle(r, rec.state)
            if r.outcome != "win":
                assert paid == ()
                seen["draw"] += 1
                continue
            (win,) = r.wins
            b = base_points(win.score.total, options)
            self_drawn = win.from_seat is None or any(p.reason == "bao_robbed_kong" for p in paid)
            assert sum(p.amount for p in paid) == (6 if self_drawn else 4) * b
            seen.update(p.reason for p in paid)
    for reason in ("self_draw", "discard", "draw"):
        assert seen[reason] > 0, seen
