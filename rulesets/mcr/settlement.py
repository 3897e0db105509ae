"""Payments after an MCR hand (mcr.md §9, §8, §16), as itemised ``engine.state.Payment``
records: ``reason`` is "base" (the 8 every loser pays), "hand_value" (X) or "false_win".

Seats are 0..3. Every function returns a tuple of payments (zero amounts left out);
``engine.match.net`` turns them into per-seat totals (always zero-sum). ``settle`` is the
match's settlement of a finished hand.
"""

from __future__ import annotations

from typing import Literal

from engine.state import HandResult, MatchState, Payment
from rulesets.mcr.options import Options

WinKind = Literal["discard", "self_draw", "robbed_kong"]
SEATS = 4
FALSE_WIN_PENALTY = 10  # §8, option false_win_mode = penalize_10


def hand_value(points: int, options: Options) -> int:
    """X: the winner's total including flowers, capped when ``point_cap`` is set."""
    return points if options.point_cap is None else min(points, options.point_cap)


def settle_win(
    winner: int,
    points: int,
    kind: WinKind,
    options: Options,
    from_seat: int | None = None,
) -> tuple[Payment, ...]:
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
    out: list[Payment] = []
    for seat in range(SEATS):
        if seat == winner:
            continue
        if base:
            out.append(Payment(seat, winner, base, "base"))
        if (kind == "self_draw" or seat == from_seat) and x:
            out.append(Payment(seat, winner, x, "hand_value"))
    return tuple(out)


def settle_draw() -> tuple[Payment, ...]:
    """Exhaustive draw: nobody pays (§6)."""
    return ()


def settle_false_win(declarer: int, options: Options) -> tuple[Payment, ...]:
    """§8: with ``penalize_10`` the false declarer pays 10 to each other player; with
    ``reject`` the declaration is refused and nothing is paid."""
    if options.false_win_mode == "reject":
        return ()
    return tuple(
        Payment(declarer, seat, FALSE_WIN_PENALTY, "false_win")
        for seat in range(SEATS)
        if seat != declarer
    )



def settle(result: HandResult, match: MatchState, options: Options) -> tuple[Payment, ...]:
    """§9: every loser pays the base, the discarder (the robbed kong's declarer) or on a
    self-draw every loser also pays X. Draws pay nothing."""
    if result.outcome != "win":
        return settle_draw()
    payments: tuple[Payment, ...] = ()
    for win in result.wins:
        kind: WinKind = (
            "self_draw"
            if win.from_seat is None
            else ("robbed_kong" if win.robbed_kong else "discard")
        )
        payments += settle_win(win.seat, win.score.total, kind, options, win.from_seat)
    return payments
