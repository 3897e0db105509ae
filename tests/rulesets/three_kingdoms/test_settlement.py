"""§8 payments: MCR payments, the riichi deal-in rule, deposits to the winner."""

from __future__ import annotations

from engine.context import WinContext
from engine.ruleset import table_for
from engine.scoring import Score
from engine.state import HandResult, MatchState, Payment, WinRecord
from rulesets.three_kingdoms import RULESET, Options
from rulesets.three_kingdoms.settlement import settle

HAND = WinContext.from_json({"concealed": "1133557799m22p88s46p", "win_tile": "5p"})


def _win(
    seat: int, from_seat: int | None, x: int, *, riichi: bool, robbed: bool = False
) -> WinRecord:
    ctx = WinContext(
        concealed=HAND.concealed, win_tile=HAND.win_tile, tsumo=from_seat is None, riichi=riichi
    )
    score = Score(ruleset="three_kingdoms", total=x, legal=True)
    return WinRecord(seat, from_seat, HAND.win_tile, robbed, score, ctx, ctx.concealed)


def _result(*wins: WinRecord, outcome: str = "win") -> HandResult:
    return HandResult(
        hand_number=0,
        dealer=0,
        round_wind=1,
        honba=0,
        seating=(0, 1, 2, 3),
        outcome=outcome,  # type: ignore[arg-type]
        wins=wins,
    )


def _match(pot: int = 0) -> MatchState:
    return MatchState(table=table_for(RULESET), seed="s", scores=(0, 0, 0, 0), pot=pot)


def _net(payments: tuple[Payment, ...]) -> list[int]:
    out = [0, 0, 0, 0]
    for p in payments:
        if p.payer is not None:
            out[p.payer] -= p.amount
        if p.payee is not None:
            out[p.payee] += p.amount
    return out


def test_discard_win_without_riichi_is_mcr() -> None:
    pays = settle(_result(_win(0, 2, 21, riichi=False)), _match(), Options())
    assert _net(pays) == [45, -8, -29, -8]  # §10 example 1: discarder 29, others 8


def test_discard_to_a_riichi_winner_pays_the_others_bases() -> None:
    pays = settle(_result(_win(0, 2, 14, riichi=True)), _match(), Options())
    assert _net(pays) == [38, 0, -38, 0]  # §10 example 4: West pays 8 + 14 + 16


def test_self_draw_is_paid_as_usual_with_riichi() -> None:
    pays = settle(_result(_win(0, None, 15, riichi=True)), _match(), Options())
    assert _net(pays) == [69, -23, -23, -23]  # §10 example 4 by self-draw


def test_robbed_kong_by_a_riichi_winner() -> None:
    result = _result(_win(1, 3, 10, riichi=True, robbed=True))
    assert _net(settle(result, _match(), Options())) == [0, 34, 0, -34]  # Q17 default
    normal = Options(riichi_robbed_kong="normal")
    assert _net(settle(result, _match(), normal)) == [-8, 34, -8, -18]


def test_the_winner_takes_every_deposit() -> None:
    pays = settle(_result(_win(3, None, 8, riichi=False)), _match(pot=30), Options())
    assert Payment(None, 3, 30, "deposits") in pays
    assert sum(_net(pays)) == 30  # the pot leaves the table


def test_draw_pays_nothing_and_keeps_the_deposits() -> None:
    assert settle(_result(outcome="exhaustive_draw"), _match(pot=20), Options()) == ()
