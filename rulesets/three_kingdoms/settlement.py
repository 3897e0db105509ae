"""Payments after a Three Kingdoms hand (three-kingdoms.md §8).

MCR payments (every loser pays the 8-point base, the discarder or on a self-draw every
loser also pays X) with the riichi rule: whoever deals in to a riichi winner also pays the
other two losers' bases. The winner takes every riichi deposit on the table. An
exhaustive draw pays nothing; the deposits stay on the table.
"""

from __future__ import annotations

from engine.state import SEATS, HandResult, MatchState, Payment, WinRecord
from rulesets.three_kingdoms.options import BASE_PAYMENT, Options


def settle(result: HandResult, match: MatchState, options: Options) -> tuple[Payment, ...]:
    if result.outcome != "win":
        return ()
    out: list[Payment] = []
    for win in result.wins:
        out.extend(win_payments(win, options))
    if match.pot and result.wins:
        out.append(Payment(None, result.wins[0].seat, match.pot, "deposits"))
    return tuple(out)


def win_payments(win: WinRecord, options: Options) -> list[Payment]:
    """The transfers for one win worth ``win.score.total`` (seats of the hand)."""
    x = win.score.total
    winner = win.seat
    payer = win.from_seat
    losers = [s for s in range(SEATS) if s != winner]
    if payer is None:
        return [p for s in losers for p in _pay(s, winner, x)]
    riichi_rule = win.context.riichi and (
        not win.robbed_kong or options.riichi_robbed_kong == "declarer_pays_all"
    )
    out: list[Payment] = []
    for s in losers:
        if s == payer:
            out.extend(_pay(s, winner, x))
            if riichi_rule:
                # §7: the discarder also pays the other two losers' bases
                out.append(Payment(s, winner, BASE_PAYMENT * (SEATS - 2), "riichi_deal_in"))
        elif not riichi_rule:
            out.append(Payment(s, winner, BASE_PAYMENT, "base"))
    return out


def _pay(payer: int, winner: int, x: int) -> list[Payment]:
    out = [Payment(payer, winner, BASE_PAYMENT, "base")]
    if x:
        out.append(Payment(payer, winner, x, "hand_value"))
    return out
