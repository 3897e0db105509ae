"""MCR at the table: its TableRules, settlement and session through the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import ConcealedKong, Discard, Pass, SelfDrawWin, Win
from engine.decide import start, step
from engine.events import HandEnded
from engine.legal import legal_actions
from engine.match import net
from engine.notation import parse_tile
from engine.ruleset import table_for
from engine.scoring import Score
from engine.state import HandResult, MatchState, WinRecord, update
from engine.table_rules import FlowerTiming, MultiWin, Replacement, WinFloor
from engine.tiles import kind_of
from engine.wins import win_context
from rulesets.mcr import RULESET
from rulesets.mcr import match as mcr_match
from rulesets.mcr.options import Options
from rulesets.mcr.settlement import settle
from rulesets.mcr.table import table_rules
from tests.engine.conftest import arrange

T = parse_tile


def test_table_rules_follow_the_rules_doc() -> None:
    rules = table_rules(Options())
    assert rules.wall.flowers and rules.wall.dead_wall == 0 and rules.wall.hand_size == 13
    assert rules.replacement is Replacement.TAIL
    assert rules.multi_win is MultiWin.HEAD_BUMP
    assert not rules.furiten and rules.riichi is None and not rules.aborts
    assert rules.concealed_kong_face_down and rules.max_kongs is None
    assert rules.rob_added_kong and not rules.rob_concealed_kong_thirteen_orphans
    assert rules.shape_rules.seven_pairs_four_as_two and rules.shape_rules.knitted_straight
    assert rules.win_floor is WinFloor.POINTS  # §7.2
    no_flowers = table_rules(Options(use_flowers=False, flower_timing="on_own_turn"))
    assert not no_flowers.wall.flowers and no_flowers.flower_timing is FlowerTiming.ON_OWN_TURN
    assert not table_rules(Options(added_kong_from_hand=False)).added_kong_from_hand


def test_session_seat_winds_match_the_mcr_match_rules() -> None:
    options = Options()
    rules = mcr_match.match_rules(options)
    for hand in range(16):
        setup = rules._setup(hand)
        for player in range(4):
            seat = setup.seating.index(player)
            wind = (seat - setup.dealer) % 4
            assert wind == mcr_match.seat_winds(hand, options)[player]
        assert setup.round_wind == hand // 4 + 1


def win(seat: int, from_seat: int | None, total: int, robbed: bool = False) -> WinRecord:
    score = Score(ruleset="mcr", total=total, legal=True)
    return WinRecord(seat, from_seat, 0, robbed, score, None, ())  # type: ignore[arg-type]


def result(*wins: WinRecord) -> HandResult:
    return HandResult(
        hand_number=0,
        dealer=0,
        round_wind=1,
        honba=0,
        seating=(0, 1, 2, 3),
        outcome="win" if wins else "exhaustive_draw",
        wins=wins,
    )


def test_settlement_examples_of_section_9() -> None:
    state = MatchState(table=table_for(RULESET), seed="s")
    options = Options()
    # 13-point discard win: discarder -21, the others -8, winner +37
    assert net(settle(result(win(1, 2, 13)), state, options)) == [-8, 37, -21, -8]
    # 15 points self-drawn: each loser -23, winner +69
    assert net(settle(result(win(3, None, 15)), state, options)) == [-23, -23, -23, 69]
    # a robbed kong: the kong declarer pays as the discarder
    assert net(settle(result(win(0, 1, 8, robbed=True)), state, options)) == [32, -16, -8, -8]
    assert settle(result(), state, options) == ()


def test_a_win_under_eight_points_is_not_offered() -> None:
    hands = ["1199m1199s234z78p", "123m345p678s46p11z", "2p99p6z222333444z", "123456789s46p55z"]
    mcr = table_for(RULESET)
    wall = arrange(mcr.rules.wall, hands, draws="5p")
    rigged = replace(mcr, walls=lambda s, n: wall)
    state, _ = start(rigged, "min")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    # seat 1 completes its shape on 5p, but for 2 points: only its chows are offered
    assert legal_actions(state, 1) and Win(seat=1) not in legal_actions(state, 1)
    # seat 3 has a pure straight: it may win
    assert Win(seat=3) in legal_actions(state, 3)
    state, _ = step(state, Pass(seat=1))
    _, events = step(state, Win(seat=3))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.wins[0].seat == 3 and ended.result.wins[0].score.total >= 8


@pytest.mark.parametrize("seed", ["full-1", "full-2"])
def test_a_full_session(seed: str) -> None:
    from engine.simulate import greedy_bots, play_match

    record = play_match(table_for(RULESET), seed, greedy_bots, check=True, keep_events=False)
    assert record.stats.hands == 16
    assert sum(record.state.scores) == 0
    assert sum(s.points for s in record.state.standings) == pytest.approx(7)


def test_a_kong_on_the_last_tile_takes_it_as_replacement() -> None:
    """mcr.md §6: a kong declared with one tile left takes that tile as its replacement; a
    self-draw on it is both Out with Replacement Tile and Last Tile Draw."""
    hands = ["111z123m456m789m5p", "123456789s1234p", "123456789p2345s", "234567m2346789s"]
    mcr = table_for(RULESET)
    wall = arrange(mcr.rules.wall, hands, draws="1z", tail="5p")
    rigged = replace(mcr, walls=lambda s, n: wall)
    state, _ = start(rigged, "last")
    hand = state.hand
    assert hand is not None
    state = update(state, hand=update(hand, front=len(wall.tiles) - 1))  # one tile left
    state, _ = step(state, ConcealedKong(seat=0, tile=kind_of(T("1z"))))
    hand = state.hand
    assert hand is not None and hand.rinshan and hand.remaining() == 0
    ctx = win_context(state, 0, T("5p"), tsumo=True)
    assert ctx.rinshan and ctx.haitei
    _, events = step(state, SelfDrawWin(seat=0))
    ended = next(e for e in events if isinstance(e, HandEnded))
    ids = {p.id for p in ended.result.wins[0].score.patterns}
    assert {"out_with_replacement_tile", "last_tile_draw"} <= ids


def test_a_false_win_penalty_cannot_be_played() -> None:
    import pytest

    from engine.ruleset import OptionsError, table_for
    from rulesets.mcr import RULESET

    with pytest.raises(OptionsError, match="false_win_mode"):
        table_for(RULESET, {"false_win_mode": "penalize_10"})
    table_for(RULESET, {"false_win_mode": "reject"})
