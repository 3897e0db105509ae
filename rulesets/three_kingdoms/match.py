"""The Three Kingdoms session (three-kingdoms.md §9, §11 Q2-Q4): the MCR rotation (the
deal passes every hand, MCR's seat changes at each round, table points 4/2/1/0 with
shared ties) and what becomes of riichi deposits still on the table after the last hand."""

from __future__ import annotations

from functools import partial

from engine.match import SAME_SEATS, RotatingMatch, rank_rows
from engine.state import SEATS, MatchState, Standing
from rulesets.mcr.match import ROUND_SEATINGS, TABLE_POINTS
from rulesets.three_kingdoms.options import RIICHI_DEPOSIT, Options
from rulesets.three_kingdoms.settlement import settle


def match_rules(options: Options) -> RotatingMatch:
    seatings = ROUND_SEATINGS if options.seat_change == "mcr_table" else SAME_SEATS
    return RotatingMatch(
        settle_fn=partial(settle, options=options),
        hands=options.hands_per_session,
        round_seatings=seatings,
        standings_fn=partial(standings, options=options),
    )


def standings(match: MatchState, options: Options) -> tuple[Standing, ...]:
    return rank_rows(final_scores(match, options), TABLE_POINTS, share_ties=True)


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
