"""Forming tables from a queue: pure, so that the widening and the grouping are tested
without a server.

A player who has waited ``w`` seconds accepts table mates whose rating is within
``width(w)`` of theirs, ``width`` being the piecewise-linear curve of the setting
``queue_band_curve`` (points ``[seconds, width]``; flat after the last point). Four
waiting players make a table when the spread of their ratings (highest - lowest) is
within the narrowest band among them, so every one of them accepts every other.

Grouping is greedy in the order of arrival: the longest-waiting player is the anchor; the
others are tried closest rating first; a table forms as soon as four fit. Then the next
longest-waiting player left is the anchor. A player is in at most one group."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise


@dataclass(frozen=True)
class Waiting:
    player_id: str
    rating: float
    waited: float  # seconds


def width(curve: Sequence[tuple[float, float]], waited: float) -> float:
    """The band half-width after ``waited`` seconds on ``curve`` (sorted by seconds)."""
    if not curve:
        return float("inf")
    if waited <= curve[0][0]:
        return curve[0][1]
    for (t0, w0), (t1, w1) in pairwise(curve):
        if waited <= t1:
            if t1 == t0:
                return w1
            return w0 + (w1 - w0) * (waited - t0) / (t1 - t0)
    return curve[-1][1]


def fits(group: Sequence[Waiting], curve: Sequence[tuple[float, float]]) -> bool:
    """Every member accepts every other: the spread is within the narrowest band."""
    ratings = [w.rating for w in group]
    return max(ratings) - min(ratings) <= min(width(curve, w.waited) for w in group)


def form(
    waiting: Sequence[Waiting],
    curve: Sequence[tuple[float, float]],
    size: int = 4,
) -> list[list[Waiting]]:
    """Disjoint groups of ``size`` from ``waiting`` (given longest-waiting first)."""
    left = list(waiting)
    groups: list[list[Waiting]] = []
    i = 0
    while i < len(left):
        anchor = left[i]
        others = sorted(
            (w for w in left if w is not anchor),
            key=lambda w: (abs(w.rating - anchor.rating), -w.waited, w.player_id),
        )
        group = [anchor]
        for w in others:
            if fits([*group, w], curve):
                group.append(w)
                if len(group) == size:
                    break
        if len(group) == size:
            groups.append(group)
            chosen = {id(w) for w in group}
            left = [w for w in left if id(w) not in chosen]
            # the anchor's index now holds the next longest-waiting player left
        else:
            i += 1
    return groups


def bot_filled(
    waiting: Sequence[Waiting],
    curve: Sequence[tuple[float, float]],
    after: float | None,
    size: int = 4,
) -> list[Waiting] | None:
    """Once the longest-waiting player has waited ``after`` seconds (None: never) and no
    full table forms, they and whoever fits their band now sit with bots in the rest."""
    if after is None or not waiting or waiting[0].waited < after:
        return None
    anchor = waiting[0]
    group = [anchor]
    for w in sorted(waiting[1:], key=lambda w: abs(w.rating - anchor.rating)):
        if len(group) == size - 1:
            break
        if fits([*group, w], curve):
            group.append(w)
    return group
