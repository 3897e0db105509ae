"""The Three Kingdoms session (three-kingdoms.md §9, §11 Q2-Q4): the MCR rotation (the
deal passes every hand, seat changes at each round, table points 4/2/1/0 with shared
ties) and what becomes of riichi deposits still on the table after the last hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.match import RotatingMatch, rank_rows
from engine.state import SEATS, HandResult, MatchState, Payment, Standing
from engine.table_rules import HandSetup
from rulesets.three_kingdoms.options import RIICHI_DEPOSIT, Options
from rulesets.three_kingdoms.settlement import settle


@dataclass(frozen=True, slots=True)
class ThreeKingdomsMatch:
    options: Options
    _rotation: RotatingMatch = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rotation = RotatingMatch(
            hands=self.options.hands_per_session, seat_change=self.options.seat_change
        )
        object.__setattr__(self, "_rotation", rotation)

    def start_scores(self) -> tuple[int, ...]:
        return self._rotation.start_scores()

    def first_hand(self) -> HandSetup:
        return self._rotation.first_hand()

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return settle(result, match, self.options)

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        return self._rotation.next_hand(match, result)

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        return rank_rows(final_scores(match, self.options), (4, 2, 1, 0), share_ties=True)


def final_scores(match: MatchState, options: Options) -> list[int]:
    """Scores after the deposits left on the table are dealt with (§11 Q4)."""
    scores = list(match.scores)
    pot = match.pot
    if not pot or options.leftover_deposits == "discard":
        return scores
    if options.leftover_deposits == "return":
        for player, n in unclaimed_deposits(match).items():
            scores[player] += n * RIICHI_DEPOSIT
        return scores
    top = max(scores)
    tied = [p for p in range(len(scores)) if scores[p] == top]
    share, rest = divmod(pot, len(tied))
    for i, p in enumerate(tied):
        scores[p] += share + (1 if i < rest else 0)  # an indivisible point to the earlier
    return scores


def unclaimed_deposits(match: MatchState) -> dict[int, int]:
    """Deposits per player placed since the last win (they are the ones on the table)."""
    out: dict[int, int] = {}
    for result in reversed(match.results):
        if result.outcome == "win":
            break
        for seat in range(SEATS):
            if result.riichi and result.riichi[seat]:
                player = result.seating[seat]
                out[player] = out.get(player, 0) + 1
    return out
