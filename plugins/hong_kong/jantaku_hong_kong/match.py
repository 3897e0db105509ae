"""The Hong Kong match (docs/rules.md §6): four wind rounds (an option: one, two or four);
the dealer keeps the deal on a win and, by default, on a drawn hand; the deal passes on
another's win, and the round wind moves on when it has gone round. Ranking by score, ties
sharing the rank. ``settlement.settle`` pays every finished hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from engine.match import WIND_LETTERS, Settle, rank_rows
from engine.state import SEATS, HandResult, MatchState, Payment, Standing
from engine.table_rules import HandSetup
from jantaku_hong_kong.options import Options
from jantaku_hong_kong.settlement import settle

# §6: a match stops after this many hands even if the deal never passed (a guard against
# a run of draws with draw_keeps_deal; far beyond any match the sources describe)
MAX_HANDS_PER_ROUND = 16


@dataclass(frozen=True, slots=True)
class WindRoundsMatch:
    settle_fn: Settle
    rounds: int = 4
    start_score: int = 0
    draw_keeps_deal: bool = True

    def start_scores(self) -> tuple[int, ...]:
        return (self.start_score,) * SEATS

    def first_hand(self) -> HandSetup:
        return HandSetup(dealer=0, round_wind=1, seating=(0, 1, 2, 3), label="E1")

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return self.settle_fn(result, match)

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        if match.hands_played >= self.rounds * MAX_HANDS_PER_ROUND:
            return None
        if result.outcome == "win":
            keep = any(w.seat == result.dealer for w in result.wins)
        else:
            keep = self.draw_keeps_deal
        dealer, rnd = result.dealer, result.round_wind
        if not keep:
            dealer = (dealer + 1) % SEATS
            if dealer == 0:
                rnd += 1
                if rnd > self.rounds:
                    return None
        return HandSetup(
            dealer=dealer,
            round_wind=rnd,
            seating=result.seating,
            label=f"{WIND_LETTERS[rnd - 1]}{dealer + 1}",
        )

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        rows = rank_rows(match.scores, (0.0,) * SEATS, share_ties=True)
        return tuple(
            Standing(player=r.player, score=r.score, rank=r.rank, points=float(r.score))
            for r in rows
        )


def match_rules(options: Options) -> WindRoundsMatch:
    return WindRoundsMatch(
        settle_fn=partial(settle, options=options),
        rounds=options.rounds,
        start_score=options.start_score,
        draw_keeps_deal=options.draw_keeps_deal,
    )
