"""The riichi match (rulesets/riichi/match.py): settlement of finished hands (honba,
deposits, multiple ron, pao, noten, nagashi) and the sequence of hands with its end
conditions and final standings (riichi.md §10-§14)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.notation import parse_tile, parse_tiles
from engine.ruleset import table_for
from engine.state import (
    DrawKind,
    HandResult,
    MatchState,
    MeldRecord,
    Payment,
    Standing,
    WinRecord,
)
from rulesets.riichi import RULESET
from rulesets.riichi.match import match_rules
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.settlement import liable_seat

T = parse_tile
DEFAULT = RiichiOptions()


def opts(**changes: Any) -> RiichiOptions:
    return RiichiOptions.model_validate(changes)


def match_state(scores: tuple[int, ...] = (25000,) * 4, pot: int = 0, **options: Any) -> MatchState:
    table = table_for(RULESET, options)
    return MatchState(table=table, seed="m", scores=scores, pot=pot)


def result(
    outcome: DrawKind = "win",
    *,
    dealer: int = 0,
    round_wind: int = 1,
    honba: int = 0,
    wins: tuple[WinRecord, ...] = (),
    tenpai: tuple[bool, ...] = (),
    nagashi: tuple[int, ...] = (),
    riichi: tuple[bool, ...] = (False,) * 4,
    melds: tuple[tuple[MeldRecord, ...], ...] = ((), (), (), ()),
    abort: str | None = None,
) -> HandResult:
    return HandResult(
        hand_number=0,
        dealer=dealer,
        round_wind=round_wind,
        honba=honba,
        seating=(0, 1, 2, 3),
        outcome=outcome,
        abort=abort,
        wins=wins,
        tenpai=tenpai,
        nagashi=nagashi,
        riichi=riichi,
        melds=melds,
    )


def win(
    seat: int,
    from_seat: int | None,
    concealed: str = "23m567m345p678s99s",
    tile: str = "4m",
    *,
    melds: tuple[Meld, ...] = (),
    seat_wind: int = 2,
    riichi: bool = True,
    options: RiichiOptions = DEFAULT,
) -> WinRecord:
    ctx = WinContext(
        concealed=tuple(parse_tiles(concealed)),
        win_tile=T(tile),
        melds=melds,
        tsumo=from_seat is None,
        seat_wind=seat_wind,
        riichi=riichi and not melds,
    )
    score = RULESET.score(ctx, options)
    assert score.legal, score
    return WinRecord(seat, from_seat, T(tile), False, score, ctx, ctx.concealed)


def net(payments: tuple[Payment, ...]) -> list[int]:
    out = [0, 0, 0, 0]
    for p in payments:
        if p.payer is not None:
            out[p.payer] -= p.amount
        if p.payee is not None:
            out[p.payee] += p.amount
    return out


# -------------------------------------------------------------------- settlement


def test_worked_example_5_tsumo_with_honba_and_a_deposit() -> None:
    # riichi.md §18.5: riichi pinfu tsumo with two dora, 2 honba, one deposit on the table
    ctx = WinContext(
        concealed=tuple(parse_tiles("23m567m345p678s99s")),
        win_tile=T("4m"),
        tsumo=True,
        seat_wind=2,
        riichi=True,
        dora_indicators=(T("1m"), T("2p")),
    )
    score = RULESET.score(ctx, DEFAULT)
    record = WinRecord(1, None, T("4m"), False, score, ctx, ctx.concealed)
    rules = match_rules(DEFAULT)
    payments = rules.settle(result(wins=(record,), honba=2), match_state(pot=1000))
    assert net(payments) == [-4200, 9600, -2200, -2200]


def test_worked_example_10_double_ron() -> None:
    # §18.10: West (seat 2) discards; South (seat 1) 2000 and North (seat 3) 5200 ron;
    # North is nearest in turn order, so takes the honba and both deposits
    south = win(1, 2, "234m456p678s55s23s", "4s", riichi=True)
    north = win(3, 2, "234m567m23p345s99s", "4p", seat_wind=4, riichi=True)
    south_pay = south.score.details["payment"]["ron"]
    north_pay = north.score.details["payment"]["ron"]
    r = result(wins=(north, south), honba=1)
    payments = match_rules(DEFAULT).settle(r, match_state(pot=2000))
    assert net(payments) == [0, south_pay, -(south_pay + north_pay + 300), north_pay + 2300]


@pytest.mark.parametrize(
    ("honba_rule", "deposit_rule", "expected_first", "expected_second"),
    [
        ("priority_winner", "priority_winner", 300 + 2000, 0),
        ("each_winner", "priority_winner", 300 + 2000, 300),
        ("priority_winner", "own_stick_back", 300 + 1000, 1000),
    ],
)
def test_multiple_ron_honba_and_deposit_options(
    honba_rule: str, deposit_rule: str, expected_first: int, expected_second: int
) -> None:
    o = opts(multi_ron_honba=honba_rule, multi_ron_deposits=deposit_rule)
    first = win(3, 2, "234m567m23p345s99s", "4p", seat_wind=4, options=o)
    second = win(1, 2, "234m456p678s55s23s", "4s", options=o)
    r = result(wins=(first, second), honba=1, riichi=(False, True, False, False))
    payments = match_rules(o).settle(r, match_state(pot=2000))
    extra = {
        s: sum(p.amount for p in payments if p.payee == s and p.reason != "hand") for s in (1, 3)
    }
    assert extra == {3: expected_first, 1: expected_second}


DAISANGEN = (
    Meld(MeldType.PON, tuple(parse_tiles("555z"))),
    Meld(MeldType.PON, tuple(parse_tiles("666z"))),
    Meld(MeldType.PON, tuple(parse_tiles("777z"))),
)


def daisangen_result(from_seat: int | None, honba: int = 0) -> HandResult:
    record = win(1, from_seat, "123m4p", "4p", melds=DAISANGEN, riichi=False)
    feeders = (0, 3, 2)  # seat 2 fed the third dragon
    melds = tuple(MeldRecord(m, f, m.tiles[0]) for m, f in zip(DAISANGEN, feeders, strict=True))
    return result(wins=(record,), honba=honba, melds=((), melds, (), ()))


def test_pao_is_found_from_the_call_order() -> None:
    r = daisangen_result(None)
    assert liable_seat(r.wins[0], r.melds[1], DEFAULT) == (2, 1)
    assert liable_seat(r.wins[0], r.melds[1], opts(pao=frozenset())) is None


def test_pao_on_a_self_draw_the_liable_player_pays_everything() -> None:
    payments = match_rules(DEFAULT).settle(daisangen_result(None, honba=1), match_state())
    assert net(payments) == [0, 32300, -32300, 0]


def test_pao_on_a_ron_from_another_player_splits_the_yakuman() -> None:
    payments = match_rules(DEFAULT).settle(daisangen_result(0, honba=1), match_state())
    assert net(payments) == [-16300, 32300, -16000, 0]
    liable = opts(pao_honba_payer="liable")
    payments = match_rules(liable).settle(daisangen_result(0, honba=1), match_state())
    assert net(payments) == [-16000, 32300, -16300, 0]


def test_noten_payments_and_nagashi() -> None:
    draw = result("exhaustive_draw", tenpai=(False, True, False, True))
    assert net(match_rules(DEFAULT).settle(draw, match_state())) == [-1500, 1500, -1500, 1500]
    nagashi = result("exhaustive_draw", tenpai=(False, True, False, False), nagashi=(2,))
    on = opts(nagashi_mangan=True)
    assert net(match_rules(on).settle(nagashi, match_state())) == [-5000, 1000, 7000, -3000]
    replaces = opts(nagashi_mangan=True, nagashi_then_noten_payments=False)
    assert net(match_rules(replaces).settle(nagashi, match_state())) == [-4000, -2000, 8000, -2000]
    twice = result("exhaustive_draw", tenpai=(False,) * 4, nagashi=(1, 2))
    assert net(match_rules(on).settle(twice, match_state())) == [0, 0, 0, 0]  # cancel
    each = opts(nagashi_mangan=True, nagashi_multiple="each")
    assert net(match_rules(each).settle(twice, match_state())) == [-8000, 6000, 6000, -4000]


def test_abortive_draws_pay_nothing() -> None:
    aborted = result("abortive_draw", abort="four_winds")
    assert match_rules(DEFAULT).settle(aborted, match_state(pot=3000)) == ()


# -------------------------------------------------------------- the hand sequence


def after(
    r: HandResult, scores: tuple[int, ...] = (25000,) * 4, **options: Any
) -> tuple[int, int, int] | None:
    """(dealer, round wind, honba) of the next hand, or None when the match ends."""
    rules = match_rules(opts(**options))
    setup = rules.next_hand(match_state(scores, **options), r)
    return None if setup is None else (setup.dealer, setup.round_wind, setup.honba)


def test_dealer_rotation_and_honba() -> None:
    dealer_win = win(0, 2, seat_wind=1)
    other_win = win(2, 0, seat_wind=3)
    assert after(result(wins=(dealer_win,), honba=1)) == (0, 1, 2)
    assert after(result(wins=(other_win,), honba=3)) == (1, 1, 0)
    assert after(result(wins=(other_win, dealer_win), honba=0)) == (0, 1, 1)  # double ron
    tenpai = (True, False, False, False)
    assert after(result("exhaustive_draw", tenpai=tenpai)) == (0, 1, 1)
    assert after(result("exhaustive_draw", tenpai=(False,) * 4, honba=2)) == (1, 1, 3)
    assert after(result("abortive_draw", abort="nine_terminals")) == (0, 1, 1)
    assert after(result("exhaustive_draw", tenpai=tenpai), renchan="win_only") == (1, 1, 1)
    assert after(result(wins=(other_win,), dealer=3)) == (0, 2, 0)  # E4 -> S1


def test_bust_ends_the_match() -> None:
    r = result(wins=(win(2, 0, seat_wind=3),))
    assert after(r, (-100, 25000, 50100, 25000)) is None
    assert after(r, (0, 25000, 50000, 25000)) is not None
    assert after(r, (0, 25000, 50000, 25000), tobi="zero_or_below") is None
    assert after(r, (-100, 25000, 50100, 25000), tobi="off") is not None


def test_end_after_south_4_and_the_west_extension() -> None:
    passes = result(wins=(win(1, 3, seat_wind=2),), dealer=3, round_wind=2)
    assert after(passes, (31000, 25000, 24000, 20000)) is None  # §14.2
    assert after(passes, (29000, 27000, 24000, 20000)) == (0, 3, 0)  # §14.4: W1
    assert after(passes, (29000, 27000, 24000, 20000), west_extension="off") is None
    west = result(wins=(win(1, 3, seat_wind=2),), dealer=0, round_wind=3)
    assert after(west, (30000, 26000, 24000, 20000)) is None  # sudden death
    assert after(west, (29000, 27000, 24000, 20000)) == (1, 3, 0)
    west4 = result(wins=(win(1, 3, seat_wind=2),), dealer=3, round_wind=3)
    assert after(west4, (29000, 27000, 24000, 20000)) is None  # W4 is the last
    east_only = result(wins=(win(1, 3, seat_wind=2),), dealer=3, round_wind=1)
    assert after(east_only, (31000, 25000, 24000, 20000), game_length="tonpuusen") is None
    assert after(east_only, (29000, 27000, 24000, 20000), game_length="tonpuusen") == (0, 2, 0)


def test_all_last_stop() -> None:
    dealer_win = result(wins=(win(3, 1, seat_wind=1),), dealer=3, round_wind=2)
    assert after(dealer_win, (20000, 24000, 24000, 32000)) is None  # §14.3
    assert after(dealer_win, (20000, 24000, 24000, 32000), agari_yame=False) == (3, 2, 1)
    assert after(dealer_win, (20000, 34000, 24000, 22000)) == (3, 2, 1)  # not first
    assert after(dealer_win, (26000, 26000, 24000, 24000)) == (3, 2, 1)  # below 30,000
    tenpai = result("exhaustive_draw", dealer=3, round_wind=2, tenpai=(False, False, False, True))
    assert after(tenpai, (20000, 24000, 24000, 32000)) == (3, 2, 1)
    assert after(tenpai, (20000, 24000, 24000, 32000), tenpai_yame=True) is None
    third = result(wins=(win(2, 1, seat_wind=1),), dealer=2, round_wind=2)
    assert after(third, (20000, 24000, 32000, 24000)) == (2, 2, 1)  # only in the last hand


# -------------------------------------------------------------------- standings


def standings(scores: list[int], options: RiichiOptions, pot: int = 0) -> tuple[Standing, ...]:
    return match_rules(options).standings(match_state(tuple(scores), pot=pot))


def test_standings_with_uma_and_oka() -> None:
    rows = standings([41000, 30000, 19000, 10000], DEFAULT)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert [r.points for r in rows] == [51.0, 10.0, -21.0, -40.0]  # oka 20 to first
    assert sum(r.points for r in rows) == 0
    ema = standings([41000, 30000, 19000, 10000], opts(start_points=30000, uma=(15, 5, -5, -15)))
    assert [r.points for r in ema] == [26.0, 5.0, -16.0, -35.0]


def test_ties_seat_order_or_split_uma() -> None:
    rows = standings([30000, 30000, 20000, 20000], DEFAULT)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    split = standings([30000, 30000, 20000, 20000], opts(rank_ties="split_uma"))
    assert [r.rank for r in split] == [1, 1, 3, 3]
    assert [r.points for r in split] == [25.0, 25.0, -25.0, -25.0]


def test_leftover_deposits_go_to_first_place_or_are_forfeit() -> None:
    rows = standings([30000, 30000, 18000, 20000], DEFAULT, pot=2000)
    assert [r.score for r in rows] == [32000, 30000, 18000, 20000]
    forfeit = standings([30000, 30000, 18000, 20000], opts(leftover_deposits="forfeit"), 2000)
    assert [r.score for r in forfeit] == [30000, 30000, 18000, 20000]
