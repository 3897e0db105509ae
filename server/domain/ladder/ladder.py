"""The ladder of one ruleset, projected from the records: the ranked matches (tables the
queues formed as ranked) that count (finished, not voided), in the order they ended, each
with its corrected standings from ``server.domain.records.sheet`` via the store. It is computed
on every request, so an administrator's correction or void reaches it exactly as it
reaches the ratings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from server.domain.ladder import schemes
from server.domain.records.ratings import is_rated_seat


@dataclass(frozen=True)
class LadderMatch:
    match_id: str
    ended: datetime
    room: str
    length: str  # riichi: hanchan | tonpuusen
    players: Sequence[str]  # per table place
    ranks: Sequence[int]
    points: Sequence[float]  # table points (the standings')


@dataclass(frozen=True)
class Step:
    match_id: str
    ended: datetime
    place: int
    rank: int  # the match's placement
    delta: float
    before: schemes.Standing
    after: schemes.Standing


@dataclass
class Ladder:
    ruleset: str
    players: dict[str, schemes.Standing] = field(default_factory=dict)
    history: dict[str, list[Step]] = field(default_factory=dict)
    matches: dict[str, int] = field(default_factory=dict)


def project(ruleset: str, matches: Iterable[LadderMatch]) -> Ladder:
    data = schemes.table(ruleset)
    ladder = Ladder(ruleset)
    for m in sorted(matches, key=lambda m: (m.ended, m.match_id)):
        mean = sum(m.points) / len(m.points) if m.points else 0.0
        for place, player in enumerate(m.players):
            if not is_rated_seat(player):
                continue
            before = ladder.players.get(player, schemes.Standing())
            if data["scheme"] == "tenhou":
                delta, after = schemes.tenhou_move(data, before, m.ranks[place], m.room, m.length)
            else:
                delta, after = schemes.points_move(data, before, m.points[place], mean)
            ladder.players[player] = after
            ladder.matches[player] = ladder.matches.get(player, 0) + 1
            step = Step(m.match_id, m.ended, place, m.ranks[place], delta, before, after)
            ladder.history.setdefault(player, []).append(step)
    return ladder


def ordered(ladder: Ladder) -> list[tuple[str, schemes.Standing]]:
    """Best first: by rank (tier), then points, then player id."""
    return sorted(ladder.players.items(), key=lambda ps: (-ps[1].rank, -ps[1].points, ps[0]))


def standing_json(ruleset: str, s: schemes.Standing) -> dict[str, Any]:
    level = schemes.levels(ruleset)[s.rank]
    return {
        "rank": level["id"],
        "rank_en": level["en"],
        "rank_ja": level.get("ja", level["en"]),
        "level": s.rank,
        "points": s.points,
        "target": level.get("target"),
    }


def label(ruleset: str, s: schemes.Standing) -> str:
    level = schemes.levels(ruleset)[s.rank]
    return str(level["en"])
