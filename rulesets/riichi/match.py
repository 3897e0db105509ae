"""A riichi match (riichi.md §13-§14): the sequence of hands (dealer repeats, honba,
carried-over deposits, end conditions, uma and oka) is the engine's ``RenchanMatch``
configured from the options, with ``settlement.settle`` for every finished hand.
"""

from __future__ import annotations

from functools import partial

from engine.match import RenchanMatch
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.settlement import settle


def match_rules(options: RiichiOptions) -> RenchanMatch:
    """The engine's riichi-style match (§13-§14) with this ruleset's settlement."""
    return RenchanMatch(
        settle_fn=partial(settle, opts=options),
        rounds=2 if options.game_length == "hanchan" else 1,
        start_points=options.start_points,
        return_points=options.return_points,
        renchan=options.renchan,
        tobi=options.tobi,
        agari_yame=options.agari_yame,
        tenpai_yame=options.tenpai_yame,
        west_extension=options.west_extension == "sudden_death",
        uma=options.uma,
        leftover_deposits=options.leftover_deposits,
        rank_ties=options.rank_ties,
    )
