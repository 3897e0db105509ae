"""Test doubles for the table: rulesets built in the tests to switch mechanisms on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from engine.context import WinContext
from engine.match import RenchanMatch, RotatingMatch
from engine.scoring import PatternHit, Score
from engine.shapes import ShapeRules, is_complete
from engine.state import HandResult, MatchState, Payment
from engine.table_rules import (
    Abort,
    FlowerTiming,
    KanDoraTiming,
    Kuikae,
    MatchRules,
    MultiWin,
    Replacement,
    RiichiAnkan,
    RiichiRules,
    Table,
    TableRules,
)
from engine.wall import WallSpec


def shape_score(rules: TableRules, minimum: int = 0) -> Callable[[WinContext], Score]:
    """Legal whenever the shape is complete; worth 1 + flowers (+1 per dora flag)."""

    def score(win: WinContext) -> Score:
        counts = win.concealed_counts()
        if not is_complete(counts, len(win.melds), n_sets=rules.n_sets, rules=rules.shape_rules):
            return Score(ruleset="double", error="not_a_win")
        value = 1 + win.flowers + (1 if win.tsumo else 0)
        pats = (PatternHit("double.base", "", "base", "", value),)
        return Score(ruleset="double", patterns=pats, total=value, legal=value >= minimum)

    return score


def simple_settle(result: HandResult, match: MatchState) -> tuple[Payment, ...]:
    """Winner takes 8 + value from the discarder (8 + value from each on self-draw),
    8 from the others, and the deposits on the table."""
    out: list[Payment] = []
    for i, w in enumerate(result.wins):
        value = w.score.total
        for s in range(4):
            if s == w.seat:
                continue
            if w.from_seat is None or s == w.from_seat:
                out.append(Payment(s, w.seat, 8 + value, "hand"))
            else:
                out.append(Payment(s, w.seat, 8, "base"))
        if i == 0 and match.pot:
            out.append(Payment(None, w.seat, match.pot, "deposits"))
    if result.outcome == "exhaustive_draw" and result.tenpai:
        ready = [s for s in range(4) if result.tenpai[s]]
        if 0 < len(ready) < 4:
            per_payer = 3000 // (4 - len(ready))
            per_payee = 3000 // len(ready)
            for s in range(4):
                if s not in ready:
                    out.append(Payment(s, None, per_payer, "noten"))
            for s in ready:
                out.append(Payment(None, s, per_payee, "tenpai"))
    return tuple(out)


MCR_LIKE = TableRules(
    wall=WallSpec(flowers=True),
    shape_rules=ShapeRules(
        seven_pairs_four_as_two=True, honors_and_knitted=True, knitted_straight=True
    ),
    concealed_kong_face_down=True,
)

RIICHI_LIKE = TableRules(
    wall=WallSpec(
        red_fives=1,
        dead_wall=14,
        replacement_positions=(0, 1, 2, 3),
        dora_positions=(4, 5, 6, 7, 8),
        ura_positions=(9, 10, 11, 12, 13),
        replenish_dead_wall=True,
    ),
    replacement=Replacement.DEAD_WALL,
    max_kongs=4,
    rob_concealed_kong_thirteen_orphans=True,
    multi_win=MultiWin.DOUBLE,
    kan_dora=True,
    kan_dora_timing=KanDoraTiming.AFTER_DISCARD,
    furiten=True,
    riichi=RiichiRules(),
    kuikae=Kuikae.FORBIDDEN,
    aborts=frozenset(Abort),
    tenpai_at_draw=True,
    nagashi=True,
    first_turn_flags=True,
)

THREE_KINGDOMS_LIKE = TableRules(
    wall=WallSpec(
        hand_size=16,
        dead_wall=14,
        replacement_positions=(0, 1, 2, 3),
        dora_positions=(4, 5, 6, 7, 8),
        ura_positions=(9, 10, 11, 12, 13),
    ),
    replacement=Replacement.DEAD_WALL,
    max_kongs=4,
    kan_dora=True,
    furiten=True,
    riichi=RiichiRules(
        deposit=10,
        min_points=None,
        ankan=RiichiAnkan.NO_SHAPE_CHANGE,
        double_riichi=False,
        ippatsu=False,
        ura_dora=True,
    ),
    concealed_kong_face_down=True,
)

ZUNG_JUNG_LIKE = TableRules(
    wall=WallSpec(dead_wall=14),
    replacement=Replacement.LIVE_TAIL,
)

FLOWERS_ON_TURN = replace(MCR_LIKE, flower_timing=FlowerTiming.ON_OWN_TURN)


def make_table(
    rules: TableRules,
    *,
    match: MatchRules | None = None,
    minimum: int = 0,
    score: Callable[[WinContext], Score] | None = None,
    hands: int = 4,
    options: dict[str, Any] | None = None,
) -> Table:
    return Table(
        ruleset_id="double",
        rules=rules,
        score=score or shape_score(rules, minimum),
        match_rules=match or RotatingMatch(settle_fn=simple_settle, hands=hands),
        options=options or {},
    )


def riichi_match(**kw: Any) -> RenchanMatch:
    return RenchanMatch(settle_fn=simple_settle, **kw)


@pytest.fixture
def mcr_like() -> Table:
    return make_table(MCR_LIKE)
