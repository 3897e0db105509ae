"""A riichi match (riichi.md §10-§14): settlement of every finished hand; the sequence of
hands (dealer repeats, honba, carried-over deposits, end conditions, uma and oka) is the
engine's ``RenchanMatch`` configured from the options.

Payments are in seats of the hand; seats keep their players for the whole match, so a
seat is a player. ``Payment(payer=None, ...)`` takes riichi deposits from the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from pydantic import BaseModel

from engine.match import RenchanMatch
from engine.melds import MeldType
from engine.state import HandResult, MatchState, MeldRecord, Payment, WinRecord
from engine.tiles import DRAGONS, WINDS
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.settlement import (
    DEPOSIT,
    Transfer,
    nagashi_mangan_transfers,
    noten_transfers,
    pao_transfers,
    win_transfers,
)
from rulesets.riichi.table import as_options

# ----------------------------------------------------------------------- settlement


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
) -> list[Transfer]:
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


def win_settlement(result: HandResult, pot: int, opts: RiichiOptions) -> list[Transfer]:
    """Every winner's transfers (``result.wins`` is in priority order, nearest the
    discarder first): honba per ``multi_ron_honba``, deposits per ``multi_ron_deposits``
    (§10.4, §11.1)."""
    out: list[Transfer] = []
    for i, win in enumerate(result.wins):
        each = i == 0 or opts.multi_ron_honba == "each_winner"
        out.extend(_win_part(win, result, result.honba if each else 0, opts))
    left = pot
    if opts.multi_ron_deposits == "own_stick_back":
        for win in result.wins[1:]:
            if result.riichi and result.riichi[win.seat] and left >= DEPOSIT:
                out.append(Transfer(None, win.seat, DEPOSIT, "deposits"))
                left -= DEPOSIT
    if left and result.wins:
        out.append(Transfer(None, result.wins[0].seat, left, "deposits"))
    return out


def draw_settlement(result: HandResult, opts: RiichiOptions) -> list[Transfer]:
    """Exhaustive draw (§12.1): nagashi mangan when enabled, then noten payments unless
    nagashi replaces them. Abortive draws pay nothing (§12.2)."""
    if result.outcome != "exhaustive_draw":
        return []
    out: list[Transfer] = []
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
    return tuple(Payment(t.payer, t.payee, t.amount, t.reason) for t in transfers)


# ----------------------------------------------------------------------- the match


def match_rules(options: BaseModel | Mapping[str, Any] | None = None) -> RenchanMatch:
    """The engine's riichi-style match (§13-§14) with this ruleset's settlement."""
    opts = as_options(options)
    return RenchanMatch(
        settle_fn=partial(settle, opts=opts),
        rounds=2 if opts.game_length == "hanchan" else 1,
        start_points=opts.start_points,
        return_points=opts.return_points,
        renchan=opts.renchan,
        tobi=opts.tobi,
        agari_yame=opts.agari_yame,
        tenpai_yame=opts.tenpai_yame,
        west_extension=opts.west_extension == "sudden_death",
        uma=opts.uma,
        leftover_deposits=opts.leftover_deposits,
        rank_ties=opts.rank_ties,
    )
