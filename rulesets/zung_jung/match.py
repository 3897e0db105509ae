"""The Zung Jung match (zung-jung.md §2, §10): ``hands_per_game`` hands (option), the deal
passes every hand, no seat changes, scores from ``start_score`` (no bust), ranking by
total points with shared ranks and no uma; ``settlement.settle`` pays every finished hand
(draws pay nothing).
"""

from __future__ import annotations

from functools import partial

from engine.match import RotatingMatch
from engine.state import MatchState, Standing
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.settlement import settle


def standings(match: MatchState) -> tuple[Standing, ...]:
    """Ranked by total points, ties sharing the rank (§10, §12 Q13); ``points`` is the
    score itself (no uma, no oka)."""
    scores = match.scores
    return tuple(
        Standing(
            player=p,
            score=scores[p],
            rank=1 + sum(1 for q in range(len(scores)) if scores[q] > scores[p]),
            points=float(scores[p]),
        )
        for p in range(len(scores))
    )


def match_rules(options: Options) -> RotatingMatch:
    return RotatingMatch(
        settle_fn=partial(settle, options=options),
        hands=options.hands_per_game,
        start_score=options.start_score,
        standings_fn=standings,
    )
