"""Generic match rules: the rotating session (seat changes by round, shared table points) and
the riichi-style session (dealer repeat, honba, deposits, bust, all-last, west round)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.match import RenchanMatch, RotatingMatch, final_scores, net, rank_rows
from engine.state import DrawKind, HandResult, MatchState, Payment, Table, WinRecord
from engine.table_rules import HandSetup, TableRules


def state(scores: tuple[int, ...], hands_played: int = 1, pot: int = 0) -> MatchState:
    table = Table("t", TableRules(), lambda w: None, RotatingMatch())  # type: ignore[arg-type,return-value]
    return MatchState(table=table, seed="s", scores=scores, pot=pot, hands_played=hands_played)


def result(
    dealer: int,
    rnd: int,
    honba: int = 0,
    outcome: DrawKind = "exhaustive_draw",
    winners: Sequence[int] = (),
    tenpai: Sequence[int] = (),
) -> HandResult:
    wins = tuple(WinRecord(w, None, 0, False, None, None, ()) for w in winners)  # type: ignore[arg-type]
    return HandResult(
        hand_number=0,
        dealer=dealer,
        round_wind=rnd,
        honba=honba,
        seating=(0, 1, 2, 3),
        outcome=outcome,
        wins=wins,
        tenpai=tuple(bool(t) for t in tenpai),
    )


SEATINGS = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))


def test_rotating_session_with_seat_changes_by_round() -> None:
    rules = RotatingMatch(hands=16, round_seatings=SEATINGS)
    setups: list[HandSetup | None] = [rules.first_hand()]
    for h in range(1, 17):
        setups.append(rules.next_hand(state((0,) * 4, hands_played=h), result(0, 1)))
    assert setups[-1] is None
    for h, setup in enumerate(setups[:-1]):
        assert setup is not None
        assert setup.dealer == h % 4 and setup.round_wind == h // 4 + 1
        assert setup.seating == SEATINGS[h // 4]
    # every player deals exactly four times
    dealers = [s.seating[s.dealer] for s in setups[:-1] if s is not None]
    assert sorted(dealers) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4


def test_table_points_share_ties() -> None:
    rows = rank_rows([10, 10, -5, -15], (4, 2, 1, 0), share_ties=True)
    assert [r.points for r in rows] == [3, 3, 1, 0] and [r.rank for r in rows] == [1, 1, 3, 4]
    rows = rank_rows([0, 0, 0, 0], (4, 2, 1, 0), share_ties=True)
    assert [r.points for r in rows] == [1.75] * 4
    rows = rank_rows([5, 5, 5, -15], (4, 2, 1, 0), share_ties=False)
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_leftover_deposits_go_to_first_place() -> None:
    assert final_scores(state((24000, 26000, 26000, 23000), pot=1000)) == [
        24000,
        27000,
        26000,
        23000,
    ]


R = RenchanMatch()
EVEN = (25000, 25000, 25000, 25000)


@pytest.mark.parametrize(
    ("res", "dealer", "honba"),
    [
        (result(1, 1, 2, "win", winners=[1]), 1, 3),  # dealer wins: repeat, +1
        (result(1, 1, 2, "win", winners=[2]), 2, 0),  # non-dealer wins: pass, reset
        (result(1, 1, 0, "exhaustive_draw", tenpai=[0, 1, 0, 0]), 1, 1),  # dealer tenpai
        (result(1, 1, 0, "exhaustive_draw", tenpai=[1, 0, 0, 0]), 2, 1),  # dealer noten
        (result(1, 1, 0, "abortive_draw"), 1, 1),
    ],
)
def test_dealer_rotation_and_honba(res: HandResult, dealer: int, honba: int) -> None:
    setup = R.next_hand(state(EVEN), res)
    assert setup is not None and setup.dealer == dealer and setup.honba == honba


def test_south_round_follows_east_and_the_game_ends_after_s4() -> None:
    setup = R.next_hand(state(EVEN), result(3, 1, 0, "win", winners=[0]))
    assert setup is not None and setup.round_wind == 2 and setup.dealer == 0 and setup.label == "S1"
    # S4 passes with someone at 30000 or more: the end
    assert (
        R.next_hand(state((31000, 25000, 24000, 20000)), result(3, 2, 0, "win", winners=[0]))
        is None
    )


def test_west_extension_when_nobody_reaches_the_target() -> None:
    setup = R.next_hand(state((29000, 25000, 24000, 22000)), result(3, 2, 0, "win", winners=[0]))
    assert setup is not None and setup.round_wind == 3
    # in the west round the first hand ending with someone at the target ends the game
    assert (
        R.next_hand(state((30000, 25000, 24000, 21000)), result(0, 3, 0, "win", winners=[1]))
        is None
    )
    assert (
        RenchanMatch(west_extension=False).next_hand(
            state((29000, 25000, 24000, 22000)), result(3, 2, 0, "win", winners=[0])
        )
        is None
    )


def test_bust_and_all_last_stop() -> None:
    assert (
        R.next_hand(state((-100, 35000, 35100, 30000)), result(0, 1, 0, "win", winners=[1])) is None
    )
    leader = state((25000, 25000, 20000, 30000))
    assert R.next_hand(leader, result(3, 2, 0, "win", winners=[3])) is None
    no_stop = RenchanMatch(agari_yame=False).next_hand(leader, result(3, 2, 0, "win", winners=[3]))
    assert no_stop is not None and no_stop.dealer == 3


def test_uma_and_oka_sum_to_zero() -> None:
    rows = R.standings(state((42000, 31000, 17000, 10000)))
    assert sum(r.points for r in rows) == pytest.approx(0)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert rows[0].points == pytest.approx(12 + 20 + 20)


def test_rotating_settle_passes_through() -> None:
    pay = (Payment(0, 1, 8, "base"),)
    rules = RotatingMatch(settle_fn=lambda r, m: pay)
    assert rules.settle(result(0, 1), state((0,) * 4)) == pay


def test_zung_jung_style_rotation_keeps_the_seats() -> None:
    rules = RotatingMatch(hands=8)
    setups = [rules.first_hand()] + [
        rules.next_hand(state((0,) * 4, hands_played=h), result(0, 1)) for h in range(1, 8)
    ]
    assert [s.dealer for s in setups if s] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert {s.seating for s in setups if s} == {(0, 1, 2, 3)}
    assert rules.next_hand(state((0,) * 4, hands_played=8), result(0, 2)) is None


def test_net_by_seat_and_one_winners_share() -> None:
    # a double ron on seat 3's discard, with a riichi deposit taken from the table by seat 0
    payments = [
        Payment(3, 0, 8000, "ron"),
        Payment(3, 1, 2000, "ron"),
        Payment(None, 0, 1000, "deposits"),
        Payment(2, None, 1000, "riichi"),
    ]
    assert net(payments) == [9000, 2000, -1000, -10000]
    assert net(payments, 0) == [9000, 0, 0, -8000]
    assert net(payments, 1) == [0, 2000, 0, -2000]
