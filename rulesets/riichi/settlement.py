"""Settlement (riichi.md §10.4, §11, §12.1): who pays whom for a win with honba and
deposits, multiple ron, liability (pao), noten payments and nagashi mangan, as itemised
``engine.state.Payment`` records (``reason``: "hand", "honba", "deposits", "noten",
"nagashi_mangan", "pao"); ``settle`` is the match's settlement of a finished hand.

Seats are 0..3 in turn order; ``dealer`` is the dealer's seat. A payment with
``payer=None`` takes riichi deposits from the table. Hand values come from
``RULESET.score`` (its ``payment`` field). Seats keep their players for the whole match,
so a seat is a player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.melds import MeldType
from engine.state import HandResult, MatchState, MeldRecord, Payment, WinRecord
from engine.tiles import DRAGONS, WINDS
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.points import LIMIT_BASE, payment, three_player_tsumo

DEPOSIT = 1000


@dataclass(frozen=True, slots=True)
class RonWinner:
    seat: int
    payment: Mapping[str, int]  # the score's payment, {"ron": N}
    riichi_this_hand: bool = False  # put a stick on the table in this hand


def turn_distance(frm: int, to: int, seats: int = 4) -> int:
    """Steps from ``frm`` to ``to`` in turn order (1..seats-1 for another seat)."""
    return (to - frm) % seats


def tsumo_payments(
    shares: Mapping[str, int], winner: int, dealer: int, reason: str, options: RiichiOptions
) -> list[Payment]:
    """Every other seat's share of a self-drawn win: ``shares`` as a score's ``payment``
    gives them (the dealer's and a non-dealer's share, at three seats already as
    ``three_player_tsumo`` says; ``table_shares`` makes them from four-player ones)."""
    out: list[Payment] = []
    for seat in range(options.seats):
        if seat != winner:
            owed = shares["dealer"] if seat == dealer and winner != dealer else shares["non_dealer"]
            out.append(Payment(seat, winner, owed, reason))
    return out


def table_shares(
    pay: Mapping[str, int], winner_is_dealer: bool, options: RiichiOptions
) -> Mapping[str, int]:
    """The shares of a self-draw at this table from the four-player ``payment`` shares
    (``points.payment``): at three seats as ``three_player_tsumo`` says."""
    if options.seats == 3:
        return three_player_tsumo(dict(pay), winner_is_dealer, options.north_bisection)[0]
    return pay


def win_transfers(
    *,
    winner: int,
    dealer: int,
    payment: Mapping[str, int],
    discarder: int | None,
    honba: int,
    deposits: int,
    options: RiichiOptions,
) -> list[Payment]:
    """A single win: the hand value, honba (§10.4: ron +300 per honba from the discarder,
    tsumo +100 per honba from each payer) and every deposit on the table."""
    out: list[Payment] = []
    if discarder is not None:
        out.append(Payment(discarder, winner, payment["ron"], "hand"))
        if honba:
            out.append(Payment(discarder, winner, honba * options.honba_value, "honba"))
    else:
        per_payer = honba * options.honba_value // (options.seats - 1)
        for hand in tsumo_payments(payment, winner, dealer, "hand", options):
            out.append(hand)
            if honba:
                out.append(Payment(hand.payer, winner, per_payer, "honba"))
    if deposits:
        out.append(Payment(None, winner, deposits * DEPOSIT, "deposits"))
    return out


def multi_ron_transfers(
    *,
    discarder: int,
    winners: Sequence[RonWinner],
    honba: int,
    deposits: int,
    options: RiichiOptions,
) -> list[Payment]:
    """Several rons on one discard (§11.1): the discarder pays each hand in full; honba and
    deposits follow ``multi_ron_honba`` / ``multi_ron_deposits``. The priority winner is
    the winner nearest the discarder in turn order. Under ``head_bump`` only that winner
    is paid. ``deposits`` counts every stick on the table, this hand's included."""
    ordered = sorted(winners, key=lambda w: turn_distance(discarder, w.seat, options.seats))
    if options.multi_ron == "head_bump":
        ordered = ordered[:1]
    out: list[Payment] = []
    for i, w in enumerate(ordered):
        out.append(Payment(discarder, w.seat, w.payment["ron"], "hand"))
        if honba and (i == 0 or options.multi_ron_honba == "each_winner"):
            out.append(Payment(discarder, w.seat, honba * options.honba_value, "honba"))
    left = deposits
    if options.multi_ron_deposits == "own_stick_back":
        for w in ordered[1:]:
            if w.riichi_this_hand and left:
                out.append(Payment(None, w.seat, DEPOSIT, "deposits"))
                left -= 1
    if left and ordered:
        out.append(Payment(None, ordered[0].seat, left * DEPOSIT, "deposits"))
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
) -> list[Payment]:
    """A yakuman win with a liable player (pao, §11.2). ``liable_multiple`` is the yakuman
    multiple the liability covers (the pattern's value / 13), ``total_multiple`` the whole
    hand's. Self-draw: the liable player pays that yakuman as if it were a ron, honba
    included. Ron from another player: liable player and discarder pay half of it each,
    honba from ``pao_honba_payer``. Liable player discarding: an ordinary ron. The rest of
    stacked yakuman is paid normally."""
    winner_is_dealer = winner == dealer
    yakuman_ron = payment(8000 * liable_multiple, winner_is_dealer, False)[0]["ron"]
    rest = total_multiple - liable_multiple
    out: list[Payment] = []
    if discarder is None:
        out.append(Payment(liable, winner, yakuman_ron, "pao"))
        if honba:
            out.append(Payment(liable, winner, honba * options.honba_value, "honba"))
        if rest:
            pay, _ = payment(8000 * rest, winner_is_dealer, True)
            shares = table_shares(pay, winner_is_dealer, options)
            out.extend(tsumo_payments(shares, winner, dealer, "hand", options))
    elif discarder == liable:
        whole = payment(8000 * total_multiple, winner_is_dealer, False)[0]
        return win_transfers(winner=winner, dealer=dealer, payment=whole, discarder=discarder,
                             honba=honba, deposits=deposits, options=options)
    else:
        half = yakuman_ron // 2
        out.append(Payment(liable, winner, half, "pao"))
        out.append(Payment(discarder, winner, yakuman_ron - half, "hand"))
        if rest:
            rest_ron = payment(8000 * rest, winner_is_dealer, False)[0]["ron"]
            out.append(Payment(discarder, winner, rest_ron, "hand"))
        if honba:
            payer = liable if options.pao_honba_payer == "liable" else discarder
            out.append(Payment(payer, winner, honba * options.honba_value, "honba"))
    if deposits:
        out.append(Payment(None, winner, deposits * DEPOSIT, "deposits"))
    return out


def noten_transfers(tenpai: Sequence[bool], options: RiichiOptions) -> list[Payment]:
    """Exhaustive draw (§12.1): the noten players share ``noten_payment`` out to the
    tenpai players; nothing when all or none are tenpai."""
    ready = [s for s in range(len(tenpai)) if tenpai[s]]
    not_ready = [s for s in range(len(tenpai)) if not tenpai[s]]
    if not ready or not not_ready:
        return []
    total = options.noten_payment
    each_pays = total // len(not_ready)
    each_gets = total // len(ready)
    out: list[Payment] = []
    # pair payers and receivers so the itemisation adds up exactly
    owed = {s: each_gets for s in ready}
    for payer in not_ready:
        due = each_pays
        for payee in ready:
            give = min(due, owed[payee])
            if give:
                out.append(Payment(payer, payee, give, "noten"))
                owed[payee] -= give
                due -= give
    return out


def nagashi_mangan_transfers(
    qualifiers: Sequence[int], dealer: int, options: RiichiOptions
) -> list[Payment]:
    """Nagashi mangan at an exhaustive draw (§12.1): paid like a mangan tsumo, no honba,
    deposits stay. Several qualifiers: ``cancel`` (nobody pays) or ``each``."""
    if not options.nagashi_mangan or not qualifiers:
        return []
    if len(qualifiers) > 1 and options.nagashi_multiple == "cancel":
        return []
    out: list[Payment] = []
    for seat in qualifiers:
        pay, _total = payment(LIMIT_BASE["mangan"], seat == dealer, True)
        shares = table_shares(pay, seat == dealer, options)
        out.extend(tsumo_payments(shares, seat, dealer, "nagashi_mangan", options))
    return out


# ------------------------------------------------------------- the match's settlement


def liable_seat(
    win: WinRecord, melds: Sequence[MeldRecord], opts: RiichiOptions
) -> tuple[int, int] | None:
    """(liable seat, yakuman multiple it covers) for a pao win, else None (§11.2).

    The liable player fed the call that made the yakuman certain: the pon or open kan
    completing the third dragon set (daisangen) or the fourth wind set (daisuushii), or
    the open kan that was the fourth kan (suukantsu). Calls are in the order made; an
    added kan keeps the place of its pon, so for suukantsu (off by default) an added kan
    made after the open kan is not seen as the later one."""
    values = {p.id: p.value // 13 for p in win.score.patterns}
    checks: list[tuple[str, tuple[int, ...] | None, int]] = [
        ("daisangen", DRAGONS, 3),
        ("daisuushii", WINDS, 4),
        ("suukantsu", None, 4),
    ]
    for yaku, kinds, count in checks:
        if yaku not in opts.pao or yaku not in values:
            continue
        if kinds is None:
            sets = [r for r in melds if r.meld.is_kong]
        else:
            sets = [r for r in melds if not r.meld.is_chow and r.meld.kind in kinds]
        if len(sets) < count:
            continue
        last = sets[count - 1]
        feeding = (
            (MeldType.MINKAN,) if kinds is None else (MeldType.PON, MeldType.MINKAN, MeldType.KAKAN)
        )
        if last.meld.type in feeding and last.from_seat != win.seat:
            return last.from_seat, values[yaku]
    return None


def _win_part(
    win: WinRecord, result: HandResult, honba: int, opts: RiichiOptions
) -> list[Payment]:
    """One winner's hand value and honba (no deposits), pao included."""
    payment: Mapping[str, int] = win.score.details["payment"]
    pao = liable_seat(win, result.melds[win.seat], opts)
    if pao is not None:
        liable, multiple = pao
        return pao_transfers(
            winner=win.seat,
            dealer=result.dealer,
            liable=liable,
            discarder=win.from_seat,
            liable_multiple=multiple,
            total_multiple=int(win.score.details["yakuman"]),
            honba=honba,
            deposits=0,
            options=opts,
        )
    return win_transfers(
        winner=win.seat,
        dealer=result.dealer,
        payment=payment,
        discarder=win.from_seat,
        honba=honba,
        deposits=0,
        options=opts,
    )

def win_settlement(result: HandResult, pot: int, opts: RiichiOptions) -> list[Payment]:
    """Every winner's transfers (``result.wins`` is in priority order, nearest the
    discarder first): honba per ``multi_ron_honba``, deposits per ``multi_ron_deposits``
    (§10.4, §11.1)."""
    out: list[Payment] = []
    for i, win in enumerate(result.wins):
        each = i == 0 or opts.multi_ron_honba == "each_winner"
        out.extend(_win_part(win, result, result.honba if each else 0, opts))
    left = pot
    if opts.multi_ron_deposits == "own_stick_back":
        for win in result.wins[1:]:
            if result.riichi and result.riichi[win.seat] and left >= DEPOSIT:
                out.append(Payment(None, win.seat, DEPOSIT, "deposits"))
                left -= DEPOSIT
    if left and result.wins:
        out.append(Payment(None, result.wins[0].seat, left, "deposits"))
    return out


def draw_settlement(result: HandResult, opts: RiichiOptions) -> list[Payment]:
    """Exhaustive draw (§12.1): nagashi mangan when enabled, then noten payments unless
    nagashi replaces them. Abortive draws pay nothing (§12.2)."""
    if result.outcome != "exhaustive_draw":
        return []
    out: list[Payment] = []
    nagashi = list(result.nagashi) if opts.nagashi_mangan else []
    out.extend(nagashi_mangan_transfers(nagashi, result.dealer, opts))
    if result.tenpai and (not nagashi or opts.nagashi_then_noten_payments):
        out.extend(noten_transfers(result.tenpai, opts))
    return out


def settle(result: HandResult, match: MatchState, opts: RiichiOptions) -> tuple[Payment, ...]:
    if result.outcome == "win":
        transfers = win_settlement(result, match.pot, opts)
    else:
        transfers = draw_settlement(result, opts)
    return tuple(transfers)
