"""The MCR session: 16 hands, winds, seat changes, table points (mcr.md §2, §10), and
the match rules the table plays it with (``match_rules``: the engine's ``RotatingMatch``
with these seat changes, table points and ``settlement.settle``).

Players are 0..3 = A, B, C, D, labelled by their seat wind in the first hand; winds are
0..3 = East, South, West, North. Hands are numbered 0..15.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import partial

from engine.match import SAME_SEATS, RotatingMatch
from rulesets.mcr.options import Options
from rulesets.mcr.settlement import settle

HANDS_PER_SESSION = 16
TABLE_POINTS = (4, 2, 1, 0)

# §2: the seat wind of A, B, C, D in the first hand of each round (mcr_table).
_ROUND_START: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),  # East round: A B C D sit East South West North
    (1, 0, 3, 2),  # South round: B A D C
    (3, 2, 0, 1),  # West round: C D B A
    (2, 3, 1, 0),  # North round: D C A B
)
# The same table as the table's seating of each round's first hand: ROUND_SEATINGS[r][k]
# is the player in seat k (seat k holds seat wind k when the round starts).
ROUND_SEATINGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(start.index(wind) for wind in range(4)) for start in _ROUND_START
)


def match_rules(options: Options) -> RotatingMatch:
    """The table's session: ``hands_per_session`` hands, the deal passing every hand, the
    seat changes of ``seat_change`` at each round, table points 4/2/1/0 with shared ties
    (§2, §10). Nobody places deposits, so the scores are the session's."""
    return RotatingMatch(
        settle_fn=partial(settle, options=options),
        hands=session_length(options),
        round_seatings=ROUND_SEATINGS if options.seat_change == "mcr_table" else SAME_SEATS,
        start_score=0,
        table_points=TABLE_POINTS,
        share_ties=True,
    )


def session_length(options: Options) -> int:
    return options.hands_per_session


def prevailing_wind(hand: int) -> int:
    """0 East for hands 0-3, 1 South for 4-7, 2 West for 8-11, 3 North for 12-15."""
    _check(hand)
    return hand // 4


def seat_winds(hand: int, options: Options) -> tuple[int, int, int, int]:
    """The seat wind of players A, B, C, D in ``hand``. The dealer (East) passes to the
    right after every hand, whatever happened (no dealer repeat)."""
    _check(hand)
    rnd, i = divmod(hand, 4)
    start = _ROUND_START[rnd] if options.seat_change == "mcr_table" else _ROUND_START[0]
    return (
        (start[0] - i) % 4,
        (start[1] - i) % 4,
        (start[2] - i) % 4,
        (start[3] - i) % 4,
    )


def dealer(hand: int, options: Options) -> int:
    """The player who is East in ``hand``."""
    return seat_winds(hand, options).index(0)


def player_at(hand: int, wind: int, options: Options) -> int:
    """The player holding seat wind ``wind`` in ``hand``."""
    return seat_winds(hand, options).index(wind)


def table_points(scores: Sequence[int]) -> tuple[Fraction, ...]:
    """Table points 4/2/1/0 by session score; tied players share the points of the
    places they occupy (§10, option ``table_point_ties`` = share)."""
    if len(scores) != 4:
        raise ValueError("four scores expected")
    order = sorted(range(4), key=lambda p: -scores[p])
    out = [Fraction(0)] * 4
    place = 0
    while place < 4:
        tied = [p for p in order if scores[p] == scores[order[place]]]
        share = Fraction(sum(TABLE_POINTS[place : place + len(tied)]), len(tied))
        for p in tied:
            out[p] = share
        place += len(tied)
    return tuple(out)


def standings(
    table_point_totals: Sequence[Fraction], score_totals: Sequence[int]
) -> tuple[int, ...]:
    """Players ordered for a tournament ranking: by table points, then by raw score
    (§10). Players tied on both keep their index order."""
    return tuple(
        sorted(range(len(score_totals)), key=lambda p: (-table_point_totals[p], -score_totals[p]))
    )


def _check(hand: int) -> None:
    if not 0 <= hand < HANDS_PER_SESSION:
        raise ValueError(f"hand {hand} outside 0..{HANDS_PER_SESSION - 1}")
