"""Payments after a Zung Jung hand (zung-jung.md §8): the formal competition payoff with
the responsible discarder and same-turn immunity, or the casual uniform payoff. A drawn
hand pays nothing. Seats are 0..3 of the finished hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.state import HandResult, MatchState, Payment
from engine.tiles import Tile, kind_of
from rulesets.zung_jung.options import Options

SEATS = 4
WinKind = Literal["self_draw", "discard", "robbed_kong"]


def responsible_seat(
    discards: Sequence[tuple[int, Tile]], winner: int, win_kind: int
) -> int | None:
    """§8.2: the first discard of the winning kind since the winner's own last discard
    (that one included) names the responsible player; None when it is the winner's own
    discard (nobody responsible). ``discards`` ends with the winning discard."""
    start = 0
    for i in range(len(discards) - 1, -1, -1):
        if discards[i][0] == winner:
            start = i
            break
    for seat, tile in discards[start:]:
        if kind_of(tile) == win_kind:
            return None if seat == winner else seat
    return None


def settle_win(
    winner: int, value: int, kind: WinKind, responsible: int | None, options: Options
) -> tuple[Payment, ...]:
    """The winner always receives 3V (§8.1). On a discard (or robbed kong) worth more
    than ``par`` the responsible player pays 3V - 2*par and the others pay par each;
    otherwise, and always under the uniform payoff, each other player pays V."""
    if not 0 <= winner < SEATS:
        raise ValueError("winner must be a seat 0..3")
    if responsible == winner:
        raise ValueError("the winner cannot be responsible")
    par = options.par
    formal = options.payoff == "formal" and kind != "self_draw" and responsible is not None
    out: list[Payment] = []
    for seat in range(SEATS):
        if seat == winner:
            continue
        if formal and value > par:
            if seat == responsible:
                amount, reason = 3 * value - 2 * par, "responsible"
            else:
                amount, reason = par, "par"
        else:
            amount, reason = value, "hand_value"
        if amount:
            out.append(Payment(seat, winner, amount, reason))
    return tuple(out)


def win_kind_of(from_seat: int | None, robbed_kong: bool) -> WinKind:
    if from_seat is None:
        return "self_draw"
    return "robbed_kong" if robbed_kong else "discard"


def settle(result: HandResult, match: MatchState, options: Options) -> tuple[Payment, ...]:
    """Payments of a finished hand: nothing for a draw (§8.4); for the single winner
    the scheme of §8.1 with responsibility from the discard log (§8.2). Robbing a Kong:
    the player who added the tile is responsible (§12 Q12). Nothing carries from hand to
    hand (no deposits, no counters), so ``match`` is not read."""
    if result.outcome != "win":
        return ()
    out: tuple[Payment, ...] = ()
    for win in result.wins:
        kind = win_kind_of(win.from_seat, win.robbed_kong)
        if kind == "self_draw":
            resp = None
        elif kind == "robbed_kong":
            resp = win.from_seat
        else:
            resp = responsible_seat(result.discards, win.seat, kind_of(win.tile))
        out += settle_win(win.seat, win.score.total, kind, resp, options)
    return out

