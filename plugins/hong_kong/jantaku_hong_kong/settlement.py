"""Payments after a Hong Kong hand (docs/rules.md §3-§5): faan to base points by the
payment table, who pays a discard win (全銃 / 半銃), a self-draw, and liability (包牌).
A drawn hand pays nothing. Seats are 0..3 of the finished hand; a payment is in base
points (the stake per point is the players' business).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.melds import MeldType
from engine.state import HandResult, MatchState, MeldRecord, Payment, WinRecord
from engine.tiles import DRAGONS, WINDS
from jantaku_hong_kong.options import Options

SEATS = 4
# §3: base points of 0..13 faan. Half-spicy (半辣): doubling up to 4 faan, then every two
# faan, the odd steps half-way (x1.5); spicy (全辣): doubling with every faan.
HALF_SPICY: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
SPICY: tuple[int, ...] = tuple(2**f for f in range(14))


def base_points(faan: int, options: Options) -> int:
    """§3: the base points of a hand of ``faan`` (capped at the limit)."""
    table = HALF_SPICY if options.payment_table == "half_spicy" else SPICY
    return table[max(0, min(faan, options.faan_limit))]


@dataclass(frozen=True, slots=True)
class Liability:
    seat: int
    reason: str  # the Payment reason: bao_twelve_tiles, bao_kong, bao_robbed_kong, ...


def _claimed(melds: Sequence[MeldRecord], winner: int) -> list[MeldRecord]:
    return [r for r in melds if r.meld.type is not MeldType.ANKAN and r.from_seat != winner]


def _last_feeder(melds: Sequence[MeldRecord], winner: int, kinds: Sequence[int]) -> int | None:
    """The seat whose discard completed the last of the claimed sets of ``kinds``, when
    the hand's sets of those kinds are all there (3 dragons or 4 winds) and that last one
    was claimed; None otherwise."""
    sets = [r for r in melds if r.meld.kinds()[0] in kinds and r.meld.type is not MeldType.CHI]
    need = len(kinds)
    if len(sets) < need:
        return None
    last = sets[need - 1]
    if last.meld.type is MeldType.ANKAN or last.from_seat == winner:
        return None
    return last.from_seat


def liability(win: WinRecord, melds: Sequence[MeldRecord]) -> Liability | None:
    """§5, in this order: a robbed kong (the kong's maker pays as for a self-draw); the
    feeder of the last set of Great Dragons or Great Winds; on a self-draw, the feeder of
    the tile an exposed kong was made with when the win is on its replacement (槓上開花
    包), and the feeder of the fourth claimed set (十二張包自摸)."""
    ids = {p.id for p in win.score.patterns}
    if win.robbed_kong and win.from_seat is not None:
        return Liability(win.from_seat, "bao_robbed_kong")
    for pid, kinds in (("big_three_dragons", DRAGONS), ("big_four_winds", WINDS)):
        if pid in ids:
            seat = _last_feeder(melds, win.seat, kinds)
            if seat is not None and seat != win.from_seat:
                return Liability(seat, f"bao_{pid}")
    if win.from_seat is not None:
        return None
    claimed = _claimed(melds, win.seat)
    last = melds[-1] if melds else None
    if (
        win.context.rinshan
        and last is not None
        and last.meld.type is MeldType.MINKAN
        and last.from_seat != win.seat
    ):
        return Liability(last.from_seat, "bao_kong")
    if len(claimed) == 4:
        return Liability(claimed[3].from_seat, "bao_twelve_tiles")
    return None


def settle_win(
    winner: int,
    faan: int,
    from_seat: int | None,
    options: Options,
    liable: Liability | None = None,
) -> tuple[Payment, ...]:
    """§4: a self-draw: each other seat pays 2B. A discard: 半銃, the discarder pays 2B and
    the others B each; 全銃, the discarder pays all 4B. A robbed kong is paid as a
    self-draw. §5: a liable seat pays the whole of it alone."""
    if not 0 <= winner < SEATS:
        raise ValueError("winner must be a seat 0..3")
    if from_seat == winner:
        raise ValueError("the winner cannot have discarded the winning tile")
    b = base_points(faan, options)
    others = [s for s in range(SEATS) if s != winner]
    robbed = liable is not None and liable.reason == "bao_robbed_kong"
    if from_seat is None or robbed:
        shares = {s: 2 * b for s in others}
        kind = "self_draw"
    else:
        shares = {s: 2 * b if s == from_seat else b for s in others}
        kind = "discard"
        if options.discard_payment == "full_shot":
            shares = {s: 4 * b if s == from_seat else 0 for s in others}
    if liable is not None and options.bao:
        total = sum(shares.values())
        return (Payment(liable.seat, winner, total, liable.reason),)
    return tuple(Payment(s, winner, amount, kind) for s, amount in shares.items() if amount)


def settle(result: HandResult, match: MatchState, options: Options) -> tuple[Payment, ...]:
    """Payments of a finished hand: nothing for a draw; for the winner, §4 and §5. No
    counters carry over (``match`` is not read)."""
    if result.outcome != "win":
        return ()
    out: tuple[Payment, ...] = ()
    for win in result.wins:
        melds = result.melds[win.seat] if result.melds else ()
        liable = liability(win, melds) if options.bao else None
        out += settle_win(win.seat, win.score.total, win.from_seat, options, liable)
    return out


