"""The sequence of hands: two generic ``MatchRules`` a ruleset can configure.

* ``RotatingMatch`` — the deal passes after every hand (MCR, Zung Jung, Three Kingdoms):
  a fixed number of hands, the seating of each round's first hand as the ruleset gives it
  (MCR's seat changes, mcr.md §2, are ``rulesets.mcr.match.ROUND_SEATINGS``), table points
  by rank with shared ties (mcr.md §10).
* ``RenchanMatch`` — riichi-style (riichi.md §13-§14): dealer repeats, honba, deposits
  carried over, bust, all-last stop, west extension, uma and oka.

Both take the ruleset's ``settle(result, match) -> payments``; payments are in seats of
the finished hand. Deposits left on the table at the end go to first place (riichi.md
§14; Three Kingdoms §11 Q4 default) — the one documented exception to "scores plus
deposits never change".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.state import SEATS, HandResult, MatchState, Payment, Standing, apply_payments
from engine.table_rules import HandSetup

Settle = Callable[[HandResult, MatchState], tuple[Payment, ...]]
Standings = Callable[[MatchState], tuple[Standing, ...]]

SAME_SEATS: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3),)  # seating[seat] = player
WIND_LETTERS = "ESWN"


def no_payments(result: HandResult, match: MatchState) -> tuple[Payment, ...]:
    return ()


def net(
    payments: Iterable[Payment], to_seat: int | None = None, seats: int = SEATS
) -> list[int]:
    """Per-seat gain (positive) or loss (negative) of a hand's payments at a table of
    ``seats``, the table's deposits left out (``engine.state.apply_payments`` from zero);
    with ``to_seat``, of the payments to that seat only (one winner's share of a multiple
    win)."""
    if to_seat is not None:
        payments = [p for p in payments if p.payee == to_seat]
    return list(apply_payments((0,) * seats, 0, range(seats), payments)[0])


def final_scores(match: MatchState, *, to_first: bool = True) -> list[int]:
    """Scores with leftover deposits given to first place (earliest player on ties), or
    forfeit when not ``to_first``."""
    scores = list(match.scores)
    if match.pot and to_first:
        best = max(range(len(scores)), key=lambda p: (scores[p], -p))
        scores[best] += match.pot
    return scores


def rank_rows(
    scores: Sequence[int], points_by_place: Sequence[float], *, share_ties: bool
) -> tuple[Standing, ...]:
    """Rank players by score; tied players share a rank and, with ``share_ties``, the
    average of the places' points; otherwise earlier players rank higher."""
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    rows: list[Standing] = []
    place = 0
    while place < len(order):
        group = [order[place]]
        if share_ties:
            while (
                place + len(group) < len(order)
                and scores[order[place + len(group)]] == scores[group[0]]
            ):
                group.append(order[place + len(group)])
        pts = [points_by_place[place + i] for i in range(len(group))]
        for p in group:
            value = sum(pts) / len(pts)
            rows.append(Standing(player=p, score=scores[p], rank=place + 1, points=value))
        place += len(group)
    return tuple(sorted(rows, key=lambda r: r.player))


@dataclass(frozen=True, slots=True)
class RotatingMatch:
    settle_fn: Settle = no_payments
    hands: int = 16
    # seating[seat] = player in the first hand of each round, round after round (cycled);
    # by default the players keep their seats
    round_seatings: tuple[tuple[int, ...], ...] = SAME_SEATS
    start_score: int = 0
    table_points: tuple[float, ...] = (4, 2, 1, 0)
    share_ties: bool = True
    # the ruleset's own ranking; None: table points by rank (leftover deposits to first)
    standings_fn: Standings | None = None
    seats: int = SEATS

    def start_scores(self) -> tuple[int, ...]:
        return (self.start_score,) * self.seats

    def _setup(self, h: int) -> HandSetup:
        rnd, i = divmod(h, self.seats)
        seating = self.round_seatings[rnd % len(self.round_seatings)]
        return HandSetup(
            dealer=i,
            round_wind=rnd % 4 + 1,
            seating=seating,
            label=f"{WIND_LETTERS[rnd % 4]}{i + 1}",
        )

    def first_hand(self) -> HandSetup:
        return self._setup(0)

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return self.settle_fn(result, match)

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        if match.hands_played >= self.hands:
            return None
        return self._setup(match.hands_played)

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        if self.standings_fn is not None:
            return self.standings_fn(match)
        return rank_rows(final_scores(match), self.table_points, share_ties=self.share_ties)


@dataclass(frozen=True, slots=True)
class RenchanMatch:
    """Riichi-style match rules (riichi.md §13-§14); seats keep their players."""

    settle_fn: Settle = no_payments
    rounds: int = 2  # 1 east-only (tonpuusen), 2 hanchan
    start_points: int = 25000
    return_points: int = 30000
    renchan: Literal["tenpai", "win_only"] = "tenpai"
    tobi: Literal["below_zero", "zero_or_below", "off"] = "below_zero"
    agari_yame: bool = True
    tenpai_yame: bool = False
    west_extension: bool = True  # sudden death in one extra round when nobody reached
    uma: tuple[float, ...] = (20, 10, -10, -20)
    leftover_deposits: Literal["to_first", "forfeit"] = "to_first"
    # seat_order: tied players take consecutive places in seat order (first dealer first);
    # split_uma: they share the rank and the average of their places' uma and oka
    rank_ties: Literal["seat_order", "split_uma"] = "seat_order"
    seats: int = SEATS  # 3 or 4 players; ``uma`` gives one value per place

    def start_scores(self) -> tuple[int, ...]:
        return (self.start_points,) * self.seats

    def first_hand(self) -> HandSetup:
        seating = tuple(range(self.seats))
        return HandSetup(dealer=0, round_wind=1, seating=seating, honba=0, label="E1")

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return self.settle_fn(result, match)

    def dealer_repeats(self, result: HandResult) -> bool:
        """§13: a dealer win (also one of several), an abortive draw, or a dealer ready at
        an exhaustive draw under ``renchan = tenpai``."""
        if result.outcome == "win":
            return any(w.seat == result.dealer for w in result.wins)
        if result.outcome == "abortive_draw":
            return True
        return self.renchan == "tenpai" and bool(result.tenpai) and result.tenpai[result.dealer]

    def busted(self, scores: Sequence[int]) -> bool:
        return (self.tobi == "below_zero" and min(scores) < 0) or (
            self.tobi == "zero_or_below" and min(scores) <= 0
        )

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        n = self.seats
        scores = [match.scores[match.seating[s]] for s in range(n)]  # by seat
        if self.busted(scores):
            return None  # §14.1
        repeat = self.dealer_repeats(result)
        honba = result.honba + 1 if repeat or result.outcome != "win" else 0
        rnd = result.round_wind
        reached = max(scores) >= self.return_points
        if rnd > self.rounds and reached:
            return None  # §14.4: sudden death in the extension
        if rnd >= self.rounds and result.dealer == n - 1 and repeat and reached:
            dealer_won = result.outcome == "win" and any(
                w.seat == result.dealer for w in result.wins
            )
            dealer_ready = result.outcome == "exhaustive_draw" and self.dealer_repeats(result)
            stop = (self.agari_yame and dealer_won) or (self.tenpai_yame and dealer_ready)
            # the dealer must be first, ties broken by seat order (§14.3: all-last stop)
            if stop and min(range(n), key=lambda s: (-scores[s], s)) == result.dealer:
                return None
        dealer = result.dealer
        if not repeat:
            dealer = (dealer + 1) % n
            if dealer == 0:
                rnd += 1
                if rnd > self.rounds and (
                    reached or not self.west_extension or rnd > self.rounds + 1
                ):
                    return None  # §14.2, §14.4: normal end, or after the last west hand
        label = f"{WIND_LETTERS[(rnd - 1) % 4]}{dealer + 1}" + (f"-{honba}" if honba else "")
        return HandSetup(
            dealer=dealer, round_wind=rnd, seating=result.seating, honba=honba, label=label
        )

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        """Ranks and results in thousands with uma and oka (§14)."""
        scores = final_scores(match, to_first=self.leftover_deposits == "to_first")
        oka = (self.return_points - self.start_points) * self.seats / 1000
        bonus = [u + (oka if place == 0 else 0) for place, u in enumerate(self.uma)]
        rows = rank_rows(scores, bonus, share_ties=self.rank_ties == "split_uma")
        return tuple(
            replace(r, points=round((r.score - self.return_points) / 1000 + r.points, 1))
            for r in rows
        )
