"""Payments after an MCR hand (mcr.md §9, §8, §16), as itemised transfers.

Seats are 0..3. Every function returns a tuple of ``Transfer`` (zero amounts left out);
``net`` turns them into per-seat totals (always zero-sum).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from rulesets.mcr.options import Options

WinKind = Literal["discard", "self_draw", "robbed_kong"]
SEATS = 4
FALSE_WIN_PENALTY = 10  # §8, option false_win_mode = penalize_10


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int
    payee: int
    amount: int
    reason: str  # "base" (the 8 every loser pays), "hand_value" (X), "false_win"


def hand_value(points: int, options: Options) -> int:
    """X: the winner's total including flowers, capped when ``point_cap`` is set."""
    return points if options.point_cap is None else min(points, options.point_cap)


def settle_win(
    winner: int,
    points: int,
    kind: WinKind,
    options: Options,
    from_seat: int | None = None,
) -> tuple[Transfer, ...]:
    """The payments for a win worth ``points`` (flowers included).

    ``from_seat`` is the discarder, or for ``robbed_kong`` the player who tried to add the
    kong (who pays as the discarder). Every loser pays the base (0 for beginners); the
    discarder, or on a self-draw each loser, also pays X.
    """
    if not 0 <= winner < SEATS:
        raise ValueError("winner must be a seat 0..3")
    if kind == "self_draw":
        if from_seat is not None:
            raise ValueError("a self-drawn win has no discarder")
    elif from_seat is None or from_seat == winner or not 0 <= from_seat < SEATS:
        raise ValueError("a discard or robbed-kong win needs the paying seat")
    x = hand_value(points, options)
    base = options.base_payment
    out: list[Transfer] = []
    for seat in range(SEATS):
        if seat == winner:
            continue
        if base:
            out.append(Transfer(seat, winner, base, "base"))
        if (kind == "self_draw" or seat == from_seat) and x:
            out.append(Transfer(seat, winner, x, "hand_value"))
    return tuple(out)


def settle_draw() -> tuple[Transfer, ...]:
    """Exhaustive draw: nobody pays (§6)."""
    return ()


def settle_false_win(declarer: int, options: Options) -> tuple[Transfer, ...]:
    """§8: with ``penalize_10`` the false declarer pays 10 to each other player; with
    ``reject`` the declaration is refused and nothing is paid."""
    if options.false_win_mode == "reject":
        return ()
    return tuple(
        Transfer(declarer, seat, FALSE_WIN_PENALTY, "false_win")
        for seat in range(SEATS)
        if seat != declarer
    )


def net(transfers: Iterable[Transfer]) -> list[int]:
    """Per-seat gain (positive) or loss (negative)."""
    out = [0] * SEATS
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return out
