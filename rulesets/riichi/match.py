"""A riichi match (riichi.md §10-§14): settlement of every finished hand and the sequence
of hands with dealer repeats, honba, carried-over deposits and the end conditions.

Payments are in seats of the hand; seats keep their players for the whole match, so a
seat is a player. ``Payment(payer=None, ...)`` takes riichi deposits from the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.match import WIND_LETTERS
from engine.melds import MeldType
from engine.state import SEATS, HandResult, MatchState, MeldRecord, Payment, Standing, WinRecord
from engine.table_rules import HandSetup
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


def final_scores(scores: Sequence[int], pot: int, opts: RiichiOptions) -> list[int]:
    """Scores at the end; leftover deposits go to first place (ties: seat order from the
    first dealer) unless ``leftover_deposits`` is ``forfeit`` (§10.4, §14)."""
    out = list(scores)
    if pot and opts.leftover_deposits == "to_first":
        best = min(range(len(out)), key=lambda p: (-out[p], p))
        out[best] += pot
    return out


def standings(scores: Sequence[int], opts: RiichiOptions) -> tuple[Standing, ...]:
    """Ranks and results in thousands with uma and oka (§14). ``split_uma`` gives tied
    players the same rank and the average of their places' uma (oka shared likewise)."""
    n = len(scores)
    order = sorted(range(n), key=lambda p: (-scores[p], p))
    oka = (opts.return_points - opts.start_points) * n / 1000
    bonus = [opts.uma[i] + (oka if i == 0 else 0) for i in range(n)]
    rows: list[Standing] = []
    place = 0
    while place < n:
        group = [order[place]]
        if opts.rank_ties == "split_uma":
            while place + len(group) < n and scores[order[place + len(group)]] == scores[group[0]]:
                group.append(order[place + len(group)])
        share = sum(bonus[place : place + len(group)]) / len(group)
        for i, p in enumerate(group):
            rank = place + 1 if opts.rank_ties == "split_uma" else place + i + 1
            value = (scores[p] - opts.return_points) / 1000 + share
            rows.append(Standing(player=p, score=scores[p], rank=rank, points=round(value, 1)))
        place += len(group)
    return tuple(sorted(rows, key=lambda r: r.player))


def hand_label(round_wind: int, dealer: int, honba: int) -> str:
    return f"{WIND_LETTERS[(round_wind - 1) % 4]}{dealer + 1}" + (f"-{honba}" if honba else "")


@dataclass(frozen=True, slots=True)
class RiichiMatch:
    """Hanchan (or east-only) with renchan, honba, bust, all-last stop and the west
    extension (riichi.md §13-§14)."""

    options: RiichiOptions

    @property
    def rounds(self) -> int:
        return 2 if self.options.game_length == "hanchan" else 1

    def start_scores(self) -> tuple[int, ...]:
        return (self.options.start_points,) * SEATS

    def first_hand(self) -> HandSetup:
        return HandSetup(dealer=0, round_wind=1, seating=(0, 1, 2, 3), honba=0, label="E1")

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return settle(result, match, self.options)

    def dealer_repeats(self, result: HandResult) -> bool:
        """§13: a dealer win (also one of several), an abortive draw, or a dealer tenpai
        at an exhaustive draw under ``renchan = tenpai``."""
        if result.outcome == "win":
            return any(w.seat == result.dealer for w in result.wins)
        if result.outcome == "abortive_draw":
            return True
        tenpai = bool(result.tenpai) and result.tenpai[result.dealer]
        return self.options.renchan == "tenpai" and tenpai

    def busted(self, scores: Sequence[int]) -> bool:
        tobi = self.options.tobi
        return (tobi == "below_zero" and min(scores) < 0) or (
            tobi == "zero_or_below" and min(scores) <= 0
        )

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        opts = self.options
        scores = [match.scores[match.seating[s]] for s in range(SEATS)]  # by seat
        if self.busted(scores):
            return None  # §14.1
        repeat = self.dealer_repeats(result)
        honba = result.honba + 1 if repeat or result.outcome != "win" else 0
        rnd = result.round_wind
        top = max(scores)
        reached = top >= opts.return_points
        # the dealer is "in first place" with seat-order tie-breaking (§14)
        leader = min(range(SEATS), key=lambda s: (-scores[s], s))
        if rnd > self.rounds and reached:
            return None  # §14.4: sudden death in the extension
        if rnd >= self.rounds and result.dealer == SEATS - 1 and repeat and reached:
            dealer_won = result.outcome == "win" and any(
                w.seat == result.dealer for w in result.wins
            )
            dealer_tenpai = (
                result.outcome == "exhaustive_draw"
                and bool(result.tenpai)
                and (result.tenpai[result.dealer])
            )
            stop = (opts.agari_yame and dealer_won) or (opts.tenpai_yame and dealer_tenpai)
            if stop and leader == result.dealer:
                return None  # §14.3: all-last stop
        dealer = result.dealer
        if not repeat:
            dealer = (dealer + 1) % SEATS
            if dealer == 0:
                rnd += 1
                if rnd > self.rounds and (
                    reached or opts.west_extension == "off" or rnd > self.rounds + 1
                ):
                    return None  # §14.2, §14.4: normal end, or after the last west hand
        return HandSetup(
            dealer=dealer,
            round_wind=rnd,
            seating=result.seating,
            honba=honba,
            label=hand_label(rnd, dealer, honba),
        )

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        return standings(final_scores(match.scores, match.pot, self.options), self.options)


def match_rules(options: BaseModel | Mapping[str, Any] | None = None) -> RiichiMatch:
    return RiichiMatch(as_options(options))
