"""Pure settlement helpers for the table (riichi.md §10.4, §11, §12.1): who pays whom for
a win with honba and deposits, multiple ron, liability (pao), noten payments and nagashi
mangan.

Seats are 0..3 in turn order; ``dealer`` is the dealer's seat. A ``Transfer`` with
``payer=None`` takes riichi deposits from the table. Hand values come from
``RULESET.score`` (its ``payment`` field).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.points import LIMIT_BASE, payment

DEPOSIT = 1000


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int | None  # None: the riichi deposits on the table
    payee: int
    amount: int
    reason: str  # "hand", "honba", "deposits", "noten", "nagashi_mangan", "pao"


@dataclass(frozen=True, slots=True)
class RonWinner:
    seat: int
    payment: Mapping[str, int]  # the score's payment, {"ron": N}
    riichi_this_hand: bool = False  # put a stick on the table in this hand


def turn_distance(frm: int, to: int) -> int:
    """Steps from ``frm`` to ``to`` in turn order (1..3 for another seat)."""
    return (to - frm) % 4


def win_transfers(
    *,
    winner: int,
    dealer: int,
    payment: Mapping[str, int],
    discarder: int | None,
    honba: int,
    deposits: int,
    options: RiichiOptions,
) -> list[Transfer]:
    """A single win: the hand value, honba (§10.4: ron +300 per honba from the discarder,
    tsumo +100 per honba from each payer) and every deposit on the table."""
    out: list[Transfer] = []
    if discarder is not None:
        out.append(Transfer(discarder, winner, payment["ron"], "hand"))
        if honba:
            out.append(Transfer(discarder, winner, honba * options.honba_value, "honba"))
    else:
        for seat in range(4):
            if seat == winner:
                continue
            owed = payment["dealer"] if seat == dealer and winner != dealer else payment[
                "non_dealer"
            ]
            out.append(Transfer(seat, winner, owed, "hand"))
            if honba:
                out.append(Transfer(seat, winner, honba * options.honba_value // 3, "honba"))
    if deposits:
        out.append(Transfer(None, winner, deposits * DEPOSIT, "deposits"))
    return out


def multi_ron_transfers(
    *,
    discarder: int,
    winners: Sequence[RonWinner],
    honba: int,
    deposits: int,
    options: RiichiOptions,
) -> list[Transfer]:
    """Several rons on one discard (§11.1): the discarder pays each hand in full; honba and
    deposits follow ``multi_ron_honba`` / ``multi_ron_deposits``. The priority winner is
    the winner nearest the discarder in turn order. Under ``head_bump`` only that winner
    is paid. ``deposits`` counts every stick on the table, this hand's included."""
    ordered = sorted(winners, key=lambda w: turn_distance(discarder, w.seat))
    if options.multi_ron == "head_bump":
        ordered = ordered[:1]
    out: list[Transfer] = []
    for i, w in enumerate(ordered):
        out.append(Transfer(discarder, w.seat, w.payment["ron"], "hand"))
        if honba and (i == 0 or options.multi_ron_honba == "each_winner"):
            out.append(Transfer(discarder, w.seat, honba * options.honba_value, "honba"))
    left = deposits
    if options.multi_ron_deposits == "own_stick_back":
        for w in ordered[1:]:
            if w.riichi_this_hand and left:
                out.append(Transfer(None, w.seat, DEPOSIT, "deposits"))
                left -= 1
    if left and ordered:
        out.append(Transfer(None, ordered[0].seat, left * DEPOSIT, "deposits"))
    return out


def pao_transfers(
    *,
    winner: int,
    dealer: int,
    liable: int,
    discarder: int | None,
    liable_multiple: int,
    total_multiple: int,
    honba: int,
    deposits: int,
    options: RiichiOptions,
) -> list[Transfer]:
    """A yakuman win with a liable player (pao, §11.2). ``liable_multiple`` is the yakuman
    multiple the liability covers (the pattern's value / 13), ``total_multiple`` the whole
    hand's. Self-draw: the liable player pays that yakuman as if it were a ron, honba
    included. Ron from another player: liable player and discarder pay half of it each,
    honba from ``pao_honba_payer``. Liable player discarding: an ordinary ron. The rest of
    stacked yakuman is paid normally."""
    winner_is_dealer = winner == dealer
    yakuman_ron = payment(8000 * liable_multiple, winner_is_dealer, False)[0]["ron"]
    rest = total_multiple - liable_multiple
    out: list[Transfer] = []
    if discarder is None:
        out.append(Transfer(liable, winner, yakuman_ron, "pao"))
        if honba:
            out.append(Transfer(liable, winner, honba * options.honba_value, "honba"))
        if rest:
            pay, _ = payment(8000 * rest, winner_is_dealer, True)
            for seat in range(4):
                if seat != winner:
                    owed = pay["dealer"] if seat == dealer and not winner_is_dealer else pay[
                        "non_dealer"
                    ]
                    out.append(Transfer(seat, winner, owed, "hand"))
    elif discarder == liable:
        whole = payment(8000 * total_multiple, winner_is_dealer, False)[0]
        return win_transfers(winner=winner, dealer=dealer, payment=whole, discarder=discarder,
                             honba=honba, deposits=deposits, options=options)
    else:
        half = yakuman_ron // 2
        out.append(Transfer(liable, winner, half, "pao"))
        out.append(Transfer(discarder, winner, yakuman_ron - half, "hand"))
        if rest:
            rest_ron = payment(8000 * rest, winner_is_dealer, False)[0]["ron"]
            out.append(Transfer(discarder, winner, rest_ron, "hand"))
        if honba:
            payer = liable if options.pao_honba_payer == "liable" else discarder
            out.append(Transfer(payer, winner, honba * options.honba_value, "honba"))
    if deposits:
        out.append(Transfer(None, winner, deposits * DEPOSIT, "deposits"))
    return out


def noten_transfers(tenpai: Sequence[bool], options: RiichiOptions) -> list[Transfer]:
    """Exhaustive draw (§12.1): the noten players share ``noten_payment`` out to the
    tenpai players; nothing when all or none are tenpai."""
    ready = [s for s in range(4) if tenpai[s]]
    not_ready = [s for s in range(4) if not tenpai[s]]
    if not ready or not not_ready:
        return []
    total = options.noten_payment
    each_pays = total // len(not_ready)
    each_gets = total // len(ready)
    out: list[Transfer] = []
    # pair payers and receivers so the itemisation adds up exactly
    owed = {s: each_gets for s in ready}
    for payer in not_ready:
        due = each_pays
        for payee in ready:
            give = min(due, owed[payee])
            if give:
                out.append(Transfer(payer, payee, give, "noten"))
                owed[payee] -= give
                due -= give
    return out


def nagashi_mangan_transfers(
    qualifiers: Sequence[int], dealer: int, options: RiichiOptions
) -> list[Transfer]:
    """Nagashi mangan at an exhaustive draw (§12.1): paid like a mangan tsumo, no honba,
    deposits stay. Several qualifiers: ``cancel`` (nobody pays) or ``each``."""
    if not options.nagashi_mangan or not qualifiers:
        return []
    if len(qualifiers) > 1 and options.nagashi_multiple == "cancel":
        return []
    out: list[Transfer] = []
    for seat in qualifiers:
        pay, _total = payment(LIMIT_BASE["mangan"], seat == dealer, True)
        for other in range(4):
            if other == seat:
                continue
            owed = pay["dealer"] if other == dealer and seat != dealer else pay["non_dealer"]
            out.append(Transfer(other, seat, owed, "nagashi_mangan"))
    return out


def apply(points: Sequence[int], transfers: Sequence[Transfer]) -> tuple[list[int], int]:
    """New scores and the deposits taken from the table (in points)."""
    out = list(points)
    taken = 0
    for t in transfers:
        if t.payer is None:
            taken += t.amount
        else:
            out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return out, taken
