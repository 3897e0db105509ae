"""§9 and §11 Q2-Q4: the session and the deposits left on the table at the end."""

from __future__ import annotations

from engine.ruleset import table_for
from engine.state import HandResult, MatchState
from rulesets.three_kingdoms import RULESET, Options
from rulesets.three_kingdoms.match import final_scores, match_rules, unclaimed_deposits


def _result(outcome: str, riichi: tuple[bool, ...], seating: tuple[int, ...]) -> HandResult:
    return HandResult(
        hand_number=0,
        dealer=0,
        round_wind=1,
        honba=0,
        seating=seating,
        outcome=outcome,  # type: ignore[arg-type]
        riichi=riichi,
    )


def _state(scores: tuple[int, ...], pot: int, *results: HandResult) -> MatchState:
    return MatchState(table=table_for(RULESET), seed="s", scores=scores, pot=pot, results=results)


WIN = _result("win", (True, False, False, False), (0, 1, 2, 3))
DRAW1 = _result("exhaustive_draw", (False, True, False, False), (0, 1, 2, 3))
DRAW2 = _result("exhaustive_draw", (False, False, True, True), (1, 0, 3, 2))
STATE = _state((30, 10, -20, -50), 30, WIN, DRAW1, DRAW2)


def test_unclaimed_deposits_are_those_since_the_last_win() -> None:
    # seat 1 of DRAW1 is player 1; seats 2, 3 of DRAW2 are players 3 and 2
    assert unclaimed_deposits(STATE) == {1: 1, 2: 1, 3: 1}


def test_leftover_deposits_first_place() -> None:
    assert final_scores(STATE, Options()) == [60, 10, -20, -50]


def test_leftover_deposits_shared_by_tied_leaders() -> None:
    tied = _state((10, 10, 10, -60), 30, WIN, DRAW1, DRAW2)
    assert final_scores(tied, Options()) == [20, 20, 20, -60]
    odd = _state((10, 10, -20, -30), 30, WIN, DRAW1, DRAW2)
    assert final_scores(odd, Options()) == [25, 25, -20, -30]


def test_leftover_deposits_discarded_or_returned() -> None:
    assert final_scores(STATE, Options(leftover_deposits="discard")) == [30, 10, -20, -50]
    assert final_scores(STATE, Options(leftover_deposits="return")) == [30, 20, -10, -40]


def test_sixteen_hands_with_mcr_seat_changes() -> None:
    rules = match_rules(Options())
    first = rules.first_hand()
    assert (first.dealer, first.round_wind, first.seating, first.label) == (
        0,
        1,
        (0, 1, 2, 3),
        "E1",
    )
    standings = rules.standings(STATE)
    assert [s.points for s in standings] == [4.0, 2.0, 1.0, 0.0]
    assert [s.score for s in standings] == [60, 10, -20, -50]
